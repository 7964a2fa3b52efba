"""Reproducible PDF canvases. A build renders into memory and only then writes the target with
``cardgen.output.write_atomic``, so a failing build leaves no partial file."""

from __future__ import annotations

import io

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
