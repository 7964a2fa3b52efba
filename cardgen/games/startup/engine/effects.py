"""Card-play effects: for each effect kind of the data, who it may target and how it resolves.

A card's behaviour is its effect kind plus parameters (``deck.yaml``); nothing here is written
per card name. Attacks pass through the reaction window (``reactions.py``) before resolving.

Legal targets are read from a ``Table``: the ``Game`` itself, or a seat's ``Observation`` (they
need only what the whole table sees), so that a bot looks ahead with these same rules.
Resolutions that ask a player (a pick, a discard down to the hand limit) are generators of
decisions; the others return None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardgen.games.startup.engine import ask
from cardgen.games.startup.engine.reactions import respond
from cardgen.games.startup.engine.state import Action, Window
from cardgen.games.startup.model import CardDef, Effect
from cardgen.problems import quoted

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game, Steps


class Table(Protocol):
    """What the legal-play rules read: a ``Game`` or an ``Observation``."""

    @property
    def players(self) -> Sequence[Any]: ...   # each with bank, markers, attachments, partner, hand_size
    @property
    def refused(self) -> Any: ...             # (kind, seat, x) of this turn's refusals

    def card(self, n: int) -> CardDef: ...
    def others(self, seat: int) -> Sequence[int]: ...
    def pending_skips(self, seat: int) -> list[int]: ...


Targets = Callable[[Table, int, int, Effect], list[Action]]
Resolve = Callable[["Game", int, Action, Effect], "Steps[None] | None"]

# ``Action("use", card, seat, target_card)`` without the named tuple's Python-level constructor
# (half the cost): a turn's legal plays are listed at every card play, and a bot looking ahead
# lists them again for each card it weighs.
_new = tuple.__new__


def _seats(game: Table, seat: int, who: str) -> Sequence[int]:
    if who == "ally":
        partner = game.players[seat].partner
        return () if partner is None else (partner,)
    return game.others(seat)


# --- legal targets: a card needs a legal target before it is played ---------------------------
def _banked_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    category = eff.get("category")
    return [_new(Action, ("use", card, s, c)) for s in _seats(game, seat, eff.get("target"))
            for c in game.players[s].bank if category is None or game.card(c).category == category]


def _hand_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    return [_new(Action, ("use", card, s, None)) for s in _seats(game, seat, eff.get("target"))
            if game.players[s].hand_size]


def _penalty_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    return [_new(Action, ("use", card, s, None)) for s in _seats(game, seat, eff.get("target"))]


def _skip_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    return [_new(Action, ("use", card, s, None)) for s in _seats(game, seat, eff.get("target"))
            if len(game.pending_skips(s)) < eff.get("max_pending")]


def _alliance_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    if game.players[seat].partner is not None:
        return []
    return [_new(Action, ("use", card, s, None)) for s in game.others(seat)
            if game.players[s].partner is None and ("alliance", seat, s) not in game.refused]


def _marker_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    whose = eff.get("whose")
    seats = ([seat] if "self" in whose else []) + (
        [game.players[seat].partner] if "partner" in whose and game.players[seat].partner is not None else [])
    return [_new(Action, ("use", card, s, m)) for s in seats for m in game.players[s].markers
            if game.card(m).id == eff.get("marker")]


def _attach_targets(game: Table, seat: int, card: int, eff: Effect) -> list[Action]:
    p = game.players[seat]
    return [_new(Action, ("use", card, seat, c)) for c in p.bank
            if game.card(c).category == eff.get("category") and c not in p.attachments]


TARGETS: dict[str, Targets] = {
    "take_banked": _banked_targets,
    "return_to_hand": _banked_targets,
    "take_from_hand": _hand_targets,
    "penalty_marker": _penalty_targets,
    "skip_turn_marker": _skip_targets,
    "form_alliance": _alliance_targets,
    "remove_marker": _marker_targets,
    "attach_protection": _attach_targets,
}


def targets(game: Table, seat: int, card: int) -> list[Action]:
    """Every legal use of a hand card's effect (none for a card without one)."""
    eff = game.card(card).effect
    find = TARGETS.get(eff.kind)
    return find(game, seat, card, eff) if find else []


# --- resolution ----------------------------------------------------------------------------------
def _place(game: Game, card: int) -> None:
    """The resolving card stays on the table (as a marker, attachment or banked card)."""
    game.table.resolving.remove(card)


