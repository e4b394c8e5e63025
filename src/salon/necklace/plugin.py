"""The Queen's Necklace as an installed game (salon.core.plugins): its engine, its bots'
evaluation, its terminal view, its web adapter and its browser renderer."""

from salon.core.plugins import Plugin

PLUGIN = Plugin(
    name="necklace",
    engine="salon.necklace.game:Necklace",
    evaluation="salon.necklace.evaluation:EVALUATION",
    terminal="salon.cli.necklace.view:SUPPORT",
    web="salon.web.adapters.necklace:ADAPTER",
    wording="salon.wording.necklace.events:NecklaceEvents",
    static="salon.web:static/games/necklace",
    encoding="salon.necklace.encoding:encoding",
)
