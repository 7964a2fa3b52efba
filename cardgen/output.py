"""Writing output files atomically: a failed run never leaves a half-written file, and an
existing file is replaced only by a complete new one. Also what every JSON output is made of,
and the check that a destination can be written, made before the work that fills it."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from cardgen.interrupt import checkpoint, held
from cardgen.paths import display_path
from cardgen.safe_read import resolved

# The longest file or folder name (bytes) the common file systems take (ext4, APFS, NTFS).
NAME_MAX = 255
_written = 0     # files renamed into place by this process, so an interrupt can say what it left


class OutputError(OSError):
    """A file that cannot be written; the message names it and says why, in one line."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _obstacle(path: Path) -> str | None:
    """Why ``path`` cannot be a file, when the reason is in the path itself; else None.

    Only a regular file (or nothing) is ever replaced: a device, FIFO, socket or symlink at the
    path is refused, so ``--json /dev/null`` can never turn /dev/null into a file."""
    if any(len(os.fsencode(part)) > NAME_MAX for part in path.parts):
        return f"a name in it is longer than {NAME_MAX} bytes, more than a file system takes"
    if "\x00" in str(path):
        # No file system takes a NUL; Python refuses it with ValueError, not OSError, wherever
        # the name is used. It cannot come from the command line, but can from what play reads
        # ('s FILE') or what a file names.
        return "a name in it holds a NUL character, which no file system takes"
    try:
        if path.is_symlink():
            return "it is a symbolic link; name a regular file"
        if path.is_dir():
            return "it is a folder"
        if path.exists() and not path.is_file():
            return "it is not a regular file (a device, pipe or socket)"
        return folder_obstacle(path.parent)
    except OSError as exc:          # what the path itself makes the system refuse
        return exc.strerror or str(exc)


def folder_obstacle(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (made if missing), when the reason is in the
    path: the folder, or the nearest of its parents that exists, is a file, a device, pipe or
    socket, or a link that leads nowhere; else None. (OSError for a name the system refuses.)"""
    if "\x00" in str(folder):
        return f"{display_path(folder)}: a name in it holds a NUL character, which no file system takes"
    for parent in (folder, *folder.parents):
        if parent.is_symlink() and not parent.exists():
            return (f"{display_path(parent)} is a symbolic link that leads nowhere (a loop, or "
                    "its target is missing)")
        if parent.exists():
            if parent.is_dir():
                return None
            what = "a file" if parent.is_file() else "a device, pipe or socket"
            return f"{display_path(parent)} is {what}, not a folder"
    return None


def slug(name: str) -> str:
    """``name`` as part of an output file's name: words in lower case joined by hyphens."""
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.casefold()).split())


def check_writable(path: Path) -> None:
    """Raise OutputError now if a file could not be written at ``path`` later: the reasons
    ``_obstacle`` sees in the path (a folder, device, FIFO or symlink there, a file where a
    folder should be), and a folder the file (or the folders write_atomic would make for it)
    cannot be created in. Call it before long work, so a bad destination costs nothing.

    Writability is probed by creating and removing a temporary file in the nearest existing
    folder, the way write_atomic itself writes: permission bits do not tell (root, read-only
    mounts, ACLs). Nothing is left behind, and no folder is made yet."""
    path = Path(path)
    reason = _obstacle(path)
    if reason:
        raise OutputError(f"cannot write {display_path(path)}: {reason}")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".cardgen-check.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"cannot write {display_path(path)}: no file can be made in "
                          f"{display_path(folder)} ({exc.strerror or exc})") from exc
    os.close(fd)
    os.unlink(tmp)


def check_distinct(paths: list[Path]) -> None:
    """Raise OutputError when two of the files one run writes are the same file (``tune --out
    x.yaml --report x.yaml``): written together, the second would replace the first and the run
    would say it wrote both. Compared with their folders' links resolved, so ``a/x`` and
    ``./a/../a/x`` are one file."""
    seen: dict[Path, Path] = {}
    for path in map(Path, paths):
        key = _file_key(path)
        if key in seen:
            first = display_path(seen[key])
            shown = display_path(path)
            raise OutputError(f"cannot write {shown}: the same file is named for two outputs"
                              + ("" if first == shown else f" ({first} and {shown})")
                              + "; give each output its own file")
        seen[key] = path


