"""The commands of a decision at the terminal: ``undo`` within one's own turn, ``quit``'s
question when nothing keeps the game, ``why`` an action is not offered, ``rules``; the
prices and requirements a bonus changes, as the menus show them; the player count refused in
the players' words."""

from __future__ import annotations

import json
import random
from pathlib import Path

from salon.cli.rococo.view import RococoView
from salon.core import record
from salon.rococo.game import Rococo
from tests.cli.conftest import Run
from tests.rococo.positions import (
    clear_rack,
    deck_card,
    find_garments,
    find_tiles,
    give_tiles,
    mid_turn,
    new_game,
    set_money,
    set_staff,
    set_windows,
)

START = ["S11", "S12", "S13", "S14"]


def _flat(out: str) -> str:
    return " ".join(out.split())


def test_undo_takes_back_the_latest_action_of_ones_turn(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--save", str(save), "--delay", "0",
                 input="undo\n1\nundo\nundo\n2\nquit\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.stdout)
    assert out.index("Nothing can be taken back now") < out.index("Taken back: pick:S11")
    assert out.count("Taken back:") == 1 and out.count("Nothing can be taken back now") == 2
    assert "Traceback" not in result.output
    assert record.load(save).history == ["pick:S12"]  # the undone pick is gone from the record too


def test_quit_asks_first_when_the_game_is_not_saved(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", input="quit\nno\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.stdout)
    assert out.count("Quit and lose this game? (yes/no) Only --save keeps a game") == 2
    assert out.index("The game goes on.") < out.index("Game stopped.")


def test_quit_does_not_ask_when_the_game_is_saved(run: Run, tmp_path: Path) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--save", str(tmp_path / "g.json"),
                 "--plain", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Quit and lose" not in result.stdout and "Game stopped." in result.stdout


def test_the_question_is_asked_in_the_players_language(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--lang", "de", input="quit\nja\n")
    assert result.exit_code == 0, result.output
    assert "Partie beenden und verlieren? (ja/nein)" in _flat(result.stdout)
    assert "Partie beendet." in result.stdout


def test_why_tells_the_rule_an_action_breaks(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8",
                 input="why pick:S11\nwhy main:tailor\nwhy nonsense\nwhy pick:E17\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.stdout)
    assert "pick:S11 is one of your choices now (number 1)." in out
    assert "main:tailor is not among your choices now: the decision now is: Choose" in out
    assert "'nonsense' is no action of this game" in out
    assert ("pick:E17 is not among your choices now: choose the cards from your own supply; E17 Journeyman IV is not "
            "in it (rule R-PH2-2).") in out
    for jargon in ("seat 0", "PROTOCOL", "expected '"):
        assert jargon not in out, jargon


def test_why_in_another_language(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--lang", "fr",
                 input="why pick:E17\nquit\noui\n")
    assert "pick:E17 ne fait pas partie de vos choix maintenant : choisissez les cartes dans votre propre " \
           "réserve ; E17 Compagnon IV n’y est pas (règle R-PH2-2)." in _flat(result.stdout)


def test_rules_summarise_the_game_with_rule_ids(run: Run) -> None:
    for game, words in (("rococo", ("Rococo in brief", "R-ACT-TAILOR", "R-SCORE")),
                        ("necklace", ("The Queen's Necklace in brief", "QN-SALE-1", "QN-END-1"))):
        result = run("play", game, "--bots", "human,random", "--seed", "3", input="rules\nhelp\nquit\nyes\n")
        assert result.exit_code == 0, result.output
        out = _flat(result.stdout)
        for word in words:
            assert word in out, (game, word)
        assert "rules (a summary of the rules), why ACTION" in out


def _tailoring_with_the_green_bonus() -> tuple[Rococo, str]:
    """Seat 0 played the level-IV card whose bonus tailors with fewer green bales, and took no
    main action; the design display holds one garment that needs green silk, which the rack
    covers."""
    g = new_game(2)
    card = deck_card(g, "l4_tailor_less_green")
    set_staff(g, 0, START, [], [])
    mid_turn(g, 0, card)
    set_money(g, 0, livres=30, thread=5, lace=5)
    garment = find_garments(g, lambda x: x.silk[2] >= 2 and not x.thimble)[0]
    set_windows(g, [None] * (len(g.s.windows) - 1) + [garment])
    clear_rack(g, 0)
    need = g.s.t.ds.garments[g.s.t.garment_index[garment]].silk

    def single(c: int) -> list[str]:
        """The tiles of silk of colour ``c`` alone."""
        return find_tiles(g, lambda t: t.silk[c] >= 1 and sum(t.silk) == t.silk[c])

    give_tiles(g, 0, [single(c)[i] for c in range(4) for i in range(need[c])])
    g.apply("main:skip")
    g.apply("bonus:use")
    assert g.decision()["kind"] == "tailor" and g.decision()["mode"] == "l4"
    return g, garment


def test_the_garment_menu_shows_the_silk_after_the_bonus() -> None:
    g, garment = _tailoring_with_the_green_bonus()
    view = RococoView(g, "en", ["Player 1", "Player 2"])
    need = g.s.t.ds.garments[g.s.t.garment_index[garment]].silk
    reduced = max(0, need[2] - g.s.t.ds.bonus.green_reduction_l4)
    explained = view.explain(f"garment:{garment}")
    assert f"(after the bonus; printed: {view.silk(need, word=False)})" in explained
    assert f"{need[2]} green" not in explained.split("(after the bonus")[0]
    assert (f"{reduced} green" in explained) == bool(reduced)
    assert "after the bonus" not in RococoView(new_game(2), "en", ["a", "b"]).explain("pick:S11")


def test_a_player_count_the_game_is_not_played_with_is_named_in_words(run: Run) -> None:
    result = run("play", "necklace", "--players", "5")
    assert result.exit_code == 1
    assert result.stderr == "error: The Queen's Necklace is played by 2 to 4 players, not 5 (--players, --bots)\n"
    expansions = run("play", "necklace", "--expansions", "all")
    assert expansions.stderr == "error: --expansions: The Queen's Necklace has no expansions\n"
    german = run("play", "necklace", "--players", "5", "--lang", "de")
    assert "Das Halsband der Königin wird von 2 bis 4 Personen gespielt" in german.stderr
    assert "Traceback" not in result.output + expansions.output + german.output


def test_every_decision_starts_with_the_other_seats_moves_since_the_last_one(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", input="1\n2\n3\n1\n1\n")
    assert result.exit_code == 0, result.output
    blocks = result.stdout.split("Since your last decision")[1:]
    assert blocks
    recaps = [block.split("your decision")[0] for block in blocks]
    assert all("Player 2 (random)" in recap and "Player 1 " not in recap for recap in recaps)
    # right above the choices: the board comes before it
    assert result.stdout.index("Type board to see the whole board.") < result.stdout.index("Since your last decision")


def test_the_line_mode_shows_a_brief_board_and_the_whole_one_on_request(run: Run) -> None:
    """Item 12 of the table's polish: at each decision the line mode shows where the game
    stands, the players and the seat's own situation, and only the board parts the decision
    is about; ``board`` shows the whole board."""
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--delay", "0", input="board\nquit\ny\n")
    assert result.exit_code == 0, result.output
    brief, whole = result.stdout.split("Your choice >", 2)[:2]
    assert "Type board to see the whole board." in brief
    for section in ("Halls", "Design display", "Resource drawers"):
        assert section not in brief and section in whole, section
    assert len(brief.splitlines()) < len(whole.splitlines()) / 2


def test_board_part_shows_one_part_of_the_board_and_names_the_parts_there_are(run: Run) -> None:
    """At 80×24 the whole board is many pages: ``board drawers`` shows the drawers alone."""
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--delay", "0",
                 input="board drawers\nboard nowhere\nhelp\nquit\ny\n")
    assert result.exit_code == 0, result.output
    part = result.stdout.split("Your choice >")[1]
    assert "Resource drawers" in part and "Halls" not in part and "Design display" not in part
    out = _flat(result.stdout)
    assert 'The board has no part "nowhere" now; its parts: halls, decorations, designs, drawers' in out
    assert "board PART only one part of it: halls, decorations" in out


def _main_decision(tmp_path: Path, tailoring: bool) -> Path:
    """A position file of seed 8 played at random (generator seed 0) up to seat 0's choice of a
    main action where tailoring is offered, or is not (an Apprentice may not tailor)."""
    g = Rococo.new({"players": 2}, 8)
    rng = random.Random(0)
    while not (g.current_player() == 0 and g.decision()["kind"] == "main"
               and ("main:tailor" in g.legal_actions()) == tailoring):
        g.apply(rng.choice(g.legal_actions()))
    path = tmp_path / "main.json"
    path.write_text(json.dumps(g.to_position()))
    return path


def test_why_takes_the_short_name_and_the_number_of_a_choice(run: Run, tmp_path: Path) -> None:
    position = _main_decision(tmp_path, tailoring=True)
    legal = Rococo.from_position(json.loads(position.read_text())).legal_actions()
    n = legal.index("main:tailor") + 1
    result = run("play", "rococo", "--position", str(position), "--bots", "human,random", "--delay", "0", "--plain",
                 input=f"why tailor\nwhy {n}\nwhy TAILOR\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.stdout)
    assert out.count(f"main:tailor is one of your choices now (number {n}).") == 3
    assert "Traceback" not in result.output


def test_why_takes_the_short_name_of_an_action_not_offered(run: Run, tmp_path: Path) -> None:
    position = _main_decision(tmp_path, tailoring=False)
    result = run("play", "rococo", "--position", str(position), "--bots", "human,random", "--delay", "0", "--plain",
                 input="why tailor\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.stdout)
    assert "main:tailor is not among your choices now:" in out and "(rule R-ACT-TAILOR-1)" in out
    assert "is no action of this game" not in out


def test_why_answers_a_word_it_cannot_place_in_one_line(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", "--plain",
                 input="why tailor\nwhy 2\nwhy 9\nwhy E17\nwhy Master start\nwhy nonsense\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.stdout)
    assert "main:tailor is not among your choices now: the decision now is: Choose" in out  # choosing a hand
    assert "pick:S12 is one of your choices now (number 2)." in out
    assert "There is no choice number 9 now; the choices are numbered 1 to 5." in out
    assert "'E17' may mean several actions: pick:E17, play:E17, hire:E17, dismiss:E17; type the one you mean." in out
    assert "'Master start' may mean several actions: pick:S11, pick:S12;" in out  # the choices' words
    assert "'nonsense' is no action of this game" in out
    assert "Traceback" not in result.output
