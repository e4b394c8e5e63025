"""The measurement tables of the documentation, written from the data files in docs/data/.

A page marks each table with two comments, ``<!-- table: strength.search -->`` (the data
file's name, then the table in it) and ``<!-- /table -->``; what stands between them is the
table as this module writes it from the data.  The figures live in the data files alone,
and the page still reads as plain Markdown wherever it is shown (a code host, an editor), not
only in the built site.  A table in a data file names its ``columns`` (a header and a
``str.format`` template over a row's fields), the ``defaults`` of fields a row may leave out,
and its ``rows``.  One more source is a game's fitted evaluation weights, which ``salon fit
--write`` keeps in the game's data package: ``<!-- table: fitted.rococo -->``; and a ladder's
report, which ``salon ladder --out docs/data/NAME.json`` writes, is read as it was written,
with fixed columns, so that its figures are never copied by hand: ``<!-- table:
ladder-rococo-2p.rows -->`` (the ladder) or ``.pairings`` (each pair's record); and the model
cards of the learned bot's shipped weights, read from the weights files themselves:
``<!-- table: models.cards -->``, and those of the ppo bot's policies, ``models.ppo``::

    python docs/hooks.py           # write every page's tables from the data
    python docs/hooks.py --check   # change nothing; list the pages whose tables are out of date

As the MkDocs hook of ``mkdocs.yml``, it refuses to build a page whose tables are not what
the data says, so a figure changed in one place only never reaches the site.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
DATA = DOCS / "data"
GAMES = DOCS.parent / "src" / "salon"
MARKED = re.compile(r"(?P<open><!-- table: (?P<name>[\w-]+)\.(?P<table>[\w-]+) -->\n)"
                    r"(?P<body>.*?)(?P<close><!-- /table -->)", re.S)


class TableError(Exception):
    """A marked table that its data file cannot give, with what is wrong."""


def table(name: str, key: str) -> str:
    """The Markdown of the table ``key`` of the data file ``name``."""
    path = DATA / f"{name}.toml"
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TableError(f"{name}.{key}: there is no data file {path.relative_to(DOCS)}") from None
    except tomllib.TOMLDecodeError as e:
        raise TableError(f"{path.relative_to(DOCS)}: {e}") from None
    spec = data.get(key)
    if not isinstance(spec, dict) or "columns" not in spec or "rows" not in spec:
        raise TableError(f"{name}.{key}: {path.name} has no table {key!r} with columns and rows")
    columns: list[list[str]] = spec["columns"]
    lines = ["| " + " | ".join(header for header, _ in columns) + " |", "|" + "---|" * len(columns)]
    for number, row in enumerate(spec["rows"], 1):
        fields = {**spec.get("defaults", {}), **row}
        try:
            cells = [template.format(**fields).replace("|", "\\|") for _, template in columns]
        except KeyError as e:
            raise TableError(f"{name}.{key}: row {number} has no field {e}") from None
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def fitted(game: str) -> str:
    """The Markdown table of ``game``'s fitted weights (salon.learn.fit), with how each was fitted."""
    path = GAMES / game / "data" / "fitted.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        lines = ["| weight | value | fitted by | games | positions | mean error | mean absolute error |",
                 "|---|---|---|---|---|---|---|"]
        for weight, value in data["weights"].items():
            how = data["fitted"][weight]
            before, after = how["error_before"], how["error_after"]
            lines.append(f"| `{weight}` | {value} | `{how['command']}` | {how['games']} | {how['positions']} | "
                         f"{before['mean']} → {after['mean']} | {before['mean_abs']} → {after['mean_abs']} |")
    except FileNotFoundError:
        raise TableError(f"fitted.{game}: there is no file {path.relative_to(DOCS.parent)}") from None
    except (KeyError, TypeError, json.JSONDecodeError) as e:
        raise TableError(f"{path.relative_to(DOCS.parent)}: not the fitted weights' format ({e!r})") from None
    return "\n".join(lines) + "\n"


LADDER_COLUMNS = {
    "rows": ("bot", "rating", "±", "rating − 3σ", "games", "wins", "95%", "mean margin"),
    "pairings": ("bot", "against", "games", "its wins", "95%", "its mean margin"),
}
"""The columns of a ladder report's tables."""


def _share(share: float | None, interval: list[float]) -> tuple[str, str]:
    """A share of wins and its interval as percentages."""
    low, high = interval
    return "—" if share is None else f"{100 * share:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%"


def _margin(margin: float | None) -> str:
    return "—" if margin is None else f"{margin:+.1f}"


