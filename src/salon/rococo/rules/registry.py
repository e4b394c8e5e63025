"""Rococo's step registry (the step machine is salon.core.steps): every rules module
registers its automatic steps and decisions here."""

from salon.core.steps import Steps, push

STEPS = Steps()
auto = STEPS.auto
decision = STEPS.decision
advance = STEPS.advance
AUTO = STEPS.auto_steps
DECISIONS = STEPS.decisions
FAMILIES = STEPS.families

# The reason keys of the decisions whose explainers answer a plain (rule, reason) pair: the
# end-game thread-and-lace sets and the terrace (rules/scoring.py).
STEPS.reason_keys.update(sets="sets_too_many", terrace="terrace_move")

__all__ = ["AUTO", "DECISIONS", "FAMILIES", "STEPS", "advance", "auto", "decision", "push"]
