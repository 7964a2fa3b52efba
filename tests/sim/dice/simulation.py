"""A tiny game for testing the shared simulation runner: every seat rolls dice; the highest
total wins, equal totals share the win; a game whose seed is divisible by 50 'stalls'."""

from __future__ import annotations

import random
from typing import Any

from cardgen.sim.result import GameResult


class DiceSimulator:
    game = "dice"
    bots = ("low", "high")

    def prepare(self, *, players: int, set_ref: str | None, bots: list[str],
                options: dict[str, Any]) -> dict[str, Any]:
        return {"players": players, "dice": 2}

    def play(self, config: dict[str, Any], seed: int, seat_bots: list[str],
             invariants: bool = False) -> GameResult:
        rng = random.Random(seed)
        n = config["players"]
        # "high" bots roll one extra die: a bot effect the summary must see.
        scores = [sum(rng.randint(1, 6) for _ in range(config["dice"] + (b == "high")))
                  for b in seat_bots]
        stalled = seed % 50 == 0
        best = max(scores)
        winners = [] if stalled else [s for s in range(n) if scores[s] == best]
        return GameResult(seed=seed, players=n, seat_bots=list(seat_bots), turns=rng.randint(10, 30),
                          rounds=rng.randint(3, 8), stalled=stalled,
                          end_condition=None if stalled else "dice", scores=scores, winners=winners,
                          items={"die": {"bought": 1, "owners": winners}}, counters={"rolls": n})


SIMULATOR = DiceSimulator()