def ladder(name: str, key: str) -> str:
    """The Markdown table ``key`` (``rows`` or ``pairings``) of the ladder report docs/data/NAME.json."""
    path = DATA / f"{name}.json"
    if key not in LADDER_COLUMNS:
        raise TableError(f"{name}.{key}: a ladder report has the tables {', '.join(LADDER_COLUMNS)}")
    columns = LADDER_COLUMNS[key]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        for r in data[key]:
            if key == "rows":
                wins, interval = _share(r["win_share"], r["win_share_95"])
                lines.append(f"| `{r['bot']}` | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} | {r['games']} | "
                             f"{wins} | {interval} | {_margin(r['mean_margin'])} |")
            else:
                wins, interval = _share(r["a_win_share"], r["a_win_share_95"])
                lines.append(f"| `{r['a']}` | `{r['b']}` | {r['games']} | {wins} | {interval} | "
                             f"{_margin(r['a_mean_margin'])} |")
    except (KeyError, TypeError, ValueError) as e:
        raise TableError(f"{path.relative_to(DOCS)}: not a ladder report ({e!r})") from None
    return "\n".join(lines) + "\n"


MODELS = GAMES / "bots" / "models"


def models() -> str:
    """The model card of every shipped weights file (salon.bots.model): what it was fitted on,
    how, and its errors on held-out games."""
    import numpy as np  # the weights files are numpy archives

    lines = ["| file | generation | data | games | held-out positions | hand evaluation's error | "
             "corrected | policy agrees with the bot | a random choice would | command | action table agrees "
             "with the bot | its command |",
             "|" + "---|" * 12]
    for path in sorted(MODELS.glob("*.npz")):
        with np.load(path, allow_pickle=False) as data:
            card = json.loads(str(data["meta"]))["card"]
        held, table = card["held_out"], card.get("table")
        tabled = f"{100 * table['top1']:.1f}% | `{table['command']}`" if table else "— | —"
        lines.append(f"| `{path.name}` | {card['generation']} | `{card['data']}` | {held['games']} | "
                     f"{held['held_out_positions']} | {held['hand_rmse']:.2f} | {held['corrected_rmse']:.2f} | "
                     f"{100 * held['policy_top1']:.1f}% | {100 * held['uniform_top1']:.1f}% | `{card['command']}` | "
                     f"{tabled} |")
    return "\n".join(lines) + "\n"


def policies() -> str:
    """The card of every exported policy the ppo bot plays (salon.bots.ppo): its training and
    how it did against the random bot when training ended."""
    import numpy as np

    lines = ["| file | game | players | steps against the random bot | its greedy play against the random bot "
             "when training ended | command |", "|" + "---|" * 6]
    for path in sorted((MODELS / "ppo").glob("*.npz")):
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
        card, config = meta["card"], json.loads(meta["config"])
        lines.append(f"| `ppo/{path.name}` | {meta['game']} | {config['players']} | {card['steps']:,} | "
                     f"{100 * card['eval_win_rate']:.0f}% of {card['eval_games']} games, mean margin "
                     f"{card['eval_margin']:+.1f} | `{card['command']}` |")
    return "\n".join(lines) + "\n"


def render(markdown: str) -> str:
    """``markdown`` with every marked table written from its data."""

    def written(found: re.Match[str]) -> str:
        name, key = found["name"], found["table"]
        if name == "fitted":
            text = fitted(key)
        elif name == "models":
            text = policies() if key == "ppo" else models()
        elif (DATA / f"{name}.json").is_file():
            text = ladder(name, key)
        else:
            text = table(name, key)
        return found["open"] + "\n" + text + "\n" + found["close"]

    return MARKED.sub(written, markdown)


def stale(root: Path = DOCS) -> list[Path]:
    """The pages under ``root`` whose tables are not what their data says."""
    return [page for page in sorted(root.rglob("*.md")) if render(text := page.read_text(encoding="utf-8")) != text]


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """MkDocs: a page's Markdown, refused when its tables are out of date."""
    from mkdocs.exceptions import PluginError

    try:
        current = render(markdown)
    except TableError as e:
        raise PluginError(f"{page.file.src_uri}: {e}") from None
    if current != markdown:
        raise PluginError(f"{page.file.src_uri}: its tables are not those of docs/data/; run python docs/hooks.py")
    return markdown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the documentation's tables from docs/data/.")
    parser.add_argument("--check", action="store_true", help="change nothing; list the pages that are out of date")
    args = parser.parse_args(argv)
    try:
        pages = stale()
    except TableError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for page in pages:
        if args.check:
            print(f"out of date: {page.relative_to(DOCS.parent)}")
        else:
            page.write_text(render(page.read_text(encoding="utf-8")), encoding="utf-8")
            print(f"written: {page.relative_to(DOCS.parent)}")
    return 1 if args.check and pages else 0


if __name__ == "__main__":
    sys.exit(main())
