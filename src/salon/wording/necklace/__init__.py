"""How The Queen's Necklace's events are told (registered in the group ``salon.wording``): its
cards' names and its events."""
