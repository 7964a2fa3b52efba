"""``cardgen check-set``: validate a company set, simulate it at every player count, verdict."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cardgen.commands import (
    MAX_GAMES,
    check_game_count,
    data_problems,
    every_seat_bot,
    fail,
    folder_to_write,
    json_on_stdout,
    json_to_write,
    named,
    refuse_data_folder,
)
from cardgen.games import DEFAULT_GAME_HELP, default_game, whose_set
from cardgen.interrupt import stop_on_signals
from cardgen.paths import display_path
from cardgen.problems import plural, printable
from cardgen.safe_read import not_a_file

if TYPE_CHECKING:
    from cardgen.sim.effects import Effect


def _checked_whole(game: str) -> bool:
    """Whether ``game`` has no card sets and check-set judges it whole (the startup game)."""
    from cardgen.games import game_simulator

    try:
        return bool(getattr(game_simulator(game), "checked_whole", False))
    except LookupError:
        return False


def register(app: typer.Typer) -> None:
    @app.command("check-set")
    def check_set(
        target: str = typer.Argument(..., metavar="SET", help="A custom company set file, the "
                                     "id or name of an official set (e.g. simple), or a game "
                                     "without sets, checked whole (startup)."),
        game: str | None = typer.Option(None, "--game", "-g", metavar="GAME",
                                        help="The game of an official set (a set file names its "
                                        "own)  [default: " + DEFAULT_GAME_HELP + "]"),
        games: int = typer.Option(500, "--games", "-n",
                                  help=f"Games per player count (at most {MAX_GAMES:,})."),
        seed: int = typer.Option(1, "--seed", "-s", help="Run seed; the same seed gives the same games."),
        jobs: int = typer.Option(0, "--jobs", "-j", min=0,
                                 help="Processes: one per core (the default, and the most used)."),
        baseline: bool = typer.Option(True, "--baseline/--no-baseline",
                                      help="Also simulate the game's reference set to judge length."),
        bots: str = typer.Option(None, "--bots", metavar="NAME", parser=named("a bot"),
                                 help="The bot every seat plays "
                                 "(default: the game's strongest, e.g. expert for Briefcase)."),
        effects: bool = typer.Option(True, "--effects/--no-effects", help="Measure each company's "
                                     "(fmnyc: Career card's) causal effect by paired games at the "
                                     "most players (fmnyc: 4, where cards stay in the box). Cost: one "
                                     "extra run of --effect-games per company, and one going for "
                                     "each the bot takes in under 5% of those games."),
        effect_games: int = typer.Option(200, "--effect-games",
                                         help=f"Paired games per company (at most {MAX_GAMES:,})."),
        json_out: Path = typer.Option(None, "--json", metavar="FILE",
                                      parser=json_to_write, help="Write every figure of "
                                      "the verdict as JSON to this file (- for the standard output; "
                                      "the verdict's lines then go to standard error): each player "
                                      "count's summary beside the reference set's, the effects, the "
                                      "warnings."),
        plot: Path = typer.Option(None, "--plot", metavar="DIR", parser=folder_to_write,
                                  help="Write PNG charts to this "
                                  "folder: each effect with its 95% interval, game length against "
                                  "the reference set; needs cardgen[plot]."),
        quiet: bool = typer.Option(False, "--quiet", "-q",
                                   help="No progress bars, nor the lines saying what is played."),
    ) -> None:
        """Validate a company set and judge it in simulated games.

        Every player count is simulated with one bot in every seat (the strongest by default,
        named in the output); the verdict (OK, WARN or FAIL) gives its reasons: stalled games,
        extreme game length, seat effects, companies nobody buys, and company effects. A company
        effect is causal: the same games (common random numbers) are played with one seat's bot
        never buying the company, and the change in that seat's win share is reported with a
        95% interval; it warns only when the whole interval lies outside ±5 points. The owners'
        win rate is shown as a descriptive figure only (leaders buy late, so it is confounded).
        Exit code 0 when the set plays (OK or WARN), 1 when it fails or is invalid, 2 on a
        usage error, 130, 143 or 129 when stopped by Ctrl-C, SIGTERM or a hangup (nothing
        written). --json and --plot are checked before the first game and written together at
        the end.

        Example: cardgen check-set "My Set" --games 200 --json check.json --plot charts
        """
        # Ctrl-C, SIGTERM or SIGHUP: stop at once, workers included; one line; exit 130, 143 or 129.
        with stop_on_signals(), json_on_stdout(json_out):
            _check_set(target, game, games, seed, jobs, baseline, bots or "", effects, effect_games,
                       json_out, plot, quiet)


def _check_set(target: str, game: str | None, games: int, seed: int, jobs: int, baseline: bool,
               bots: str = "", effects: bool = True, effect_games: int = 200,
               json_out: Path | None = None, plot: Path | None = None, quiet: bool = False) -> None:
    from cardgen.commands.simulate import check_outputs, on_terminal, plan_run, play_run, write_outputs
    from cardgen.commands.validate import validate_paths
    from cardgen.data.documents import read_document
    from cardgen.games import files_read, game_simulator, registered_games, unknown_game
    from cardgen.output import json_bytes, slug
    from cardgen.sim.check_report import check_data
    from cardgen.sim.plots import check_plot_paths, render_check_plots
    from cardgen.sim.verdict import judge
    from cardgen.workspace import announce

    if not target:            # an unset shell variable: Path("") would be the current folder
        raise fail("the set is empty: name a set file or an official set")
    file = Path(target)
    if file.is_dir():
        raise fail(f"{target} is a folder; name a set file or an official set")
    # Anything at that path is the set file to check, never a set's name; one that names no
    # file to read (a pipe, a device, a link loop, a dangling link) is refused with its reason
    # from its stat, never opened, as simulate --set refuses it: a usage error.
    named_file = os.path.lexists(file)
    if named_file and (why := not_a_file(file, "set file")) is not None:
        raise fail(f"{target}: {why.message}")
    # Any --game given names a game, a set file's included: an empty one (an unset shell
    # variable) checked Briefcase's set as if none were given, or was said to name another game
    # than the file's.
    if game is not None and game not in registered_games():
        raise fail(unknown_game(game))
    # A game without sets (the startup game) is checked whole: `cardgen check-set startup`.
    whole = not named_file and target in registered_games() and _checked_whole(target)
    if whole:
        if game is not None and game != target:
            raise fail(f"{target} is a game checked whole; --game {game} names another", 2)
        game = target
    asked, game = game, game if game is not None else default_game()
    if not named_file and not whole and target in registered_games() and target != game:
        # check-set fmnyc was told "no company set named 'fmnyc'" and the Briefcase sets.
        # (pointed to 'cardgen list fmnyc sets', which alone said what fmnyc takes)
        from cardgen.games import sets_note

        takes = sets_note(target) or f"check-set takes a set or a set file ('cardgen list {target} sets')"
        raise fail(f"{target} is a game, not a {game} set: {takes}", 2)
    if not named_file and not whole and _checked_whole(game):
        # check-set simple in a workspace of the startup game (its game setting) said only this
        whose = whose_set(target) if asked is None else None
        of = f"; {whose}" if whose else ""
        raise fail(f"{game} has no card sets to name: check it whole with "
                   f"'cardgen check-set {game}'{of}", 2)
    check_game_count("--games", games)
    check_game_count("--effect-games", effect_games, least=2)
    # A set file of one game with --game naming another is said first, before what the file's
    # own checks find: a Briefcase file of several sets (kind: company-sets) checked with
    # --game fmnyc was told to hold one set a file, not that --game named another game.
    doc = read_document(file)[0] if named_file else None
    if doc is not None and asked is not None and asked != doc.game:
        # check-set MY-SET.yaml --game fmnyc checked the Briefcase set and printed its verdict,
        # --game left unsaid; a game checked whole with another named is refused so too.
        raise fail(f"{target} is a file of {doc.game} data ('game: {doc.game}', 'kind: {doc.kind}'); "
                   f"--game {asked} names another: leave it out", 2)
    problems, docs, _templates = validate_paths([file] if named_file else
                                                files_read(game, None if whole else target))
    for p in problems:
        typer.echo(p.format(), err=True)
    errors = [p for p in problems if p.severity == "error"]
    if errors or not docs:
        # A file's game is the one its header names (the problems above say which is wrong).
        if named_file and (not docs or any(p.path == display_path(file) for p in errors)):
            # A file of Free Market: NYC's Career cards is no set file: named for what it is.
            what = "file of Career cards" if doc is not None and doc.kind == "careers" else "set file"
            typer.echo(printable(f"FAIL: {target} is not a valid {what}"), err=True)
        else:
            # The game's own files have the problems: the set was said to be invalid.
            typer.echo(printable(f"FAIL: {target} cannot be checked: "
                                 f"{data_problems(errors, [target] if named_file else [])}"), err=True)
        raise typer.Exit(1)
    if doc is not None:
        game, name, set_ref = doc.game, doc.data.get("name", file.name), str(file)
        if _checked_whole(game):
            # A data file of the startup game was refused with "...has no card sets; leave out
            # --set", an option check-set does not have.
            raise fail(f"{target} is a file of {game} data ('kind: {doc.kind}'), and {game} has no card "
                       f"sets: check its data whole with 'cardgen check-set {game}' in a workspace "
                       "that holds the file", 2)
    elif whole:
        name, set_ref = game, None
    else:
        name = set_ref = target
    try:
        simulator = game_simulator(game)
    except LookupError:
        raise fail(f"{game} has no simulator") from None
    bot = every_seat_bot(simulator, bots, "check-set")
    if effects:     # the effect runs tell a bot to avoid an item: a bot that cannot, said now
        from cardgen.sim.effects import avoiding

        try:
            simulator.policy(avoiding(bot, "_"), 0, 0)
        except ValueError as exc:
            raise fail(f"{exc} (check-set measures effects with it; --no-effects skips them)", 2) from None
    counts = list(simulator.player_counts)
    # The counts the set can be played at (Free Market: NYC: a deck of one's own smaller than
    # the box's is dealt to fewer players); the others are left out, and said to be.
    left_out = None
    playable = getattr(simulator, "set_player_counts", None)
    if playable is not None:
        try:
            counts, left_out = playable(set_ref)
        except ValueError as exc:
            raise fail(printable(str(exc)), 2) from None
    reference = getattr(simulator, "reference_set", None) if baseline else None
    # Every run is planned before any is played, so bad input stops at once.
    plans = {n: plan_run(game, n, games, seed, set_ref, [bot], False, {}) for n in counts}
    # A workspace's own sets.yaml without the reference set was told only "no company set named
    # 'simple'", of a set the user never named.
    why = (f"check-set judges game length against {game}'s reference set '{reference}': ",
           "; keep it among the sets, or skip the comparison with --no-baseline")
    base_plans = {n: plan_run(game, n, games, seed, reference, [bot], False, {}, where=why[0], hint=why[1])
                  for n in counts} if reference else {}
    # The reference set checked against itself: the same games, played once.
    same = bool(base_plans) and all(base_plans[n].spec.config == plans[n].spec.config for n in counts)
    stem = f"{game}-{slug(name) or 'set'}-check"
    refuse_data_folder(plot, "--plot")
    check_outputs(json_out, check_plot_paths(stem, plot, effects) if plot is not None else None,
                  [set_ref], game)
    runs, bases = {}, {}
    bars = not quiet and on_terminal()
    for players in counts:
        if not quiet:
            typer.echo(f"simulating {games} games at {players} players...", err=True)
        runs[players] = play_run(plans[players], jobs, None, progress=bars,
                                 label=f"{players} players")
        if players in base_plans:
            bases[players] = runs[players] if same else play_run(
                base_plans[players], jobs, None, progress=bars,
                label=f"{players} players, {reference}")
    # Effects at the most players where the game says they show (Free Market: NYC: where the
    # deal leaves Career cards in the box); otherwise at the most players.
    suits = getattr(simulator, "effect_suits", None)
    fit = [n for n in counts if suits is None or suits(plans[n].spec.config)]
    at = fit[-1] if fit else counts[-1]
    noun = getattr(simulator, "effect_noun", "company")
    verb = getattr(simulator, "effect_verb", "buy")
    item_names = getattr(simulator, "item_names", None)
    # The reference set's companies by name too (the JSON holds its figures), the set's own first.
    names = {k: v for plan in (base_plans.get(at), plans[at]) if plan and item_names
             for k, v in item_names(plan.spec.config).items()}
    measured, favoured, ids = (_effects(simulator, plans[at], runs[at], bot, effect_games, jobs, names, verb,
                                        bars, quiet)
                               if effects else ({}, {}, {}))
    verdict = judge(runs, bases or None, measured, at, bot, verb, names, favoured,
                    getattr(simulator, "effect_taken", "bought"),
                    "the game" if getattr(simulator, "checked_whole", False) else "the set")
    # Kept cards' win rates: their warnings (when no effect was measured) are part of the
    # verdict, so they are judged before its first line is printed.
    held_lines = _held_cards(runs[at], at, verdict.warnings, warn=not measured)
    # The set's name and company names come from a data file: printed escaped. A game checked
    # whole is named once ("startup (startup)" said it twice).
    title = name if name == game else f"{name} ({game})"
    typer.echo(printable(f"{verdict.word}: {title}, {games} games at each of "
                         f"{', '.join(map(str, counts))} players, seed {seed}, bot {bot} in every seat"))
    if same:
        typer.echo(printable(f"  {name} is the reference set: its games are the reference"))
    elif bases:
        typer.echo(printable(f"  vs reference: the reference set {reference} on the same seeds "
                             f"(game length is judged against it)"))
    for players, s in sorted(runs.items()):
        typer.echo(printable(_run_line(players, s, None if same else bases.get(players))))
    if measured:
        owner = "holders" if verb == "keep" else "owners"
        typer.echo(f"  {noun} effects at {at} players ({bot} may {verb} it vs never {verb}s it, "
                   f"{effect_games} paired games; win share change, 95% CI)"
                   + ("" if verb == "play" else f"; {owner}' win rate is descriptive only") + ":")
        owned = runs[at]["items"]
        for cid, e in sorted(measured.items(), key=lambda kv: -kv[1].mean):
            rate = owned.get(cid, {}).get("win_rate_when_owned")
            if verb == "play":          # a card played is not owned: how often it was played
                used = owned.get(cid, {}).get('used', 0)
                desc = f"used {plural(used, 'time')}"
            else:
                n = owned.get(cid, {}).get("owned", 0)
                desc = (f"{owner} win {100 * rate['win_share']:.0f}% ({plural(n, owner[:-1], owner)})"
                        if rate else "never held" if verb == "keep" else "never owned")
            going = favoured.get(cid)
            if going is not None:
                # Why the line above says little: the bot took it in too few of the paired games.
                desc += (f"; {bot} {verb}s it in {e.held or 0} of {e.games}, too few to show; going for "
                         f"it: {100 * going.mean:+.1f} points ({100 * going.low:+.1f} to "
                         f"{100 * going.high:+.1f})")
            typer.echo(printable(f"    {names.get(cid, cid)}: {100 * e.mean:+.1f} points "
                                 f"({100 * e.low:+.1f} to {100 * e.high:+.1f}); {desc}"))
    if left_out:
        typer.echo(printable(f"  note: {left_out}"))
    if not fit:
        typer.echo(f"  note: at every player count each {noun} is in every game; effects at {at} players")
    for line in held_lines:
        typer.echo(printable(line))
    for line in verdict.notes:
        typer.echo(printable(f"  note: {line}"))
    for line in verdict.failures:
        typer.echo(printable(f"  fail: {line}"))
    for line in verdict.warnings:
        typer.echo(printable(f"  warning: {line}"))
    announce(game)
    files: list[tuple[Path, bytes]] = []
    if json_out is not None or plot is not None:
        data = check_data(game=game, set_name=name, set_ref=set_ref, bot=bot, seed=seed, games=games,
                          runs=runs, reference=reference, bases=bases, same_as_reference=same,
                          effects=measured, favoured=favoured, ids=ids, names=names, at=at,
                          effect_games=effect_games,
                          noun=noun, verb=verb, verdict=verdict)
        try:
            if json_out is not None:
                files.append((json_out, json_bytes(data)))
            if plot is not None:
                files.extend(render_check_plots(data, stem, plot))
        except ValueError as exc:     # a non-finite number: a defect, but never invalid JSON
            raise fail(f"the check cannot be written as JSON: {exc}", 1) from None
        except RuntimeError as exc:
            raise fail(str(exc), 1) from None
    write_outputs(files)
    raise typer.Exit(1 if verdict.failures else 0)


def _run_line(players: int, s: dict[str, Any], base: dict[str, Any] | None) -> str:
    """One player count's figures, the reference set's beside them when it was played."""
    w = " ".join(f"{100 * x['win_share']:.0f}%" for x in s["wins_by_seat"])
    rounds, stalled = f"median {s['rounds']['p50']} rounds (p90 {s['rounds']['p90']})", f"{s['stalled']}"
    if base is not None:
        rounds += f" vs reference {base['rounds']['p50']} (p90 {base['rounds']['p90']})"
        stalled += f" (reference {base['stalled']})"
    return f"  {players} players: {rounds}, stalled {stalled}, win share by seat {w}"


def _effects(simulator: Any, plan: Any, summary: dict, bot: str, games: int, jobs: int,
             names: dict[str, str], verb: str,
             bars: bool = False, quiet: bool = False) -> tuple[dict[str, Effect], dict[str, Effect],
                                                                dict[str, str]]:
    """Each subject's paired effects (``cardgen.sim.effects``) at the plan's players, same seeds:
    the first-listed bot (rotated through the seats) as usual versus never taking it; and, for
    a subject it took in so few of those games that the comparison cannot leave the band
    (``effects.seldom``; never: it plays the same games twice), the bot going for it versus
    never taking it. Subjects are the simulator's
    ``effect_subjects`` (id: item name; Free Market: NYC's Career cards), else the companies in
    the summary's items (Briefcase); keyed by item name, with the id of each (``names`` names
    an item on the progress bars, drawn when ``bars``)."""
    from dataclasses import replace

    from cardgen.commands.simulate import progress_bar
    from cardgen.sim.effects import (
        Focal,
        avoiding,
        favouring,
        focal_run,
        paired_effect,
        paired_shifts,
        seldom,
    )
    from cardgen.sim.runner import local_executor, worker_count
    from cardgen.sim.verdict import MARGIN

    listed = getattr(simulator, "effect_subjects", None)
    subjects = (listed(plan.spec.config) if listed else
                {k: k for k, it in sorted(summary["items"].items()) if "in_portfolio" in it})
    if not subjects:
        return {}, {}, {}
    holders = getattr(simulator, "effect_holders", "owners")
    noun = getattr(simulator, "effect_noun", "company")
    base = replace(plan.spec, games=games, log=None)
    players = len(base.bots)
    workers = worker_count(jobs)
    if not quiet:
        typer.echo(f"measuring {len(subjects)} {noun} effects, {games} paired games each (and going for "
                   f"each that {bot} takes in under {100 * MARGIN:.0f}% of them)...", err=True)
    usual: dict[str, Effect] = {}
    going: dict[str, Effect] = {}

    def run(spec: Any, label: str) -> Focal:
        with progress_bar(players, games, printable(label), bars) as bar:
            return focal_run(spec, executor, workers, bar.update, holders)

    def effect(base: Focal, variant: Focal) -> Effect:
        return replace(paired_effect(base.credits, variant.credits),
                       shifts=paired_shifts(base.figures, variant.figures))

    try:
        with local_executor(workers) as executor:
            before = run(base, f"{noun} effects: {bot} as usual")
            for i, (sid, label) in enumerate(sorted(subjects.items()), 1):
                shown = names.get(label, label)
                never = run(replace(base, bots=[avoiding(bot, sid), *base.bots[1:]]),
                            f"{i}/{len(subjects)} never {shown}")
                usual[label] = replace(effect(before, never), held=before.held(label))
                if seldom(before.held(label), games, MARGIN):
                    going_run = run(replace(base, bots=[favouring(bot, sid), *base.bots[1:]]),
                                    f"{i}/{len(subjects)} going for {shown}")
                    going[label] = replace(effect(going_run, never), held=going_run.held(label))
    except ValueError as exc:     # a bot that cannot avoid a company (e.g. random)
        raise fail(str(exc)) from None
    return usual, going, {label: sid for sid, label in subjects.items()}


def _held_cards(summary: dict, players: int, warnings: list[str], warn: bool = True) -> list[str]:
    """Cards a seat keeps for the game (items with ``kept``, as Free Market: NYC's Career cards):
    each one's win rate when held, 95% CI, beside the fair share, as the lines to print.
    Descriptive (a strong player may pick the card): it is a warning, added to ``warnings``, a
    card whose whole interval lies above or below the fair share, only with ``warn`` (when no
    causal effect was measured)."""
    held = {k: v for k, v in summary["items"].items() if "kept" in v and "win_rate_when_owned" in v}
    if not held:
        return []
    fair = 1 / players
    lines = [f"  cards at {players} players, win rate when held (descriptive; 95% CI; "
             f"fair share {100 * fair:.0f}%):"]
    for name, it in sorted(held.items(), key=lambda kv: -kv[1]["win_rate_when_owned"]["win_share"]):
        w = it["win_rate_when_owned"]
        lo, hi = w["ci95"]
        lines.append(f"    {name}: {100 * w['win_share']:.0f}% ({100 * lo:.0f}%-{100 * hi:.0f}%) "
                     f"of {plural(it['owned'], 'holder')}")
        if warn and (lo > fair or hi < fair):
            warnings.append(f"{players} players: {name} wins {100 * w['win_share']:.0f}% when held "
                            f"(95% CI {100 * lo:.0f}%-{100 * hi:.0f}%), fair share {100 * fair:.0f}%")
    return lines

