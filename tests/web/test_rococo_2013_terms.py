"""The browser client in the words of a game's edition (RULES.md §16) and Madame du Barry's
cards in words (RULES.md §14).

The Rococo texts name the engine's terms as fields ({thread}, {Drawer}, {blue}, a language's
inflected forms such as {drawer_in}); the renderer fills them from the edition's term list in
the ``/components`` payload, as the terminal client does (``salon.cli.rococo.view``).  So a 2013
table reads wool, resource stacks, warehouse floors, fountain, favour card and its own colours
in every language, and the 2013 level-III card pays prestige per decoration (D-47).
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from salon.rococo.game import Rococo
from tests.web.test_browser import live  # noqa: F401  (fixture)
from tests.web.test_i18n import EVENTS, LANGS, STATIC, load

FOLDER = STATIC / "games" / "rococo" / "i18n"
DELUXE = {
    "en": r"\bthread|drawer|\brack\b|kitchen|Queen's favour|\bpink|\borange|resource bag|from the bag",
    "fr": r"\bfils?\b|tiroir|cuisine|faveur de la Reine|\brose|orange|du sac|sac de ressources|présentoir",
    "de": r"Garn|Schublade|Küche|Gunst der Königin|\brosa\b|orange|\bBeutel\b|\bAblage\b",
    "uk": r"нит|шухляд|кухн|прихильн\w* королеви|рожев|помаранч|з мішечка|мішечок матеріалів|підставк",
}
"""The Deluxe words a 2013 table must not show (D-3 colours, D-6, D-12/D-17, D-13, D-24, D-32)."""
DELUXE_ONLY = re.compile(r"rococo\.(option|term|colour|bonus\.n[jm]_|bonus\.sa_|condition|effect|task|jewel|exam|solo|"
                         r"board\.(jewel|exams|journeyman_tasks|master_tasks)|deco\.kitchen_|howto)")
"""Texts a 2013 table never shows: the expansions, the solo mode (D-2), the words' own tables,
the kitchen's sides, which the 2013 fountain names by its own keys, and the "How to play"
page, which sums up the Deluxe Edition's rules as docs/spec/rococo/RULES.md gives them."""
L3_2013 = {"en": "1 VP per own decoration", "fr": "1 PP par décoration à vous", "de": "1 AP je eigene Ausstattung",
           "uk": "1 ОП за кожну свою декорацію"}
UNFILLED = re.compile(r"\{(?:[Bb]lue|[Pp]ink|[Gg]reen|[Oo]range|[Tt]hread|[Kk]itchen|[Ff]avour|[Rr]esource_bag|[Rr]ack"
                      r"|[Dd]rawers?)(?:_\w+)?\}")
"""A term field left unfilled."""


def deluxe_words(lang: str, text: str) -> list[str]:
    return re.findall(DELUXE[lang], text)


