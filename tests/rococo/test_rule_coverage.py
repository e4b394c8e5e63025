"""Every rule of RULES.md §3-§12 and every base-game ruling has a test, or is listed as pending.

The rule ids are read from the specification itself: each id defined as ``**ID**`` (or
``**ID (title)**``) between the headings "## 3." and "## 13.", the test vectors of Appendix B
(``TV-n``), plus the base-game rulings of §17 that the engine implements.  An id counts as
covered when some test file under tests/ mentions it as a whole id -- in a docstring, a
comment or a name (where ``R-PH2-1`` may be spelled ``R_PH2_1``); ``R-PH2-1`` is not covered
by a mention of ``R-PH2-10``.

tests/rules_pending.txt lists ids that cannot be tested yet, one per line as ``ID  reason``
(``#`` starts a comment).  The list may only shrink: a pending id that a test cites, or one
without a reason, fails too.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve()
TESTS = HERE.parents[1]
REPO = HERE.parents[2]
# The specification lives beside the repository: <repo>/../shared/spec/rococo/RULES.md.
RULES = (REPO.parent / "shared" / "spec" / "rococo" / "RULES.md").resolve()
PENDING = TESTS / "rules_pending.txt"

# Rulings of §17 that decide base-game behaviour; the others concern the expansions and solo.
BASE_RULINGS = (
    "A-5", "A-6", "A-8", "A-9", "A-10", "A-11", "A-12", "A-15", "A-16", "A-17", "A-18", "A-19",
    "A-21", "A-22", "A-25", "A-26", "A-27", "A-28", "A-29", "A-31", "A-33", "A-34", "A-36", "A-52",
    "A-53", "A-54", "A-57",
)

RULE_ID = r"R-[A-Z0-9]+(?:-[A-Za-z0-9_]+)*"
DEFINITION = re.compile(rf"\*\*({RULE_ID})(?:\s+\([^*]*\))?\*\*")

pytestmark = pytest.mark.skipif(not RULES.is_file(), reason=f"the rules specification is not at {RULES}")


@cache
def rules_text() -> str:
    return RULES.read_text(encoding="utf-8")


def defined_ids(text: str) -> list[str]:
    """Rule ids defined in §3-§12 (from the heading "## 3." up to "## 13."), in order."""
    start = re.search(r"^## 3\.", text, re.M)
    end = re.search(r"^## 13\.", text, re.M)
    assert start and end and start.start() < end.start(), "RULES.md lost its section headings 3 and 13"
    ids: list[str] = []
    for m in DEFINITION.finditer(text, start.start(), end.start()):
        if m.group(1) not in ids:
            ids.append(m.group(1))
    return ids


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


def vector_ids(text: str) -> list[str]:
    """The test vectors of Appendix B: table rows starting with ``| TV-n``."""
    start = text.index("## Appendix B")
    end = text.index("## Appendix C", start)
    return re.findall(r"^\| (TV-[0-9]+)\b", text[start:end], re.M)


def tracked_ids() -> list[str]:
    text = rules_text()
    return [*defined_ids(text), *vector_ids(text), *BASE_RULINGS]


# ---------------------------------------------------------------------------------------------
# the checks


def test_the_specification_yields_the_expected_ids() -> None:
    """The parser finds the §3-§12 ids (titled ones included) and nothing from other sections,
    the 23 test vectors, and every base-game ruling is defined in §17."""
    ids = defined_ids(rules_text())
    assert len(ids) > 150
    for rule in ("R-SETUP-1", "R-PROC-TILE", "R-ACT-TAILOR-8", "R-WIN-3", "R-BON-l6_end_dress_coat_pairs"):
        assert rule in ids
    assert not [i for i in ids if i.startswith(("R-JB-", "R-SOLO-", "R-NUM-", "R-DATA-"))]
    assert vector_ids(rules_text()) == [f"TV-{n}" for n in range(1, 24)]
    for ruling in BASE_RULINGS:
        assert re.search(rf"\*\*{ruling} —", rules_text()), f"{ruling} is not defined in RULES.md §17"


def test_whole_ids_only() -> None:
    """R-PH2-1 is not cited by R-PH2-10, nor R-SCORE-1 by R-SCORE-1-1, nor A-5 by A-57 or
    R-DATA-5; the underscore spelling of a test name counts."""
    assert not cited("R-PH2-1", ["R-PH2-10", "R-PH2-1x", "XR-PH2-1"])
    assert not cited("R-SCORE-1", ["see R-SCORE-1-1"])
    assert not cited("A-5", ["A-57", "R-DATA-5", "TV-5"])
    assert cited("R-PH2-1", ["(R-PH2-1)", "R-PH2-1/3", "R-PH2-1."])
    assert cited("R-PH2-1", ["def test_secret_R_PH2_1() -> None:"])
    assert not cited("R-PH2-1", ["def test_R_PH2_10()"])
    assert cited("R-BON-l1_gain_1", ["R-BON-l1_gain_1:"])
    assert not cited("R-BON-l1_gain_1", ["R-BON-l1_gain_10"])


def test_every_rule_is_cited_by_a_test_or_pending() -> None:
    sources = list(source_texts())
    waiting = {rule for _, rule, _ in pending()}
    missing = [rule for rule in tracked_ids() if rule not in waiting and not cited(rule, sources)]
    assert not missing, f"{len(missing)} rule ids have no test and are not pending: {' '.join(missing)}"


def test_pending_entries_are_well_formed() -> None:
    """Every pending entry names a tracked id, once, with a reason."""
    tracked = set(tracked_ids())
    seen: set[str] = set()
    problems = []
    for n, rule, reason in pending():
        if rule not in tracked:
            problems.append(f"line {n}: {rule} is not a rule id of §3-§12, a test vector or a base-game ruling")
        if not reason:
            problems.append(f"line {n}: {rule} has no reason")
        if rule in seen:
            problems.append(f"line {n}: {rule} is listed twice")
        seen.add(rule)
    assert not problems, "; ".join(problems)


def test_pending_ids_are_not_cited() -> None:
    """Once a test cites a pending id, its line must leave rules_pending.txt."""
    sources = list(source_texts())
    stale = [rule for _, rule, _ in pending() if cited(rule, sources)]
    assert not stale, f"pending but already cited by a test (remove from {PENDING.name}): {' '.join(stale)}"
