"""The search bot: the look-ahead's best actions, each played out in sampled worlds by a strong
policy for every seat, and judged by where the play-outs end.

Why this search.  The heuristic bot (salon.bots.heuristic) sees only to the end of its own
turn: what a decision does to the turns after it, what the others can do in between, is
invisible to a static score.  Playing the position on tells it; the question is how.  A
tree search whose leaves are the static score after a one-step greedy finish, or random
play, spends its budget on moves no sensible player makes and values leaves badly; playing
the few actions the look-ahead rates highest on, with the look-ahead itself deciding for
every seat, spends it where the decision is made.  docs/bots.md gives the figures of this
bot against the heuristic bot, measured with ``salon strength``.

The search.  At each decision:

1. The look-ahead (salon.bots.heuristic, without play-outs of its own) values every legal
   action: these are the priors.  The ``keep`` best go on (the rest of a wide decision is
   never sampled, as in progressive widening with a fixed width); a single action is taken
   at once.
2. Until the budget is spent (``iterations`` worlds, or ``think`` seconds, at least one
   world), a fresh world is sampled by the game (:meth:`Game.determinize`): what the seat
   cannot see (other hands, deck and bag order, the random generator) is drawn anew each
   time, so the search never profits from hidden information.  Every kept action is played
   in the same world (so that the luck of a sample does not decide between them), then the
   look-ahead decides for every seat, each by its own value, until the end of the seat's
   next turn (counted with the evaluation's ``turn``), the end of the game, or a cap on the
   steps; where the evaluation's ``plan_at`` marks the decision, to its ``horizon``
   instead (the last round of a solo game, whose play-outs end in the exact final score).
3. A play-out's value is the game's static evaluation for the seat where it ends, in the
   game's own unit (for both games: expected final points ahead of the best opponent); the
   action with the best mean is chosen, ties going to the better prior.

The second design (docs/bots.md, "The second design"; the Hard and Expert levels) changes
four things, each a parameter: more candidates (``keep``) with the worlds spent by Sequential
Halving and the look-ahead's own choice kept unless another beats it significantly in the same
worlds (``halving``, ``confidence``); play-outs through more of the seat's turns (``turns``);
the chance of finishing first as a play-out's worth (``win``, from the evaluation's
``spread``); and, optionally, other seats that stray from the look-ahead's best (``rivals``).

With ``iterations`` the bot is deterministic for its seed (tests, reports); with ``think``
it is anytime.  :meth:`SearchBot.analyse` gives the values of the kept actions, which the
hints show.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from salon.bots.base import Bot, bot_seed
from salon.bots.heuristic import HeuristicBot, world
from salon.bots.model import Playout, TablePlayout, config_key, model_for
from salon.core.errors import ConfigError
from salon.core.evaluation import Evaluation, evaluation_of, win_chance
from salon.core.game import Game, derive_secret_seed, is_secret_seed
from salon.core.rng import derive_seed

MAX_STEPS = 600
"""The most actions one play-out applies (a bound for safety; a turn takes far fewer)."""
HINT_THINK = 1.0
"""Seconds of search a hint takes: the Hard level's budget."""
SECOND = {"keep": 6, "halving": 1, "turns": 2}
"""The second design's settings (docs/bots.md): the Hard and Expert levels' search, with the
chance of winning as its objective, and the hints', judged by the margin, which a hint shows
in points."""


@dataclass(frozen=True)
class Estimate:
    """What the search found for one action: its mean play-out value (the game's unit, for the
    deciding seat), how many worlds it was played out in, and the look-ahead's prior."""

    action: str
    value: float
    worlds: int
    prior: float

    def __reduce__(self) -> tuple[type[Estimate], tuple[str, float, int, float]]:
        """Pickled through its constructor (a hint sent back by a worker process), which a
        compiled class needs (salon/compiled.py)."""
        return Estimate, (self.action, self.value, self.worlds, self.prior)


