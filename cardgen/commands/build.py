"""``cardgen build``: the print-and-play PDFs of a game (card sheets and rulebook inserts)."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from cardgen.commands import (
    data_problems,
    error_line,
    folder_to_write,
    font_option,
    game_option,
    ink_saver_option,
    lang_option,
    pick_game,
    refuse_data_folder,
    set_named,
)
from cardgen.games import DEFAULT_GAME_HELP, game_module, registered_games, unknown_game
from cardgen.i18n.messages import Translator
from cardgen.interrupt import Interrupted, stop_taken
from cardgen.output import OutputError, check_writable, slug, write_all_atomic
from cardgen.paths import display_path, watched_roots
from cardgen.problems import DataError, plural, printable
from cardgen.render.cardface import RenderError
from cardgen.render.fonts import FontError
from cardgen.render.imposition import Duplex, ImpositionError, SheetLayout
from cardgen.render.layouts import LayoutError
from cardgen.render.pipeline import Context, SheetOptions, card_module, page_total, prepare, render_cards
from cardgen.render.tiling import TilingError
from cardgen.workspace import announce, current


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"
    a2 = "a2"
    a1 = "a1"
    tabloid = "tabloid"


# What a game prints besides its card sheets: for each part here that the game's package has a
# module of (``cardgen.games.<game>.<part>``), a file ``<stem>-<part>.pdf`` rendered by the
# module's ``render_<part>(ctx, options, title, progress)``, its pages counted by
# ``page_total(ctx, options)``. Briefcase has inserts; Free Market: NYC a board and inserts.
EXTRA_PARTS = ("board", "inserts")


class UsageProblem(Exception):
    """Bad user input: reported in one line with exit code 2."""


class BuildFailed(Exception):
    """The data, layouts, fonts or texts cannot be printed: one line per problem, exit code 1.
    ``placed``: problems already written at their place (``file:line:col: error[rule]: ...``),
    printed as they are before the ``error:`` lines."""

    def __init__(self, lines: list[str], placed: list[str] | None = None):
        self.lines = lines
        self.placed = placed or []
        super().__init__(lines[0] if lines else "build failed")


def layout_failed(exc: LayoutError) -> BuildFailed:
    """A layout, board or template problem as ``validate`` prints it: at its place with its rule
    id (``file:line:col: error[layout]: ...``); one that names no place as an ``error:`` line."""
    return BuildFailed(exc.lines, placed=[p.format() for p in exc.problems])


def translator_for(game: str, lang: str) -> Translator:
    """The Translator for (game, lang), from the game's PO catalogs."""
    from cardgen.i18n.catalog import CatalogError
    from cardgen.i18n.translate import translator

    try:
        return translator(game, lang)
    except LookupError as exc:
        raise UsageProblem(str(exc).strip("'\"")) from None
    except CatalogError as exc:
        # The problem is already at its place (path:line:col: error[rule]: ...): printed alone.
        raise BuildFailed([], placed=[p.format() for p in exc.problems]) from None


@dataclass
class BuildRequest:
    game: str
    lang: str
    out: Path
    options: SheetOptions
    players: int | None
    set_ref: str | None
    font: Path | None = None
    strict: bool = False          # a text printed in English for want of a translation fails
    name: str | None = None       # the files' stem instead of the variant name


NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def output_stem(req: BuildRequest, ctx: Context) -> str:
    """``<game>-<lang>`` plus every choice that changes what is printed, defaults left out, so two
    builds of different variants never overwrite each other: ``briefcase-el-simple-3p-letter-bleed``.
    ``--name`` replaces it."""
    if req.name:
        return req.name
    o = req.options
    duplex = o.duplex is not Duplex.long and o.layout is SheetLayout.grid
    return variant_stem(req.game, ctx, req.players,
                        o.paper if o.paper != "a4" else "",
                        "bleed" if o.bleed else "",
                        "gutterfold" if o.layout is SheetLayout.gutterfold else "",
                        f"duplex-{o.duplex.value}" if duplex else "",
                        "ink-saver" if o.ink_saver else "", font_part(req.font))


