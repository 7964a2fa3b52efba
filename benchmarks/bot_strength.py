"""Bot strength table: each Briefcase bot against each, which check-set's verdicts rely on.

    python benchmarks/bot_strength.py [--games 1000] [--set simple] [--players 4] [--jobs 0]

One seat plays the row's bot and the others the column's, seats rotated one per game (every bot
sits in every seat equally often); a cell is the row bot's win share (ties shared) with its 95%
interval, mean ± 1.96·sd/√n. Fair share is 1/players: above it the row bot is the stronger.
check-set plays its verdicts with the strongest bot (the simulator's ``strongest``).
"""

from __future__ import annotations

import argparse
import math

from cardgen.games.briefcase.simulation import SIMULATOR
from cardgen.sim.effects import Z95, focal_credits
from cardgen.sim.runner import RunSpec, default_jobs, local_executor

REF = "cardgen.games.briefcase.simulation:SIMULATOR"


def share(credits: list[float]) -> tuple[float, float]:
    n = len(credits)
    mean = sum(credits) / n
    sd = math.sqrt(sum((c - mean) ** 2 for c in credits) / (n - 1))
    return mean, Z95 * sd / math.sqrt(n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--set", default="simple")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=0)
    args = ap.parse_args()
    bots = list(SIMULATOR.bots)
    n = args.players
    workers = args.jobs or default_jobs()
    cells: dict[tuple[str, str], str] = {}
    with local_executor(workers) as executor:
        for row in bots:
            for col in bots:
                seats = [row] + [col] * (n - 1)
                config = SIMULATOR.prepare(players=n, set_ref=args.set, bots=seats, options={})
                spec = RunSpec(REF, config, args.games, args.seed, seats)
                mean, half = share(focal_credits(spec, executor, workers))
                cells[row, col] = f"{100 * mean:.1f}% ± {100 * half:.1f}"
    print(f"Win share of 1 row bot against {n - 1} column bots, {args.set} set, {n} players, "
          f"{args.games} games per cell, seats rotated, seed {args.seed} (fair share "
          f"{100 / n:.0f}%; 95% intervals)\n")
    print("| 1 bot \\ vs others | " + " | ".join(bots) + " |")
    print("|---|" + "---|" * len(bots))
    for row in bots:
        print(f"| {row} | " + " | ".join(cells[row, col] for col in bots) + " |")


if __name__ == "__main__":
    main()
