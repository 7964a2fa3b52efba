"""Finding, reading and schema-checking the YAML documents of a game.

Every data file names its game and kind in its first keys (``game: briefcase``,
``kind: companies``); the kind selects the schema ``schemas/<game>/<kind>.schema.json``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.schema import did_you_mean, known_kinds, validate_document
from cardgen.data.yamlload import PosDict, key_position, load_yaml, position
from cardgen.paths import YAML_SUFFIXES, display_path, game_data_files, game_names
from cardgen.problems import Problem, shorten
from cardgen.safe_read import find_files, is_dir, path_problem, resolved


@dataclass
class Document:
    path: Path
    shown: str
    game: str
    kind: str
    data: PosDict

    def at(self, *path: Any) -> tuple[int, int]:
        return position(self.data, list(path))

    def problem(self, rule: str, message: str, *path: Any, severity: str = "error") -> Problem:
        line, col = self.at(*path)
        return Problem(self.shown, line, col, rule, message, severity)


def known_games() -> list[str]:
    return game_names()


def expand_paths(paths: list[Path], also: tuple[str, ...] = ()) -> tuple[list[Path], list[Problem]]:
    """Files to read: YAML files (and files ending in one of ``also``) as given, folders searched
    (``safe_read.find_files``: no symbolic link to a folder followed, pseudo file systems
    skipped, vanished entries ignored, at most ``MAX_ENTRIES`` files and folders and
    ``MAX_DEPTH`` levels under each folder)."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if is_dir(path):
            found = find_files(path, YAML_SUFFIXES + also)
            if found.refused is not None:
                problems.append(Problem(display_path(path), 1, 1, found.refused.rule, found.refused.message))
            elif not found.files:
                problems.append(Problem(display_path(path), 1, 1, "file-none",
                                        "directory holds no .yaml files" + _game_folder_hint(path)))
            files.extend(found.files)
            continue
        missing = path_problem(path)
        if missing is not None:
            problems.append(Problem(display_path(path), 1, 1, missing.rule, missing.message))
        else:
            files.append(path)
    # A file named twice (``cards`` and ``cards/x.yaml``) is read once: one resolve per file and
    # a dict, so this stays linear in the number of files.
    unique: dict[Path, Path] = {}
    for path in files:
        unique.setdefault(resolved(path), path)
    return list(unique.values()), problems


def _game_folder_hint(path: Path) -> str:
    """For a game's folder holding no data of its own (a workspace that only translates, with
    just cards/fmnyc/locale/), how to check the game's data it plays with: the shipped files."""
    name = Path(os.path.abspath(path)).name
    if name in known_games():
        return f"; the {name} data read here is cardgen's own: 'cardgen validate {name}' checks it"
    return ""


# One command's reads (``reading_once``): a file a run reads again is parsed and schema-checked
# once, and a game's checks of the same documents run once. ``cardgen validate`` reads each data
# file three times, for its own report, for the box it lays out and for the English texts it
# fits: a third of its time went to reading and checking them again. A file is keyed by its path
# as shown and its identity, size and modification time, so a file the run writes is read anew.
_run: dict[tuple, Any] | None = None


@contextlib.contextmanager
def reading_once() -> Iterator[None]:
    """Within the block, ``read_document`` reads each unchanged file once, and ``checked_once``
    runs each check of the same documents once."""
    global _run
    outer = _run
    if outer is None:
        _run = {}
    try:
        yield
    finally:
        _run = outer


def checked_once(docs: list[Document], key: tuple, check: Callable[[], list[Problem]]) -> list[Problem]:
    """``check()``, the problems a check finds in ``docs``, computed once a run (``reading_once``)
    for the same documents (read once, so the same objects) and ``key``; each time outside one."""
    if _run is None:
        return check()
    # Keyed by the identities of the documents' data (shared by a file's documents however its
    # path was written), which the entry keeps alive so no other data takes one during the run.
    data = tuple(doc.data for doc in docs)
    key = ("checked", *key, *map(id, data))
    found = _run.get(key)
    if found is None:
        found = _run[key] = (data, check())
    return list(found[1])


def read_document(path: Path) -> tuple[Document | None, list[Problem]]:
    """Load one file, check its game/kind header, then its schema."""
    cache = _run
    if cache is None:
        return _read_document(path)
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return _read_document(path)             # its problem is reported as it is read
    key = ("read", display_path(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    read = cache.get(key)
    if read is None:
        read = cache[key] = _read_document(path)
    doc = read[0]
    if doc is not None and doc.path != path:    # the same file named otherwise (relative, absolute)
        doc = dataclasses.replace(doc, path=path)
    return doc, list(read[1])                   # a caller may add to its list of problems


def _read_document(path: Path) -> tuple[Document | None, list[Problem]]:
    shown = display_path(path)
    data, problems = load_yaml(path, shown)
    if problems:
        return None, problems
    if not isinstance(data, PosDict):
        return None, [Problem(shown, 1, 1, "file-not-mapping",
                              "expected a YAML mapping with 'game' and 'kind' keys at the top")]
    games = known_games()
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        line, col = position(data, ["game"]) if "game" in data else (1, 1)
        known = f"known games: {', '.join(games)}" if games else "no game schemas found"
        return None, [Problem(shown, line, col, "header-game",
                              f"{_header_value(data, 'game', games)}; {known}")]
    kinds = known_kinds(game)
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        line, col = position(data, ["kind"]) if "kind" in data else key_position(data, [], "game")
        return None, [Problem(shown, line, col, "header-kind",
                              f"{_header_value(data, 'kind', kinds)}; kinds of {game} files: "
                              f"{', '.join(kinds)}")]
    doc = Document(path, shown, game, kind, data)
    return doc, validate_document(data, game, kind, shown)


def _header_value(data: PosDict, key: str, known: list[str]) -> str:
    """What is wrong with the ``game`` or ``kind`` value of a file."""
    if key not in data:
        return f"missing '{key}' key"
    value = data[key]
    if value is None:
        return f"'{key}' is empty"
    if isinstance(value, (dict, list)):
        return f"'{key}' must be a name, got a {'mapping' if isinstance(value, dict) else 'list'}"
    text = shorten(value)
    return f"unknown {key} '{text}'{did_you_mean(text, known)}"


def read_documents(paths: list[Path]) -> tuple[list[Document], list[Problem]]:
    """Documents that passed their schema, and every problem found on the way."""
    files, problems = expand_paths(paths)
    docs: list[Document] = []
    for path in files:
        doc, found = read_document(path)
        problems.extend(found)
        if doc is not None and not found:
            docs.append(doc)
    return docs, problems


def game_files(game: str) -> list[Path]:
    """The data files of a game, the workspace's over the shipped ones (examples excluded)."""
    return game_data_files(game)
