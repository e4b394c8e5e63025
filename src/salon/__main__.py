"""``python -m salon``: the ``salon`` command, where its script is not on the PATH."""

from salon.cli.main import app

app(prog_name="salon")
