"""Building Free Market: NYC states for rule tests: crates in hand, squares by what they are."""

from __future__ import annotations

from cardgen.games.fmnyc.engine.game import Game


def give_crates(game: Game, seat: int, crates: list[str]) -> None:
    """The seat's crates become these, through the pouch (so every crate stays counted)."""
    s = game.seats[seat]
    game.supply.pouch.extend(s.crates)
    s.crates = []
    for c in crates:
        game.supply.pouch.remove(c)
        s.crates.append(c)


def square(game: Game, what: str) -> int:
    """The index of the board square of ``what`` (a crate colour's shop, the pawn shop...)."""
    return next(q.index for q in game.table.squares if q.what == what)
