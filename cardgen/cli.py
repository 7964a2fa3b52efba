"""The ``cardgen`` command line. Each module of ``cardgen/commands/`` defines one command and
registers itself through ``register(app)``; this module only builds the app."""

from __future__ import annotations

import errno
import importlib
import os
import pkgutil
import re
import sys
from pathlib import Path
from typing import NoReturn

import typer
from typer import _click

from cardgen import __version__, commands


def _value_name(param: typer.core.TyperOption, shown: str) -> str:
    """How help names an option's value when its command gave no metavar (``shown`` is the type
    typer would print, ``<int>``): N for a whole number, NUMBER, the choices, else the option's
    own name in capitals (--name NAME)."""
    inner = shown.strip("<>").removesuffix(" range").removesuffix("...")
    if inner == "int":
        return "N"
    if inner == "float":
        return "NUMBER"
    if "|" in inner:
        return inner
    return (param.name or "value").upper()


def _usage_name(param: typer.core.TyperArgument) -> str:
    """An argument as the usage line names it: ``SET`` when required, ``[GAME]`` when not, with
    ``...`` when it takes several, as click writes them. Recent typer writes a required one in
    braces (``check-set [OPTIONS] {SET}``), which reads as a set of choices, and as the help
    writes no other argument."""
    name = param.metavar or (param.name or "value").upper()
    name = name if param.required else f"[{name}]"
    return name if param.nargs == 1 else f"{name}..."


def _name_values(command: _click.Command, ctx: _click.Context) -> None:
    """Help names what each value is in capitals (GAME, N, FILE), never by its Python type:
    recent typer appends one (``GAME <str>``, ``--jobs <int range>``, ``PATH <list[Path]>``);
    and a required argument plainly in the usage line (``_usage_name``)."""
    for param in command.params:
        if isinstance(param, typer.core.TyperArgument):
            param.get_usage_pieces = lambda ctx, param=param: [_usage_name(param)]  # type: ignore[method-assign]
        if not hasattr(param, "display_type"):                # a typer that shows no types
            continue
        if isinstance(param, typer.core.TyperArgument):
            param.display_type_rich = lambda ctx: None        # type: ignore[method-assign]
        elif isinstance(param, typer.core.TyperOption) and not param.is_flag and param.metavar is None:
            param.metavar = _value_name(param, param.display_type(ctx))
    for sub in getattr(command, "commands", {}).values():
        _name_values(sub, ctx)


def name_too_long(exc: OSError) -> str:
    """What to say of a path the system refused as too long (ENAMETOOLONG)."""
    from cardgen.paths import display_path
    from cardgen.problems import shorten

    shown = shorten(display_path(Path(os.fsdecode(exc.filename))), 80) if exc.filename else "a path given"
    return (f"{shown}: the name is too long for a file system (a file or folder name over 255 "
            "bytes, or a whole path over 4,096)")


class _Group(typer.core.TyperGroup):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)    # type: ignore[arg-type]
        ctx = _click.Context(self)
        for command in self.commands.values():
            _name_values(command, ctx)

    def invoke(self, ctx: _click.Context) -> object:
        # A name typed on the command line (or read from a game log) that no file system takes:
        # Python's pathlib answers is_file(), exists() and is_dir() with ENAMETOOLONG, not False,
        # wherever such a name is looked at, before anything is written. One usage line here for
        # every command, rather than a check at each of the places a path is looked at.
        from cardgen.data.documents import reading_once

        try:
            with reading_once():            # one command: each data file read once
                return super().invoke(ctx)
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise
            raise commands.fail(name_too_long(exc), 2) from None


app = typer.Typer(
    name="cardgen",
    cls=_Group,
    help="Card games as data: validate, simulate, print and translate tabletop card games.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardgen {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    # A string, not a Path: Path("") is the current folder, and an empty --workspace is a
    # mistake (an unset shell variable) to report, not the current folder.
    workspace: str = typer.Option(None, "--workspace", "-w", metavar="DIR",
                                   help="Work on this workspace (a folder with cards/ or cardgen.toml) "
                                   "instead of the one named by CARDGEN_HOME or found from the current "
                                   "folder upwards."),
) -> None:
    """Card games as data: validate, simulate, print and translate tabletop card games.

    Every command works on a workspace: the folder holding cards/ (or cardgen.toml) found from
    the current folder upwards, or --workspace DIR, or CARDGEN_HOME. Files it lacks come from
    the games shipped with cardgen; 'cardgen init' makes one."""
    from cardgen.workspace import WorkspaceError, current, set_override

    if workspace == "":
        typer.echo("error: --workspace is empty; name the workspace folder", err=True)
        raise typer.Exit(2)
    set_override(None if workspace is None else Path(os.path.expanduser(workspace)))
    try:
        current()                 # a workspace that cannot be used stops every command here
    except WorkspaceError as exc:
        raise commands.fail(str(exc), 2) from None


