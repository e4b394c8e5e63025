"""The Queen's Necklace's step registry (the step machine is salon.core.steps): every rules module
registers its automatic steps and decisions here."""

from salon.core.steps import Steps, push
from salon.necklace.state import State

STEPS = Steps[State]()
auto = STEPS.auto
decision = STEPS.decision
advance = STEPS.advance
AUTO = STEPS.auto_steps
DECISIONS = STEPS.decisions
FAMILIES = STEPS.families

__all__ = ["AUTO", "DECISIONS", "FAMILIES", "STEPS", "advance", "auto", "decision", "push"]