def _take_banked(game: Game, seat: int, a: Action, eff: Effect) -> None:
    game.move_banked(a.target, seat, a.target_card)
    if eff.get("ends_alliance"):
        game.end_alliance(seat)
        game.counters["alliances_betrayed"] += 1


def _reverse_take_banked(game: Game, seat: int, a: Action, eff: Effect) -> Steps[None]:
    """Golden Handcuffs: the ditched ally takes a banked card of the attacker's instead."""
    attacker_bank = tuple(game.players[seat].bank)
    if attacker_bank:
        chosen = yield ask.choose(a.target, "reversal", "Take one of the attacker's banked cards",
                                  attacker_bank, game.defs)
        game.move_banked(seat, a.target, chosen)
    game.end_alliance(seat)
    game.counters["alliances_betrayed"] += 1
    game.counters["ditches_reversed"] += 1


def _return_to_hand(game: Game, seat: int, a: Action, eff: Effect) -> Steps[None]:
    attached = game.take_from_bank(a.target, a.target_card)
    if attached is not None:
        game.discard(attached)
    yield from game.to_hand(a.target, a.target_card)


def _take_from_hand(game: Game, seat: int, a: Action, eff: Effect) -> Steps[None]:
    if eff.get("gives_this_card"):
        _place(game, a.card)
        game.players[a.target].bank.append(a.card)
        game.counters["exchanges"] += 1
    hand = game.players[a.target].hand
    if eff.get("pick") == "random":
        picked = hand[game.rng.randrange(len(hand))]
    else:
        # The attacker looks at the hand: it is shown to that seat while it picks.
        shown = tuple(hand)
        game.shown = {seat: shown}
        picked = yield ask.choose(seat, "take_from_hand", "Take a card from the target's hand", shown,
                                  game.defs)
        game.shown = {}
    hand.remove(picked)
    yield from game.to_hand(seat, picked)


def _marker(game: Game, seat: int, a: Action, eff: Effect) -> None:
    _place(game, a.card)
    game.players[a.target].markers.append(a.card)


def _form_alliance(game: Game, seat: int, a: Action, eff: Effect) -> None:
    _place(game, a.card)
    game.form_alliance(seat, a.target, a.card)


def _remove_marker(game: Game, seat: int, a: Action, eff: Effect) -> None:
    game.players[a.target].markers.remove(a.target_card)
    game.discard(a.target_card)


def _attach(game: Game, seat: int, a: Action, eff: Effect) -> None:
    _place(game, a.card)
    game.players[seat].attachments[a.target_card] = a.card


RESOLVE: dict[str, Resolve] = {
    "take_banked": _take_banked,
    "return_to_hand": _return_to_hand,
    "take_from_hand": _take_from_hand,
    "penalty_marker": _marker,
    "skip_turn_marker": _marker,
    "form_alliance": _form_alliance,
    "remove_marker": _remove_marker,
    "attach_protection": _attach,
}
REVERSE: dict[str, Resolve] = {"take_banked": _reverse_take_banked}


def use(game: Game, seat: int, action: Action) -> Steps[int]:
    """Use a hand card's effect; returns the card plays spent (0 if an invitation is refused)."""
    if action not in targets(game, seat, action.card):
        raise ValueError(f"not a legal use of {game.card(action.card).name}: {quoted(action)}")
    eff = game.card(action.card).effect
    if eff.kind == "form_alliance":
        # The invitation is played face up, though the card leaves the hand only once accepted.
        game.inviter, game.shown = seat, {action.target: (action.card,)}
        accepted = yield ask.yes_no(action.target, "accept_alliance", "Accept the Strategic Alliance?")
        game.inviter, game.shown = None, {}
        if not accepted:
            game.refused.add(("alliance", seat, action.target))
            game.counters["invitations_refused"] += 1
            return 0
    game.players[seat].hand.remove(action.card)
    game.table.resolving.append(action.card)
    game.use(action.card, seat, as_reaction=False)
    answer = None
    if eff.is_attack:
        game.counters["attacks"] += 1
        game.attack = Window(seat, action.target, action.card, action)
        answer = yield from respond(game, game.attack)
    resolution = None
    if answer is None:
        resolution = RESOLVE[eff.kind](game, seat, action, eff)
    elif answer == "reverse":
        resolution = REVERSE[eff.kind](game, seat, action, eff)
    if resolution is not None:
        yield from resolution
    game.attack = None
    # A card being resolved is discarded only after its effect finishes, with its answers.
    while game.table.resolving:
        game.discard(game.table.resolving.pop(0))
    return 1
