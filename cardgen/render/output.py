"""Writing output files: reproducible PDF canvases and atomic replacement.

A build renders into memory and only then replaces the target file, so a failing build leaves
no partial file and keeps the previous one.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

MM = 72.0 / 25.4


def new_canvas(buffer: io.BytesIO, page_mm: tuple[float, float], font: str, title: str) -> Canvas:
    """A canvas whose bytes depend only on what is drawn (``invariant``: no dates, fixed /ID)
    and whose default font is an embedded one (reportlab's default, Helvetica, is not)."""
    c = Canvas(buffer, pagesize=(page_mm[0] * MM, page_mm[1] * MM), invariant=1,
               pageCompression=1, initialFontName=font, initialFontSize=10)
    c.setTitle(title)
    c.setCreator("cardgen")
    c.setAuthor("")
    c.setProducer("cardgen")
    return c


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step: a temporary file in the same directory,
    then ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
