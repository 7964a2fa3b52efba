"""The workspace: the user's folder of game data, found the way git finds a repository.

A workspace is a folder holding ``cards/`` or a ``cardgen.toml`` (and optionally ``schemas/``,
``templates/`` and catalogs under ``cards/<game>/locale/``). Every command works on the one named
by ``--workspace DIR``, else by ``CARDGEN_HOME``, else the first found from the current folder
upwards.

A workspace is layered over the games shipped with cardgen (the *library*: the data inside the
installed package, or beside it in a source checkout). A file of the workspace replaces the
shipped file of the same path; a file the workspace does not have comes from the library. So a
workspace may be a full copy of a game (``cardgen init --from briefcase``) or an overlay holding
just a custom set file and a catalog. The library is read-only: nothing is ever written there,
and a command that would write without a workspace refuses, saying how to make one.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CONFIG = "cardgen.toml"
# What cardgen.toml may say; anything else is reported, never silently ignored.
CONFIG_KEYS = {"output": "folder for built files, relative to the workspace (default: output)",
               "game": "the game a command works on when none is named (default: briefcase)"}
# The workspace's folders of game data, layouts and schemas: what every command reads.
DATA_TOPS = ("cards", "templates", "schemas")


class WorkspaceError(Exception):
    """A workspace that cannot be used: one line saying why."""


class NoWorkspace(WorkspaceError):
    """A write was asked for with no workspace: the message says how to make one."""


def library_root() -> Path:
    """The shipped games: beside the package in a source checkout, else bundled inside it."""
    source = PACKAGE.parent
    if all((source / name).exists() for name in ("cards", "schemas", "pyproject.toml")):
        return source
    return PACKAGE / "_bundled"


@dataclass(frozen=True)
class Workspace:
    root: Path | None          # the user's folder; None when none was found
    found_by: str              # how: "--workspace", "CARDGEN_HOME", "the current folder", ""
    library: Path
    output: str = "output"     # from cardgen.toml
    game: str | None = None    # from cardgen.toml: the game when none is named (``default_game``)

    @property
    def layers(self) -> tuple[Path, ...]:
        """Where files are looked for, the workspace first."""
        if self.root is None or self.root == self.library:
            return (self.library,) if self.root is None else (self.root,)
        return (self.root, self.library)

    def lookup(self, relative: str | Path) -> Path:
        """The file at ``relative`` in the first layer that has it (else the top layer's path)."""
        for layer in self.layers:
            candidate = layer / relative
            # A link counts even when it leads nowhere (a loop, a dangling link): reading it
            # then fails with a clear error, where skipping it would use the shipped file instead.
            # So does a file in a folder that cannot be searched (templates/briefcase without
            # permissions): taken for missing, the shipped layout and pictures stood in for the
            # user's in silence.
            if _may_exist(candidate):
                return candidate
            blocked = _not_a_folder(layer, Path(relative).parent) if layer != self.library else None
            if blocked is not None:
                # templates/briefcase a file: the shipped layouts stood in for the user's in silence.
                raise WorkspaceError(f"{shown_folder(blocked)} is not a folder (a file, a pipe, or a "
                                     f"link that leads nowhere), so the shipped {Path(relative)} "
                                     "would stand in for it; make it a folder or remove it")
        return self.layers[0] / relative

    def listing(self, folder: str | Path, suffixes: Iterable[str] | None = None) -> list[Path]:
        """The files directly in ``folder`` across the layers, a workspace file replacing the
        library's file of the same name; in name order.

        Every entry with a wanted name that is not a folder counts, a pipe, a device, a dangling
        link or a link loop included: reading it then fails with a clear error. Left out, it
        would be ignored in silence, and a broken link of the user's ``companies.yaml`` would
        quietly stand for the shipped file it was meant to replace."""
        wanted = tuple(suffixes) if suffixes is not None else None
        found: dict[str, Path] = {}
        for layer in reversed(self.layers):
            directory = layer / folder
            try:
                is_folder = directory.is_dir()
            except OSError as exc:          # a folder above it cannot be searched
                raise _unreadable(directory, exc) from None
            if not is_folder:
                blocked = _not_a_folder(layer, folder) if layer != self.library else None
                if blocked is not None:
                    # The user's folder (or one above it, cards/ itself) is a file, a pipe or a
                    # link that leads nowhere: passed over, the shipped folder stood in for it
                    # in silence (a dangling link of cards/briefcase/locale built with the
                    # shipped catalogs).
                    raise WorkspaceError(f"{shown_folder(blocked)} is not a folder (a file, a pipe, or a "
                                         f"link that leads nowhere), so the shipped {Path(folder)} "
                                         "would stand in for it; make it a folder or remove it")
                continue
            try:
                entries = list(directory.iterdir())
            except OSError as exc:
                # A folder that cannot be listed (no read permission) was an internal error; passed
                # over, the shipped files would stand in for the user's in silence.
                raise _unreadable(directory, exc) from None
            for path in entries:
                # A folder named as a wanted file (companies.yaml/) counts too, as the pipes do.
                if wanted is None and not path.is_dir() or wanted is not None and path.suffix in wanted:
                    found[path.name] = path
        return [found[name] for name in sorted(found)]

    def subfolders(self, folder: str | Path) -> list[str]:
        """Names of the folders in ``folder`` across the layers."""
        names = {p.name for layer in self.layers if (layer / folder).is_dir()
                 for p in (layer / folder).iterdir() if p.is_dir()}
        return sorted(names)

    def origin(self, path: Path) -> str:
        """'workspace' or 'shipped': where a file cardgen read comes from."""
        if self.root is not None and _inside(path, self.root) and self.root != self.library:
            return "workspace"
        return "shipped" if _inside(path, self.library) else "workspace"

    def writable(self, relative: str | Path) -> Path:
        """Where to write ``relative`` in the workspace; NoWorkspace when there is none."""
        if self.root is None:
            raise NoWorkspace(
                f"no workspace to write {Path(relative).as_posix()} into: cardgen never writes into "
                f"the games it ships with; make one with 'cardgen init' (or pass --workspace DIR)")
        return self.root / relative

    def default_output(self) -> Path:
        """Where built files go unless --out says otherwise."""
        return (self.root / self.output) if self.root is not None else Path("output")

    def yours(self, game: str | None = None) -> list[Path]:
        """The workspace's own data, layout and schema files (of one game, or all)."""
        if self.root is None or self.root == self.library:
            return []
        files: list[Path] = []
        for top in DATA_TOPS:
            base = self.root / top
            folder = base / game if game else base
            if folder.is_dir():
                # Links and pipes too, as ``listing`` counts them.
                files += sorted(p for p in folder.rglob("*") if not p.is_dir())
        return files

    def _games_of_yours(self) -> list[str]:
        """The games the workspace's own files are of (``cards/<game>/...`` and the like)."""
        from cardgen.games import registered_games

        games = {p.relative_to(self.root).parts[1] for p in self.yours()
                 if len(p.relative_to(self.root).parts) > 2} if self.root is not None else set()
        return sorted(games & set(registered_games()))

    def default_game(self) -> str:
        """The game a command works on when none is named: the ``game`` setting, else Briefcase
        (``cardgen init --from startup`` writes ``game = "startup"``, so that workspace's
        commands are the startup game's)."""
        return self.game or _default_game()

    def games_instead(self, game: str | None) -> list[str]:
        """The games the workspace's own files are of when ``game`` is the game when none is
        named and none of them is of it (a workspace of startup files without the ``game``
        setting, then a command without a game), else none."""
        if game != self.default_game() or self.root is None or self.root == self.library or self.yours(game):
            return []
        return self._games_of_yours()

    def describe(self, game: str | None = None) -> str:
        """One line: which workspace, how it was found, and which of its files are the user's."""
        if self.root is None:
            return (f"note: no workspace here (no {CONFIG} or cards/ folder in {shown_folder(Path.cwd())} or "
                    f"above); using the games shipped with cardgen, read-only; 'cardgen init' makes one")
        line = f"workspace: {shown_folder(self.root)} (from {self.found_by})"
        if self.root == self.library:
            return line
        if (self.root / "cardgen" / "__init__.py").is_file() and (self.root / "pyproject.toml").is_file():
            # A clone of cardgen itself (the Quick start, installed with pip): its files are the
            # games' own data, not a user's changes to them.
            return line + "; a checkout of cardgen's source: its data is the games' own"
        mine = self.yours(game)
        if not mine:
            # 'cardgen init DIR --from startup' and then 'cardgen build' built Briefcase, the
            # game when none is named, and the line said "all game data shipped with cardgen"
            others = self.games_instead(game)
            if others:
                return line + (f"; none of your files is of {game}, the game when none is named (they "
                               f"are of {', '.join(others)}: name it, as in --game {others[0]}, or set "
                               f"game = \"{others[0]}\" in {CONFIG}); {game} shipped with cardgen")
            return line + "; all game data shipped with cardgen"
        names = [p.relative_to(self.root).as_posix() for p in mine]
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        return line + f"; your files: {shown}; the rest shipped with cardgen"


def _default_game() -> str:
    from cardgen.games import DEFAULT_GAME

    return DEFAULT_GAME


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False


def _not_a_folder(layer: Path, folder: str | Path) -> Path | None:
    """The first of ``folder`` and the folders above it, up to ``layer``, that is there but is no
    folder (a file, a pipe, a link that leads nowhere), if any: ``cards`` for cards/briefcase
    when cards is a file."""
    path = layer
    for part in Path(folder).parts:
        path = path / part
        if not os.path.lexists(path):
            return None
        if not path.is_dir():
            return path
    return None


def _may_exist(path: Path) -> bool:
    """Whether ``path`` names something (a dangling link too), or may: False only when the
    system says there is nothing by that name."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        return False
    except OSError:
        return True          # it cannot be looked at: whoever reads it says why
    return True


def _unreadable(folder: Path, exc: OSError) -> WorkspaceError:
    return WorkspaceError(f"{shown_folder(folder)} cannot be read ({exc.strerror or exc}), so its "
                          "files cannot be used; make it readable")


def shown_folder(path: Path) -> str:
    """A folder as messages name it: under the home folder as ~/..., else whole."""
    try:
        return "~/" + path.relative_to(Path.home()).as_posix() if _inside(path, Path.home()) else str(path)
    except (ValueError, RuntimeError):
        return str(path)


def is_workspace(folder: Path) -> bool:
    try:
        # Any cardgen.toml counts, a broken link or a pipe too: reading it then says what is wrong.
        return os.path.lexists(folder / CONFIG) or (folder / "cards").is_dir()
    except OSError:
        return False


def _read_config(root: Path) -> tuple[str, str | None]:
    """The output folder and the game setting from cardgen.toml (if any); WorkspaceError for a
    broken file."""
    path = root / CONFIG
    if not os.path.lexists(path):
        return "output", None
    from cardgen.safe_read import ReadError, read_bytes

    try:
        # A folder, a pipe, a device, a link loop is never opened (read_bytes, as every user file).
        raw = read_bytes(path, 64 * 1024, "settings file")
    except ReadError as exc:
        if exc.rule in ("file-special", "file-directory", "file-link-loop", "file-missing"):
            raise WorkspaceError(f"{path}: not a regular file, so its settings cannot be read") from None
        if exc.rule == "file-too-large":
            raise WorkspaceError(f"{path}: too large for a settings file") from None
        raise WorkspaceError(f"{path}: {exc.message}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise WorkspaceError(f"{path}: not valid TOML: line {line} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise WorkspaceError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise WorkspaceError(f"{path}: not valid TOML: nested too deeply") from None
    unknown = sorted(set(data) - set(CONFIG_KEYS))
    if unknown:
        known = ", ".join(f"{k} ({v})" for k, v in CONFIG_KEYS.items())
        raise WorkspaceError(f"{path}: unknown setting '{unknown[0]}'; settings: {known}")
    output = data.get("output", "output")
    if not isinstance(output, str) or not output.strip():
        raise WorkspaceError(f"{path}: 'output' must be a folder name")
    from cardgen.problems import printable

    if printable(output) != output:      # a NUL no file system takes, an escape sequence...
        raise WorkspaceError(f"{path}: 'output' holds a control character; name a folder")
    # 'output = "~/prints"' meant the home folder, as a shell reads it: taken as written, it made
    # a folder named '~' in the workspace and said "wrote ~/prints/...".
    output = os.path.expanduser(output)
    # Built files inside the data would be read back as data (tune's YAML) or mixed with it.
    top = data_top(root, Path(os.path.join(os.path.realpath(root), output)))
    if top is not None:
        raise WorkspaceError(f"{path}: 'output' is {inside_data(top)}")
    return output, _game_setting(path, data.get("game"))


def _game_setting(path: Path, game: object) -> str | None:
    """cardgen.toml's ``game``, checked: one of the games cardgen knows (or None, not set)."""
    if game is None:
        return None
    from cardgen.games import registered_games, unknown_game

    if not isinstance(game, str):
        raise WorkspaceError(f"{path}: 'game' must be a game's name in quotes, as in game = "
                             f"\"{registered_games()[0]}\"")
    if game not in registered_games():
        raise WorkspaceError(f"{path}: 'game': {unknown_game(game)}")
    return game


def data_top(root: Path | None, path: Path) -> str | None:
    """The workspace folder of game data (``DATA_TOPS``) that ``path`` is in or is, or None: built
    files there would be read back as data, or listed as the user's files among it."""
    if root is None:
        return None
    target = os.path.expanduser(path)
    if not os.path.isabs(target):
        try:
            target = os.path.join(os.path.realpath(Path.cwd()), target)
        except OSError:                  # the current folder was deleted: nothing is inside it
            return None
    target = os.path.normpath(target)
    real = os.path.realpath(target)      # through links, to a folder there or not yet
    for top in DATA_TOPS:
        data_folder = os.path.join(os.path.realpath(root), top)
        if any(t == data_folder or t.startswith(data_folder + os.sep) for t in (target, real)):
            return top
    return None


def inside_data(top: str, what: str = "folder") -> str:
    """What is wrong with an output ``what`` (a folder, a file) in the workspace's ``top`` folder."""
    default = " (default: output)" if what == "folder" else ""
    return (f"inside the workspace's {top}/ folder, which cardgen reads as game data; "
            f"name a {what} outside it{default}")


_override: Path | None = None


def set_override(folder: Path | None) -> None:
    """``--workspace DIR``: use this folder whatever the current folder is."""
    global _override
    _override = folder


def current() -> Workspace:
    """The workspace of this command (see the module's docstring); WorkspaceError if the one
    named by --workspace or CARDGEN_HOME is not a folder."""
    try:
        cwd = Path.cwd()
    except OSError:                       # the current folder was deleted under us
        cwd = Path("/")
    return _current(_override, os.environ.get("CARDGEN_HOME") or None, cwd)


@lru_cache(maxsize=32)
def _current(override: Path | None, env: str | None, cwd: Path) -> Workspace:
    library = library_root()
    if override is not None or env is not None:
        named, how = (override, "--workspace") if override is not None else (Path(env), "CARDGEN_HOME")
        folder = named if named.is_absolute() else cwd / named
        if not folder.is_dir():
            raise WorkspaceError(f"{how} names {named}, which is not a folder")
        root = folder.resolve()
        return Workspace(root, how, library, *_read_config(root))
    for folder in (cwd, *cwd.parents):
        if is_workspace(folder):
            root = folder.resolve()
            return Workspace(root, "the current folder" if folder == cwd else f"{shown_folder(cwd)}, upwards",
                             library, *_read_config(root))
    return Workspace(None, "", library)


def announce(game: str | None = None) -> None:
    """Say on stderr which workspace a command works on (one line; folder and file names made
    printable, as everything cardgen prints)."""
    from cardgen.problems import printable

    print(printable(current().describe(game)), file=sys.stderr)
