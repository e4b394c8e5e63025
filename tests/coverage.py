"""The rule-coverage bookkeeping shared by the games' coverage tests.

A rule id counts as covered when a test exercises it: when a test function mentions it as a
whole id -- in its name, its decorators, its docstring or a comment or string of its body
(where ``X-RULE-1`` may be spelled ``X_RULE_1``); ``X-RULE-1`` is not covered by a mention
of ``X-RULE-10``.  A mention in a module's docstring, a helper or a fixture covers nothing:
it tests nothing by itself.  A game's pending file lists the ids no test can check, one per
line as ``ID  reason`` (``#`` starts a comment).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

Pending = tuple[tuple[int, str, str], ...]
"""(line number, id, reason) of every entry of a pending file."""


def citation(rule: str) -> re.Pattern[str]:
    """A mention of ``rule`` as a whole id, hyphenated or (in a name) with underscores."""
    dashed = rf"(?<![A-Za-z0-9_-]){re.escape(rule)}(?![A-Za-z0-9_]|-[A-Za-z0-9])"
    underscored = rf"(?<![A-Za-z0-9]){re.escape(rule.replace('-', '_'))}(?![A-Za-z0-9]|_[0-9])"
    return re.compile(f"{dashed}|{underscored}")


def cited(rule: str, sources: Iterable[str]) -> bool:
    pattern = citation(rule)
    return any(pattern.search(src) for src in sources)


def exercising_text(source: str) -> str:
    """The text of every test function of a test file (decorators, name, docstring, body and
    its comments), with the module-level tables its decorators name (the cases a
    ``parametrize`` runs it with), one after another."""
    lines = source.splitlines()
    tree = ast.parse(source)
    tables = {target.id: node for node in tree.body if isinstance(node, ast.Assign)
              for target in node.targets if isinstance(target, ast.Name)}

    def text(node: ast.stmt, first: int | None = None) -> str:
        return "\n".join(lines[(first or node.lineno) - 1:node.end_lineno])

    parts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            parts.append(text(node, min([node.lineno, *(d.lineno for d in node.decorator_list)])))
            named = {n.id for d in node.decorator_list for n in ast.walk(d) if isinstance(n, ast.Name)}
            parts += [text(tables[name]) for name in sorted(named & tables.keys())]
    return "\n".join(parts)


def read_sources(root: Path, skip: Path, other_folders: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The test functions of every test file under ``root`` but ``skip`` and those in
    ``other_folders`` (other games, whose rule ids are theirs)."""
    return tuple(
        exercising_text(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("test_*.py"))
        if p.resolve() != skip and not set(p.relative_to(root).parts) & set(other_folders)
    )


def read_pending(path: Path) -> Pending:
    if not path.is_file():
        return ()
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            rule, *reason = line.split(None, 1)
            out.append((n, rule, reason[0].strip() if reason else ""))
    return tuple(out)


def uncovered(ids: Iterable[str], sources: tuple[str, ...], pending: Pending) -> list[str]:
    """The ids of ``ids`` that no source cites and the pending file does not list."""
    waiting = {rule for _, rule, _ in pending}
    return [rule for rule in ids if rule not in waiting and not cited(rule, sources)]


def pending_problems(pending: Pending, tracked: set[str], what: str) -> list[str]:
    """Entries naming an id that is not ``tracked`` (described as ``what``), without a reason,
    or listed twice."""
    seen: set[str] = set()
    problems = []
    for n, rule, reason in pending:
        if rule not in tracked:
            problems.append(f"line {n}: {rule} is not {what}")
        if not reason:
            problems.append(f"line {n}: {rule} has no reason")
        if rule in seen:
            problems.append(f"line {n}: {rule} is listed twice")
        seen.add(rule)
    return problems


def stale(pending: Pending, sources: tuple[str, ...]) -> list[str]:
    """Pending ids that a test already cites (they must leave the pending file)."""
    return [rule for _, rule, _ in pending if cited(rule, sources)]