def font_part(font: Path | None) -> str:
    """``font-<name>`` for a build or export printed with ``--font FILE``: printed in another
    font, it is another variant, and it overwrote the files of the build without ``--font``."""
    if font is None:
        return ""
    return "-".join(p for p in ("font", slug(font.stem)) if p)


def variant_stem(game: str, ctx: Context, players: int | None, *choices: str) -> str:
    """``<game>-<lang>``, the cards chosen (a company set, a file of Career cards) and the player
    count when chosen, then ``choices`` (empty ones left out): the name of what build and export
    write for this variant."""
    parts = [game, ctx.lang, getattr(ctx.selection, "variant", None) or "",
             f"{players}p" if players else "", *choices]
    return "-".join(p for p in parts if p)


def _fallback_note(fallbacks: dict[str, str], lang: str) -> str:
    cards = sorted({c.split(":", 1)[0].split(".", 1)[-1] for c in fallbacks if "." in c.split(":", 1)[0]})
    listed = ", ".join(cards[:8]) + (f" and {len(cards) - 8} more" if len(cards) > 8 else "")
    where = f" (cards: {listed})" if cards else ""
    # A fuzzy translation is printed in English too: "no translation yet" sent a translator
    # looking for an entry that was there.
    return (f"{plural(len(fallbacks), 'text')} printed in English: "
            f"untranslated or fuzzy in the '{lang}' catalog{where}")


@dataclass(frozen=True)
class Output:
    path: Path
    pages: int
    cards: int
    size: int
    notes: tuple[str, ...] = ()
    fonts: str = ""


def context_for(game: str, lang: str, players: int | None = None, set_ref: str | None = None,
                ink_saver: bool = False, font: Path | None = None) -> Context:
    """Everything a build of (game, lang, selection) draws with; UsageProblem or BuildFailed."""
    from cardgen.i18n.translate import language_tag

    if game not in registered_games():
        raise UsageProblem(unknown_game(game, typed=True))
    try:
        module = card_module(game)
    except LookupError as exc:
        raise UsageProblem(str(exc)) from None
    translate = translator_for(game, lang)
    lang = language_tag(game, lang)  # translator_for has checked that the language exists
    try:
        selection = module.select(players, set_ref)
    except DataError as exc:
        # As every command that loads the data says it (commands.data_failed).
        raise BuildFailed([data_problems(exc.problems, [set_ref])],
                          placed=[p.format() for p in exc.problems]) from None
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    try:
        return prepare(module, selection, lang, translate, ink_saver, font)
    except LayoutError as exc:
        raise layout_failed(exc) from None
    except FontError as exc:
        raise BuildFailed([str(exc)]) from None


def report_failures(action: Callable[[], int]) -> int:
    """Run a command body; print UsageProblem / BuildFailed as lines; return the exit code."""
    try:
        return action()
    except UsageProblem as exc:
        print(error_line(str(exc)), file=sys.stderr)
        return 2
    except BuildFailed as exc:
        for line in exc.placed:
            print(printable(line), file=sys.stderr)
        for line in exc.lines:
            print(error_line(line), file=sys.stderr)
        print("nothing written.", file=sys.stderr)
        return 1


