"""Every rule of the Queen's Necklace specification has a test, or is listed as pending.

The rule ids are read from the specification itself: every id defined in bold (``**QN-…**``
at the start of a rule, or ``**QN-AMB-n Title.**`` for a ruling).  An id counts as covered
when some test file under tests/necklace/ mentions it as a whole id -- in a docstring, a
comment or a name (where ``QN-BUY-1`` may be spelled ``QN_BUY_1``); ``QN-BUY-1`` is not
covered by a mention of ``QN-BUY-10``.

tests/necklace/rules_pending.txt lists ids that no test can check, one per line as
``ID  reason`` (``#`` starts a comment).  A pending id that a test cites, one without a
reason, or one that is not a rule id fails too.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve()
TESTS = HERE.parent
REPO = HERE.parents[2]
# The specification lives beside the repository: <repo>/../shared/spec/queens-necklace/RULES.md.
RULES = (REPO.parent / "shared" / "spec" / "queens-necklace" / "RULES.md").resolve()
PENDING = TESTS / "rules_pending.txt"

RULE_ID = r"QN-[A-Z]+-[0-9]+"
DEFINITION = re.compile(rf"\*\*({RULE_ID})\b")

pytestmark = pytest.mark.skipif(not RULES.is_file(), reason=f"the rules specification is not at {RULES}")


@cache
def defined_ids() -> tuple[str, ...]:
    ids: list[str] = []
    for m in DEFINITION.finditer(RULES.read_text(encoding="utf-8")):
        if m.group(1) not in ids:
            ids.append(m.group(1))
    return tuple(ids)


def citation(rule: str) -> re.Pattern[str]:
    """A mention of ``rule`` as a whole id, hyphenated or (in a name) with underscores."""
    dashed = rf"(?<![A-Za-z0-9_-]){re.escape(rule)}(?![A-Za-z0-9_]|-[A-Za-z0-9])"
    underscored = rf"(?<![A-Za-z0-9]){re.escape(rule.replace('-', '_'))}(?![A-Za-z0-9]|_[0-9])"
    return re.compile(f"{dashed}|{underscored}")


def cited(rule: str, sources: list[str]) -> bool:
    pattern = citation(rule)
    return any(pattern.search(src) for src in sources)


@cache
def source_texts() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("*.py")) if p.resolve() != HERE)


@cache
def pending() -> tuple[tuple[int, str, str], ...]:
    """(line number, id, reason) of every entry of rules_pending.txt."""
    if not PENDING.is_file():
        return ()
    out = []
    for n, line in enumerate(PENDING.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            rule, *reason = line.split(None, 1)
            out.append((n, rule, reason[0].strip() if reason else ""))
    return tuple(out)


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


def test_every_rule_is_cited_by_a_test_or_pending() -> None:
    sources = list(source_texts())
    waiting = {rule for _, rule, _ in pending()}
    missing = [rule for rule in defined_ids() if rule not in waiting and not cited(rule, sources)]
    assert not missing, f"{len(missing)} rule ids have no test and are not pending: {' '.join(missing)}"


def test_pending_entries_are_well_formed() -> None:
    tracked = set(defined_ids())
    seen: set[str] = set()
    problems = []
    for n, rule, reason in pending():
        if rule not in tracked:
            problems.append(f"line {n}: {rule} is not a rule id of the specification")
        if not reason:
            problems.append(f"line {n}: {rule} has no reason")
        if rule in seen:
            problems.append(f"line {n}: {rule} is listed twice")
        seen.add(rule)
    assert not problems, "; ".join(problems)


def test_pending_ids_are_not_cited() -> None:
    sources = list(source_texts())
    stale = [rule for _, rule, _ in pending() if cited(rule, sources)]
    assert not stale, f"pending but already cited by a test (remove from {PENDING.name}): {' '.join(stale)}"
