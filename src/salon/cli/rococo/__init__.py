"""Rococo at the terminal: its view (the plug-in's ``terminal`` part), board, decisions and words."""
