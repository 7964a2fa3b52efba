"""Insert pages: blocks of text and tables flowed top to bottom, drawn with the card text engine.

A document is data (what a game's insert template produces)::

    name: setup_2            # for messages
    size: [70, 120]          # mm: a card-sized insert, imposed with crop marks; or "page"
    count: 1                 # copies
    frame: level_1           # optional: palette colour prefix of the card's border (<frame>_bg)
    blocks:
      - heading: "Setup"
      - subheading: "..."
      - text: "Each player takes {buy}{buy}{buy} ..."
      - table: {columns: [3, 1, 1], header: ["...", ...], rows: [["...", 2, "{steel}"]],
                align: [left, center, center], style: doc_cell, row_height: 8}
      - spacer: 3            # mm

A table with ``fill: true`` (a form to write on) has its rows grown evenly so that the document
takes its page's whole height.

Strings arrive translated. When the blocks are taller than the page, every size shrinks by
the same factor, never below a style's ``min_size``; if it still does not fit, that is a
problem of the build naming the insert and the language, and so is an icon token that names no
icon of the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.data.schema import did_you_mean
from cardgen.paths import display_path
from cardgen.problems import shorten
from cardgen.render.canvas import MM
from cardgen.render.doc_shape import shape_problems, template_line
from cardgen.render.fonts import FontSet
from cardgen.render.icon_tokens import unknown_tokens
from cardgen.render.layouts import LayoutBook, LayoutError
from cardgen.render.text import TextStyle, draw_text, fit_text

BLOCK_STYLES = {"heading": "doc_h1", "subheading": "doc_h2", "text": "doc_body", "small": "doc_small"}
GAP_MM = 1.6            # below every block
CELL_PAD_MM = 1.0
SCALE_STEP = 0.04
UNBOUNDED = 10_000.0    # points: measure text without a height limit


@dataclass(frozen=True)
class Doc:
    name: str
    size: tuple[float, float] | None     # None: the paper page
    count: int
    frame: str | None
    margin: float                        # mm
    blocks: tuple[Mapping[str, Any], ...]
    where: str = ""                      # "template:line:1", the line that names it; or ""


def read_docs(data: Any, shown: str, source: str = "") -> list[Doc]:
    """Documents from a rendered insert template (``shown``, whose text is ``source``);
    LayoutError with every problem of their shape (``doc_shape``), each placed at the template
    line that writes it."""
    found = [f"{shown}:{template_line(source, name, key)}:1: {f'insert {name}: ' if name else ''}"
             f"{message}" for name, key, message in shape_problems(data)]
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise LayoutError(found[0] + more, found)
    docs = []
    for item in data:
        size = item.get("size", "page")
        card = size != "page"
        name = str(item["name"])
        docs.append(Doc(name, None if not card else (float(size[0]), float(size[1])),
                        int(item.get("count", 1)), item.get("frame"),
                        float(item.get("margin", 5.0 if card else 14.0)), tuple(item["blocks"]),
                        f"{shown}:{template_line(source, name, 'name')}:1" if source else ""))
    return docs


# How much of a text whose word is too wide its problem quotes (cardgen i18n check finds the
# catalog entry from it).
QUOTED_START = 40

Draw = Callable[[Canvas, float, float], None]     # (canvas, x, top): draw at that top-left


@dataclass
class DocRenderer:
    book: LayoutBook
    fonts: FontSet
    lang: str
    ink_saver: bool = False

    def __post_init__(self) -> None:
        self.problems: list[str] = []
        self.icons = self.book.icons(self.ink_saver)

    def _style(self, name: str, scale: float) -> TextStyle:
        if name not in self.book.styles:
            raise LayoutError(f"{self.book.path}: insert style '{name}' is not defined")
        base = self.book.style(name, self.fonts, self.ink_saver)
        return TextStyle(base.font, base.size * scale, base.size * scale, base.leading, base.colour,
                         base.align, "top")

    def _min_scale(self, styles: set[str]) -> float:
        floors = []
        for name in styles:
            s = self.book.style(name, self.fonts, self.ink_saver)
            floors.append(max(s.min_size, 5.0) / s.size)
        return max(floors, default=1.0)

    def _colour(self, name: str, user: str = "the inserts draw") -> HexColor:
        """The palette's colour ``name``; LayoutError saying who draws with it (``user``) when
        the palette lacks it (a frame naming no colour, 'turnn' for 'turnn_bg', or a palette
        without the tables' colours, was an internal error of the build)."""
        palette = self.book.palette(self.ink_saver)
        colour = palette.get(name, name)
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            raise LayoutError(f"{user} with the colour '{shorten(name)}', which the palette of "
                              f"{display_path(self.book.path)} lacks"
                              f"{did_you_mean(name, list(self.book.palette(False)))}")
        return HexColor(colour)

    # -- blocks -------------------------------------------------------------------------------

    def _text(self, text: str, style: TextStyle, width: float, doc: Doc) -> tuple[float, Draw]:
        fit = fit_text(str(text), width, UNBOUNDED, style, self.icons)
        for unknown in unknown_tokens(str(text), self.icons.names()):
            # The text's start is quoted, as for a word too wide: "insert turn in language 'de':
            # unknown icon {x}" left the translator to search the catalog for the entry.
            self.problems.append(f"insert {doc.name}: text '{str(text)[:QUOTED_START]}' in language "
                                 f"'{self.lang}': {unknown}")
        if not fit.fits:
            self.problems.append(f"insert {doc.name}: a word of '{str(text)[:QUOTED_START]}' is wider "
                                 f"than its column in language '{self.lang}'")
        height = len(fit.lines) * fit.size * style.leading
        shown = type(fit)(fit.fits, fit.size, fit.lines, fit.overflow, fit.width, height, fit.style)
        return height, lambda c, x, top: draw_text(c, shown, x, top - height, self.icons)

    def _table(self, spec: Mapping[str, Any], width: float, scale: float, doc: Doc,
               grow: float = 0.0) -> tuple[float, Draw]:
        """A table; ``grow`` points are added to each row of a ``fill: true`` table."""
        columns = [float(v) for v in spec["columns"]]
        widths = [width * v / sum(columns) for v in columns]
        aligns = list(spec.get("align", ["left"] * len(columns)))
        pad = CELL_PAD_MM * MM * scale
        min_row = float(spec.get("row_height", 0)) * MM * scale
        rows: list[tuple[bool, list[Any]]] = []
        if spec.get("header"):
            rows.append((True, list(spec["header"])))
        rows += [(False, list(r)) for r in spec.get("rows", [])]
        laid: list[tuple[bool, float, list[tuple[float, Draw] | None]]] = []
        for header, cells in rows:
            out: list[tuple[float, Draw] | None] = []
            for i, cell in enumerate(cells[:len(widths)]):
                text, style_name = (cell.get("text", ""), cell.get("style")) if isinstance(cell, Mapping) \
                    else (cell, None)
                style_name = style_name or (spec.get("header_style", "doc_cell_head") if header
                                            else spec.get("style", "doc_cell"))
                base = self._style(style_name, scale)
                style = TextStyle(base.font, base.size, base.min_size, base.leading, base.colour,
                                  aligns[i] if i < len(aligns) else "left", "top")
                out.append(None if text in (None, "") else self._text(text, style, widths[i] - 2 * pad, doc))
            height = max([h for h, _ in filter(None, out)] + [0.0]) + 2 * pad
            laid.append((header, max(height, min_row) + (grow if spec.get("fill") else 0.0), out))
        total = sum(h for _, h, _ in laid)

        def draw(c: Canvas, x: float, top: float) -> None:
            y = top
            c.setLineWidth(0.4)
            c.setStrokeColor(self._colour("table_line"))
            for n, (header, height, cells) in enumerate(laid):
                fill = "table_head" if header else ("table_zebra" if n % 2 == 0 and spec.get("zebra", True)
                                                    else None)
                if fill:
                    c.setFillColor(self._colour(fill))
                    c.rect(x, y - height, width, height, fill=1, stroke=0)
                cx = x
                for i, cell in enumerate(cells):
                    if cell is not None:
                        cell_height, cell_draw = cell
                        cell_draw(c, cx + pad, y - (height - cell_height) / 2)
                    cx += widths[i]
                c.line(x, y - height, x + width, y - height)
                y -= height
            c.line(x, top, x + width, top)
            cx = x
            for w in [0.0, *widths]:
                cx += w
                c.line(cx, top, cx, top - total)

        return total, draw

    def _block(self, block: Mapping[str, Any], width: float, scale: float, doc: Doc,
               grow: float = 0.0) -> tuple[float, Draw]:
        if not isinstance(block, Mapping) or len(block) != 1:
            raise LayoutError(f"insert {doc.name}: a block is one of heading, subheading, text, "
                              "small, table, spacer")
        kind, value = next(iter(block.items()))
        if kind in BLOCK_STYLES:
            return self._text(str(value), self._style(BLOCK_STYLES[kind], scale), width, doc)
        if kind == "table":
            return self._table(value, width, scale, doc, grow)
        if kind == "spacer":
            return float(value) * MM * scale, lambda c, x, top: None
        raise LayoutError(f"insert {doc.name}: unknown block '{kind}'")

    def _styles_of(self, doc: Doc) -> set[str]:
        names = set()
        for block in doc.blocks:
            kind, value = next(iter(block.items()))
            if kind in BLOCK_STYLES:
                names.add(BLOCK_STYLES[kind])
            elif kind == "table":
                names |= {value.get("style", "doc_cell"), value.get("header_style", "doc_cell_head")}
        return names

    # -- a whole document ---------------------------------------------------------------------

    def draw(self, c: Canvas, doc: Doc, size_mm: tuple[float, float],
             bleed: tuple[float, float] = (0, 0), clear: float = 0.0) -> None:
        """Draw ``doc`` in a box of ``size_mm`` with its lower-left at the origin, nothing within
        ``clear`` mm of the box's edge (a page document's box is the paper, whose edge printers
        cannot reach: see ``imposition.SAFE_MARGIN_MM``)."""
        w, h = size_mm[0] * MM, size_mm[1] * MM
        if doc.frame:
            bx, by = bleed[0] * MM, bleed[1] * MM
            inset = clear * MM
            c.setFillColor(self._colour(f"{doc.frame}_bg", f"insert {doc.name}: its frame "
                                                            f"'{shorten(doc.frame)}' draws"))
            c.rect(inset - bx, inset - by, w - 2 * inset + 2 * bx, h - 2 * inset + 2 * by, fill=1, stroke=0)
            c.setFillColor(self._colour("paper"))
            c.roundRect(inset + 2.5 * MM, inset + 2.5 * MM, w - 2 * inset - 5 * MM, h - 2 * inset - 5 * MM,
                        2.5 * MM, fill=1, stroke=0)
        margin = max(doc.margin, clear + (2.5 if doc.frame else 0.0)) * MM
        width, room = w - 2 * margin, h - 2 * margin
        lowest = self._min_scale(self._styles_of(doc))
        scale = 1.0
        before = len(self.problems)
        while True:
            del self.problems[before:]
            laid = [self._block(b, width, scale, doc) for b in doc.blocks]
            needed = sum(height for height, _ in laid) + GAP_MM * MM * scale * max(0, len(laid) - 1)
            if needed <= room + 1e-6 or scale - SCALE_STEP < lowest - 1e-9:
                break
            scale -= SCALE_STEP
        rows = sum(len(b["table"].get("rows", [])) + bool(b["table"].get("header"))
                   for b in doc.blocks if isinstance(b.get("table"), Mapping) and b["table"].get("fill"))
        if rows and needed < room:
            # a form to write on (the score pad) takes the page's whole height: taller rows
            laid = [self._block(b, width, scale, doc, (room - needed) / rows) for b in doc.blocks]
        if needed > room + 1e-6:
            self.problems.append(f"insert {doc.name}: does not fit its page in language '{self.lang}' "
                                 f"({needed / MM:.0f} mm of {room / MM:.0f} mm at the smallest sizes)")
        top = h - margin
        for height, draw in laid:
            draw(c, margin, top)
            top -= height + GAP_MM * MM * scale
