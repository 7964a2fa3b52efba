"""``cardgen simulate``: play many games with bots and summarise them."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from cardgen.commands import fail
from cardgen.output import OutputError, write_atomic
from cardgen.problems import DataError
from cardgen.sim.runner import RunSpec


@dataclass(frozen=True)
class Plan:
    """A simulation whose input has been checked and whose data is loaded: nothing left to
    fail but the games themselves."""

    game: str
    set_ref: str | None
    options: dict[str, Any]
    spec: RunSpec


def plan_run(game: str, players: int, games: int, seed: int, set_ref: str | None,
             bots: list[str] | None, invariants: bool, options: dict[str, Any]) -> Plan:
    """Check the input and prepare the game's config; raises typer.Exit on bad input."""
    from cardgen.games import game_simulator, registered_games, simulator_ref

    if game not in registered_games():
        raise fail(f"unknown game '{game}'; known games: {', '.join(registered_games())}", 2)
    try:
        simulator = game_simulator(game)
    except LookupError:
        raise fail(f"{game} has no simulator yet", 2) from None
    seats = bots or [simulator.bots[1] if len(simulator.bots) > 1 else simulator.bots[0]] * players
    if len(seats) == 1:
        seats = seats * players
    if len(seats) != players:
        raise fail(f"--bots names {len(seats)} bots for {players} players", 2)
    unknown = [b for b in seats if b not in simulator.bots]
    if unknown:
        raise fail(f"unknown bot '{unknown[0]}'; {game} bots: {', '.join(simulator.bots)}", 2)
    if games < 1:
        raise fail("--games must be at least 1", 2)
    try:
        config = simulator.prepare(players=players, set_ref=set_ref, bots=seats, options=options)
    except DataError as exc:
        for p in exc.problems:
            typer.echo(p.format(), err=True)
        raise typer.Exit(1) from None
    except ValueError as exc:
        raise fail(str(exc)) from None
    return Plan(game, set_ref, options, RunSpec(simulator_ref(game), config, games, seed, seats, invariants))


def play_run(plan: Plan, jobs: int, scheduler: str | None, progress: bool = True) -> dict[str, Any]:
    """Play a planned simulation and summarise it; raises typer.Exit if the workers fail."""
    from cardgen.sim.runner import dask_executor, default_jobs, local_executor, run
    from cardgen.sim.stats import distribution, summarise

    spec = plan.spec
    players = len(spec.bots)
    workers = jobs if jobs > 0 else default_jobs()
    tracker = _Progress(players, spec.games) if progress else None
    try:
        context = dask_executor(scheduler) if scheduler else local_executor(workers)
        with context as executor, (tracker or _Null()):
            results = run(spec, executor, workers, tracker.update if tracker else None)
    except RuntimeError as exc:
        raise fail(str(exc), 1) from None
    extra: dict[str, Any] = {"set": plan.set_ref}
    seconds = plan.options.get("seconds_per_turn")
    if seconds:
        extra["seconds_per_turn"] = seconds
        extra["play_minutes"] = distribution([r.turns * seconds / 60 for r in results if not r.stalled])
    return summarise(plan.game, players, spec.seed, spec.bots, results, extra)


def simulate_run(game: str, players: int, games: int, seed: int, set_ref: str | None,
                 bots: list[str] | None, jobs: int, scheduler: str | None, invariants: bool,
                 options: dict[str, Any], progress: bool = True) -> dict[str, Any]:
    """Check, prepare, play and summarise one simulation; raises typer.Exit on bad input."""
    plan = plan_run(game, players, games, seed, set_ref, bots, invariants, options)
    return play_run(plan, jobs, scheduler, progress)


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class _Progress:
    """A progress bar that shows the running win share of each seat as games finish."""

    def __init__(self, players: int, games: int):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.players = players
        self.credit = [0.0] * players
        self.done = 0
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeRemainingColumn(), TextColumn("{task.fields[wins]}"),
                                 console=Console(stderr=True), transient=False)
        self.task = self.progress.add_task("games", total=games, wins="")

    def __enter__(self) -> _Progress:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(*exc)

    def update(self, part: list) -> None:
        from cardgen.sim.stats import win_credit

        for _, result in part:
            self.done += 1
            if not result.stalled:
                for seat, c in win_credit(result).items():
                    self.credit[seat] += c
        shares = " ".join(f"{s + 1}:{100 * c / self.done:.0f}%" for s, c in enumerate(self.credit))
        self.progress.update(self.task, advance=len(part), wins=f"wins by seat {shares}")


def register(app: typer.Typer) -> None:
    @app.command()
    def simulate(
        game: str = typer.Argument("briefcase", help="Game id (a folder under cards/)."),
        players: int = typer.Option(4, "--players", "-p", help="Number of players."),
        games: int = typer.Option(1000, "--games", "-n", help="Games to play."),
        seed: int = typer.Option(1, "--seed", help="Run seed; the same seed gives the same games."),
        set_ref: str = typer.Option(None, "--set", help="Company set: an official set id or name, "
                                    "or a custom set file (default: random, as the randomizers)."),
        bots: str = typer.Option(None, "--bots", help="Bots by seat, comma-separated (one name for "
                                 "all seats). Seats rotate every game so seat effects are measured."),
        jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Processes (default: all cores)."),
        json_out: Path = typer.Option(None, "--json", help="Write the summary as JSON to this file."),
        plot: Path = typer.Option(None, "--plot", help="Write PNG charts to this folder."),
        scheduler: str = typer.Option(None, "--scheduler", help="Dask scheduler address "
                                      "(tcp://HOST:PORT) to run on a cluster; needs cardgen[dask]."),
        invariants: bool = typer.Option(False, "--invariants", help="Check rule invariants "
                                        "during play (slower; for testing rules)."),
        seconds_per_turn: float = typer.Option(None, "--seconds-per-turn", help="Estimate play "
                                               "time from this many seconds per turn."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    ) -> None:
        """Play many games with bots and summarise them.

        The summary gives game length, end conditions, win shares by seat and by bot (with 95%
        confidence intervals) and per-company figures; the same seed and options give the same
        games whatever --jobs. Exit code 0 when played, 1 when the games or their output fail,
        2 on a usage error."""
        from cardgen.workspace import announce

        options: dict[str, Any] = {}
        if seconds_per_turn is not None:
            if seconds_per_turn <= 0:
                raise fail("--seconds-per-turn must be more than 0")
            options["seconds_per_turn"] = seconds_per_turn
        bot_list = [b.strip() for b in bots.split(",")] if bots else None
        summary = simulate_run(game, players, games, seed, set_ref, bot_list, jobs, scheduler,
                               invariants, options, progress=not quiet and sys.stderr.isatty())
        from cardgen.sim.report import game_summary_lines, summary_lines

        for line in summary_lines(summary) + game_summary_lines(game, summary, options):
            typer.echo(line)
        announce(game)
        if json_out:
            text = json.dumps(summary, indent=2, sort_keys=False) + "\n"
            try:
                write_atomic(json_out, text.encode())
            except OutputError as exc:
                raise fail(str(exc), 1) from None
            typer.echo(f"wrote {json_out}")
        if plot:
            from cardgen.sim.plots import write_plots

            try:
                for path in write_plots(summary, plot):
                    typer.echo(f"wrote {path}")
            except (RuntimeError, OutputError) as exc:
                raise fail(str(exc), 1) from None
