"""``cardgen simulate``: play many games with bots and summarise them."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand

from cardgen.commands import (
    MAX_GAMES,
    StandardOutput,
    check_game_count,
    data_failed,
    data_read,
    fail,
    folder_to_write,
    game_option,
    json_on_stdout,
    json_to_write,
    named,
    pick_game,
    refuse_data_folder,
    set_named,
)
from cardgen.games import DEFAULT_GAME_HELP, registered_games
from cardgen.interrupt import Interrupted, checkpoint, stop_on_signals
from cardgen.output import (
    OutputError,
    check_distinct,
    check_not_read,
    check_writable,
    json_bytes,
    note_written,
    write_all_atomic,
)
from cardgen.paths import display_path
from cardgen.problems import DataError, shorten
from cardgen.sim.runner import LogSpec, RunSpec


@dataclass(frozen=True)
class Plan:
    """A simulation whose input has been checked and whose data is loaded: nothing left to
    fail but the games themselves."""

    game: str
    set_ref: str | None
    options: dict[str, Any]
    spec: RunSpec


def check_player_count(simulator: Any, players: int) -> None:
    """Exit (2) with one line when the game's simulator is not for ``players`` players (its
    ``player_counts``, when it lists them). Shared by simulate and play."""
    counts = getattr(simulator, "player_counts", None)
    if counts and not min(counts) <= players <= max(counts):
        raise fail(f"{simulator.game} is for {min(counts)} to {max(counts)} players, not {players}", 2)


def plan_run(game: str, players: int, games: int, seed: int, set_ref: str | None,
             bots: list[str] | None, invariants: bool, options: dict[str, Any],
             log_dir: Path | None = None, where: str = "", hint: str = "") -> Plan:
    """Check the input and prepare the game's config; raises typer.Exit on bad input (a bad set,
    said with ``where`` before it and ``hint`` after, as ``prepared`` takes them)."""
    from cardgen.games import game_simulator, registered_games, simulator_ref, unknown_game

    if game not in registered_games():
        raise fail(unknown_game(game, typed=True), 2)
    try:
        simulator = game_simulator(game)
    except LookupError:
        raise fail(f"{game} has no simulator yet", 2) from None
    if players < 1:
        raise fail("--players must be at least 1", 2)
    check_player_count(simulator, players)      # before a list of that many seats is made
    seats = seat_list(game, list(simulator.bots), bots, players)
    check_game_count("--games", games)
    config = prepared(simulator, players, set_ref, seats, options, where=where, hint=hint)
    log = _log_spec(simulator, game, set_ref, options, log_dir)
    return Plan(game, set_ref, options,
                RunSpec(simulator_ref(game), config, games, seed, seats, invariants, log))


def _log_spec(simulator: Any, game: str, set_ref: str | None, options: dict[str, Any],
              log_dir: Path | None) -> LogSpec | None:
    """Every game logged into --log DIR; without it, stalled games into the workspace's output
    folder (a stall is a defect to look into, so it is always kept). None for an engine that
    has no decisions to log."""
    from cardgen.workspace import current

    if not hasattr(simulator, "new_state"):
        if log_dir is not None:
            raise fail(f"{game} cannot log its games yet: its engine has no decision points", 2)
        return None
    refuse_data_folder(log_dir, "--log")
    if log_dir is not None:
        try:                      # before the first game: a log that cannot be written stops nothing later
            check_writable(log_dir / f"{game}-game-000000.jsonl")
        except OutputError as exc:
            raise fail(f"--log {exc}", 1) from None
        if log_dir.exists() and not log_dir.is_dir():
            raise fail(f"--log {log_dir}: not a folder", 1)
    from cardgen.sim.gamelog import recorded_set

    folder = log_dir if log_dir is not None else current().default_output() / "stalled-games"
    return LogSpec(str(folder.resolve()), log_dir is not None, game, recorded_set(set_ref), options)


def prepared(simulator: Any, players: int, set_ref: str | None, bots: list[str],
             options: dict[str, Any], where: str = "", hint: str = "") -> Any:
    """The simulator's config for these choices; the data's problems (exit 1) or a bad choice
    (exit 2) as lines, never a traceback. Shared by simulate, check-set, play and replay.
    ``where``: the place the choices were read ('FILE:1: ' for a game log's header); ``hint``:
    added to a bad choice's line."""
    from cardgen.sim.settings import option_problem

    settings = getattr(simulator, "settings", None)    # a game may not list them (then not checked)
    if settings is not None and (problem := option_problem(simulator.game, settings, options)):
        raise fail(f"{where}{problem}")
    try:
        return simulator.prepare(players=players, set_ref=set_ref, bots=bots, options=options)
    except DataError as exc:
        raise data_failed(exc, [set_ref]) from None
    except ValueError as exc:
        raise fail(f"{where}{exc}{hint}") from None


def seat_list(game: str, known: list[str], bots: list[str] | None, players: int) -> list[str]:
    """The bot of each seat: the default everywhere without --bots; the names given repeated
    in order to fill the seats when their number divides the players (``a,b`` at 4 players is
    a,b,a,b). Raises typer.Exit (2) naming the bots and the default, or the counts that fit."""
    from cardgen.commands import default_bot
    from cardgen.data.schema import did_you_mean

    default = default_bot(known)
    if not bots:
        return [default] * players
    for name in bots:
        if name not in known:
            # The name quoted short: a long one (a pasted file) pushed the bots' list past the
            # line's 1,000 characters, and the user was not told the names to give.
            raise fail(f"unknown bot '{shorten(name)}'{did_you_mean(name, known)}; {game} bots: "
                       f"{', '.join(known)} (default: {default})", 2)
    if players % len(bots):
        fits = [str(n) for n in range(1, players + 1) if players % n == 0]
        counts = f"{', '.join(fits[:-1])} or {fits[-1]}" if len(fits) > 1 else fits[0]
        raise fail(f"--bots names {len(bots)} bots for {players} players; give {counts} "
                   f"name{'s' * (fits != ['1'])}", 2)
    return bots * (players // len(bots))


def play_run(plan: Plan, jobs: int, scheduler: str | None, progress: bool = True,
             label: str = "games") -> dict[str, Any]:
    """Play a planned simulation and summarise it; raises typer.Exit if the workers fail.

    Results are folded into the summary as they come (in game order), so memory does not grow
    with --games; a progress bar labelled ``label`` shows when ``progress``."""
    from cardgen.sim.runner import dask_executor, iter_results, local_executor, worker_count
    from cardgen.sim.stats import Summary, counts_distribution

    spec = plan.spec
    players = len(spec.bots)
    workers = worker_count(jobs, scheduler)
    tracker = progress_bar(players, spec.games, label, progress)
    summary = Summary(plan.game, players, spec.seed, spec.bots)
    started = time.time()
    try:
        context = dask_executor(scheduler) if scheduler else local_executor(workers)
        with context as executor, tracker:
            for result in iter_results(spec, executor, workers, tracker.update):
                summary.add(result)
    except RuntimeError as exc:
        # Workers that a group-wide SIGTERM killed first break the pool: the signal is the news.
        checkpoint()
        raise fail(str(exc), 1) from None
    except OutputError as exc:          # a game's log could not be written (a worker says why)
        raise fail(str(exc), 1) from None
    except Interrupted:
        # The workers wrote their games' logs themselves: the stop's message counts them too.
        if spec.log is not None:
            note_written(_logs_since(Path(spec.log.folder), started))
        raise
    extra: dict[str, Any] = {"set": plan.set_ref}
    # The game's own options given (rounds, add-ons, the draft): a saved summary says what was
    # played; without them, a 6-round game with stocks read as the default game.
    own = {k: v for k, v in plan.options.items() if k != "seconds_per_turn"}
    if own:
        extra["options"] = own
    seconds = plan.options.get("seconds_per_turn")
    if seconds:
        extra["seconds_per_turn"] = seconds
        extra["play_minutes"] = counts_distribution(summary.turns, lambda turns: turns * seconds / 60)
    return summary.result(extra)


def _logs_since(folder: Path, started: float) -> int:
    """Game logs put in ``folder`` since ``started`` (a time.time())."""
    try:
        return sum(1 for p in folder.glob("*.jsonl") if p.stat().st_mtime >= started)
    except OSError:
        return 0


def simulate_run(game: str, players: int, games: int, seed: int, set_ref: str | None,
                 bots: list[str] | None, jobs: int, scheduler: str | None, invariants: bool,
                 options: dict[str, Any], progress: bool = True) -> dict[str, Any]:
    """Check, prepare, play and summarise one simulation; raises typer.Exit on bad input."""
    plan = plan_run(game, players, games, seed, set_ref, bots, invariants, options)
    return play_run(plan, jobs, scheduler, progress)


def on_terminal() -> bool:
    """Whether progress bars are shown: on a terminal only (a log or a pipe would get the
    bar's redraws as garbage)."""
    return sys.stderr.isatty()


class _Null:
    """No progress bar: the same calls as ``_Progress``, doing nothing."""

    def __enter__(self) -> _Null:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, part: list) -> None:
        return None


def progress_bar(players: int, games: int, label: str, shown: bool) -> _Progress | _Null:
    """``play_run``'s progress bar for another run of games (check-set's effect runs) when
    ``shown``, else one that shows nothing."""
    return _Progress(players, games, label) if shown else _Null()


class _Progress:
    """A progress bar that shows the running win share of each seat as games finish."""

    def __init__(self, players: int, games: int, label: str = "games"):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.players = players
        self.credit = [0.0] * players
        self.done = 0
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeRemainingColumn(), TextColumn("{task.fields[wins]}"),
                                 console=Console(stderr=True), transient=False)
        self.task = self.progress.add_task(label, total=games, wins="")

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


