"""``cardgen tune``: search a set's authored numbers for values check-set's bands accept, and
propose them as a company-changes file with a before/after report (``cardgen.sim.tune``)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import typer

from cardgen.commands import (
    MAX_BUDGET,
    MAX_BUDGET_WHY,
    MAX_GAMES,
    check_game_count,
    data_failed,
    data_read,
    every_seat_bot,
    fail,
    file_to_write,
    game_option,
    named,
    pick_game,
    set_named,
)
from cardgen.games import DEFAULT_GAME_HELP
from cardgen.interrupt import stop_on_signals
from cardgen.problems import plural


def register(app: typer.Typer) -> None:
    @app.command(short_help="Search a set's authored numbers for check-set's bands.")
    def tune(
        game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                   help=f"Game id (default: {DEFAULT_GAME_HELP})."),
        game_opt: str = game_option(),
        set_refs: list[str] = typer.Option(None, "--set", metavar="SET",
                                           parser=set_named, help="Company set: an "
                                           "official set id or name, or a set file (default: the "
                                           "game's reference set, simple for Briefcase); give it "
                                           "again to tune several sets together, or 'all' for "
                                           "every official set (a company they share has one set "
                                           "of numbers, judged in each)."),
        players: str = typer.Option(None, "--players", "-p", metavar="COUNTS",
                                    help="Player counts, comma-separated (default: every count "
                                    "the game allows); company effects are measured at the most."),
        games: int = typer.Option(200, "--games", "-n", help="Games per run (every candidate is "
                                  f"played on the same games; at most {MAX_GAMES:,})."),
        seed: int = typer.Option(1, "--seed", "-s", help="Run seed; the same seed gives the same games."),
        jobs: int = typer.Option(0, "--jobs", "-j", min=0,
                                 help="Processes: one per core (the default, and the most used)."),
        scheduler: str = typer.Option(None, "--scheduler", metavar="ADDRESS", help="Dask scheduler "
                                      "address (tcp://HOST:PORT) to run on a cluster; needs cardgen[dask]."),
        bots: str = typer.Option(None, "--bots", metavar="NAME", parser=named("a bot"),
                                 help="The bot every seat plays "
                                 "(default: the game's strongest, as check-set)."),
        budget: int = typer.Option(40000, "--budget", help="Games to play at most, the "
                                   f"measurements before and after included (at most {MAX_BUDGET:,})."),
        out: Path = typer.Option(None, "--out", "-o", metavar="FILE",
                                 parser=file_to_write, help="The proposed "
                                 "company-changes file (default: output/GAME-SET-tuned-changes.yaml)."),
        report: Path = typer.Option(None, "--report", metavar="FILE",
                                    parser=file_to_write, help="The before/after "
                                    "report, Markdown (default: beside --out, -tune-report.md)."),
        log: Path = typer.Option(None, "--log", metavar="FILE",
                                 parser=file_to_write, help="What was tried, JSON Lines "
                                 "(default: beside --out, -tune-log.jsonl)."),
        quiet: bool = typer.Option(False, "--quiet", "-q",
                                   help="No progress bar, nor the line saying what is tuned."),
    ) -> None:
        """Search a set's authored numbers (cost, VP, activation, production) for values inside check-set's
        bands.

        Only values the data marks as authored are changed, never one the rulebook prints (a fact).
        First companies of one kind (Briefcase: the same level, making the same cards) that lean the
        same way, one field of all of them a step together (a company weakened alone hands its share
        to the next); then one company at a time, the furthest outside its band first (causal effect
        beyond +/-5 points, or bought in under 10% of games), its cost (else its VP, else one resource
        of its activation, else one card of its production) moves one step (cost and VP two if one
        changes nothing measurable); a move is kept only when every candidate's games (the same seeds,
        common random numbers) show it helps beyond noise, it adds no check-set warning and every
        set's games stay near the play time on the box (at 4 players within a quarter of Briefcase's
        45 minutes; for a game that states none, within a fifth of the data's length). The result is
        measured again on fresh games (another seed) and proposed only when it is nearer the bands
        there too. Writes a company-changes file to put in a workspace's cards/GAME/ folder, a report
        (each company by name, before and after) and a log; the data itself is never edited.
        Exit code 0 when done, 1 when the data is invalid or a file cannot be written, 2 on a usage
        error, 130, 143 or 129 when stopped by Ctrl-C, SIGTERM or a hangup (nothing written).

        Example: cardgen tune briefcase --set simple --games 200 --budget 30000 --out simple-tuned.yaml
        """
        chosen = pick_game(game, game_opt, True)
        with stop_on_signals():
            _tune(chosen, set_refs or [], players, games, seed, jobs, scheduler, bots or "", budget, out,
                  report, log, quiet)


def parse_players(text: str | None, allowed: list[int]) -> list[int]:
    """The --players counts, sorted; typer.Exit (2) with one line for anything else."""
    if text is None:
        return allowed
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise fail(f"--players '{text}' is not a list of whole numbers such as 2,3,4") from None
    bad = [n for n in counts if n not in allowed]
    if not counts or bad:
        raise fail(f"--players '{text}': the game is for {allowed[0]} to {allowed[-1]} players")
    return counts


def _tune(game: str, set_refs: list[str], players_text: str | None, games: int, seed: int, jobs: int,
          scheduler: str | None, bots: str, budget: int, out: Path | None, report: Path | None,
          log: Path | None, quiet: bool = False) -> None:
    from cardgen.commands.simulate import on_terminal
    from cardgen.games import game_simulator, registered_games, simulator_ref, unknown_game
    from cardgen.games.selection import SelectionError
    from cardgen.output import (
        OutputError,
        check_distinct,
        check_not_read,
        check_writable,
        json_bytes,
        slug,
        write_all_atomic,
    )
    from cardgen.problems import DataError
    from cardgen.sim.runner import dask_executor, local_executor, scheduler_problem, worker_count
    from cardgen.sim.tune import FRESH_SEED, Joint, Settings, Tuner, check_budget
    from cardgen.workspace import announce, current

    if game not in registered_games():
        raise fail(unknown_game(game, typed=True))
    try:
        simulator = game_simulator(game)
        tuning = importlib.import_module(f"cardgen.games.{game}.tuning")
    except (LookupError, ModuleNotFoundError):
        # The startup game has a simulator: "needs a simulator" left a designer guessing what
        # was missing, and where its cards are judged instead.
        raise fail(f"{game} cannot be tuned yet: tune searches the authored numbers of a company "
                   f"set's companies, which only Briefcase has; 'cardgen check-set' judges {game}'s "
                   "cards") from None
    counts = parse_players(players_text, list(simulator.player_counts))
    check_game_count("--games", games, least=2, least_why="an interval needs two games")
    check_game_count("--budget", budget, most=MAX_BUDGET, why=MAX_BUDGET_WHY)
    if scheduler is not None and (problem := scheduler_problem(scheduler)):
        raise fail(problem)
    bot = every_seat_bot(simulator, bots, "tune")
    reference = getattr(simulator, "reference_set", None)
    refs = set_refs or [reference]
    try:
        tuning.check_bot(bot)
        if [r.casefold() for r in refs] == ["all"]:
            refs = tuning.official_sets()
        elif len(refs) > 1 and "all" in [r.casefold() for r in refs]:
            # --set all --set simple was answered "no company set named 'all'".
            raise SelectionError("--set all tunes every official set together: give it alone, "
                                 "or name each set with --set")
        subjects = list({s.set_name: s for s in (tuning.subject(r, counts) for r in refs)}.values())
        subject = Joint(tuple(subjects))
    except (SelectionError, ValueError) as exc:
        raise fail(str(exc)) from None
    except DataError as exc:
        raise data_failed(exc, refs) from None
    stem = f"{game}-{slug(subject.set_name) if len(subjects) == 1 else 'joint'}"
    folder = current().default_output()
    out = out or folder / f"{stem}-tuned-changes.yaml"
    base = out.with_suffix("")
    report = report or base.with_name(base.name.removesuffix("-tuned-changes") + "-tune-report.md")
    log = log or base.with_name(base.name.removesuffix("-tuned-changes") + "-tune-log.jsonl")
    # Every destination is checked now: finding it unwritable after the games wastes them.
    try:
        for path in (out, report, log):
            check_writable(path)
        check_distinct([out, report, log])
        check_not_read([out, report, log], refs, lambda: data_read(game))
    except OutputError as exc:
        raise fail(str(exc), 1) from None

    workers = worker_count(jobs, scheduler)
    settings = Settings(simulator_ref(game), bot, counts, games, seed, budget, workers)
    try:
        check_budget(settings, [len(s.companies) for s in subjects])
    except ValueError as exc:
        raise fail(str(exc)) from None
    records: list[dict[str, Any]] = []
    if not quiet:
        typer.echo(f"tuning {subject.set_name} ({game}): {len(subject.knobs)} authored values of "
                   f"{len(subject.companies)} companies, {bot} in every seat, {', '.join(map(str, counts))} "
                   f"players, {games} games a run, at most {budget} games", err=True)
    try:
        context = dask_executor(scheduler) if scheduler else local_executor(workers)
        with context as executor, _Bar(budget, not quiet and on_terminal()) as bar:
            ref = None
            if (len(subjects) == 1 and reference
                    and (other := tuning.subject(reference, counts)).set_name != subject.set_name):
                # check-set judges length against the reference set: so does tune (its games
                # are played once, besides the budget). Sets tuned together are each judged
                # against their own untuned length.
                ref = {n: Tuner(other, settings, executor, bar.advance).base_run(other, n, {}).summary
                       for n in counts}
            tuner = Tuner(subjects, settings, executor, bar.advance, records.append, ref)
            outcome = tuner.tune()
    except RuntimeError as exc:
        raise fail(str(exc), 1) from None

    text = report_text(subject, outcome, settings)
    why = (f"cardgen tune {subject.set_name}: {bot} in every seat, {', '.join(map(str, counts))} "
           f"players, {games} games a run, seed {seed}; verdict {outcome.before_verdict.word} "
           f"({_warned(outcome.before_verdict)}) before, "
           f"{outcome.after_verdict.word} ({_warned(outcome.after_verdict)}) after")
    if outcome.fresh_verdicts:
        vb, va = outcome.fresh_verdicts
        why += (f"; on fresh games (seed {seed + FRESH_SEED}) {vb.word} ({_warned(vb)}) "
                f"before, {va.word} ({_warned(va)}) after")
    files = [(report, text.encode()), (log, b"".join(json_bytes(r, indent=None) for r in records))]
    if outcome.changes:
        from cardgen.data.yamlload import dump_yaml

        doc = tuning.changes_document(subject, outcome.changes, why)
        files.append((out, dump_yaml(doc).encode()))
    try:
        write_all_atomic(files)
    except OutputError as exc:
        raise fail(str(exc), 1) from None
    typer.echo(text)
    if outcome.changes:
        typer.echo(f"wrote {out}: put it in a workspace's cards/{game}/ folder to use these values "
                   f"(cardgen check-set SET then judges them)")
        clash = tuning.existing_changes({c for c, _ in outcome.changes})
        for cid, where in sorted(clash.items()):
            typer.echo(f"note: {subject.companies[cid]} is already changed in {where}; this file's "
                       f"entry carries those changes too: remove the entry there")
    else:
        typer.echo("nothing to propose: " + ("the moves kept leave the set no nearer its bands "
                                             "together or on fresh games (see the report)" if outcome.withheld
                                             else "no move was kept"))
        if out.exists():
            # an earlier run's proposal at that path is not this run's: said, never removed
            typer.echo(f"note: {out} is not written; the file there is an earlier run's proposal")
    typer.echo(f"wrote {report}\nwrote {log}")
    announce(game)


def _warned(verdict: Any) -> str:
    """A verdict's warnings counted: "1 warning", "3 warnings"."""
    return plural(len(verdict.warnings), "warning")


