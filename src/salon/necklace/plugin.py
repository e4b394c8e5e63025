"""The Queen's Necklace as an installed game (salon.core.plugins): its engine, its bots'
evaluation, its terminal view, its web adapter and its browser renderer."""

from salon.core.plugins import Plugin

PLUGIN = Plugin(
    name="necklace",
    engine="salon.necklace.game:Necklace",
    evaluation="salon.necklace.evaluation",
    terminal="salon.cli.necklace_view:SUPPORT",
    web="salon.web.adapters.necklace:ADAPTER",
    static="salon.web:static/games/necklace",
    encoding="salon.necklace.encoding:encoding",
)
