"""Speed of the engine and of the bots (docs/architecture.md principle 9).

The report says which engine ran: the compiled one or the pure twin (salon.compiled).
Random play measures the engine alone: ``legal_actions`` and ``apply`` with a random bot,
no checks.  Each player count gets the same time box; the clock is read between games, so
a box is exceeded by at most one game.  The static evaluation is timed alone, on the positions
of random games.  A solo game has one player count, and the turns the game plays by itself
count towards the engine's time, not as decisions.  OpenSpiel's C++ Hearts is played in the
same loop, in turns with the game's random play, for a ratio of the two engines that the
machine's changes of speed leave alone (:func:`reference_play`).  Games run with
fast seeds 0, 1, 2 ... or, to measure what the keyed generator of a server's games costs,
with the secret seeds ``2**128 + 0``, ``2**128 + 1`` ... (the same games on every run).
The search bot is timed on one mid-game position: the worlds (and play-outs) it gets
through in the time box.  Last, the same random games at the largest player count are played
one after another and by ``workers`` processes, for the speed-up of ``simulate --workers``.

The learning environments' report (``bench --rl``, :func:`rl_bench`) plays a fixed number of
random games (seeds 0, 1, 2 ...) twice per line, game by game in turn in one process: by the
plain engine (``legal_actions`` and ``apply``) and through the PettingZoo AEC environment as a
learner's loop drives it (``observe(agent)``, the observation vector and the action mask as
fresh arrays, then ``step(index)``).  Both draw their random actions with one generator per
game, in the action table's order: the engine from the legal list sorted by index, the
learner's loop from the mask's set entries (``mask.view(bool).nonzero()``), so that both sides
play the very same games.  The draws are the player's work, not the game's: each is timed
and left out of its side's speed (engine decisions/s, AEC steps/s), so that their ratio is
what the environment costs over the engine; ``loop_ratio`` is the same ratio of the whole
loops, draws included.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from salon import parallel
from salon.bots.base import RandomBot, bot_seed
from salon.bots.heuristic import HeuristicBot
from salon.bots.search import SearchBot
from salon.cli.common import config_expansions, game_config
from salon.compiled import ENGINE
from salon.core.evaluation import evaluation_of
from salon.core.game import SECRET_SEEDS, game_class, game_names
from salon.core.plugins import plugin
from salon.core.rng import Rng

HEURISTIC_DECISIONS = 300
"""How many decisions the heuristic bot's think time is averaged over (unless time runs out)."""


def _seed(i: int, secret: bool) -> int:
    return SECRET_SEEDS.start + i if secret else i


def random_play(name: str, players: int, seconds: float, expansions: str | None = None, solo: bool = False,
                edition: str | None = None, secret: bool = False) -> dict[str, float]:
    config = game_config(players, expansions, solo, edition)
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        decisions += _random_game((name, config, _seed(games, secret)))
        games += 1
        elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 2), "decisions_per_s": round(decisions / elapsed, 1)}


REFERENCE = "hearts"
"""The reference the random play is set beside: OpenSpiel's Hearts, a card game for 4 players
written in C++, when OpenSpiel is installed (the rl extra)."""
TURN = 0.25
"""Seconds of each turn of :func:`reference_play`: short enough that the machine's speed
rarely changes within a pair of turns."""


def reference_play(name: str, players: int, seconds: float, expansions: str | None = None, solo: bool = False,
                   edition: str | None = None, secret: bool = False) -> dict[str, float] | None:
    """Random play of OpenSpiel's C++ Hearts in the same loop as :func:`random_play`'s (a
    random legal action a decision, drawn in Python; the deal's chance outcomes drawn too and
    not counted as decisions), so that the two engines' figures have the same driver, and the
    game's own random play at ``players`` beside it; None without OpenSpiel.

    The two take turns of :data:`TURN` seconds (whole games) until each has had ``seconds``,
    and ``ratio`` is the median of the turns' ratios of decisions a second: a shared machine's
    speed changes from one minute to the next (by 2.5 times on the machine the figures of
    docs/speed.md come from), which two figures measured a minute apart would take for the
    engines' difference."""
    try:
        import pyspiel
    except ImportError:
        return None
    hearts = pyspiel.load_game(REFERENCE)
    config = game_config(players, expansions, solo, edition)
    played = [0, 0]

    def ours() -> int:
        played[0] += 1
        return _random_game((name, config, _seed(played[0] - 1, secret)))

    def theirs() -> int:
        played[1] += 1
        return _hearts_game(hearts, played[1] - 1)

    ratios: list[float] = []
    decisions = spent = 0.0
    while not ratios or spent < seconds:
        own = _turn(ours)
        reference = _turn(theirs)
        ratios.append(own[0] / own[1] / (reference[0] / reference[1]))
        decisions += reference[0]
        spent += reference[1]
    return {"games_per_s": round(played[1] / spent, 2), "decisions_per_s": round(decisions / spent, 1),
            "players": players, "ratio": round(statistics.median(ratios), 3), "turns": len(ratios)}


