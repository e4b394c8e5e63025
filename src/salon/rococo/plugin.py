"""Rococo as an installed game (salon.core.plugins): its engine, its bots' evaluation, its
terminal view, its web adapter, its browser renderer and the terms its editions name
differently."""

from salon.core.plugins import Plugin

PLUGIN = Plugin(
    name="rococo",
    engine="salon.rococo.game:Rococo",
    evaluation="salon.rococo.evaluation:EVALUATION",
    terminal="salon.cli.rococo.view:SUPPORT",
    web="salon.web.adapters.rococo:ADAPTER",
    wording="salon.wording.rococo.events:RococoEvents",
    static="salon.web:static/games/rococo",
    encoding="salon.rococo.encoding:encoding",
    term_fields=("blue", "pink", "green", "orange", "thread", "kitchen", "favour", "favour_space", "resource_bag",
                 "rack", "drawer", "drawers"),  # RULES.md §16: the 2013 edition's own words
)
