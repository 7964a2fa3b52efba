"""Speed and game length of the startup card game's simulator, single process.

Prints games per second and the median game length (turns, rounds) at 3, 4 and 5 players for
the random and the heuristic bot. Usage: python benchmarks/startup_sim.py [GAMES] [SEED]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardgen.games.startup.simulation import SIMULATOR
from cardgen.sim.seeds import game_seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=300, help="games per row (default 300)")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the run's seed (default 1)")
    args = parser.parse_args()
    games, seed = args.games, args.seed
    print(f"startup simulator: {games} games per row, run seed {seed}")
    print(f"{'bots':<10} {'players':>7} {'games/s':>8} {'turns p50':>10} {'rounds p50':>11} "
          f"{'stalled':>8}")
    for bot in SIMULATOR.bots:
        for players in (3, 4, 5):
            seats = [bot] * players
            config = SIMULATOR.prepare(players=players, set_ref=None, bots=seats, options={})
            start = time.perf_counter()
            results = [SIMULATOR.play(config, game_seed(seed, i), seats) for i in range(games)]
            elapsed = time.perf_counter() - start
            done = [r for r in results if not r.stalled]
            turns = statistics.median(r.turns for r in done) if done else 0
            rounds = statistics.median(r.rounds for r in done) if done else 0
            print(f"{bot:<10} {players:>7} {games / elapsed:>8.0f} {turns:>10g} {rounds:>11g} "
                  f"{len(results) - len(done):>8}")


if __name__ == "__main__":
    main()
