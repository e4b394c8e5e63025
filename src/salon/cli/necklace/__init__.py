"""The Queen's Necklace at the terminal: its view (the plug-in's ``terminal`` part), board and words."""
