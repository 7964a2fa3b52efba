"""How long `cardgen tune` takes: one search over a Briefcase set's authored costs and VP.

    python benchmarks/tune.py [--set simple] [--players 2,3,4] [--games 200] [--budget 30000] [--jobs 0]

Prints the games played, the seconds, games per second, candidates tried and kept, and the
verdict before and after (the same search as the command; nothing is written).
"""

from __future__ import annotations

import argparse

from cardgen.games import game_simulator
from cardgen.games.briefcase.tuning import SIMULATOR, subject
from cardgen.sim.runner import default_jobs, local_executor
from cardgen.sim.tune import Settings, Tuner


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default="simple")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=int, default=30000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=0)
    args = ap.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    workers = args.jobs or default_jobs()
    settings = Settings(SIMULATOR, game_simulator("briefcase").strongest, counts, args.games, args.seed,
                        args.budget, workers)
    with local_executor(workers) as executor:
        outcome = Tuner(subject(args.set, counts), settings, executor).tune()
    print(f"tune {args.set}, {args.players} players, {args.games} games a run, budget {args.budget}, "
          f"{workers} process(es): {outcome.games} games in {outcome.seconds:.1f} s "
          f"({outcome.games / outcome.seconds:.0f} games/s), {outcome.trials} candidates tried, "
          f"{len(outcome.changes)} values changed; verdict {outcome.before_verdict.word} "
          f"({len(outcome.before_verdict.warnings)} warnings) before, {outcome.after_verdict.word} "
          f"({len(outcome.after_verdict.warnings)}) after")


if __name__ == "__main__":
    main()