def _turn(play: Callable[[], int]) -> tuple[int, float]:
    """Games played by ``play`` (which returns a game's decisions) for :data:`TURN` seconds, at
    least one: their decisions and the seconds they took."""
    decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while decisions == 0 or elapsed < TURN:
        decisions += play()
        elapsed = time.perf_counter() - start
    return decisions, elapsed


def _hearts_game(game: Any, i: int) -> int:
    """Random game ``i`` of OpenSpiel's ``game``: its decisions."""
    rng = Rng(bot_seed(i, 0))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def heuristic_think_ms(name: str, seconds: float, expansions: str | None = None, solo: bool = False,
                       edition: str | None = None, secret: bool = False) -> float:
    """Mean milliseconds per decision of the heuristic bot in 2-player games against itself
    (in a solo game: against the game's own opponent)."""
    cls = game_class(name)
    config = game_config(1 if solo else 2, expansions, solo, edition)
    thinking = 0.0
    decisions = 0
    seed = _seed(0, secret)
    while decisions < HEURISTIC_DECISIONS and (decisions == 0 or thinking < seconds):
        game = cls.new(config, seed)
        bots = [HeuristicBot(bot_seed(seed, s)) for s in range(game.num_players)]
        while not game.is_over() and decisions < HEURISTIC_DECISIONS and (decisions == 0 or thinking < seconds):
            seat = game.current_player()
            assert seat is not None
            t0 = time.perf_counter()
            action = bots[seat].choose(game)
            thinking += time.perf_counter() - t0
            decisions += 1
            game.apply(action)
        seed += 1
    return round(1000 * thinking / decisions, 3)


EVALUATED = 1000
"""How many static evaluations the evaluation's time is averaged over (unless time runs out)."""


def evaluate_us(name: str, seconds: float, expansions: str | None = None, solo: bool = False,
                edition: str | None = None, secret: bool = False) -> float:
    """Mean microseconds of one static evaluation (the game's evaluation, which the heuristic's
    look-ahead and the search's play-outs end on) for the seat to move, along random 2-player
    games (solo: solo games)."""
    cls = game_class(name)
    config = game_config(1 if solo else 2, expansions, solo, edition)
    seed = _seed(0, secret)
    evaluate = evaluation_of(cls.new(config, seed)).evaluate
    spent = 0.0
    calls = 0
    while calls < EVALUATED and (calls == 0 or spent < seconds):
        game = cls.new(config, seed)
        bot = RandomBot(bot_seed(seed, 0))
        while not game.is_over() and calls < EVALUATED and (calls == 0 or spent < seconds):
            seat = game.current_player()
            if seat is not None:
                t0 = time.perf_counter()
                evaluate(game, seat)
                spent += time.perf_counter() - t0
                calls += 1
            game.apply(bot.choose(game))
        seed += 1
    return round(1e6 * spent / calls, 2)


MID_GAME = 60
"""Decisions played by the heuristic bots before the search is timed: mid-way through a
2-player game of either title."""


def search_speed(name: str, seconds: float, expansions: str | None = None, solo: bool = False,
                 edition: str | None = None, secret: bool = False) -> dict[str, float]:
    """Worlds and play-outs per second of the search bot thinking ``seconds`` on a mid-game
    position of a 2-player game (solo: of the solo game) reached by the heuristic bots."""
    cls = game_class(name)
    seed = _seed(0, secret)
    game = cls.new(game_config(1 if solo else 2, expansions, solo, edition), seed)
    bots = [HeuristicBot(bot_seed(seed, s)) for s in range(game.num_players)]
    played = 0
    while played < MID_GAME or len(game.legal_actions()) < 2:
        seat = game.current_player()
        assert seat is not None, "the game ended before mid-game"
        game.apply(bots[seat].choose(game))
        played += 1
    search = SearchBot(bot_seed(seed, 0), think=max(seconds, 1e-3))
    start = time.perf_counter()
    search.choose(game)
    elapsed = time.perf_counter() - start
    return {"worlds_per_s": round(search.worlds / elapsed, 2),
            "play_outs_per_s": round(search.worlds * len(search.estimates) / elapsed, 2)}


