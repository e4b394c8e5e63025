"""The ``salon`` terminal client: play, simulate, replay and bench (entry point: salon.cli.main:app)."""