def check_not_read(paths: Sequence[Path], read: Sequence[str | None],
                   data: Callable[[], Iterable[Path]] = tuple,
                   others: Sequence[tuple[str, Path | None]] = ()) -> None:
    """Raise OutputError when a file a run writes is a file it reads: ``read``, the --set values
    (or check-set's SET), and ``data()``, the game's files (``commands.data_read``), listed only
    when an output already exists: one not there yet replaces nothing, and most runs write new
    files, so the game's folders are not walked for them.
    ``simulate --set x.yaml --json x.yaml`` replaced the user's set file with the run's JSON,
    and ``check-set "My Set" --json cards/briefcase/my-set.yaml`` the set it had found by name.
    ``others``: any other file the run reads, as (what it is, its path): preview --font F --out F
    replaced the user's font with the PNG. Compared as ``check_distinct`` compares, and by where
    links lead."""
    def names(path: Path) -> set[Path]:
        return {_file_key(path), resolved(path)}

    existing = [Path(p) for p in paths if os.path.isfile(p)]
    if not existing:
        return
    sets = set().union(*(names(Path(ref)) for ref in read if ref and os.path.isfile(ref)))
    files = set().union(*(names(Path(f)) for f in data() if os.path.isfile(f)))
    for path in existing:
        read_as = ("the set file this run reads" if names(path) & sets else
                   "one of the game's files (its data, catalogs, layouts, pictures or schemas, or the "
                   "workspace's cardgen.toml)"
                   if names(path) & files else
                   next((f"{what} this run reads" for what, other in others
                         if other is not None and os.path.isfile(other) and names(path) & names(Path(other))),
                        None))
        if read_as:
            raise OutputError(f"cannot write {display_path(path)}: it is {read_as}; "
                              "give the output a file of its own")


def _file_key(path: Path) -> Path:
    """A file's name with its folder's links resolved: ``a/x`` and ``./a/../a/x`` are one file."""
    return resolved(path.parent) / path.name


def json_bytes(data: Any, indent: int | None = 2) -> bytes:
    """``data`` as the JSON every command writes: strict (no NaN or Infinity, which JSON does
    not have and many parsers reject; ValueError instead), UTF-8 with characters as they are
    rather than \\u escapes (but for the bytes of a name that is not UTF-8, below), ending in a
    newline; indented, or on one line (``indent=None``, one record of a JSON Lines file)."""
    text = json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)
    # A file name that is not UTF-8 (a --set file's, recorded in a game log and in check-set's
    # JSON) reaches here holding lone surrogates (Python's surrogateescape), which no UTF-8
    # encoder takes: the write failed as an internal error after the whole run. They only occur
    # inside JSON strings, so backslashreplace writes each as the JSON escape \udcNN, which
    # json.loads reads back to the same name (a log replays with its set file) and the bytes
    # stay UTF-8 (ASCII).
    return (text + "\n").encode("utf-8", "backslashreplace")


def files_written() -> int:
    """How many files write_atomic/write_all_atomic have put in place in this process (and
    those ``note_written`` was told of)."""
    return _written


def note_written(count: int) -> None:
    """Files other processes put in place for this command (a worker's game logs): counted with
    this process's own, so that a stopped command says what it leaves behind."""
    global _written
    _written += count


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    The file gets the permissions a plain ``open()`` would give (mkstemp's are private).
    Raises OutputError (an OSError) naming the file when it cannot be written."""
    write_all_atomic([(Path(path), data)])


def _stage(path: Path, data: bytes, made: list[Path]) -> Path:
    """``data`` in a complete temporary sibling of ``path``; OutputError naming ``path``. The
    folders made for it are added to ``made``, outermost first."""
    reason = _obstacle(path)
    if reason:
        raise OutputError(f"cannot write {display_path(path)}: {reason}")
    tmp = None
    try:
        missing = []
        folder = path.parent
        while not folder.exists() and folder != folder.parent:
            missing.append(folder)
            folder = folder.parent
        path.parent.mkdir(parents=True, exist_ok=True)
        made.extend(reversed(missing))
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:100]}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        return Path(tmp)
    except BaseException as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc
        raise


def write_all_atomic(files: list[tuple[Path, bytes]], then: Callable[[], None] | None = None) -> None:
    """Write several files all or nothing: every one is staged as a complete temporary sibling
    first, and only when all of them are staged are they renamed into place. A failure (or an
    interrupt) while staging removes the staged files, and the folders made for them, and leaves
    every target as it was. ``then`` runs once all are in place, before a stop that came
    meanwhile takes effect (an export's removal of the earlier export's stale cards).

    A stop a library swallowed on the way here (lxml and reportlab catch exceptions that a
    signal raised inside them) is raised now: the run it stopped writes nothing."""
    checkpoint()
    check_distinct([path for path, _ in files])
    staged: list[tuple[Path, Path]] = []
    made: list[Path] = []
    try:
        for path, data in files:
            staged.append((_stage(Path(path), data, made), Path(path)))
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        # An export that filled the disk left its new, empty folder behind ("nothing written",
        # and yet a folder). Only folders this call made go, and only when empty: rmdir refuses
        # one that anything else wrote into meanwhile.
        for folder in reversed(made):
            try:
                folder.rmdir()
            except OSError:
                pass
        raise
    global _written
    # Renaming is quick and must not stop half-way (some files new, some staged copies left
    # behind): a Ctrl-C that arrives here takes effect once all are in place.
    with held():
        for i, (tmp, path) in enumerate(staged):
            try:
                os.replace(tmp, path)
            except OSError as exc:
                for rest, _ in staged[i:]:
                    rest.unlink(missing_ok=True)
                raise OutputError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc
            _written += 1
        if then is not None:
            then()
