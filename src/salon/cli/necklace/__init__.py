"""The Queen's Necklace at the terminal: its view (registered in the group ``salon.terminal``), board and words."""
