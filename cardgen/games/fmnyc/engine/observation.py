"""What one seat may see: the whole board (Action Zone, meters, containers, panels, the stage
track), every seat's public counts, and behind its own screen the types of its crates.

Hidden from it: the types of the other seats' crates (hidden crates and everything behind
their screens), the pouch's and the tower's contents (only how many). Counts of coins and
pieces behind a screen are given: every one of them changes hands openly at the table, so a
player who keeps count knows them (engine reading). An ``Observation`` is immutable plain data
with no way back to the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardgen.games.fmnyc.engine.table import Table

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

HELD = ("worker", "truck", "purchase_order", "strike", "disc")


class SeatView(NamedTuple):
    seat: int
    coins: int
    crates: int                          # how many (their types are hidden)
    held: tuple[int, ...]                # behind the screen, in the order of HELD
    managers: int
    owes: int
    stocks: tuple[str, ...]
    trucks: tuple[tuple[int, int], ...]  # parked: (square, workers)


class Observation(NamedTuple):
    seat: int
    round: int
    rounds: int
    stage: int
    first: int
    crates: tuple[str, ...]              # this seat's own crates, by type
    shown: tuple[str, ...]               # crates the pending decision shows it (drawn ones)
    demand: tuple[int, ...]              # per crate type, in the table's order
    containers: tuple[tuple[str, ...], ...]
    partner: tuple[int | None, ...]
    guards: tuple[int, ...]
    strike: tuple[bool, ...]
    roadblock: tuple[int | None, ...]
    rb_guards: tuple[int, ...]
    politicians: tuple[tuple[str, int, bool], ...]
    nominees: tuple[tuple[str, tuple[int, ...]], ...]
    managers_on: tuple[tuple[int, tuple[int, ...]], ...]
    seats: tuple[SeatView, ...]
    pouch: int
    tower_coins: int
    tower_crates: int
    supply_coins: int
    stocks: tuple[str, ...]
    focus: tuple                         # what the decision is about (see ``Game.focus``)
    careers: tuple[str, ...]             # this seat's Career cards (others' are not shown)
    career_used: tuple[tuple[str, int], ...]
    drafting: tuple[str, ...]            # this seat's hand during the Career draft
    table: Table                         # the static board, prices and rules

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, round={self.round}, stage={self.stage})"

    @property
    def me(self) -> SeatView:
        return self.seats[self.seat]

    def price(self, crate: str, square: int) -> int:
        return self.table.price(crate, self.demand[self.table.crates.index(crate)], square)


def observe(game: Game, seat: int) -> Observation:
    b, me = game.board, game.seats[seat]
    seats = tuple(
        SeatView(s.seat, s.coins, len(s.crates), tuple(s.held[k] for k in HELD), s.managers, s.owes(),
                 tuple(s.stocks), tuple((t.square, t.workers) for t in s.trucks))
        for s in game.seats)
    return Observation(
        seat, game.round, game.rounds, game.stage, game.first, tuple(sorted(game.seats[seat].crates)),
        game.shown.get(seat, ()), tuple(game.demand[c] for c in game.table.crates),
        tuple(tuple(box) for box in b.containers), tuple(b.partner), tuple(b.guards), tuple(b.strike),
        tuple(b.roadblock), tuple(b.rb_guards),
        tuple((p, v[0], v[1]) for p, v in sorted(b.politician.items())),
        tuple((a, tuple(v)) for a, v in b.nominees.items()),
        tuple((n, tuple(v)) for n, v in sorted(b.managers_on.items())),
        seats, len(game.supply.pouch), game.tower.coins, len(game.tower.crates), game.supply.coins,
        tuple(game.supply.stocks), game.focus, tuple(me.careers), tuple(sorted(me.career_used.items())),
        tuple(sorted(game.drafting[seat])) if game.drafting else (), game.table)