def _listing(subject: Any, values: dict) -> str:
    return ", ".join(f"{subject.companies[c]} {f} {v}" for (c, f), v in sorted(values.items()))


def report_text(subject: Any, outcome: Any, settings: Any) -> str:
    """The before/after report, Markdown: the verdicts, then one row per company by name."""
    from cardgen.sim.tune import FRESH_SEED, LENGTH_DRIFT, MIN_BOUGHT, PLAY_TIME_BAND, members
    from cardgen.sim.verdict import MARGIN

    b, a = outcome.before, outcome.after
    kept = len(outcome.changes)
    stated = next((s.play_time for s in members(subject) if s.play_time), None)
    length = (f"mean table time at {max(settings.players)} players within {100 * PLAY_TIME_BAND:.0f}% "
              f"of the {stated[0]}-minute play time on the box, and at no count more than "
              f"{100 * PLAY_TIME_BAND:.0f}% above it ({stated[1]:g} s a turn)" if stated else
              f"mean game length within {100 * LENGTH_DRIFT:.0f}% of the data's")
    lines = [
        f"Tune of {subject.set_name}: {settings.bot} in every seat, "
        f"{', '.join(map(str, settings.players))} players, {settings.games} games a run (the same "
        f"seeds for every candidate), seed {settings.seed}; "
        f"{plural(outcome.trials, 'candidate')} tried, "
        f"{plural(kept, 'value')} changed; {outcome.games} games in "
        f"{outcome.seconds:.0f} s.",
        "",
        f"Bands: causal effect within ±{100 * MARGIN:.0f} points (at {max(settings.players)} "
        f"players), bought in at least {100 * MIN_BOUGHT:.0f}% of games, no check-set warning added, "
        f"{length}.",
        "",
        f"Verdict before: {outcome.before_verdict.word} ({_warned(outcome.before_verdict)}); "
        f"after: {outcome.after_verdict.word} ({_warned(outcome.after_verdict)}). "
        f"Distance outside the bands, all companies: {b.total():.2f} before, {a.total():.2f} after.",
        "",
    ]
    if outcome.fresh:
        fb, fa = outcome.fresh
        vb, va = outcome.fresh_verdicts
        lines += [f"On fresh games (seed {settings.seed + FRESH_SEED}, never searched on): "
                  f"verdict before {vb.word} ({_warned(vb)}), after {va.word} "
                  f"({_warned(va)}); distance {fb.total():.2f} before, {fa.total():.2f} after.",
                  ""]
    if outcome.withheld:            # said before the table: a line inside it would break it
        lines += [f"Not proposed: the moves kept one by one ({_listing(subject, outcome.withheld)}) "
                  f"leave the set no nearer its bands measured together, or on fresh games.", ""]
    lines += [
        "| company | cost | VP | other numbers | bought (games) | activated (games) "
        "| effect, points (95% CI) | effect after, fresh games |",
        "|---|---|---|---|---|---|---|---|",
    ]
    knobs = {(k.company, k.field): k.value for k in subject.knobs}

    def value(cid: str, field: str) -> str:
        if (cid, field) not in knobs:
            return "fact" if cid not in subject.fixed or "fact" in subject.fixed[cid] else "-"
        tried = {**outcome.withheld, **outcome.changes}
        old, new = knobs[cid, field], tried.get((cid, field), knobs[cid, field])
        return f"{old} → **{new}**" if new != old else str(old)

    def others(cid: str) -> str:
        # The knobs besides cost and VP (Briefcase's activation and production counts), those in
        # use or moved.
        shown = [f"{field} {value(cid, field)}" for c, field in knobs
                 if c == cid and field not in ("cost", "vp")
                 and (knobs[c, field] or value(cid, field) != str(knobs[c, field]))]
        return ", ".join(shown) or "-"

    def pair(x: float, y: float) -> str:
        return f"{100 * x:.0f}% → {100 * y:.0f}%"

    def effect(state: Any, cid: str) -> str:
        e = state.effect(cid)
        return f"{100 * e.mean:+.1f} ({100 * e.low:+.1f} to {100 * e.high:+.1f})"

    for cid, name in subject.companies.items():
        lines.append(f"| {name} | {value(cid, 'cost')} | {value(cid, 'vp')} | {others(cid)} | "
                     f"{pair(b.share(cid), a.share(cid))} | "
                     f"{pair(b.share(cid, 'activated'), a.share(cid, 'activated'))} | "
                     f"{effect(b, cid)} → {effect(a, cid)} | "
                     f"{effect(outcome.fresh[1], cid) if outcome.fresh else '-'} |")
    lines += _by_set_lines(subject, b, a, max(settings.players))
    for title, verdict in (("Warnings before", outcome.before_verdict),
                           ("Warnings after", outcome.after_verdict)):
        lines += ["", f"{title}:", ""] + [f"- {w}" for w in verdict.warnings or ["none"]]
    return "\n".join(lines) + "\n"