def test_every_language_has_the_words_of_both_editions() -> None:
    terms = Rococo.new({"players": 2, "edition": "2013"}, 1).s.t.ds.terms or {}
    assert terms
    for lang in LANGS:
        texts = load(FOLDER, lang)
        for name, word in terms.items():
            table = {"blue": "colour", "pink": "colour", "green": "colour", "orange": "colour",
                     "kitchen_left": "deco", "kitchen_right": "deco"}.get(name, "term")
            for w in (word, name):
                assert f"rococo.{table}.{w.replace(' ', '_')}" in texts, (lang, name, w)
        assert "rococo.bonus.l3_vp_per_dec" in texts and "rococo.event.setup_solo" in load(EVENTS, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_a_2013_table_shows_hardcodes_a_deluxe_word(lang: str) -> None:
    """Every text of the 2013 edition's components names its terms as fields (the words
    come from the term tables), never as Deluxe words written into the sentence."""
    found = {k: v for k, v in load(FOLDER, lang).items()
             if not DELUXE_ONLY.match(k) and deluxe_words(lang, re.sub(r"\{\w+\}", "", v))}
    assert found == {}


# --- in the page


def api(base: str, method: str, path: str, token: str | None = None, body: dict[str, Any] | None = None) -> Any:
    import httpx2 as httpx

    r = httpx.request(method, f"{base}{path}", json=body, headers={"X-Seat-Token": token} if token else {})
    assert r.status_code < 300, r.text
    return r.json()


def play_seat0(base: str, config: dict[str, Any], seed: int, until: Any, steps: int = 400) -> tuple[str, str]:
    """A game of seat 0 (played here at random) against a bot or Madame du Barry, played until
    ``until(state)`` holds."""
    seats = [{"kind": "human"}] if config.get("solo") else [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = api(base, "POST", "/api/games", body={"game": "rococo", "seats": seats, "config": config, "seed": seed,
                                                    "join": {"seat": 0, "name": "Ann"}})
    game_id, token = created["id"], created["token"]
    rng = random.Random(seed)
    moves = 0
    for _ in range(100_000):  # polls: a bound that only a stuck game meets
        st = api(base, "GET", f"/api/games/{game_id}/state", token)
        if until(st) or st["status"] == "over" or moves == steps:
            break
        if not st["legal"]:
            time.sleep(0.02)  # the bot decides
            continue
        move = {"action": rng.choice(st["legal"]), "version": st["version"]}
        api(base, "POST", f"/api/games/{game_id}/actions", token, move)
        moves += 1
    return game_id, token


def open_game(browser: Any, base: str, game_id: str, token: str) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.goto(base)
    seats = json.dumps({game_id: {"seat": 0, "token": token}})
    page.evaluate(f"localStorage.setItem('salon.seats', '{seats}')")
    page.goto(f"{base}/#/game/{game_id}")
    page.wait_for_selector(".game[data-seat='0'][data-version]")
    return page


SHOWN = """() => [document.body.innerText,
  ...[...document.querySelectorAll("svg text")].map((e) => e.textContent),
  ...[...document.querySelectorAll("[data-tip]")].map((e) => e.getAttribute("data-tip"))].join("\\n")"""

RENDER = """async ([lang, gameId]) => {
  const { loadCatalog } = await import("/static/i18n.js");
  const { createRenderer } = await import("/static/games/rococo/renderer.js");
  const comp = await (await fetch(`/api/games/${gameId}/components`)).json();
  const cat = await loadCatalog(lang, ["/static/i18n/{lang}.json", "/static/games/rococo/i18n/{lang}.json"]);
  const r = createRenderer({ components: comp, catalog: () => cat, seatName: (s) => `P${s + 1}` });
  const keys = Object.keys((await loadCatalog("en", ["/static/games/rococo/i18n/{lang}.json"])).entries);
  const texts = {};
  for (const key of keys) texts[key] = r.t(key.slice("rococo.".length), { n: 2 });
  for (const id of Object.keys(comp.cards)) texts[`card ${id}`] = r.cardTip(id);
  for (const d of comp.board.decorations) texts[`deco ${d.id}`] = r.deco(d.id);
  return { texts, l3: r.bonus("l3_livre_per_dec"), solo: Object.fromEntries(Object.keys(comp.solo?.cards || {})
    .map((id) => [id, r.soloCard(id)])) };
}"""


def test_a_2013_game_shows_the_editions_words_in_every_language(browser: Any, live: str) -> None:  # noqa: F811
    game_id, token = play_seat0(live, {"edition": "2013"}, 5, lambda st: st["observation"]["round"] >= 2)
    page = open_game(browser, live, game_id, token)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for lang in ("fr", "de", "uk", "en"):
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        shown = page.evaluate(SHOWN)
        assert len(shown) > 2000
        assert deluxe_words(lang, shown) == [], f"{lang}: {sorted(set(deluxe_words(lang, shown)))}"
        # every text the renderer can give, filled in: no Deluxe word, no field left unfilled
        out = page.evaluate(RENDER, [lang, game_id])
        bad = {k: v for k, v in out["texts"].items()
               if not DELUXE_ONLY.match(k) and (deluxe_words(lang, v) or UNFILLED.search(v))}
        assert bad == {}, lang
        assert out["l3"] == L3_2013[lang]
        assert not any("livre" in v.lower() or "лівр" in v for k, v in out["texts"].items()
                       if k.startswith("card ") and "l3_livre_per_dec" in k)
    en = page.evaluate(SHOWN)
    assert "wool" in en.lower() and re.search(r"Warehouse floors|Floor \d", en)
    page.close()
    assert not errors, errors


def test_a_deluxe_game_keeps_the_deluxe_words(browser: Any, live: str) -> None:  # noqa: F811
    """The check above has teeth: a Deluxe table shows the Deluxe words."""
    game_id, token = play_seat0(live, {}, 5, lambda st: st["observation"]["round"] >= 2)
    page = open_game(browser, live, game_id, token)
    for lang in LANGS:
        out = page.evaluate(RENDER, [lang, game_id])
        assert deluxe_words(lang, " ".join(out["texts"].values()))
        assert out["l3"] != L3_2013[lang]
    assert deluxe_words("en", page.evaluate(SHOWN))
    page.close()


SOLO_EN = {
    "acquire": re.compile(r"Acquire: (every tile of drawer [123]|the (left|middle|right) tile of every drawer)"),
    "tailor": re.compile(r"Tailor: [123](st|nd|rd) from the (left|right)"),
    "hire": re.compile(r"Hire: [123](st|nd|rd) from the (left|right)"),
    "finance": re.compile(r"Finance: (fireworks|a kitchen side|musicians|a statue)"),
    "favour": re.compile(r"Favour: win the Queen's favour"),
}
"""Her cards as her panel shows them."""
SOLO_LOG = {
    "acquire": re.compile(r"\(acquire (every tile of drawer [123]|the (left|middle|right) tile of every drawer)\)"),
    "tailor": re.compile(r"\(tailor the [123](st|nd|rd) garment from the (left|right)\)"),
    "hire": re.compile(r"\(hire the [123](st|nd|rd) employee from the (left|right)\)"),
    "finance": re.compile(r"\(finance (fireworks|a kitchen side|musicians|a statue)\)"),
    "favour": re.compile(r"\(win the Queen's favour\)"),
}
"""Her cards as the journal tells her turns (salon.wording.rococo.solo)."""
HALL = {"en": "placement: hall", "fr": "placement : salle", "de": "Platzierung: Saal", "uk": "розміщення: зала"}


def test_madame_du_barrys_cards_read_in_full(browser: Any, live: str) -> None:  # noqa: F811
    game_id, token = play_seat0(live, {"solo": True}, 11,
                                lambda st: len(st["observation"]["solo"]["discard"]) >= 3)
    comp = api(live, "GET", f"/api/games/{game_id}/components")["solo"]["cards"]
    page = open_game(browser, live, game_id, token)
    for lang in ("fr", "de", "uk", "en"):
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        items = page.locator("#madame-revealed li").all_inner_texts()
        assert len(items) == 3, items
        for item in items:
            assert HALL[lang] in item, item
        log = page.inner_text("#log")
        turns = [line for line in log.splitlines() if re.search(r"D\d\d", line)]
        assert turns and not [line for line in turns if "{" in line or "rococo." in line], lang
    for item in page.locator("#madame-revealed li").all_inner_texts():
        card = comp[item.split()[0]]
        assert SOLO_EN[card["action"]].search(item), item
        assert f"hall {card['hall']}" in item
    log = page.inner_text("#log")
    assert "one player against Madame du Barry" in log and "2 players" not in log
    plays = [m for line in log.splitlines() if (m := re.match(r"Madame du Barry reveals (D\d\d) \(", line))]
    assert plays and all(SOLO_LOG[comp[m.group(1)]["action"]].search(m.string) for m in plays)
    page.close()

