"""Card faces as images: each face on its own PDF page, rasterised in process by PDFium.

Going through the PDF keeps one renderer: a PNG shows exactly what the print sheets show.
PDFium comes as the ``pypdfium2`` wheel, so rasterising needs no system package.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pypdfium2
from PIL import Image

from cardgen.interrupt import checkpoint
from cardgen.render.canvas import MM, new_canvas
from cardgen.render.pipeline import Context, check_faces
from cardgen.render.printable import Face


class RasterError(RuntimeError):
    """The PDF of the faces could not be rasterised."""


Size = tuple[float, float]


def faces_pdf(ctx: Context, faces: Sequence[Face], bleed_mm: float,
              trim: Callable[[Size], Size] | None = None) -> bytes:
    """One page per face: the face's trim size plus ``bleed_mm`` on every side. ``trim`` maps a
    face's size to the size to print it at (a print service's inch size); the design is scaled
    to it, the bleed is not. LayoutError, before drawing, when a layout cannot draw a face
    (``check_faces``, as build checks its sheets)."""
    check_faces(ctx, faces)
    buffer = io.BytesIO()
    first = ctx.renderer.size(faces[0])
    c = new_canvas(buffer, (first[0] + 2 * bleed_mm, first[1] + 2 * bleed_mm), ctx.fonts.regular,
                   "cardgen faces")
    for face in faces:
        checkpoint()          # a stop a library swallowed ends the export here, not at its end
        w, h = ctx.renderer.size(face)
        pw, ph = trim((w, h)) if trim else (w, h)
        sx, sy = pw / w, ph / h
        c.setPageSize(((pw + 2 * bleed_mm) * MM, (ph + 2 * bleed_mm) * MM))
        c.translate(bleed_mm * MM, bleed_mm * MM)
        c.scale(sx, sy)
        ctx.renderer.draw(c, face, bleed_mm / sx, bleed_mm / sy)
        c.showPage()
    c.save()
    return buffer.getvalue()


def rasterise(pdf: bytes, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as an RGB image at ``dpi``."""
    try:
        document = pypdfium2.PdfDocument(pdf)
    except pypdfium2.PdfiumError as exc:
        raise RasterError(f"cannot read the faces PDF: {exc}") from exc
    try:
        images = []
        for page in document:
            checkpoint()
            try:
                bitmap = page.render(scale=dpi / 72)
                images.append(bitmap.to_pil().convert("RGB"))
            finally:
                page.close()
        return images
    finally:
        document.close()


def face_images(ctx: Context, faces: Sequence[Face], dpi: int, bleed_mm: float,
                trim: Callable[[Size], Size] | None = None) -> list[Image.Image]:
    """The faces as RGB images; the build's RenderError if a text does not fit. With ``trim``
    (print sizes, whole pixels at ``dpi``) each image is exactly ``size / 25.4 * dpi`` pixels a
    side: PDFium rounds up, which can add a pixel to a size a print service asks for exactly."""
    from cardgen.render.cardface import RenderError

    pdf = faces_pdf(ctx, faces, bleed_mm, trim)
    if ctx.renderer.problems:
        raise RenderError(list(dict.fromkeys(ctx.renderer.problems)))
    images = rasterise(pdf, dpi)
    if trim is None:
        return images
    exact = []
    for face, image in zip(faces, images, strict=True):
        w, h = trim(ctx.renderer.size(face))
        size = (round((w + 2 * bleed_mm) / 25.4 * dpi), round((h + 2 * bleed_mm) / 25.4 * dpi))
        exact.append(image.crop((0, 0, *size)) if image.size != size else image)
    return exact