def build(req: BuildRequest, progress: Callable[[int], Callable[[], None]] | None = None) -> list[Output]:
    """Render every PDF in memory, then write them; nothing is written if anything fails.

    ``progress(total_pages)`` returns a callback called after each page."""
    try:
        ctx = context_for(req.game, req.lang, req.players, req.set_ref, req.options.ink_saver, req.font)
        parts = [(part, module) for part in EXTRA_PARTS
                 if (module := game_module(req.game, part)) is not None]
        base = output_stem(req, ctx)
        # Where the PDFs go, looked at before the pages are drawn, not after.
        for name in ["cards", *(part for part, _ in parts)]:
            check_writable(req.out / f"{base}-{name}.pdf")
        fallbacks = getattr(ctx.translate, "fallbacks", None)
        if fallbacks is not None:
            fallbacks.clear()          # the font check asked for every text; count what is printed
        title = f"{req.game} ({ctx.lang})"
        total = page_total(ctx, req.options) + sum(module.page_total(ctx, req.options) for _, module in parts)
        step = progress(total) if progress else None
        cards = render_cards(ctx, req.options, f"{title} cards", step)
        rendered = [(req.out / f"{base}-cards.pdf", cards)]
        for part, module in parts:
            render = getattr(module, f"render_{part}")
            pdf = render(ctx, req.options, f"{title} {part}", step)
            rendered.append((req.out / f"{base}-{part}.pdf", pdf))
    except LayoutError as exc:
        raise layout_failed(exc) from None
    except (FontError, ImpositionError, TilingError) as exc:
        raise BuildFailed([str(exc)]) from None
    except RenderError as exc:
        raise BuildFailed(exc.problems) from None
    except OutputError as exc:
        raise BuildFailed([str(exc)]) from None
    notes: tuple[str, ...] = ()
    if fallbacks:
        note = _fallback_note(fallbacks, ctx.lang)
        if req.strict:
            raise BuildFailed([f"{note}; --strict prints only translated texts "
                               f"(see cardgen i18n check --lang {ctx.lang})"])
        notes = (note,)
    try:
        write_all_atomic([(path, pdf.data) for path, pdf in rendered])   # both PDFs or neither
    except OutputError as exc:
        raise BuildFailed([str(exc)]) from None
    return [Output(path, pdf.pages, pdf.cards, len(pdf.data), pdf.notes + (notes if i == 0 else ()),
                   ctx.fonts.description) for i, (path, pdf) in enumerate(rendered)]


def watched_files(req: BuildRequest) -> dict[Path, tuple[int, int]]:
    """Data, layouts and catalogs of the game (and a set file): path -> (modification time,
    size). Anything named in those folders counts, not only regular files: a link that leads
    nowhere or a pipe put in place of a data file is a change, and the build it starts says
    what is wrong. A file that vanishes while it is looked at (an editor's temporary file) is
    skipped: asking for its time after it was listed ended the watch in an internal error."""
    names = [Path(folder, name) for root in watched_roots(req.game)
             for folder, _, files in os.walk(root) for name in files]   # not into linked folders
    if req.set_ref and os.path.lexists(req.set_ref):
        names.append(Path(req.set_ref))
    stamps = {}
    for path in sorted(names):
        try:
            info = os.stat(path)
        except OSError:
            try:
                info = os.lstat(path)         # the link itself (a loop, a missing target)
            except OSError:
                continue                      # gone since it was listed
        stamps[path] = (info.st_mtime_ns, info.st_size)
    return stamps


def _report(outputs: list[Output], seconds: float) -> None:
    for o in outputs:
        what = f"{o.cards} cards, " if o.cards else ""
        typer.echo(f"wrote {display_path(o.path)}: {o.pages} pages, {what}{o.size / 1024:.0f} KiB")
        for note in o.notes:
            typer.echo(f"  note: {printable(note)}")       # notes name texts from the data
    for fonts in dict.fromkeys(o.fonts for o in outputs if o.fonts):
        typer.echo(f"fonts: {printable(fonts)}")
    typer.echo(f"built in {seconds:.1f} s")


def _run_once(req: BuildRequest, console: Console) -> int:
    started = time.perf_counter()
    bar = Progress(TextColumn("building"), BarColumn(), MofNCompleteColumn(), TextColumn("pages"),
                   console=console, transient=True, disable=not console.is_terminal)

    def progress(total: int) -> Callable[[], None]:
        task = bar.add_task("pages", total=total)
        return lambda: bar.advance(task)

    def action() -> int:
        with bar:
            outputs = build(req, progress)
        _report(outputs, time.perf_counter() - started)
        announce(req.game)
        return 0

    return report_failures(action)