# Options that may be given bare, as a flag, or with a value: ``--career`` is the full draft,
# ``--career quick`` the quick one. Typer cannot declare an option whose value is optional, so
# the command's arguments are rewritten first: a bare one (last, or before another option)
# gets its flag value.
OPTIONAL_VALUES = {"--career": "full"}


class OptionalValueCommand(TyperCommand):
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        args = list(args)
        for i, arg in enumerate(args):
            if arg == "--":
                break
            if arg in OPTIONAL_VALUES and (i + 1 == len(args) or args[i + 1].startswith("-")):
                args[i] = f"{arg}={OPTIONAL_VALUES[arg]}"
        return super().parse_args(ctx, args)


# A game's own options (Free Market: NYC's), taken alike by simulate and play.
def rounds_option() -> Any:
    return typer.Option(None, "--rounds", help="Game Rounds to play, for a game that offers a "
                        "choice (fmnyc: 4, 5 or 6).")


def stocks_option() -> Any:
    return typer.Option(False, "--stocks", help="Play with the Stock tokens add-on (fmnyc).")


def career_option() -> Any:
    return typer.Option(None, "--career", metavar="[MODE]", show_default=False,
                        help="Play with the Career cards add-on (fmnyc); MODE full or quick: "
                        "--career alone is the full draft, --career quick the quick version.")


