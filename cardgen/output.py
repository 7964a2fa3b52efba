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
    """Why ``path`` cannot be a file, when the reason is in the path itself; else None."""
    if path.is_dir():
        return "it is a folder"
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else f"{display_path(parent)} is a file, not a folder"
    return None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    The file gets the permissions a plain ``open()`` would give (mkstemp's are private).
    Raises OutputError (an OSError) naming the file when it cannot be written."""
    path = Path(path)
    reason = _obstacle(path)
    if reason:
        raise OutputError(f"cannot write {display_path(path)}: {reason}")
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, OutputError):
            raise OutputError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from exc
        raise
