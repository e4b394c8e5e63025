"""Rococo as an installed game (salon.core.plugins): its engine, its bots' evaluation, its
terminal view, its web adapter and its browser renderer."""

from salon.core.plugins import Plugin

PLUGIN = Plugin(
    name="rococo",
    engine="salon.rococo.game:Rococo",
    evaluation="salon.rococo.evaluation",
    terminal="salon.cli.rococo_view:SUPPORT",
    web="salon.web.adapters.rococo:ADAPTER",
    static="salon.web:static/games/rococo",
    encoding="salon.rococo.encoding:encoding",
)
