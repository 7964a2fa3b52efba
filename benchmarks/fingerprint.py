"""A fingerprint of simulated results, for changes meant to make the engines faster and nothing else.

    python benchmarks/fingerprint.py [--games 60]

Plays the same games as before a change and prints one hash per line-up (winners, turns and
scores of every game, in order): a speed-up that leaves every hash as it was changed no game.
Run it before and after; any hash that moved names the line-up to look at.
"""

from __future__ import annotations

import argparse
import hashlib

from cardgen.games.briefcase.simulation import SIMULATOR as BRIEFCASE
from cardgen.games.startup.simulation import SIMULATOR as STARTUP
from cardgen.sim.seeds import game_seed, seat_bots

LINEUPS = (
    (BRIEFCASE, "simple", ["greedy"] * 4),
    (BRIEFCASE, "simple", ["expert", "greedy", "random", "expert"]),
    (BRIEFCASE, "heavy_interaction", ["expert"] * 3),
    (BRIEFCASE, "complex", ["expert", "greedy"]),
    (STARTUP, None, ["heuristic"] * 4),
    (STARTUP, None, ["heuristic", "random", "heuristic"]),
)


def fingerprint(simulator, set_ref: str | None, bots: list[str], games: int) -> str:
    config = simulator.prepare(players=len(bots), set_ref=set_ref, bots=bots, options={})
    digest = hashlib.blake2b(digest_size=8)
    for i in range(games):
        r = simulator.play(config, game_seed(1, i), seat_bots(bots, i))
        digest.update(repr((sorted(r.winners), r.turns, r.scores)).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    for simulator, set_ref, bots in LINEUPS:
        print(f"{fingerprint(simulator, set_ref, bots, args.games)}  {simulator.game} "
              f"{set_ref or '-'} {','.join(bots)}")


if __name__ == "__main__":
    main()
