"""Market Demand, prices and the Container Site (stage 1, Market Demand, politicians)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.fmnyc.engine.items import draw_crates

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game


def move_demand(game: Game, crate: str, delta: int) -> None:
    """Move a Market Demand Chip; it stops at the meter's ends (ruling demand-meter-ends)."""
    low, high = game.table.demand_range
    game.demand[crate] = max(low, min(high, game.demand[crate] + delta))


def roll_demand(game: Game) -> None:
    """Stage 1 B: roll the Market Demand Die once for each meter."""
    die = game.table.die
    for crate in game.table.crates:
        move_demand(game, crate, die[game.rng.randrange(len(die))])


def price(game: Game, crate: str, square: int) -> int:
    """What one crate sells for on a square now (the cube shows it: prices follow the meters,
    so ``update_prices`` has nothing left to do)."""
    return game.table.price(crate, game.demand[crate], square)


def fill_containers(game: Game, crates: int) -> None:
    """Stage 1 C: top every usable container up to ``crates`` from the pouch; the crates are
    placed face up (ruling container-crates-visible)."""
    for box in game.board.containers:
        if len(box) < crates:
            box.extend(draw_crates(game, crates - len(box)))


def demand_steps(game: Game, crate: str, notches: tuple[int, int], direction: str) -> list[int]:
    """The moves of a meter allowed by an adjust: ``notches`` [least, most] up, down or either,
    each one that changes the chip (a move past the end is no move)."""
    low, high = game.table.demand_range
    now = game.demand[crate]
    signs = (1,) if direction == "up" else (-1,) if direction == "down" else (-1, 1)
    out = []
    for sign in signs:
        for k in range(notches[0], notches[1] + 1):
            if low <= now + sign * k <= high:
                out.append(sign * k)
    return sorted(out)
