"""Card faces as images: each face on its own PDF page, rasterised by poppler's ``pdftoppm``.

Going through the PDF keeps one renderer: a PNG shows exactly what the print sheets show.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from cardgen.render.output import MM, new_canvas
from cardgen.render.pipeline import Context
from cardgen.render.printable import Face


class RasterError(RuntimeError):
    """pdftoppm is missing or failed."""


def faces_pdf(ctx: Context, faces: Sequence[Face], bleed_mm: float) -> bytes:
    """One page per face, each the face's trim size plus ``bleed_mm`` on every side."""
    buffer = io.BytesIO()
    first = ctx.renderer.size(faces[0])
    c = new_canvas(buffer, (first[0] + 2 * bleed_mm, first[1] + 2 * bleed_mm), ctx.fonts.regular,
                   "cardgen faces")
    for face in faces:
        w, h = ctx.renderer.size(face)
        c.setPageSize(((w + 2 * bleed_mm) * MM, (h + 2 * bleed_mm) * MM))
        c.translate(bleed_mm * MM, bleed_mm * MM)
        ctx.renderer.draw(c, face, bleed_mm, bleed_mm)
        c.showPage()
    c.save()
    return buffer.getvalue()


def rasterise(pdf: bytes, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as an RGB image at ``dpi``."""
    if shutil.which("pdftoppm") is None:
        raise RasterError("pdftoppm is not installed (Debian/Ubuntu: apt-get install poppler-utils)")
    with tempfile.TemporaryDirectory(prefix="cardgen-") as tmp:
        source = Path(tmp) / "faces.pdf"
        source.write_bytes(pdf)
        # PPM, not PNG: pdftoppm's PNG compression takes most of its time.
        result = subprocess.run(["pdftoppm", "-r", str(dpi), str(source), str(Path(tmp) / "p")],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RasterError(f"pdftoppm failed: {result.stderr.strip()}")
        pages = sorted(Path(tmp).glob("p-*.ppm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        images = []
        for page in pages:
            with Image.open(page) as im:
                images.append(im.convert("RGB"))
        return images


def face_images(ctx: Context, faces: Sequence[Face], dpi: int, bleed_mm: float) -> list[Image.Image]:
    """The faces as RGB images; the build's RenderError if a text does not fit."""
    from cardgen.render.cardface import RenderError

    pdf = faces_pdf(ctx, faces, bleed_mm)
    if ctx.renderer.problems:
        raise RenderError(list(dict.fromkeys(ctx.renderer.problems)))
    return rasterise(pdf, dpi)
