"""Writing output files atomically: a failed run never leaves a half-written file, and an
existing file is replaced only by a complete new one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from cardgen.paths import display_path


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
    if path.is_symlink():
        return "it is a symbolic link; name a regular file"
    if path.is_dir():
        return "it is a folder"
    if path.exists() and not path.is_file():
        return "it is not a regular file (a device, pipe or socket)"
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else f"{display_path(parent)} is a file, not a folder"
    return None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    The file gets the permissions a plain ``open()`` would give (mkstemp's are private).
    Raises OutputError (an OSError) naming the file when it cannot be written."""
    write_all_atomic([(Path(path), data)])


def _stage(path: Path, data: bytes) -> Path:
    """``data`` in a complete temporary sibling of ``path``; OutputError naming ``path``."""
    reason = _obstacle(path)
    if reason:
        raise OutputError(f"cannot write {display_path(path)}: {reason}")
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
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


def write_all_atomic(files: list[tuple[Path, bytes]]) -> None:
    """Write several files all or nothing: every one is staged as a complete temporary sibling
    first, and only when all of them are staged are they renamed into place. A failure (or an
    interrupt) while staging removes the staged files and leaves every target as it was."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files:
            staged.append((_stage(Path(path), data), Path(path)))
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for i, (tmp, path) in enumerate(staged):
        try:
            os.replace(tmp, path)
        except OSError as exc:
            for rest, _ in staged[i:]:
                rest.unlink(missing_ok=True)
            raise OutputError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc
