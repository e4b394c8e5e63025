"""What one seat of The Queen's Necklace knows of the other hands: the cards it saw go into
them and has not seen leave, by their public names (QN-INFO-1/2).

A card bought from the market or taken from it by the Queen goes into a hand in everyone's
sight; one played, discarded, stolen back as a Musketeer or revealed at a sale leaves it in
everyone's sight.  A Confessor or a Forger shows its player a whole hand, and a Thief's
card is seen by the thief and the victim; a seat that sees neither learns that some card left
the victim's hand, and no longer knows which of those it had seen are still there.  The
Necklace is left out: its wearer is public (QN-NECKLACE-1) and :mod:`salon.necklace.resample`
keeps it where it is.

The knowledge is read from the events as ``seat`` saw them (:meth:`Event.view`) while the
game's history is replayed from its seed, so it holds nothing the seat was not shown; the
search's worlds keep these cards in their hands (:meth:`Necklace.determinize`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from salon.core.errors import ActionError
from salon.core.events import Event
from salon.necklace.kinds import ASTROLOGER, NECKLACE
from salon.necklace.pieces import DataSet

if TYPE_CHECKING:
    from salon.necklace.config import NecklaceConfig
    from salon.necklace.game import Necklace

Known = list[list[str]]
"""Per seat, the public names of the cards the viewer knows to be in that hand."""


def known_hands(game: Necklace, seat: int) -> tuple[tuple[str, ...], ...] | None:
    """The cards ``seat`` knows to be in each hand (its own left empty), or None where the
    game's history does not lead from its seed to its state (a game set up from a position,
    or a world with no history): what it knew before is not on record."""
    history = tuple(game.history)
    refused = _REFUSED.get((game.config, game.seed))
    if not history or (refused is not None and history[:len(refused)] == refused):
        return None
    return _known(game.config, game.seed, history, seat, game.state_hash())


_REFUSED: dict[tuple[NecklaceConfig, int], tuple[str, ...]] = {}
"""Per config and seed, a history whose last action the game from that seed refused: so does
it every history that begins with it.  A search's worlds are asked again at every decision of
their play-outs, and their histories go no further than a few actions from the seed."""


@lru_cache(maxsize=16)
def _known(config: NecklaceConfig, seed: int, history: tuple[str, ...], seat: int,
           state_hash: str) -> tuple[tuple[str, ...], ...] | None:
    """Cached: a search asks once a world, always of the position it decides in."""
    from salon.necklace.game import Necklace  # the game's module imports this one

    replay = Necklace.new(config, seed)
    ds = replay.data
    known: Known = [[] for _ in range(replay.num_players)]
    _learn(ds, known, seat, replay.setup_events())
    for i, action in enumerate(history):
        try:
            events = replay.apply(action)
        except ActionError:
            if len(_REFUSED) >= 4096:
                _REFUSED.clear()
            _REFUSED[config, seed] = history[:i + 1]
            return None
        _learn(ds, known, seat, events)
    if replay.state_hash() != state_hash:
        return None
    known[seat] = []
    return tuple(map(tuple, known))


def _learn(ds: DataSet, known: Known, seat: int, events: Iterable[Event]) -> None:
    for event in events:
        _seen(ds, known, seat, event.view(seat))


def _seen(ds: DataSet, known: Known, seat: int, e: dict[str, Any]) -> None:
    """One event as ``seat`` saw it: what it tells of a hand's cards."""
    kind: str = e["type"]
    q: int = e.get("seat", -1)
    if kind in ("bought", "queen"):
        if kind == "queen":
            _gone(known[q], e["queen"])
        _came(ds, known[q], ds.public_id[ds.card_index[e["card"]]])
    elif kind == "played":
        for name in e.get("cards", [e.get("card")]):
            _gone(known[q], name)
    elif kind in ("cardinal", "thief_caught", "forged", "forger_cancelled"):
        _gone(known[q], e["card"])
    elif kind == "alchemist":
        _gone(known[q], e["alchemist"])
    elif kind == "reveal":
        for p, shown in enumerate(e["presented"]):
            for name in [*shown["bankers"], *(c for column in shown["lots"].values() for c in column)]:
                _gone(known[p], name)
    elif kind == "stolen":
        if "card" in e:  # the thief saw what it took
            _gone(known[e["victim"]], ds.public_id[ds.card_index[e["card"]]])
        elif seat != e["victim"]:  # some card left the victim's hand, nobody told this seat which
            known[e["victim"]] = []
    elif kind == "robbed" and "card" in e:  # the victim saw what it lost
        _came(ds, known[e["thief"]], ds.public_id[ds.card_index[e["card"]]])
    elif kind == "hand_shown" and "cards" in e:
        known[e["target"]] = []
        for name in e["cards"]:
            _came(ds, known[e["target"]], name)


def _came(ds: DataSet, hand: list[str], name: str) -> None:
    card = ds.cards[ds.public_card[name]]
    if card.kind != ASTROLOGER and card.kind != NECKLACE:  # an Astrologer bought is discarded at once
        hand.append(name)


def _gone(hand: list[str], name: str) -> None:
    """A card of ``name`` left the hand: if the seat knew of one there, that one (copies are alike)."""
    if name in hand:
        hand.remove(name)
