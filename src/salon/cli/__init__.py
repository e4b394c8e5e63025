"""The ``salon`` command and terminal client: its commands (salon.cli.commands, assembled by
salon.cli.main:app, the entry point) and what they drive (the terminal session, the
simulator, the measures, the ratings, each game's view)."""
