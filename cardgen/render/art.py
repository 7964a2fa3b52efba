"""Card pictures as files: ``templates/<game>/art/<name>`` (an SVG or a PNG) that a card's data
names (``art: oil-refinery.svg``).

A picture is looked up through the workspace's layers like every template, so a workspace's file
replaces a shipped one of the same name and a custom company can name a file of its own. An SVG
is converted to a reportlab drawing by svglib and printed as vectors, recoloured to one colour
(the shipped pictures are one-colour Game Icons); a PNG is embedded as it is.

A picture that is missing, unreadable, not well-formed, or that refers to other files (an SVG's
``<image>`` or an external ``href``: printing it would embed whatever file it names) is an
``ArtError`` with one line saying why; ``cardgen validate`` reports it at the data's ``art:``.
"""

from __future__ import annotations

import io
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Group, Shape
from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardgen.paths import display_path, template_file
from cardgen.safe_read import ReadError, read_bytes
from cardgen.workspace import current

MAX_ART_BYTES = 4 * 1024 * 1024
# A PNG's pixels are decoded whole to print it, and a few hundred kilobytes of PNG can hold a
# picture of 144 megapixels (one colour compresses a thousandfold): that took 1.5 GB and 11 s
# to preview one card, and passed validate with Pillow's warning on stderr. No card prints more
# than this: a tarot card (70 x 120 mm) at preview's most, 1200 dpi, is 3,300 x 5,700 pixels.
MAX_ART_PIXELS = 25_000_000
# svglib converts an SVG element by element, slowly (about a millisecond each): 100,000 small
# paths, under the size limit, took 25 s and 440 MB to build. The shipped pictures are one path
# each; a detailed drawing holds a few thousand.
MAX_SVG_ELEMENTS = 5_000
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png)$", re.I)
_XLINK = "{http://www.w3.org/1999/xlink}href"


class ArtError(ValueError):
    """A picture that cannot be printed; the message says which file and why."""


@dataclass(frozen=True)
class Art:
    path: Path
    width: float                  # natural size, any unit: only the proportions matter
    height: float
    drawing: Drawing | None       # an SVG's shapes
    image: ImageReader | None     # a PNG
    # An SVG of filled paths in groups (every shipped picture) compiled once into canvas
    # operations: ("push", transform), ("pop", None), ("fill", (path, fill mode)). Drawn that
    # way it costs a few string joins instead of reportlab's drawing renderer; None: use that.
    program: tuple[tuple[str, Any], ...] | None = None


def art_names(game: str) -> list[str]:
    """The picture files a game can name, across the layers."""
    return [p.name for p in current().listing(Path("templates", game, "art"), (".svg", ".png",
                                                                                ".SVG", ".PNG"))]


def art_path(game: str, name: str) -> Path:
    """Where the picture ``name`` of ``game`` is read: the workspace's, else the shipped one."""
    if not NAME.match(name):
        raise ArtError(f"picture '{name}': name a .svg or .png file in templates/{game}/art/ "
                       "(a plain file name, no folders)")
    return template_file(game, "art", name)


_cache: dict[tuple[str, int, int], Art] = {}


def load_art(game: str, name: str) -> Art:
    """The picture ``name`` of ``game``, read and converted once per version of the file."""
    path = art_path(game, name)
    shown = display_path(path)
    if not os.path.lexists(path):
        raise ArtError(f"no picture '{name}' in templates/{game}/art/ (looked for {shown})")
    try:
        stat = path.stat()
    except OSError as exc:
        raise ArtError(f"picture {shown} cannot be read: {exc.strerror or exc}") from None
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in _cache:
        try:
            data = read_bytes(path, MAX_ART_BYTES, "picture")
        except ReadError as exc:
            raise ArtError(f"picture {shown} cannot be read: {exc}") from None
        _cache[key] = _svg(path, data) if path.suffix.lower() == ".svg" else _png(path, data)
    return _cache[key]


def _drawable(size: Any) -> bool:
    """A size a picture can be scaled from: positive, finite, and not absurd (1e308 overflows
    the scaling)."""
    try:
        return 0 < float(size) < 1e6 * 72 / 25.4      # points: a kilometre
    except (TypeError, ValueError):
        return False


