"""How The Queen's Necklace's events are told (the plug-in's ``wording``): its cards' names and its events."""
