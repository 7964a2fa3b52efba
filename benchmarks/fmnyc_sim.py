"""Speed and game length of the Free Market: NYC simulator, single process (one core).

Prints games per second, the median game length in decisions and the stalled games at 2 to 5
players for the random and the heuristic bot; the 4-player heuristic row is the figure to
watch. Usage: python benchmarks/fmnyc_sim.py [GAMES] [SEED]

Goal: 4-player heuristic games at 30 a second or more on one core, so that 10,000 games (the
issue's acceptance run) take under 6 minutes on one core. A 4-player game asks about 335
decisions, so the goal is 0.1 ms a decision, engine, observation and bot together. Measured at
the first version: 57 games/s (0.05 ms a decision); the profile (python -m cProfile) puts 40% of
the time in building each decision's observation, the next thing to make cheaper (a seat's view
rebuilt only when it changed, as the startup engine does), and the heuristic's worth of a
delivery was the cost before it looked only at the squares that buy its crates (17 games/s).
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardgen.games.fmnyc.simulation import SIMULATOR
from cardgen.sim.seeds import game_seed

GOAL = 30     # 4-player heuristic games a second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=200, help="games per row (default 200)")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the run's seed (default 1)")
    args = parser.parse_args()
    games, seed = args.games, args.seed
    print(f"fmnyc simulator: {games} games per row, run seed {seed}, one process")
    print(f"{'bots':<10} {'players':>7} {'games/s':>8} {'decisions p50':>14} {'stalled':>8}")
    for bot in SIMULATOR.bots:
        for players in (2, 3, 4, 5):
            seats = [bot] * players
            config = SIMULATOR.prepare(players=players, set_ref=None, bots=seats, options={})
            start = time.perf_counter()
            results = [SIMULATOR.play(config, game_seed(seed, i), seats) for i in range(games)]
            rate = games / (time.perf_counter() - start)
            done = [r for r in results if not r.stalled]
            length = statistics.median(r.turns for r in done) if done else 0
            mark = f"  (goal {GOAL})" if bot == "heuristic" and players == 4 else ""
            print(f"{bot:<10} {players:>7} {rate:>8.0f} {length:>14g} {len(results) - len(done):>8}{mark}")


if __name__ == "__main__":
    main()
