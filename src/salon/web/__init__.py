"""Play the salon games in a browser: a game server with a lobby, live play over WebSocket,
server-side bots and durable game records, and a static browser client.

The server is game-agnostic (docs/architecture.md principle 2): it reaches every game through
``salon.core.game`` and every bot through ``salon.bots.base``; what only one game knows (its
component descriptions for tooltips) comes from an adapter in :mod:`salon.web.adapters`, and
its board is drawn by a JavaScript module under ``static/games/<name>/``.
"""