def given_game_options(game: str, game_options: dict[str, Any] | None) -> dict[str, Any]:
    """A game's own options (a simulator lists those it takes in ``options``), those given only;
    one it does not take, or a --career that is neither full nor quick, is a usage error."""
    given = {k: v for k, v in (game_options or {}).items() if v is not None}
    if given:
        from cardgen.games import game_module, registered_games

        module = game_module(game, "simulation") if game in registered_games() else None
        takes = getattr(getattr(module, "SIMULATOR", None), "options", ())
        for key in given:
            if key not in takes:
                raise fail(f"--{key} is not an option of {game}", 2)
    if given.get("career") not in (None, "full", "quick"):
        raise fail(f"--career is full or quick (or alone: full), not '{given['career']}'", 2)
    return given


def register(app: typer.Typer) -> None:
    @app.command(cls=OptionalValueCommand)
    def simulate(
        game: str = typer.Argument(None, metavar="GAME", show_default=False, help=f"The game: "
                                   f"{', '.join(registered_games())} (default: {DEFAULT_GAME_HELP})."),
        game_opt: str = game_option(),
        players: int = typer.Option(4, "--players", "-p", help="Number of players."),
        games: int = typer.Option(1000, "--games", "-n", help=f"Games to play (at most {MAX_GAMES:,})."),
        seed: int = typer.Option(1, "--seed", "-s", help="Run seed; the same seed gives the same games."),
        set_ref: str = typer.Option(None, "--set", metavar="SET",
                                    parser=set_named,
                                    help="Company set: an official set id or name, "
                                    "or a custom set file (default: random, as the randomizers)."),
        bots: str = typer.Option(None, "--bots", metavar="BOTS", parser=named("the bots"),
                                 help="Bots by seat, comma-separated; fewer names "
                                 "repeat in order to fill the seats (a,b at 4 players: a,b,a,b). "
                                 "Seats rotate every game so seat effects are measured."),
        jobs: int = typer.Option(0, "--jobs", "-j", min=0,
                                 help="Processes: one per core (the default, and the most used)."),
        json_out: Path = typer.Option(None, "--json", metavar="FILE", parser=json_to_write,
                                      help="Write the summary as JSON to this file (- for the "
                                      "standard output; the summary's lines then go to standard "
                                      "error)."),
        plot: Path = typer.Option(None, "--plot", metavar="DIR", parser=folder_to_write,
                                  help="Write PNG charts to this folder."),
        scheduler: str = typer.Option(None, "--scheduler", metavar="ADDRESS", help="Dask scheduler address "
                                      "(tcp://HOST:PORT) to run on a cluster; needs cardgen[dask]."),
        invariants: bool = typer.Option(False, "--invariants", help="Check rule invariants "
                                        "during play (slower; for testing rules)."),
        seconds_per_turn: float = typer.Option(None, "--seconds-per-turn", help="Estimate play "
                                               "time from this many seconds per turn (default: the "
                                               "game's own authored estimate, seconds_per_turn of "
                                               "its game.yaml where it has one)."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
        rounds: int = rounds_option(),
        stocks: bool = stocks_option(),
        career: str = career_option(),
        log_dir: Path = typer.Option(None, "--log", metavar="DIR", parser=folder_to_write,
                                     help="Write every game's decisions to this folder "
                                     "as JSON Lines (cardgen replay FILE plays one again); stalled "
                                     "games are always logged, by default in output/stalled-games."),
    ) -> None:
        """Play many games with bots and summarise them.

        The summary gives game length, end conditions, win shares by seat and by bot (with 95%
        confidence intervals, beside the fair share 1/players; seats numbered from 1 in the text and
        the JSON), the best companies (95% intervals; the rest in --json) and each game event
        counter a game, with a line on what it counts; the same seed and options give the same
        games whatever --jobs. Exit code 0 when played, 1 when the games or their output fail,
        2 on a usage error, 130, 143 or 129 when stopped by Ctrl-C, SIGTERM or a hangup (nothing
        written but, with --log, the logs of the games finished before the stop).

        Example: cardgen simulate briefcase --players 3 --games 2000 --bots greedy,expert,greedy
        """
        game = pick_game(game, game_opt, True)
        with stop_on_signals(), json_on_stdout(json_out):
            _simulate(game, players, games, seed, set_ref, bots, jobs, json_out, plot, scheduler,
                      invariants, seconds_per_turn, quiet, log_dir,
                      {"rounds": rounds, "stocks": stocks or None, "career": career})


def _simulate(game: str, players: int, games: int, seed: int, set_ref: str | None, bots: str | None,
              jobs: int, json_out: Path | None, plot: Path | None, scheduler: str | None,
              invariants: bool, seconds_per_turn: float | None, quiet: bool,
              log_dir: Path | None = None, game_options: dict[str, Any] | None = None) -> None:
    from cardgen.sim.report import game_summary_lines, summary_lines
    from cardgen.sim.runner import scheduler_problem
    from cardgen.workspace import announce

    options: dict[str, Any] = {}
    if seconds_per_turn is not None:
        from cardgen.sim.settings import SECONDS_PER_TURN, option_problem

        # NaN passes every comparison and would end up in the JSON, which cannot hold it.
        setting = {"seconds_per_turn": SECONDS_PER_TURN}
        if option_problem(game, setting, {"seconds_per_turn": seconds_per_turn}):
            raise fail(f"--seconds-per-turn must be {SECONDS_PER_TURN.name}, not {seconds_per_turn:g}")
        options["seconds_per_turn"] = seconds_per_turn
    options.update(given_game_options(game, game_options))
    if scheduler is not None and (problem := scheduler_problem(scheduler)):
        raise fail(problem, 2)
    bot_list = [b.strip() for b in bots.split(",")] if bots is not None else None
    plan = plan_run(game, players, games, seed, set_ref, bot_list, invariants, options, log_dir)
    from cardgen.sim.plots import plot_paths

    refuse_data_folder(plot, "--plot")
    check_outputs(json_out, plot_paths(game, players, plot) if plot is not None else None,
                  [set_ref], game)
    summary = play_run(plan, jobs, scheduler, progress=not quiet and on_terminal())
    own = game_summary_lines(game, summary, options)
    from cardgen.games import game_simulator

    simulator = game_simulator(game)
    names = simulator.item_names(plan.spec.config) if hasattr(simulator, "item_names") else None
    for line in summary_lines(summary, play_time=not own, names=names) + own:
        typer.echo(line)
    if plan.spec.log is not None and (plan.spec.log.every or summary["stalled"]):
        what = "every game" if plan.spec.log.every else f"the {summary['stalled']} stalled games"
        typer.echo(f"logged {what} in {display_path(Path(plan.spec.log.folder))} "
                   f"(cardgen replay FILE --show plays one again)")
    announce(game)
    files: list[tuple[Path, bytes]] = []
    if json_out is not None:
        try:
            files.append((json_out, json_bytes(summary)))
        except ValueError as exc:     # a non-finite number: a defect, but never invalid JSON
            raise fail(f"the summary cannot be written as JSON: {exc}", 1) from None
    if plot is not None:
        from cardgen.sim.plots import render_plots

        try:
            files.extend(render_plots(summary, plot))
        except RuntimeError as exc:
            raise fail(str(exc), 1) from None
    write_outputs(files)


def check_outputs(json_out: Path | None, plot_files: list[Path] | None,
                  read: Sequence[str | None] = (), game: str | None = None) -> None:
    """Check every destination before the first game (finding one unwritable after the games
    wastes them): the JSON file, and the charts (``None``: no --plot), matplotlib included;
    none may be the set file the run reads (``read``) or a data file of ``game``. Raises
    typer.Exit (1) with one line, or (2) for a place among the game data. Shared by simulate
    and check-set."""
    refuse_data_folder(json_out, "--json", "file")
    try:
        if plot_files is not None:
            from cardgen.sim.plots import require_plotting

            require_plotting()
            for path in plot_files:
                check_writable(path)
        to_file = json_out if not isinstance(json_out, StandardOutput) else None
        if to_file is not None:
            check_writable(to_file)
        outputs = [*(plot_files or []), *([to_file] if to_file is not None else [])]
        check_distinct(outputs)
        check_not_read(outputs, read, lambda: data_read(game) if game is not None else [])
    except (RuntimeError, OutputError) as exc:
        raise fail(str(exc), 1) from None


def write_outputs(files: list[tuple[Path, bytes]]) -> None:
    """Write the files all together or none (an interrupt or a failure leaves no JSON without
    its charts) and say so; raises typer.Exit (1) with one line."""
    streamed = [(out, data) for out, data in files if isinstance(out, StandardOutput)]
    files = [(path, data) for path, data in files if not isinstance(path, StandardOutput)]
    try:
        write_all_atomic(files)
    except OutputError as exc:
        raise fail(str(exc), 1) from None
    for path, _ in files:
        typer.echo(f"wrote {path}")
    for out, data in streamed:        # last: after every line the command prints elsewhere
        out.write(data)