def _svg(path: Path, data: bytes) -> Art:
    from lxml import etree
    from svglib.svglib import svg2rlg

    shown = display_path(path)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        # the parser's own words and place, without the "(<string>, line N)" it adds for Python
        raise ArtError(f"picture {shown} is not a well-formed SVG: {exc.msg}") from None
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        raise ArtError(f"picture {shown} is not an SVG (its first element is not <svg>)")
    for count, node in enumerate(root.iter(), 1):
        if count > MAX_SVG_ELEMENTS:
            raise ArtError(f"picture {shown} holds more than {MAX_SVG_ELEMENTS:,} elements, more than a card "
                           "picture needs and too many to draw in good time; simplify it or use a PNG file")
        if not isinstance(node.tag, str):
            continue
        if etree.QName(node).localname == "image":
            raise ArtError(f"picture {shown} (line {node.sourceline}) contains an <image>; "
                           "an SVG picture is drawn as vectors only (use a PNG file for a raster picture)")
        href = node.get("href") or node.get(_XLINK)
        if href is not None and not href.startswith("#"):
            raise ArtError(f"picture {shown} (line {node.sourceline}) refers to another file "
                           f"('{href[:60]}'); an SVG picture must hold everything it draws")
    quiet = logging.getLogger("svglib")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)       # its warnings are for unsupported details, not ours
    try:
        drawing = svg2rlg(io.BytesIO(data))
    except Exception as exc:  # svglib raises whatever its parsing meets
        raise ArtError(f"picture {shown} cannot be drawn: {exc}") from None
    finally:
        quiet.setLevel(level)
    if drawing is None or not _drawable(drawing.width) or not _drawable(drawing.height):
        raise ArtError(f"picture {shown} cannot be drawn (an SVG with a width, a height and shapes "
                       "is needed: positive sizes below a kilometre)")
    return Art(path, float(drawing.width), float(drawing.height), drawing, None, _compile(drawing))


def _compile(drawing: Drawing) -> tuple[tuple[str, Any], ...] | None:
    """The drawing as canvas operations, or None when it holds anything but groups and filled,
    unstroked, unclipped paths."""
    from reportlab.graphics.shapes import Path as ShapePath
    from reportlab.graphics.shapes import _renderPath
    from reportlab.pdfgen.pathobject import PDFPathObject

    program: list[tuple[str, Any]] = []

    def walk(node: Any) -> bool:
        if isinstance(node, Group):
            program.append(("push", tuple(node.transform)))
            if not all(walk(child) for child in node.contents):
                return False
            program.append(("pop", None))
            return True
        if not isinstance(node, ShapePath) or getattr(node, "isClipPath", 0):
            return False
        if node.strokeColor is not None and getattr(node, "strokeWidth", 0):
            return False
        if node.fillColor is None:
            return True
        pdf_path = PDFPathObject()
        funcs = (pdf_path.moveTo, pdf_path.lineTo, pdf_path.curveTo, pdf_path.close)
        closed = _renderPath(node, funcs, forceClose=getattr(node, "autoclose", "") in ("pdf", "svg"))
        if closed:
            program.append(("fill", (pdf_path, getattr(node, "fillMode", None), node.fillColor)))
        return True

    return tuple(program) if walk(drawing) else None


def _png(path: Path, data: bytes) -> Art:
    shown = display_path(path)
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ArtError(f"picture {shown} is not a PNG file")
    # The size, from the header chunk (IHDR, always first), before anything decodes a pixel.
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ArtError(f"picture {shown} cannot be read as a PNG: it has no header chunk (IHDR)")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if width * height > MAX_ART_PIXELS:
        raise ArtError(f"picture {shown} is {width:,} x {height:,} pixels; a card picture may have "
                       f"at most {MAX_ART_PIXELS // 1_000_000} megapixels (a tarot card at 1200 dpi "
                       "has 19): scale it down")
    try:
        image = ImageReader(io.BytesIO(data))
        width, height = image.getSize()
    except Exception as exc:  # Pillow's errors for a damaged file vary
        raise ArtError(f"picture {shown} cannot be read as a PNG: {exc}") from None
    return Art(path, float(width), float(height), None, image)


def _recolour(node: Any, colour: Color) -> None:
    if isinstance(node, Group):
        for child in node.contents:
            _recolour(child, colour)
    elif isinstance(node, Shape):
        if getattr(node, "fillColor", None) is not None:
            node.fillColor = colour
        if getattr(node, "strokeColor", None) is not None:
            node.strokeColor = colour


def draw_art(c: Canvas, art: Art, x: float, y: float, w: float, h: float,
             colour: Color | None) -> None:
    """``art`` fitted into the box (points, lower-left corner), centred, proportions kept."""
    scale = min(w / art.width, h / art.height)
    dw, dh = art.width * scale, art.height * scale
    left, bottom = x + (w - dw) / 2, y + (h - dh) / 2
    if art.image is not None:
        c.drawImage(art.image, left, bottom, dw, dh, mask="auto")
        return
    assert art.drawing is not None
    if art.program is not None:
        c.saveState()
        c.translate(left, bottom)
        c.scale(scale, scale)
        if colour is not None:
            c.setFillColor(colour)
        for op, value in art.program:
            if op == "push":
                c.saveState()
                c.transform(*value)
            elif op == "pop":
                c.restoreState()
            else:
                path, fill_mode, own = value
                if colour is None:
                    c.setFillColor(own)
                c.drawPath(path, stroke=0, fill=1, fillMode=fill_mode)
        c.restoreState()
        return
    if colour is not None:
        for item in art.drawing.contents:
            _recolour(item, colour)
    # reportlab's drawing renderer starts by selecting a font (Helvetica unless told): the
    # canvas's own, embedded one keeps the PDF free of a font it does not embed
    art.drawing.initialFontName = c._fontname
    art.drawing.initialFontSize = c._fontsize
    c.saveState()
    c.translate(left, bottom)
    c.scale(scale, scale)
    renderPDF.draw(art.drawing, c, 0, 0)
    c.restoreState()
