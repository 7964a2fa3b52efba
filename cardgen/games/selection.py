"""What every game's ``select(players, set_ref)`` checks, in one place: the player count the
game is for, and a --set for a game that has no sets."""

from __future__ import annotations

from typing import Protocol


class SelectionError(ValueError):
    """A --players or --set value that names no part of the game."""


class Bounded(Protocol):
    name: str
    min_players: int
    max_players: int


def check_players(game: Bounded, players: int | None) -> None:
    """SelectionError unless the game is played by ``players`` players (None: the full box)."""
    if players is not None and not game.min_players <= players <= game.max_players:
        raise SelectionError(f"'{game.name}' is for {game.min_players} to {game.max_players} players, "
                             f"not {players}")


def refuse_sets(game: Bounded, set_ref: str | None) -> None:
    """SelectionError when a --set is given to a game that has no card sets."""
    if set_ref:
        # --set simple in a workspace whose game is startup (its game setting): whose set it
        # names is said too, so the fix is in the line
        from cardgen.games import whose_set

        whose = whose_set(set_ref)
        of = f" ({whose})" if whose else ""
        raise SelectionError(f"'{game.name}' has no card sets; leave out --set{of}")