def register(app: typer.Typer) -> None:
    @app.command("build", short_help="Print-and-play PDFs: card sheets, boards and inserts.")
    def build_command(
        game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                   help=f"The game (default: {DEFAULT_GAME_HELP})."),
        game_opt: str = game_option(),
        lang: str = lang_option(),
        paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper size: a4, letter, or a "
                                    "large format (a2, a1, tabloid) for a board on one sheet."),
        out: Path = typer.Option(None, "--out", "-o", metavar="DIR", parser=folder_to_write,
                                 help="Folder for the PDFs (default: output/ in the "
                                 "workspace)."),
        bleed: bool = typer.Option(False, "--bleed", help="Add bleed around every card "
                                   "(3 mm; 1/8 in on Letter)."),
        duplex: Duplex = typer.Option(Duplex.long, "--duplex", help="How backs line up: long-edge "
                                      "or short-edge duplex, or none (backs unmirrored)."),
        layout: SheetLayout = typer.Option(SheetLayout.grid, "--layout", help="grid, or gutterfold "
                                           "(fronts and backs side by side, fold and glue)."),
        ink_saver: bool = ink_saver_option(),
        players: int = typer.Option(None, "--players", "-p", help="Print what an N-player game needs "
                                    "(default: the full box)."),
        set_ref: str = typer.Option(None, "--set", metavar="SET",
                                    parser=set_named,
                                    help="Only one company set's cards: an official "
                                    "set's id or name, or a set file (Free Market: NYC: a "
                                    "file of Career cards, printed in place of the shipped ones)."),
        font: Path = font_option(),
        strict: bool = typer.Option(False, "--strict", help="Fail instead of printing a text in "
                                    "English when the language's catalog has no translation for it."),
        name: str = typer.Option(None, "--name", help="Name the files NAME-cards.pdf, "
                                 "NAME-inserts.pdf and so on (default: game, language and the variant)."),
        watch: bool = typer.Option(False, "--watch", help="Rebuild whenever a data, layout or "
                                   "translation file changes (Ctrl-C stops)."),
    ) -> None:
        """Print-and-play PDFs: card sheets, and the board and inserts of a game that has them.

        Writes OUT/<game>-<lang>-cards.pdf, and -board.pdf and -inserts.pdf for a game with a
        board or inserts, or nothing when anything fails. Exit code 0 when written, 1 when the
        game cannot be printed, 2 on a usage error.

        Example: cardgen build briefcase --lang el --paper letter --bleed
        """
        game = pick_game(game, game_opt, True)
        if name is not None and not NAME.fullmatch(name):
            typer.echo(f"error: --name {name[:60]!r} is not a file name (letters, digits, . _ -; "
                       f"at most 100)", err=True)
            raise typer.Exit(2)
        if layout is SheetLayout.gutterfold and duplex is not Duplex.long:
            # A gutterfold sheet carries fronts and backs on one side: there is no duplex to set.
            typer.echo(f"note: --duplex {duplex.value} does not apply to --layout gutterfold (fronts "
                       f"and backs are printed side by side on one side of the paper)", err=True)
        refuse_data_folder(out, "--out")
        out = out or current().default_output()
        req = BuildRequest(game, lang, out, SheetOptions(paper.value, bleed, duplex, layout, ink_saver),
                           players, set_ref, font, strict, name)
        console = Console(stderr=True)
        code = _run_once(req, console)
        if not watch:
            raise typer.Exit(code)
        seen = watched_files(req)
        typer.echo("watching for changes (Ctrl-C stops)")
        try:
            while True:
                time.sleep(0.5)
                now = watched_files(req)
                if now != seen:
                    seen = now
                    _run_once(req, console)
        except (KeyboardInterrupt, Interrupted):     # Ctrl-C is how watching ends: not an error
            stop_taken()
            typer.echo("stopped watching")
            raise typer.Exit(0) from None