def _by_set_lines(subject: Any, before: Any, after: Any, players: int) -> list[str]:
    """For sets tuned together, the effect of each company they share, set by set, before and
    after (the table above pools the sets), and the companies pulled both ways."""
    sets = list(before.parts)
    shared = [c for c in subject.companies if sum(c in p.avoid for p in before.parts.values()) > 1]
    if len(sets) < 2 or not shared:
        return []

    def cell(e: Any, going: bool) -> str:
        return "-" if e is None else f"{'going ' if going else ''}{100 * e.mean:+.1f}"

    lines = ["", f"Effect by set of the companies in more than one, points at {players} players (may buy "
             f"against never; \"going\": going for it, where the bot (almost) never buys it), "
             f"before → after:", "",
             "| company | " + " | ".join(sets) + " |", "|---|" + "---|" * len(sets)]
    split = []
    for cid in shared:
        was, now = before.by_set(cid), after.by_set(cid)      # each set's paired effect, once
        # "going" where that set judges the company so (every effect carries its holdings).
        cells = [f"{cell(was[n], before.parts[n].gone_for(cid))} → "
                 f"{cell(now.get(n), n in after.parts and after.parts[n].gone_for(cid))}"
                 if n in was else "-" for n in sets]
        lines.append(f"| {subject.companies[cid]} | " + " | ".join(cells) + " |")
        if after.pulled_both_ways(cid):
            split.append(f"{subject.companies[cid]} ("
                         + ", ".join(f"{n} {100 * e.mean:+.1f}" for n, e in now.items()) + ")")
    if split:
        lines += ["", "Pulled both ways (too strong in one set, a trap in another; a step that makes it "
                  "weaker or stronger everywhere helps one and harms the other): " + "; ".join(split) + "."]
    return lines


class _Bar:
    """A progress bar of games played against the budget, on a terminal only."""

    def __init__(self, budget: int, show: bool):
        self.progress = None
        if show:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.progress = Progress(TextColumn("tune"), BarColumn(), MofNCompleteColumn(),
                                     TimeElapsedColumn(), console=Console(stderr=True))
            self.task = self.progress.add_task("tune", total=budget)

    def __enter__(self) -> _Bar:
        if self.progress:
            self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress:
            self.progress.__exit__(*exc)

    def advance(self, games: int) -> None:
        if self.progress:
            self.progress.update(self.task, advance=games)