class SearchBot(Bot):
    """Play-outs of the look-ahead's ``keep`` best actions in sampled worlds: ``iterations``
    worlds per decision (per halving round with ``halving``), or as many as ``think`` seconds
    allow (at least one).

    ``halving`` (0 or 1) spends the worlds by Sequential Halving and keeps the look-ahead's
    own choice unless another action beats it by ``confidence`` standard errors of the paired
    difference; ``turns`` is how many of the seat's turns after this one the play-outs reach;
    ``win`` (0 or 1) judges a play-out by the seat's chance of finishing first instead of its
    margin (:func:`~salon.core.evaluation.win_chance`); ``rivals`` (points; 0: off) makes the
    other seats' play-out moves a draw in proportion to ``exp(value / rivals)``, so that the
    search does not count on opponents who play exactly as its own look-ahead would; ``fast``
    (a generation of the config's shipped model; 0: off) lets that model's policy decide in the
    play-outs beyond the first reply (:class:`~salon.bots.model.Playout`), far faster than the
    look-ahead, so that a budget of time reaches more worlds; ``table`` (a generation, 0: off)
    lets that model's action table policy decide there instead
    (:class:`~salon.bots.model.TablePlayout`), faster still, and blind to all of the position
    but its phase."""

    name = "search"

    def __init__(self, seed: int = 0, think: float = 1.0, iterations: int | None = None, keep: int = 3,
                 halving: int = 0, turns: int = 1, win: int = 0, confidence: float = 1.0,
                 rivals: float = 0.0, fast: int = 0, table: int = 0) -> None:
        super().__init__(seed)
        if think <= 0 or (iterations is not None and iterations < 1) or keep < 1:
            raise ValueError("the search needs a positive think time, iteration count and width")
        if halving not in (0, 1) or win not in (0, 1):
            raise ValueError("halving and win are switches: 0 or 1")
        if not 1 <= turns <= 4 or confidence < 0 or rivals < 0 or fast < 0 or table < 0:
            raise ValueError("turns is 1 to 4, and the confidence, the rivals' temperature and the generations of "
                             "fast and table are not negative")
        if fast and table:
            raise ValueError("fast and table both name the play-out policy: give one")
        self.think = think
        self.iterations = iterations
        self.keep = keep
        self.halving = bool(halving)
        self.turns = turns
        self.win = bool(win)
        self.confidence = confidence
        self.policy = HeuristicBot(seed, samples=0)
        """The look-ahead: the priors at the root, and every seat's decisions in the play-outs."""
        self.rival_policy = HeuristicBot(seed ^ 0x5EA7, samples=0, temperature=rivals) if rivals else self.policy
        """Who decides for the other seats in the play-outs."""
        self.fast = fast
        self.table = table
        self._playout: Playout | TablePlayout | None = None
        """The policy that decides beyond the first reply (``fast``), bound to the game's config."""
        self._playout_config: str | None = None
        self.estimates: list[Estimate] = []
        """The last decision's kept actions, the chosen one first (for hints, measurements and tests)."""
        self.worlds = 0
        """How many worlds the last decision was played out in."""

    def __reduce__(self) -> tuple[type[SearchBot], tuple[()], dict[str, object]]:
        """Pickled through its constructor (salon/compiled.py) and without its play-out policy,
        megabytes of weights that the process the bot lands in reads once for all its bots
        (salon.bots.model keeps them)."""
        state = self.__getstate__()
        assert isinstance(state, dict)
        return type(self), (), {**state, "_playout": None, "_playout_config": None}

    @property
    def cost(self) -> float:
        """The think time, which is also what a search of ``iterations`` worlds is granted:
        a server bounds their count so that they fit in it and its grace."""
        return self.think

    def check_game(self, game: Game) -> None:
        """Refuse ``fast`` or ``table`` where the game's config has no model of that generation
        (or, for ``table``, one without an action table policy)."""
        if self.fast or self.table:
            self._bind(game)

    def _bind(self, game: Game) -> None:
        """The play-out policy of ``fast`` or ``table`` for the game's config (looked up once per
        config)."""
        key = config_key(game)
        if key != self._playout_config:
            named = f"search:fast={self.fast}" if self.fast else f"search:table={self.table}"
            model = model_for(game, self.fast or self.table)
            if model is None:
                raise ConfigError(f"{named}: no model was trained for this {game.name} config")
            self._playout = Playout(model, game) if self.fast else TablePlayout(model, game, named)
            self._playout_config = key

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            self.estimates, self.worlds = [], 0
            return legal[0]
        return self.analyse(game)[0].action

    def analyse(self, game: Game) -> list[Estimate]:
        """The kept actions of the current decision with their estimates, the chosen one first
        (none once the game is over)."""
        seat = game.current_player()
        if seat is None:
            self.estimates, self.worlds = [], 0
            return []
        evaluation = evaluation_of(game)
        if self.fast or self.table:
            self._bind(game)
        self.policy.choose(game)
        priors = dict(self.policy.values)
        ranked = sorted(priors, key=lambda a: -priors[a])  # stable: ties keep the legal order
        kept = self._candidates(game, seat, ranked)
        trial = _Trial(self, game, seat, evaluation, kept)
        if self.halving and len(kept) > 1:
            chosen = self._halve(trial, kept)
        else:
            self._even(trial, kept)
            chosen = None
        order = {a: i for i, a in enumerate(ranked)}
        self.worlds = trial.worlds
        self.estimates = sorted(
            (Estimate(a, trial.mean(a) if trial.played(a) else priors[a], trial.played(a), priors[a]) for a in kept),
            key=lambda e: (e.action != chosen, -e.value, order[e.action]))
        return self.estimates

    def _even(self, trial: _Trial, kept: list[str]) -> None:
        """Every kept action in every world, until the budget is spent."""
        deadline = time.monotonic() + self.think
        while len(kept) > 1:
            trial.world(kept)
            if (trial.worlds >= self.iterations) if self.iterations is not None else time.monotonic() >= deadline:
                break

    def _halve(self, trial: _Trial, kept: list[str]) -> str:
        """Sequential Halving (Karnin et al. 2013; Danihelka et al. 2022 for few simulations):
        the budget split evenly over log2(k) rounds; each round plays the survivors in fresh
        worlds and keeps the better half by their means over every world so far.  The
        look-ahead's own choice (``kept[0]``) is played in every round, so that the last
        comparison is paired over every world: another action replaces it only when its mean
        advantage exceeds ``confidence`` standard errors (SPARTA's rule, Lerer et al. 2020),
        which keeps the search from trading a sound move for a lucky one."""
        default = kept[0]
        rounds = max(1, math.ceil(math.log2(len(kept))))
        survivors = list(kept)
        deadline = time.monotonic() + self.think
        for r in range(rounds):
            slice_end = time.monotonic() + (deadline - time.monotonic()) / (rounds - r)
            played = 0
            while True:
                trial.world(survivors)
                played += 1
                if (played >= self.iterations) if self.iterations is not None else time.monotonic() >= slice_end:
                    break
            ranked = sorted(survivors, key=lambda a: -trial.mean(a))  # stable: ties keep the prior order
            survivors = ranked[:max(1, (len(ranked) + 1) // 2)]
            if default not in survivors:
                survivors.append(default)
            if len(survivors) == 1:
                break
        best = max(survivors, key=trial.mean)
        return best if best != default and trial.significant(best, default, self.confidence) else default

    def _candidates(self, game: Game, seat: int, ranked: list[str]) -> list[str]:
        """The actions weighed: the look-ahead's ``keep`` best."""
        return ranked[:self.keep]

    def _leaf(self, node: Game, seat: int, evaluation: Evaluation[Any]) -> float:
        """What a play-out's end is worth to ``seat``: the game's static evaluation, or with
        ``win`` the chance of finishing first that it gives."""
        return win_chance(evaluation, node, seat) if self.win else evaluation.evaluate(node, seat)

    def _play_out(self, root: Game, node: Game, seat: int, evaluation: Evaluation[Any], planned: bool) -> None:
        """Let the look-ahead decide for every seat from ``node`` to the play-out's end: the end
        of ``seat``'s ``turns``-th turn after this one (the evaluation's ``turn`` counts the
        turns; without it, every change of the deciding seat is one), or the evaluation's
        horizon for a planned decision.  With ``fast`` or ``table``, the play-out policy decides
        from the second change of turn on: the look-ahead finishes the seat's turn and plays the
        first reply, where a move matters most to the action weighed."""
        def key(g: Game) -> object:
            return evaluation.turn(g) if evaluation.turn is not None else g.current_player()

        current = key(root)
        deciding = node.num_players - len(node.description.automated_seats)  # the seats whose turns are seen
        turns = 0
        for _ in range(MAX_STEPS):
            if node.is_over():
                return
            if planned:
                assert evaluation.horizon is not None
                if not evaluation.horizon(root, node):
                    return
            elif (k := key(node)) != current:
                current = k
                turns += 1  # the seat's next turn is the ``deciding``-th after its own
                if turns > deciding * self.turns:
                    return
            if self._playout is not None and turns >= 2:
                node.apply(self._playout.choose(node))
            else:
                node.apply((self.policy if node.current_player() == seat else self.rival_policy).choose(node))


class _Trial:
    """One decision's play-outs: each action's value in each world it was played in (worlds
    are numbered as sampled, and every action played in a round is played in the same ones)."""

    def __init__(self, bot: SearchBot, game: Game, seat: int, evaluation: Evaluation[Any], kept: list[str]) -> None:
        self.bot = bot
        self.game = game
        self.seat = seat
        self.evaluation = evaluation
        self.planned = evaluation.plan_at is not None and evaluation.horizon is not None and evaluation.plan_at(game)
        self.values: dict[str, dict[int, float]] = {a: {} for a in kept}
        self.worlds = 0

    def world(self, actions: list[str]) -> None:
        """Sample a fresh world and play every one of ``actions`` out in it."""
        sample = world(self.game, self.seat, self.bot.rng)
        for action in actions:
            node = sample.clone()
            node.apply(action)
            self.bot._play_out(sample, node, self.seat, self.evaluation, self.planned)
            self.values[action][self.worlds] = self.bot._leaf(node, self.seat, self.evaluation)
        self.worlds += 1

    def played(self, action: str) -> int:
        """In how many worlds ``action`` was played out."""
        return len(self.values[action])

    def mean(self, action: str) -> float:
        got = self.values[action]
        return sum(got.values(), 0.0) / len(got) if got else float("-inf")  # in world order, as v1 summed

    def significant(self, better: str, other: str, confidence: float) -> bool:
        """Whether ``better``'s mean advantage over ``other`` in the worlds both were played in
        exceeds ``confidence`` standard errors of it (with a single world, whether it is ahead)."""
        a, b = self.values[better], self.values[other]
        diffs = [a[w] - b[w] for w in a if w in b]
        if not diffs:
            return False
        mean = math.fsum(diffs) / len(diffs)
        if len(diffs) == 1:
            return mean > 0
        var = math.fsum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean > confidence * math.sqrt(var / len(diffs))


def hint_seed(game_seed: int, seat: int, asked: int) -> int:
    """The seed of the ``asked``-th hint (from 0) of ``seat`` in the game of ``game_seed``:
    a replay gives the same hints, and a secret game's hints are secret seeds of their own."""
    if is_secret_seed(game_seed):
        return derive_secret_seed(game_seed, b"hint", seat << 32 | asked)
    return derive_seed(derive_seed(bot_seed(game_seed, seat), 0x4817), asked)


def hint(game: Game, seed: int, think: float = HINT_THINK, iterations: int | None = None) -> list[Estimate]:
    """What the search finds for the seat deciding now, from that seat's information only:
    its best actions with their estimates (in the game's unit), the chosen one first; with the
    same seed and budget the first is the action the Hard level's search would play where it
    weighed the margin instead of the chance of winning."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return [Estimate(legal[0], 0.0, 0, 0.0)]
    return SearchBot(seed, think, iterations, **SECOND).analyse(game)
