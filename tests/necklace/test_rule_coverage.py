"""Every rule of the Queen's Necklace specification has a test, or is listed as pending.

The rule ids are read from the specification, the repository's docs/spec/queens-necklace/
RULES.md: every id defined in bold (``**QN-…**`` at the start of a rule, or ``**QN-AMB-n
Title.**`` for a ruling).  An id counts as covered when a test function under
tests/necklace/ cites it as a whole id (tests/coverage.py says where a citation counts:
``QN-BUY-1`` may be spelled ``QN_BUY_1``, and is not covered by a mention of ``QN-BUY-10``).

tests/necklace/rules_pending.txt lists ids that no test can check, one per line as
``ID  reason`` (``#`` starts a comment).  A pending id that a test cites, one without a
reason, or one that is not a rule id fails too.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.coverage import Pending, cited, pending_problems, read_pending, read_sources, stale, uncovered

HERE = Path(__file__).resolve()
TESTS = HERE.parent
REPO = HERE.parents[2]
RULES = REPO / "docs" / "spec" / "queens-necklace" / "RULES.md"
PENDING = TESTS / "rules_pending.txt"

RULE_ID = r"QN-[A-Z]+-[0-9]+"
DEFINITION = re.compile(rf"\*\*({RULE_ID})\b")



@cache
def defined_ids() -> tuple[str, ...]:
    ids: list[str] = []
    for m in DEFINITION.finditer(RULES.read_text(encoding="utf-8")):
        if m.group(1) not in ids:
            ids.append(m.group(1))
    return tuple(ids)


@cache
def source_texts() -> tuple[str, ...]:
    return read_sources(TESTS, HERE)


@cache
def pending() -> Pending:
    return read_pending(PENDING)


def test_the_specification_yields_the_expected_ids() -> None:
    """Rules of §1-§8 and the 30 rulings of §13, and nothing else."""
    ids = defined_ids()
    assert len(ids) == 163
    for rule in ("QN-COMP-1", "QN-SETUP-9", "QN-THIEF-4", "QN-SELL-5", "QN-INFO-2", "QN-AMB-1", "QN-AMB-30"):
        assert rule in ids
    assert len([i for i in ids if i.startswith("QN-AMB-")]) == 30


def test_whole_ids_only() -> None:
    assert not cited("QN-BUY-1", ["QN-BUY-10", "QN-BUY-1x", "XQN-BUY-1"])
    assert not cited("QN-SALE-1", ["see QN-SALE-12"])
    assert cited("QN-BUY-1", ["(QN-BUY-1)", "QN-BUY-1/3", "QN-BUY-1."])
    assert cited("QN-BUY-1", ["def test_buy_QN_BUY_1() -> None:"])
    assert not cited("QN-BUY-1", ["def test_QN_BUY_10()"])


@pytest.mark.heavy
def test_every_rule_is_cited_by_a_test_or_pending() -> None:
    missing = uncovered(defined_ids(), source_texts(), pending())
    assert not missing, f"{len(missing)} rule ids have no test and are not pending: {' '.join(missing)}"


def test_pending_entries_are_well_formed() -> None:
    problems = pending_problems(pending(), set(defined_ids()), "a rule id of the specification")
    assert not problems, "; ".join(problems)


def test_pending_ids_are_not_cited() -> None:
    cited_now = stale(pending(), source_texts())
    assert not cited_now, f"pending but already cited by a test (remove from {PENDING.name}): {' '.join(cited_now)}"
