"""Every rule of RULES.md has a test, or is listed as pending.

The ids are read from the specification itself:

* each id defined as ``**ID**`` (or with a title: ``**ID (title)**``, ``**ID `bonus_id`**``) in
  §3-§12 (the base game) and in §13-§15 (the Jewelry Box with its R-BON-nj_*/nm_*/sa_*
  bonuses, the solo mode, the garment expansions);
* the differences to the 2013 edition of §16 that change behaviour (BEHAVIOUR_DIFFERENCES);
* every ruling of §17 (A-1 ... A-57);
* the test vectors of Appendix B (``TV-n``).

The specification is the repository's docs/spec/rococo/RULES.md.  An id counts as covered
when a test function under tests/ (other games' folders aside) cites it as a whole id
(tests/coverage.py says where a citation counts: ``R-PH2-1`` may be spelled ``R_PH2_1``, and
is not covered by a mention of ``R-PH2-10``).

tests/rules_pending.txt lists ids that cannot be tested, one per line as ``ID  reason`` (``#``
starts a comment).  The list may only shrink: a pending id that a test cites, or one without
a reason, fails too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from tests.coverage import Pending, cited, pending_problems, read_pending, read_sources, stale, uncovered

HERE = Path(__file__).resolve()
TESTS = HERE.parents[1]
REPO = HERE.parents[2]
RULES = REPO / "docs" / "spec" / "rococo" / "RULES.md"
PENDING = TESTS / "rules_pending.txt"
OTHER_GAMES = ("necklace",)  # test folders of other games, with a rule coverage of their own

# The differences of §16 that change what the engine does when it plays the 2013 edition.  The
# other D-* entries are informative only: differences in wording or in physical components.
BEHAVIOUR_DIFFERENCES = ("D-2", "D-3", "D-6", "D-10", "D-14", "D-17", "D-32", "D-33", "D-47")

RULE_ID = r"R-[A-Z0-9]+(?:-[A-Za-z0-9_]+)*"
# ``**ID**``, ``**ID (title)**`` or ``**ID `bonus_id`**`` (the hiring conditions of §13.9)
DEFINITION = re.compile(rf"\*\*({RULE_ID})(?:\s+(?:\([^*]*\)|`[^`*]*`))?\*\*")



@cache
def rules_text() -> str:
    return RULES.read_text(encoding="utf-8")


def _span(text: str, first: int, stop: int) -> tuple[int, int]:
    """The text from the heading "## <first>." up to the heading "## <stop>."."""
    start = re.search(rf"^## {first}\.", text, re.M)
    end = re.search(rf"^## {stop}\.", text, re.M)
    assert start and end and start.start() < end.start(), f"RULES.md lost its section headings {first} and {stop}"
    return start.start(), end.start()


def section_ids(text: str, first: int, stop: int) -> list[str]:
    """Rule ids defined from section ``first`` up to (not including) section ``stop``, in order."""
    ids: list[str] = []
    for m in DEFINITION.finditer(text, *_span(text, first, stop)):
        if m.group(1) not in ids:
            ids.append(m.group(1))
    return ids


def defined_ids(text: str) -> list[str]:
    """Rule ids of the base game: §3-§12."""
    return section_ids(text, 3, 13)


def jewelry_box_ids(text: str) -> list[str]:
    return section_ids(text, 13, 14)


def solo_ids(text: str) -> list[str]:
    return section_ids(text, 14, 15)


def garment_expansion_ids(text: str) -> list[str]:
    return section_ids(text, 15, 16)


def difference_ids(text: str) -> list[str]:
    """Every D-* entry defined in §16."""
    start, end = _span(text, 16, 17)
    return re.findall(r"\*\*(D-[0-9]+)\*\*", text[start:end])


def ruling_ids(text: str) -> list[str]:
    """Every ruling of §17, as defined there (``* **A-n — title.**``)."""
    heading = re.search(r"^## 17\.", text, re.M)
    assert heading, "RULES.md lost its section heading 17"
    end = text.index("## Appendix A", heading.start())
    return re.findall(r"^\* \*\*(A-[0-9]+) —", text[heading.start():end], re.M)


def vector_ids(text: str) -> list[str]:
    """The test vectors of Appendix B: table rows starting with ``| TV-n``."""
    start = text.index("## Appendix B")
    end = text.index("## Appendix C", start)
    return re.findall(r"^\| (TV-[0-9]+)\b", text[start:end], re.M)


def behaviour_differences(text: str) -> list[str]:
    return list(BEHAVIOUR_DIFFERENCES)


GROUPS: dict[str, Callable[[str], list[str]]] = {
    "base game §3-§12": defined_ids,
    "Jewelry Box §13": jewelry_box_ids,
    "solo §14": solo_ids,
    "garment expansions §15": garment_expansion_ids,
    "2013 edition §16": behaviour_differences,
    "rulings §17": ruling_ids,
    "test vectors (Appendix B)": vector_ids,
}


def tracked_ids() -> list[str]:
    text = rules_text()
    return [rule for ids in GROUPS.values() for rule in ids(text)]


@cache
def source_texts() -> tuple[str, ...]:
    """Every test file but this one and those of the other games (their rule ids are theirs)."""
    return read_sources(TESTS, HERE, OTHER_GAMES)


@cache
def pending() -> Pending:
    return read_pending(PENDING)


# ---------------------------------------------------------------------------------------------
# the checks


def test_the_specification_yields_the_expected_ids() -> None:
    """Each parser finds its section's ids (titled ones included) and nothing from the others:
    the §3-§12 ids, the expansions' and solo ids, the D-* ids kept, all 57 rulings and the 23
    test vectors."""
    text = rules_text()
    base = defined_ids(text)
    assert len(base) > 150
    for rule in ("R-SETUP-1", "R-PROC-TILE", "R-ACT-TAILOR-8", "R-WIN-3", "R-BON-l6_end_dress_coat_pairs"):
        assert rule in base
    assert not [i for i in base if i.startswith(("R-JB-", "R-SOLO-", "R-NUM-", "R-DATA-", "R-BON-n", "R-BON-sa"))]
    jb = jewelry_box_ids(text)
    for rule in ("R-JB-SETUP-2", "R-JB-EXAM-J-3", "R-JB-SA-10", "R-BON-nj_copy_opponent", "R-BON-sa_vp3",
                 "R-JB-SCORE-2"):
        assert rule in jb
    assert {i.split("-")[1] for i in jb} == {"JB", "BON"}
    assert len([i for i in jb if i.startswith("R-BON-")]) == 9 + 9 + 1
    solo = solo_ids(text)
    assert "R-SOLO-SETUP-1" in solo and "R-SOLO-END-5" in solo and all(i.startswith("R-SOLO-") for i in solo)
    garments = garment_expansion_ids(text)
    assert garments[0] == "R-NOBLE-1" and garments[-1] == "R-EXQ-5"
    assert all(i.startswith(("R-NOBLE-", "R-FEST-", "R-EXQ-")) for i in garments)
    assert set(BEHAVIOUR_DIFFERENCES) <= set(difference_ids(text))
    assert ruling_ids(text) == [f"A-{n}" for n in range(1, 58)]
    assert vector_ids(text) == [f"TV-{n}" for n in range(1, 24)]
    tracked = tracked_ids()
    assert len(tracked) == len(set(tracked)), "an id is tracked by two groups"


def test_whole_ids_only() -> None:
    """R-PH2-1 is not cited by R-PH2-10, nor R-SCORE-1 by R-SCORE-1-1, nor A-5 by A-57 or
    R-DATA-5, nor D-2 by D-20, nor R-JB-SA-1 by R-JB-SA-10; the underscore spelling of a test
    name counts."""
    assert not cited("R-PH2-1", ["R-PH2-10", "R-PH2-1x", "XR-PH2-1"])
    assert not cited("R-SCORE-1", ["see R-SCORE-1-1"])
    assert not cited("A-5", ["A-57", "R-DATA-5", "TV-5"])
    assert cited("R-PH2-1", ["(R-PH2-1)", "R-PH2-1/3", "R-PH2-1."])
    assert cited("R-PH2-1", ["def test_secret_R_PH2_1() -> None:"])
    assert not cited("R-PH2-1", ["def test_R_PH2_10()"])
    assert cited("R-BON-l1_gain_1", ["R-BON-l1_gain_1:"])
    assert not cited("R-BON-l1_gain_1", ["R-BON-l1_gain_10"])
    assert not cited("D-2", ["D-20", "TD-2"])
    assert not cited("R-JB-SA-1", ['("R-JB-SA-10", "sa_cond_all_halls")'])
    assert cited("R-JB-SA-1", ['("R-JB-SA-1", "sa_cond_3_coats")'])
    assert not cited("R-JB-EXAM-1", ["R-JB-EXAM-J-1"])


@pytest.mark.slow
@pytest.mark.parametrize("group", list(GROUPS))
def test_every_rule_is_cited_by_a_test_or_pending(group: str) -> None:
    missing = uncovered(GROUPS[group](rules_text()), source_texts(), pending())
    assert not missing, f"{group}: {len(missing)} rule ids have no test and are not pending: {' '.join(missing)}"


def test_pending_entries_are_well_formed() -> None:
    """Every pending entry names a tracked id, once, with a reason."""
    problems = pending_problems(pending(), set(tracked_ids()),
                                "a tracked rule id, 2013 difference, ruling or test vector")
    assert not problems, "; ".join(problems)


@pytest.mark.heavy
def test_pending_ids_are_not_cited() -> None:
    """Once a test cites a pending id, its line must leave rules_pending.txt."""
    cited_now = stale(pending(), source_texts())
    assert not cited_now, f"pending but already cited by a test (remove from {PENDING.name}): {' '.join(cited_now)}"
