"""The live tables of a server, its domain: one module per concern around the Hub that
assembles them (docs/architecture.md, "The game server").  Nothing here knows of HTTP: a
refusal is a :class:`~salon.web.errors.Refused` with a code, which the API turns into a status."""
