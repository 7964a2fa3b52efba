"""How long a full `cardgen check-set` takes, at its defaults unless told otherwise.

    python benchmarks/check_set.py [--game briefcase|fmnyc|startup] [--set SET|FILE] [--games 500]
                                   [--effect-games 200] [--jobs 0] [--no-effects]

Runs the command in this process (its verdict is printed as usual) and then prints the seconds
of wall time, the CPU seconds of this process and its workers, and the games played: each
player count of the set, the reference set's (unless the set is the reference set itself) and
the effect runs (one base, one per company or card, and one going for each the bot never took).
Briefcase checks the Simple Game by default, Free Market: NYC the shipped Career cards, the
startup game its deck whole.
"""

from __future__ import annotations

import argparse
import json
import resource
import tempfile
import time
from pathlib import Path

import typer

from cardgen.commands.check_set import _check_set
from cardgen.paths import game_data_files

DEFAULT_SET = {"briefcase": "simple", "fmnyc": None, "startup": "startup"}   # fmnyc: its careers.yaml


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def games_played(data: dict) -> int:
    """Every game the check played, from its JSON."""
    total = 0
    for row in data["by_players"]:
        total += row["set"]["games"]
        if row["reference"] is not None and not data["reference_is_checked_set"]:
            total += row["reference"]["games"]
    if data["effects"]:
        items = data["effects"]["items"]
        going = sum(1 for it in items if it["going_for_it"])
        total += (len(items) + 1 + going) * data["effects"]["paired_games"]
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="briefcase", choices=sorted(DEFAULT_SET))
    ap.add_argument("--set", dest="set_ref", default=None)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--effect-games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=0)
    ap.add_argument("--no-effects", action="store_true")
    args = ap.parse_args()
    target = args.set_ref or DEFAULT_SET[args.game] or str(
        next(p for p in game_data_files(args.game) if p.name == "careers.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "check.json"
        wall, cpu = time.perf_counter(), cpu_seconds()
        try:
            _check_set(target, args.game, args.games, 1, args.jobs, True, "", not args.no_effects,
                       args.effect_games, out)
        except typer.Exit as exc:
            if exc.exit_code not in (0, None) and not out.exists():
                raise SystemExit(exc.exit_code) from None
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        data = json.loads(out.read_text())
    games = games_played(data)
    effects = "off" if args.no_effects else f"{args.effect_games} paired games"
    print(f"check-set {data['set']} ({args.game}), {', '.join(map(str, data['players']))} players, "
          f"{args.games} games each, effects {effects}, jobs {args.jobs or 'all cores'}: "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU, {games} games "
          f"({games / wall:.0f} games/s); verdict {data['verdict']} ({len(data['warnings'])} warnings)")


if __name__ == "__main__":
    main()