for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
    importlib.import_module(f"cardgen.commands.{info.name}").register(app)


def _usage_message(exc: _click.exceptions.ClickException) -> str:
    """Click's message without its internals ('Value error, ') and with the command to ask."""
    message = re.sub(r"\bValue error, ", "", exc.format_message()).replace("\n", " ")
    ctx = getattr(exc, "ctx", None)
    if (isinstance(exc, _click.exceptions.NoSuchOption) and ctx is not None and ctx.parent is not None
            and exc.option_name.split("=")[0] in ("--workspace", "-w")):
        # The README names the workspace "with --workspace DIR", and 'cardgen validate
        # --workspace mygame' was told only that validate has no such option: it is cardgen's
        # own, given before the command.
        root = ctx.find_root().command_path
        return (f"--workspace is given before the command: {root} --workspace DIR "
                f"{ctx.command_path[len(root):].strip()} ...")
    if isinstance(exc, _click.exceptions.NoSuchOption) and ctx is not None:
        # An option other commands take, where this one takes an argument: simulate, build and
        # tune take --set, check-set its set as its argument; i18n update and check take
        # --lang, i18n init the language as its second argument.
        given = exc.option_name.split("=")[0]
        if ctx.info_name == "check-set" and given == "--set":
            return f"check-set takes the set as its argument, not --set: {ctx.command_path} SET ..."
        if ctx.command_path.endswith("i18n init") and given in ("--lang", "-l"):
            return (f"i18n init takes the language as its second argument, not --lang: "
                    f"{ctx.command_path} GAME LANG")
    if isinstance(exc, _click.exceptions.UsageError) and ctx is not None:
        message += f" (see '{ctx.command_path} --help')"
    return message


def _show_one_line(self: _click.exceptions.ClickException, file: object = None) -> None:
    # Every usage error is one line, 'error: ...', as every other error of cardgen.
    commands.fail(_usage_message(self), self.exit_code)


for _kind in (_click.exceptions.ClickException, _click.exceptions.UsageError):
    _kind.show = _show_one_line   # type: ignore[method-assign]


def main() -> None:
    try:
        _run()
    finally:
        _say_what_shipped_files_are()


def _say_what_shipped_files_are() -> None:
    from cardgen.paths import bundled_library
    from cardgen.problems import printable, shipped_note
    from cardgen.workspace import shown_folder

    library = bundled_library()
    note = shipped_note(shown_folder(library)) if library is not None else None
    if note is not None:
        try:
            print(printable(note), file=sys.stderr)
        except OSError:
            pass                              # stderr is gone: the exit code says the rest


def _run() -> None:
    from cardgen.interrupt import stop_on_signals
    from cardgen.workspace import WorkspaceError

    try:
        # Every command stops on Ctrl-C, SIGTERM or SIGHUP with one line and the signal's exit code,
        # its output all or nothing (the long ones say more, inside, of what they wrote).
        with stop_on_signals():
            app()
    except typer.Exit as exc:                 # how stop_on_signals ends a stopped command
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:                 # a press before the handlers were in place
        commands.fail("interrupted; nothing written", 130)
        sys.exit(130)
    except WorkspaceError as exc:             # a workspace found unusable once a command looked in it
        commands.fail(str(exc), 1)
        sys.exit(1)
    except OSError as exc:
        # Writing the report itself failed: stdout is a full disk or /dev/full, a dead terminal
        # (EIO). A write to a named file says its name (filename) and is an OutputError, said by
        # its command; this has none. It was an internal error, and then a second traceback
        # when Python flushed stdout on the way out. (A closed pipe, `| head`, is click's: a
        # quiet exit code 1.)
        if exc.filename is not None or exc.errno not in _STREAM_ERRORS:
            _internal(exc)
        _quiet_stdout()
        try:
            commands.fail(f"cannot write the output: {exc.strerror or exc}", 1)
        except OSError:
            pass                              # stderr is gone as well: the exit code says it
        sys.exit(1)
    except Exception as exc:    # a defect of cardgen's, not of the user's input: still one line
        _internal(exc)


_STREAM_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _internal(exc: Exception) -> NoReturn:
    if os.environ.get("CARDGEN_TRACEBACK"):
        raise exc
    commands.fail(f"internal error, a defect of cardgen ({type(exc).__name__}: {exc}); "
                  f"CARDGEN_TRACEBACK=1 shows where it happened", 1)
    sys.exit(1)


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that Python's own flush on the way out does not fail
    again over what is still buffered."""
    try:
        sys.stdout = open(os.devnull, "w")    # noqa: SIM115 - lives as long as the process
    except OSError:
        pass
