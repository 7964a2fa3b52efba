"""One module per command; each has ``register(app)``. What the commands share: how every one
reports an error, the options several take, and which bot they seat."""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from cardgen.problems import Problem
    from cardgen.sim.driver import Simulator


def error_prefix() -> str:
    """``error:``, in red on a terminal unless NO_COLOR is set (https://no-color.org)."""
    if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
        return typer.style("error:", fg="red", bold=True)
    return "error:"


def error_line(message: str) -> str:
    """``error: <message>`` as every command prints it. The message often quotes a name or value
    the user gave: it is made printable, so no control character in it reaches the terminal, and
    cut to MAX_MESSAGE characters, as a problem's is, so a megabyte argument (an unknown game, set,
    card or language) is not echoed whole."""
    from cardgen.problems import MAX_MESSAGE, mentions_shipped, printable, shorten

    mentions_shipped(message)
    return f"{error_prefix()} {printable(shorten(message, MAX_MESSAGE))}"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: <message>`` (``error_line``) on stderr; return the Exit to raise (2: bad
    input, 1: failed)."""
    typer.echo(error_line(message), err=True)
    return typer.Exit(code)


# The most games a count of games may ask for (--games, --effect-games): a million games measure
# a win share within ±0.1 points (95% interval), as fine as any figure cardgen prints, and take
# hours of a core (Briefcase, some 8 ms a game); a larger count is a slip that would play for days.
MAX_GAMES = 1_000_000
MAX_GAMES_WHY = "a million games measure a win share within ±0.1 points"
# The most games tune's --budget may allow in all: many runs of --games, some 25 times the
# largest tune of the shipped sets (360,000 games, 20 minutes on 2 cores).
MAX_BUDGET = 10_000_000
MAX_BUDGET_WHY = "games in all; a tune of every shipped set takes some 360,000"


def check_game_count(option: str, games: int, least: int = 1, least_why: str = "",
                     most: int = MAX_GAMES, why: str = MAX_GAMES_WHY) -> None:
    """Raise typer.Exit (2) with one line naming the bound when the count of games given as
    ``option`` is under ``least`` (``least_why`` says why, if it needs saying) or over ``most``
    (``why``). Shared by every command that takes one."""
    if games < least:
        raise fail(f"{option} must be at least {least}" + (f" ({least_why})" if least_why else ""), 2)
    if games > most:
        raise fail(f"{option} must be at most {most:,} ({why})", 2)


def data_problems(problems: Sequence[Problem] = (), set_refs: Sequence[str | None] = ()) -> str:
    """The ``error:`` line's message after the data's problems: the data has problems, and which
    ``cardgen validate`` says the same, when one does. ``set_refs``: the --set values (or
    check-set's SET) the data was loaded with.

    A command loads the files plain ``cardgen validate`` reads, and a set file given with them.
    One outside those files plain validate does not read, and ``cardgen validate FILE`` checks it
    against the shipped data only, not against the workspace's own files (a new company that a
    set file of the workspace defines too): so with such a file either command is named only
    when it reports every one of the problems, and none when neither does."""
    from cardgen.commands.validate import default_targets, validate_paths
    from cardgen.safe_read import resolved

    said = "the game data has problems; fix them first"
    folder = resolved(default_targets()[0])     # the data folder
    outside = [ref for ref in set_refs
               if ref and os.path.isfile(ref) and not resolved(Path(ref)).is_relative_to(folder)]
    if not outside:
        return f"{said} (cardgen validate says the same)"
    errors = {p for p in problems if p.severity == "error"}
    # As it can be pasted: quoted, and after '--' when a name starts with '-' (else an option).
    dashes = ["--"] if any(ref.startswith("-") for ref in outside) else []
    for command, targets in (("cardgen validate", default_targets()),
                             (shlex.join(["cardgen", "validate", *dashes, *outside]),
                              [Path(r) for r in outside])):
        if errors <= set(validate_paths(targets)[0]):
            return f"{said} ({command} says the same)"
    return said


def data_read(game: str) -> list[Path]:
    """The files of ``game`` no output may replace (``output.check_not_read``): the data files a
    run reads (the workspace's, and the shipped ones it does not replace), and every other file
    in the game's folders, cards/<game>/ and templates/<game>/ of the workspace and of the
    shipped games: its catalogs, layouts, pictures and example sets, which the runs that draw
    cards read (preview --out templates/briefcase/cards.yaml replaced the workspace's layout with
    the PNG, --out cards/briefcase/locale/el.po its catalog). And, whatever the game, what every
    run reads: the workspace's cardgen.toml and schemas (simulate --json cardgen.toml and play
    --save cardgen.toml replaced the workspace's settings, which every later command then refused
    as not TOML; preview --out schemas/layout.schema.json its schema). Only those for a name that
    is no game (the command says so itself)."""
    from cardgen.games import registered_games
    from cardgen.paths import game_data_files
    from cardgen.workspace import CONFIG, current

    layers = current().layers
    files = [layer / CONFIG for layer in layers]
    for layer in layers:
        for folder, _, names in os.walk(layer / "schemas"):
            files += [Path(folder, name) for name in names]
    if game not in registered_games():
        return files
    files += game_data_files(game)
    for layer in layers:
        for top in ("cards", "templates"):
            # Not into linked folders (a link to a parent would loop); a name that is no regular
            # file is no file to replace (check_not_read compares regular files only).
            for folder, _, names in os.walk(layer / top / game):
                files += [Path(folder, name) for name in names]
    return files


def data_failed(exc: Any, set_refs: Sequence[str | None] = ()) -> typer.Exit:
    """Print each problem of a ``DataError`` at its place, then one ``error:`` line
    (``data_problems``); return the Exit (1) to raise. What every command that loads game data
    says when the data is invalid."""
    for problem in exc.problems:
        typer.echo(problem.format(), err=True)
    return fail(data_problems(exc.problems, set_refs), 1)


def default_bot(bots: Sequence[str]) -> str:
    """The bot ``cardgen simulate`` and ``play`` seat when --bots is not given: the second of
    the game's bots, the first being the random baseline."""
    return bots[1] if len(bots) > 1 else bots[0]


