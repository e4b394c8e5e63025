"""Rococo as an installed game (salon.core.plugins): its engine, its bots' evaluation, its
observation's vector layout and the terms its editions name differently.  The front ends
register what they show of it in their own groups."""

from salon.core.plugins import Plugin

PLUGIN = Plugin(
    name="rococo",
    engine="salon.rococo.game:Rococo",
    evaluation="salon.rococo.evaluation:EVALUATION",
    encoding="salon.rococo.encoding:encoding",
    tutorials="salon.rococo.data:tutorials",
    term_fields=("blue", "pink", "green", "orange", "thread", "kitchen", "favour", "favour_space", "resource_bag",
                 "rack", "drawer", "drawers"),  # RULES.md §16: the 2013 edition's own words
)
