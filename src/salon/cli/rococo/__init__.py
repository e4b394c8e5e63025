"""Rococo at the terminal: its view (registered in the group ``salon.terminal``), board, decisions and words."""