def every_seat_bot(simulator: Simulator, given: str, command: str) -> str:
    """The bot check-set and tune seat in every seat: ``given`` (--bots) if not blank, else the
    game's strongest (its default bot where none is measured). Raises typer.Exit (2) with one
    line naming the game's bots and ``command``'s default when ``given`` is none of them."""
    from cardgen.data.schema import did_you_mean
    from cardgen.problems import shorten

    game, bots = simulator.game, simulator.bots
    strongest = getattr(simulator, "strongest", None) or default_bot(bots)
    bot = given.strip() or strongest
    if bot not in bots:
        # [*bots], not list(bots): in this package ``list`` is the ``cardgen list`` command's
        # module once that is imported, not the builtin.
        raise fail(f"unknown bot '{shorten(bot)}'{did_you_mean(bot, [*bots])}; {game} bots: "
                   f"{', '.join(bots)} ({command} default: {strongest}, the strongest)", 2)
    return bot


def game_option(help: str = "The game; the same as the GAME argument, which it may replace.") -> Any:
    """``--game/-g GAME``: every command that takes a game accepts it so, besides its positional
    GAME argument where it has one (kept for compatibility)."""
    return typer.Option(None, "--game", "-g", metavar="GAME", show_default=False, help=help)


def pick_game(positional: str | None, option: str | None, default: bool) -> str | None:
    """The game from the GAME argument or --game (either; both only when they agree), else,
    with ``default``, the game when none is named (``games.default_game``), else None; raises
    typer.Exit (2) with one line when they differ."""
    if positional is not None and option is not None and positional != option:
        raise fail(f"the game is given twice and differs: '{positional}' and --game '{option}'; "
                   f"give it once", 2)
    if option is not None or positional is not None:
        return option if option is not None else positional
    if not default:
        return None
    from cardgen.games import default_game

    game = default_game()
    note_default_game(game)
    return game


def note_default_game(game: str) -> None:
    """Say at once, on stderr, that a command took the game when none is named in a workspace
    whose files are all of another: 'cardgen init DIR --from startup' and then 'cardgen tune'
    searched Briefcase's numbers for five minutes, and only its last line said whose."""
    from cardgen.workspace import current

    others = current().games_instead(game)
    if others:
        typer.echo(f"note: this is {game}, the game when none is named; your workspace's files are of "
                   f"{', '.join(others)}: name it, as in --game {others[0]}, or set game = "
                   f"\"{others[0]}\" in cardgen.toml", err=True)


def _named(text: str, what: str) -> Path:
    """A path option or argument as typed; an empty one names nothing (a Path would read it as
    the current folder). A leading ``~`` is the home folder: the shell leaves it as typed in
    ``--out=~/prints``, which wrote into a folder named '~' in the current one."""
    if not text:
        raise typer.BadParameter(f"is empty: name {what}")
    return Path(os.path.expanduser(text))


def file_to_write(text: str) -> Path:
    """An option's file to write (--json, --save, --out FILE...), as typed: empty, or ending in a
    separator (a Path would read that as a file named like the folder), it names no file."""
    if text.endswith(("/", os.sep)):
        raise typer.BadParameter(f"'{text}' names a folder: name a file in it")
    _not_a_stream(text, "a file")
    return _named(text, "a file")


