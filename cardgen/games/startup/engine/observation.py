"""What one seat may see: its own hand, its Startup, the public table, the size of every hidden
pile, and whatever the pending decision shows it (the open trade it is part of, the hand a
Founder Scandal lets it look at).

An ``Observation`` is a snapshot of plain immutable data (tuples, named tuples, a read-only copy
of a mapping) with no way back to the ``Game``: a bot given one cannot reach another hand or
the order of the draw pile. It reads like the game where the two share a meaning
(``players[s].bank``, ``hand_size``, ``others``, ``card``, ``valuation``, ``refused``), so the
legal-play rules in ``effects.py`` answer from either, and a bot looks ahead with the engine's
own rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from cardgen.games.startup.engine.state import Offer, Window, valuation_of
from cardgen.games.startup.model import CardDef, Rules, StartupGame

NO_ATTACHMENTS: Mapping[int, int] = MappingProxyType({})


class SeatView(NamedTuple):
    """One seat as the whole table sees it."""

    seat: int
    startup: str | None              # the type of its chosen Startup, face up
    bank: tuple[int, ...]
    markers: tuple[int, ...]
    attachments: Mapping[int, int]   # banked Employee -> the card under it (a read-only copy)
    partner: int | None
    hand_size: int


class Observation(NamedTuple):
    seat: int
    hand: tuple[int, ...]            # this seat's own hand
    players: tuple[SeatView, ...]
    current: int | None              # whose turn it is
    turns: int                       # turns begun so far
    draw_pile: int                   # cards in the draw pile (face down: only the count)
    discard: tuple[int, ...]         # the discard pile, face up
    resolving: tuple[int, ...]       # cards played and still resolving, face up
    alliances: tuple[tuple[int, int, int], ...]   # (seat, seat, its Strategic Alliance card)
    refused: frozenset[tuple]        # this turn's refused invitations, and its own side's trades
    attack: Window | None            # the attack being resolved, if any
    offer: Offer | None              # the trade this seat is part of, while it is open
    inviter: int | None              # who invites this seat into an alliance, while it decides
    revealed: tuple[int, ...]        # cards of another hand shown to this seat by the decision
    model: StartupGame               # the game's data (static)
    rules: Rules                     # model.rules (static; a field, as bots read it very often)
    defs: tuple[CardDef, ...]        # what each draw-pile instance number is (static)

    def __repr__(self) -> str:
        # The static data (the model, every card's definition) would drown what the seat sees.
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True)
                          if name not in ("model", "rules", "defs"))
        return f"Observation({shown})"

    @property
    def n(self) -> int:
        return len(self.players)

    def card(self, n: int) -> CardDef:
        return self.defs[n]

    def others(self, seat: int) -> tuple[int, ...]:
        n = len(self.players)
        return tuple((seat + i) % n for i in range(1, n))

    def valuation(self, seat: int) -> int:
        p = self.players[seat]
        return valuation_of(self.rules, self.defs, p.startup is not None, p.bank, p.markers)

    def pending_skips(self, seat: int) -> list[int]:
        defs = self.defs
        return [m for m in self.players[seat].markers if defs[m].effect.kind == "skip_turn_marker"]
