"""Speed, strength and robustness of the Briefcase simulator, single process.

    python benchmarks/briefcase_sim.py [--games 1000] [--profile]
        games per second on one core: 4 players, greedy bots, the Simple Game set (goal: 300/s,
        issue #12)
    python benchmarks/briefcase_sim.py --split [--games 1000]
        the same games' cost per decision, layer by layer, in microseconds of CPU: the rules
        (replaying the recorded choices: applying and checking them), the observations, and the
        bots (what is left of the full run); without a profiler's distortion of small calls, to
        say where the time of the games/s figure goes
    python benchmarks/briefcase_sim.py --duel [--games 400]
        the expert bot against the greedy one at 4 players on every official set and on random
        portfolios: one expert against three greedy (fair share 25%), and two against two
        (fair share 50%), seats rotated, with 95% confidence intervals
    python benchmarks/briefcase_sim.py --fuzz [--games 10000]
        random legal games with the invariants on at 2, 3 and 4 players; counts stalls
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from cardgen.games.briefcase.simulation import SIMULATOR
from cardgen.sim.driver import drive, policy_seed
from cardgen.sim.seeds import game_seed
from cardgen.sim.stats import wilson

SETS = ("simple", "faster", "complex", "light_interaction", "heavy_interaction", None)


def speed(games: int, profile: bool) -> None:
    config = SIMULATOR.prepare(players=4, set_ref="simple", bots=["greedy"] * 4, options={})
    SIMULATOR.play(config, 0, ["greedy"] * 4)               # warm the caches, as a run would
    profiler = cProfile.Profile() if profile else None
    turns = []
    started, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    for i in range(games):
        turns.append(SIMULATOR.play(config, game_seed(1, i), ["greedy"] * 4).turns)
    if profiler:
        profiler.disable()
    # CPU time is what one core spends whatever else the machine runs; wall time is shown too.
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"{games / cpu:.0f} games/s on one core (4 players, greedy bots, Simple Game; "
          f"{games} games in {cpu:.1f} s of CPU, {seconds:.1f} s wall: {games / seconds:.0f} games/s; "
          f"median {statistics.median(turns):.0f} turns, {sum(turns) / cpu:.0f} turns/s)"
          f"{' under the profiler' if profiler else ''}")
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def split(games: int) -> None:
    bots = ["greedy"] * 4
    config = SIMULATOR.prepare(players=4, set_ref="simple", bots=bots, options={})
    SIMULATOR.play(config, 0, bots)                        # warm the caches, as a run would
    seeds = [game_seed(1, i) for i in range(games)]
    recorded: list[list] = []

    class Recording:
        """A bot whose choices are kept as they are (a log would turn them into JSON's lists)."""

        def __init__(self, policy, choices: list) -> None:
            self.policy, self.choices = policy, choices

        def decide(self, observation, decision):
            choice = self.policy.decide(observation, decision)
            self.choices.append(choice)
            return choice

    def full() -> None:
        for seed in seeds:
            choices: list = []
            state = SIMULATOR.new_state(config, seed)
            drive(state, [Recording(SIMULATOR.policy(name, s, policy_seed(seed, s)), choices)
                          for s, name in enumerate(bots)])
            recorded.append(choices)

    def rules(observe: bool) -> None:
        for seed, choices in zip(seeds, recorded, strict=True):
            state = SIMULATOR.new_state(config, seed)
            for choice in choices:
                if observe:
                    state.observation(state.decision().seat)
                state.apply(choice)

    def cpu(run, *args) -> float:
        started = time.process_time()
        run(*args)
        return time.process_time() - started

    whole = cpu(full)
    decisions = sum(len(c) for c in recorded)
    applied, observed = cpu(rules, False), cpu(rules, True)
    per = 1e6 / decisions
    print(f"{games} games, {decisions / games:.0f} decisions a game, {whole * per:.1f} us a decision "
          f"({games / whole:.0f} games/s): rules {applied * per:.1f} us (applying the choices, setup "
          f"included, each checked in full as a replay does), observations "
          f"{(observed - applied) * per:.1f} us, bots {(whole - observed) * per:.1f} us (what is left; "
          f"a live game skips re-checking the plans its planners issued, so this is low by that)")


def _share(credit: float, n: int) -> str:
    lo, hi = wilson(credit, n)
    return f"{100 * credit / n:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"


def duel(games: int) -> None:
    print(f"expert against greedy, 4 players, {games} games per line, seats rotated")
    for set_ref in SETS:
        config = SIMULATOR.prepare(players=4, set_ref=set_ref, bots=["greedy"] * 4, options={})
        lone = pair = 0.0
        for i in range(games):
            seed = game_seed(7, i)
            seat = i % 4
            bots = ["greedy"] * 4
            bots[seat] = "expert"
            r = SIMULATOR.play(config, seed, bots)
            lone += (seat in r.winners) / len(r.winners) if r.winners else 0
            experts = (0, 2) if i % 2 == 0 else (1, 3)
            bots = ["expert" if s in experts else "greedy" for s in range(4)]
            r = SIMULATOR.play(config, seed, bots)
            pair += sum(1 for w in r.winners if w in experts) / len(r.winners) if r.winners else 0
        print(f"  {set_ref or 'random':18s} 1 expert v 3 greedy: expert wins {_share(lone, games)};"
              f"  2 v 2: experts win {_share(pair, games)}")


def fuzz(games: int) -> None:
    for players in (2, 3, 4):
        config = SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players, options={})
        stalls = 0
        started = time.perf_counter()
        for i in range(games):
            stalls += SIMULATOR.play(config, game_seed(11, i), ["random"] * players, invariants=True).stalled
        print(f"{players} players: {games} random games with invariants, {stalls} stalled "
              f"({time.perf_counter() - started:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int)
    parser.add_argument("--profile", action="store_true", help="profile the speed run with cProfile")
    parser.add_argument("--duel", action="store_true", help="expert against greedy win rates")
    parser.add_argument("--fuzz", action="store_true", help="random games with invariants")
    parser.add_argument("--split", action="store_true", help="cost per decision of rules, observations, bots")
    args = parser.parse_args()
    if args.duel:
        duel(args.games or 400)
    elif args.fuzz:
        fuzz(args.games or 10000)
    elif args.split:
        split(args.games or 1000)
    else:
        speed(args.games or 1000, args.profile)


if __name__ == "__main__":
    main()