class StandardOutput:
    """``--json -``: the JSON goes to the standard output, and everything else the command
    prints there goes to standard error (``json_on_stdout``), so ``cardgen simulate --json - |
    jq`` reads the JSON alone."""

    def __init__(self) -> None:
        self.stream: Any = None           # the standard output, kept while it is redirected

    def __str__(self) -> str:
        return "the standard output"

    def write(self, data: bytes) -> None:
        self.stream.write(data.decode("utf-8"))
        self.stream.flush()


def json_to_write(text: str) -> Path | StandardOutput:
    """--json's parser: a file to write (as ``file_to_write``), or ``-`` for the standard output."""
    return StandardOutput() if text == "-" else file_to_write(text)


@contextmanager
def json_on_stdout(json_out: Path | StandardOutput | None) -> Iterator[None]:
    """With ``--json -``, what the command prints goes to standard error until the JSON is
    written to the standard output (``StandardOutput.write``); otherwise nothing changes."""
    if not isinstance(json_out, StandardOutput):
        yield
        return
    if sys.stdout is None:
        # Closed (``>&-``): it was an internal error once every game had been played.
        raise fail("--json -: the standard output is closed; name a file for the JSON", 2)
    json_out.stream = sys.stdout
    with redirect_stdout(sys.stderr):
        yield


def _not_a_stream(text: str, what: str) -> None:
    """'-' names the standard output to many tools; cardgen writes only files, and --json - wrote
    a file named '-' in the current folder while the user looked for the JSON on the screen."""
    if text == "-":
        raise typer.BadParameter(f"'-' is not the standard output here: name {what} "
                                 "(./- for one named '-')")


def file_to_read(text: str) -> Path:
    """An option's or argument's file to read (a game log), as typed. '-' is no standard input:
    a game log is read from a file (``replay -`` said "-: no such file")."""
    if text == "-":
        raise typer.BadParameter("'-' is not the standard input here: name a file (./- for one named '-')")
    return _named(text, "a file")


def named(what: str) -> Any:
    """A parser for an option that names something (--set, --bots, --seats): the text as typed,
    refused when it is empty or only spaces. An empty value is a slip (an unset shell variable),
    and was otherwise read as no value at all (build --set '' built the whole box, check-set
    --bots '' played the default bot) or as the current folder (a file of Career cards)."""
    def parse(text: str) -> str:
        if not text.strip():
            raise typer.BadParameter(f"is empty: name {what}")
        return text
    return parse


def set_named(text: str) -> str:
    """--set's parser: a set's name, or a set file, whose leading '~/' is the home folder as in
    every path option (the shell leaves it as typed in --set=~/sets/x.yaml)."""
    text = named("a set or a set file")(text)
    return os.path.expanduser(text) if text.startswith("~/") else text


def refuse_data_folder(path: Path | StandardOutput | None, option: str, what: str = "folder") -> None:
    """Exit 2 when an output option's ``path`` (a ``what``: folder or file) is inside the
    workspace's game data (cards/, templates/, schemas/), as ``output =`` of cardgen.toml is
    refused: ``build --out cards/startup`` put the PDFs among the data, listed as the user's own
    files, and ``play --save cards/briefcase/game.yaml`` wrote a file every later command read
    as data and refused."""
    from cardgen.paths import display_path
    from cardgen.workspace import current, data_top, inside_data

    if path is None or isinstance(path, StandardOutput):
        return
    top = data_top(current().root, path)
    if top is not None:
        raise fail(f"{option} {display_path(path)}: {inside_data(top, what)}", 2)


def folder_to_write(text: str) -> Path:
    """An option's folder to write into (--out DIR, --log DIR), as typed."""
    _not_a_stream(text, "a folder")
    return _named(text, "a folder ('.' for this one)")


# The options of every command that draws cards (build, export, preview), said alike in each.
def lang_option() -> Any:
    """``--lang/-l LANG``: the language of the card texts (default en)."""
    return typer.Option("en", "--lang", "-l", metavar="LANG",
                        help="Language of the card texts: en, or one with a "
                        "catalog (see cardgen i18n stats).")


def ink_saver_option() -> Any:
    """``--ink-saver``: light backgrounds."""
    return typer.Option(False, "--ink-saver", help="Light backgrounds to save ink.")


def font_option() -> Any:
    """``--font FILE``: a TrueType font to print the texts with."""
    return typer.Option(None, "--font", metavar="FILE", parser=file_to_read,
                        help="A TrueType font file (.ttf) to print the "
                        "texts with; it must have every character.")