def _random_game(job: tuple[str, dict[str, Any], int]) -> int:
    """One random game (a module-level function, for worker processes): its decisions."""
    name, config, seed = job
    game = game_class(name).new(config, seed)
    bot = RandomBot(bot_seed(seed, 0))
    decisions = 0
    while not game.is_over():
        game.apply(bot.choose(game))
        decisions += 1
    return decisions


def parallel_speedup(name: str, players: int, seconds: float, workers: int, expansions: str | None = None,
                     solo: bool = False, edition: str | None = None, secret: bool = False) -> dict[str, Any]:
    """Random games played one after another for the time box (at least two per worker), then
    the same games by ``workers`` processes (salon.parallel, as ``simulate --workers``): games
    per second of each and the speed-up."""
    config = game_config(players, expansions, solo, edition)
    jobs: list[tuple[str, dict[str, Any], int]] = []
    start = time.perf_counter()
    while len(jobs) < 2 * workers or time.perf_counter() - start < seconds:
        jobs.append((name, config, _seed(len(jobs), secret)))
        _random_game(jobs[-1])
    serial = time.perf_counter() - start
    start = time.perf_counter()
    parallel.run(_random_game, jobs, workers)
    spread = time.perf_counter() - start
    return {"players": players, "workers": workers, "games": len(jobs),
            "serial_games_per_s": round(len(jobs) / serial, 2), "parallel_games_per_s": round(len(jobs) / spread, 2),
            "speedup": round(serial / spread, 2)}


def stages(name: str, expansions: str | None = None, solo: bool = False, edition: str | None = None) -> list[str]:
    """The steps :func:`bench` goes through, in order (for a progress bar): ``random:<players>``
    per player count, then ``reference``, ``evaluate``, ``heuristic``, ``search`` and ``parallel``."""
    options = {k: v for k, v in game_config(0, expansions, solo, edition).items() if k != "players"}
    return ([f"random:{n}" for n in game_class(name).describe(options).players]
            + ["reference", "evaluate", "heuristic", "search", "parallel"])


