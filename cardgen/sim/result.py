"""What one simulated game reports, whatever the game.

A game's simulator (``cardgen.sim.driver.Simulator``) returns one ``GameResult`` per game; the
shared runner aggregates them. Everything here is plain data so that results cross process
boundaries and serialise to JSON unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameResult:
    seed: int                      # the seed this game was played with
    players: int
    seat_bots: list[str]           # bot name of each seat (seat 0 starts)
    turns: int                     # turns played in total (all players)
    rounds: int                    # complete rounds played
    stalled: bool                  # stopped by the safety cap: a defect signal
    end_condition: str | None      # which end condition triggered (None if stalled)
    scores: list[int]              # final score of each seat
    winners: list[int]             # seats sharing the win (ties are shared wins)
    # Per item (company, card...): {"bought": n, "activated": n, "owners": [seats]}; each game
    # fills what makes sense for it.
    items: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Game-specific counters (e.g. alliances formed); summed across games in the summary.
    counters: dict[str, int] = field(default_factory=dict)
    # Per seat, what the game counts of that player at the end, by name ("VP from companies",
    # "Buy cards"...): check-set's paired effects say where a change of win share comes from.
    seat_figures: list[dict[str, float]] = field(default_factory=list)

