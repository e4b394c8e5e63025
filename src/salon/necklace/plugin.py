"""The Queen's Necklace as an installed game (salon.core.plugins): its engine, its bots'
evaluation and its observation's vector layout.  The front ends register what they show of
it in their own groups."""

from salon.core.plugins import Plugin

PLUGIN = Plugin(
    name="necklace",
    engine="salon.necklace.game:Necklace",
    evaluation="salon.necklace.evaluation:EVALUATION",
    encoding="salon.necklace.encoding:encoding",
    tutorials="salon.necklace.data:tutorials",
)
