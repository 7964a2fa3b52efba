"""Rule invariants, checked after every decision when a game runs with ``invariants=True``:
every coin and piece of the box is in exactly one place (none made, none lost), and every
capacity holds (guards and truck loads, stage outlines, award circles, one truck and one
partnership per square, the meters' ends)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardgen.games.fmnyc.engine.scoring import placed_pieces

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game


class InvariantError(AssertionError):
    """A rule invariant broke: a defect in the engine, never a game outcome."""


def _fail(why: str) -> None:
    raise InvariantError(why)


def coloured_pieces(game: Game, seat: int) -> Counter[str]:
    """Where ``seat``'s coloured pieces are, supply included."""
    s = game.seats[seat]
    out = Counter(game.supply.colour[seat])
    out["manager"] += s.managers
    for item in ("worker", "truck", "disc"):
        out[item] += s.held[item]
    out.update(placed_pieces(game, seat))
    out["disc"] += sum(1 for seats in game.board.nominees.values() for x in seats if x == seat)
    return out


def check_invariants(game: Game) -> None:
    table, board, supply = game.table, game.board, game.supply
    coins = supply.coins + game.tower.coins + sum(s.coins for s in game.seats)
    if coins != table.coins:
        _fail(f"coins: {coins} in play, the box holds {table.coins}")
    crates = Counter(supply.pouch) + Counter(game.tower.crates)
    for box in board.containers:
        crates.update(box)
        if len(box) > 2:
            _fail(f"a container holds {len(box)} crates")
    for s in game.seats:
        crates.update(s.crates)
    if crates != Counter(table.crate_count):
        _fail(f"crates: {dict(crates)} against {dict(table.crate_count)}")
    strikes = supply.shared["strike"] + sum(s.held["strike"] for s in game.seats) + sum(board.strike)
    if strikes != table.shared["strike"]:
        _fail(f"strikes: {strikes} of {table.shared['strike']}")
    orders = supply.shared["purchase_order"] + sum(s.held["purchase_order"] for s in game.seats)
    if orders != table.shared["purchase_order"]:
        _fail(f"purchase orders: {orders} of {table.shared['purchase_order']}")
    most = int(table.rules["guarding"]["max_per_place"])
    parked: set[int] = set()
    for s in game.seats:
        pieces = coloured_pieces(game, s.seat)
        for item, n in table.per_colour.items():
            if pieces[item] != n:
                _fail(f"seat {s.seat + 1}: {pieces[item]} {item} pieces of its colour, the box has {n}")
        if s.coins < 0 or min(s.held.values(), default=0) < 0 or min(supply.colour[s.seat].values()) < 0:
            _fail(f"seat {s.seat + 1}: a negative count")
        for t in s.trucks:
            if t.square in parked:
                _fail(f"two trucks on square {t.square}")
            parked.add(t.square)
            if not 0 <= t.workers <= most:
                _fail(f"seat {s.seat + 1}: {t.workers} workers on a truck")
        if any(debt[1] <= 0 for debt in s.debts) or (s.debts and s.coins):
            _fail(f"seat {s.seat + 1}: a debt left unpaid with coins in hand")
    for q, p in enumerate(board.partner):
        if not 0 <= board.guards[q] <= most or (p is None and board.guards[q]):
            _fail(f"square {q}: {board.guards[q]} guards")
    for slot, p in enumerate(board.roadblock):
        if not 0 <= board.rb_guards[slot] <= most or (p is None and board.rb_guards[slot]):
            _fail(f"roadblock {slot}: {board.rb_guards[slot]} guards")
    for number, seats in board.managers_on.items():
        if len(seats) > table.capacity[number] + game.extra_managers.get(number, 0):
            _fail(f"stage {number}: {len(seats)} managers, capacity {table.capacity[number]}")
        if number in table.all_stage and len(set(seats)) != len(seats):
            _fail(f"stage {number}: a seat has two managers on a stage open to all")
    for award, seats in board.nominees.items():
        if len(seats) > table.award_places[award] or len(set(seats)) != len(seats):
            _fail(f"award {award}: nominees {seats}")
    if game.career_mode:
        held = game.career_box + [c for hand in game.drafting for c in hand] \
            + [c for s in game.seats for c in s.careers]
        if sorted(held) != sorted(game.career_cards):
            _fail(f"Career cards: {len(held)} held, {len(set(held))} different, of {len(game.career_cards)}")
    low, high = table.demand_range
    if any(not low <= v <= high for v in game.demand.values()):
        _fail(f"a Market Demand Chip off its meter: {game.demand}")
    if supply.coins < 0 or min(supply.shared.values()) < 0:
        _fail("the supply holds a negative count")