def bench(name: str, seconds: float, expansions: str | None = None, solo: bool = False,
          edition: str | None = None, secret: bool = False, workers: int | None = None,
          step: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Random play at every player count the game accepts, then the heuristic bot; with
    ``expansions``, ``solo`` or ``edition`` every game plays with them (at the player counts
    they allow); with ``secret``, every game and bot draws from the keyed generator.  ``step``
    is told each of the :func:`stages` as it ends."""
    cls = game_class(name)
    options = {k: v for k, v in game_config(0, expansions, solo, edition).items() if k != "players"}
    # a bad expansion name or edition fails before any time is spent
    counts = cls.describe(options).players
    first = cls.new({**options, "players": counts[0]}, 0)
    config = {k: v for k, v in first.config_json().items() if k != "players"}
    done = step or (lambda stage: None)
    players = {}
    for n in counts:
        players[str(n)] = random_play(name, n, seconds, expansions, solo, edition, secret)
        done(f"random:{n}")
    reference = reference_play(name, 4 if 4 in counts else counts[-1], seconds, expansions, solo, edition, secret)
    done("reference")
    evaluate = evaluate_us(name, seconds, expansions, solo, edition, secret)
    done("evaluate")
    heuristic = heuristic_think_ms(name, seconds, expansions, solo, edition, secret)
    done("heuristic")
    search = search_speed(name, seconds, expansions, solo, edition, secret)
    done("search")
    speedup = parallel_speedup(name, counts[-1], seconds, parallel.check_workers(workers), expansions, solo,
                               edition, secret)
    done("parallel")
    return {
        "game": name,
        "compiled": ENGINE.compiled,
        "expansions": config_expansions(first),
        "config": config,
        "secret_seeds": secret,
        "seconds_per_count": seconds,
        "players": players,
        "reference": reference and {"game": f"openspiel {REFERENCE}", **reference},
        "evaluate_us_per_call": evaluate,
        "heuristic_ms_per_decision": heuristic,
        "search": search,
        "parallel": speedup,
    }


RL_GAMES = 40
"""Random games per line of the learning environments' report (:func:`rl_bench`)."""
RL_PLAYERS = (4, 2)
"""The player counts of the benched game in that report (those it accepts), its first line
the one the project's target names: the AEC environment at half the engine's speed or more
on 4-player Rococo."""


def rl_lines(name: str, expansions: str | None = None, solo: bool = False,
             edition: str | None = None) -> list[tuple[str, int]]:
    """The lines of :func:`rl_bench`: ``name`` at each of :data:`RL_PLAYERS` it accepts (its
    only count when it has one, as in solo), then every other game with a learning
    environment at 4 players, for comparison."""
    options = {k: v for k, v in game_config(0, expansions, solo, edition).items() if k != "players"}
    counts = game_class(name).describe(options).players
    lines = [(name, n) for n in RL_PLAYERS if n in counts] or [(name, counts[-1])]
    for other in game_names():
        found = plugin(other)
        if other != name and found is not None and found.encoding is not None:
            accepted = game_class(other).describe({}).players
            lines.append((other, RL_PLAYERS[0] if RL_PLAYERS[0] in accepted else accepted[-1]))
    return lines


def rl_line(name: str, players: int, games: int, expansions: str | None = None, solo: bool = False,
            edition: str | None = None) -> dict[str, Any]:
    """One line of :func:`rl_bench`: ``games`` random games of ``name`` at ``players`` (the
    options only for the benched game) by the engine and through the AEC environment."""
    import numpy as np

    from salon.rl.aec import SalonAECEnv

    config = game_config(players, expansions, solo, edition)
    cls = game_class(name)
    env = SalonAECEnv(name, config)

    clock = time.perf_counter

    def engine_game(seed: int) -> tuple[int, float]:
        """The game's decisions and the seconds spent drawing them: from the legal actions in
        the action table's order, the mask's, so that both sides play the same game."""
        game = cls.new(config, seed)
        rng = Rng(bot_seed(seed, 0))
        index = env.salon.actions.index
        decisions = 0
        drawing = 0.0
        while not game.is_over():
            legal = game.legal_actions()
            drawn = clock()
            legal = sorted(legal, key=index)
            action = legal[rng.below(len(legal))]
            drawing += clock() - drawn
            game.apply(action)
            decisions += 1
        return decisions, drawing

    def aec_game(seed: int) -> tuple[int, float]:
        """The game's steps and the seconds spent drawing their actions."""
        env.reset(seed=seed)
        rng = Rng(bot_seed(seed, 0))
        terminations = env.terminations
        steps = 0
        drawing = 0.0
        while True:
            agent = env.agent_selection
            if terminations[agent]:
                return steps, drawing
            mask = env.observe(agent)["action_mask"]
            drawn = clock()
            legal = mask.view(np.bool_).nonzero()[0]  # the int8 mask read as booleans: numpy's quickest way
            action = int(legal[rng.below(len(legal))])
            drawing += clock() - drawn
            env.step(action)
            steps += 1

    engine_game(games)  # warm-up: the game's tables, the first calls
    aec_game(games)
    decisions = steps = 0
    engine = aec = engine_drawing = aec_drawing = 0.0
    for seed in range(games):  # game by game in turn, so that a busy machine slows both alike
        start = clock()
        played, drawing = engine_game(seed)
        middle = clock()
        stepped, drawn = aec_game(seed)
        aec += clock() - middle
        engine += middle - start
        decisions += played
        steps += stepped
        engine_drawing += drawing
        aec_drawing += drawn
    engine_speed, aec_speed = decisions / (engine - engine_drawing), steps / (aec - aec_drawing)
    loop_ratio = (steps / aec) / (decisions / engine)
    return {"game": name, "players": players, "games": games, "decisions": decisions, "steps": steps,
            "engine_decisions_per_s": round(engine_speed, 1), "aec_steps_per_s": round(aec_speed, 1),
            "ratio": round(aec_speed / engine_speed, 3), "loop_ratio": round(loop_ratio, 3)}


def rl_bench(name: str, games: int = RL_GAMES, expansions: str | None = None, solo: bool = False,
             edition: str | None = None, step: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The learning environments' report: each of the :func:`rl_lines` as :func:`rl_line`;
    ``step`` is told ``rl:<game>:<players>`` as each line ends."""
    done = step or (lambda stage: None)
    plan = rl_lines(name, expansions, solo, edition)
    first = game_class(name).new(game_config(plan[0][1], expansions, solo, edition), 0)
    lines = []
    for game, players in plan:
        ours = game == name
        lines.append(rl_line(game, players, games, expansions if ours else None, solo and ours,
                             edition if ours else None))
        done(f"rl:{game}:{players}")
    return {"game": name, "expansions": config_expansions(first), "games_per_line": games,
            "seeds": f"0-{games - 1}", "lines": lines}
