"""Printing a drawing larger than the paper (a game board) on several pages that are cut and
glued together: which part of the drawing each page shows, where to cut, what lines up.

Geometry in millimetres, with the drawing's coordinates y down from its top-left corner;
``draw_tile`` puts one page on a reportlab canvas (the drawing as a form the caller made, with
the cuts, marks and label strip). Nothing here knows what is drawn.

How a tiled drawing goes together (the same for every game):

- Each page shows a *window* of the drawing, inside the printer-safe margin
  (``imposition.SAFE_MARGIN_MM``) and above a strip that names the page and shows where it goes
  (a small map of all the pages, this one dark).
- Neighbouring windows overlap by ``overlap`` mm. A page with a neighbour on its left (above)
  is cut along a dashed line in the middle of that overlap and laid over the neighbour, whose
  part beyond the line disappears underneath: the picture continues, whatever the printer's
  offset between pages, as long as it is under half the overlap.
- Alignment marks, crosses centred on every cut line, are printed on both pages of the seam: the
  cut halves one and its other half shows beside the edge, so the two are put back together by
  making each cross whole again.
- Where the drawing's own edge is inside a window, crop marks show where to trim it.
- As few pages as will do, portrait or landscape, the drawing centred on the whole grid.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.canvas import MM
from cardgen.render.imposition import SAFE_MARGIN_MM, Slot, crop_marks

OVERLAP_MM = 12.0            # twice the printer offset between pages that still hides the seam
LABEL_MM = 11.0              # the strip under the window: page name and map
MARK_ARM_MM = 3.0            # half the length of an alignment cross's arms
MARK_EVERY_MM = 60.0         # about this far apart along a seam
MARK_WIDTH_PT = 0.5
CUT_DASH = (4, 2.5)          # points: the dashed cut line
LINE_COLOUR = "#000000"
MAP_COLOUR = "#9a9a9a"
EPS = 1e-6

Box = tuple[float, float, float, float]          # x0, y0, x1, y1 (drawing mm, y down)


class TilingError(ValueError):
    """A drawing that cannot be tiled on the paper (nothing fits the margins)."""


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    window: Box                    # the part of the drawing on this page
    visible: Box                   # what shows once every page is glued (between the cut lines)
    cut_left: float | None         # x of the dashed line along this page's left overlap
    cut_top: float | None          # y of the one along its top overlap


@dataclass(frozen=True)
class TilePlan:
    drawing: tuple[float, float]   # mm
    paper: tuple[float, float]     # the page (width, height) as oriented for the tiles
    rows: int
    cols: int
    tiles: tuple[Tile, ...]        # row by row, left to right
    overlap: float
    seams_x: tuple[float, ...]     # x of every vertical cut line (drawing mm)
    seams_y: tuple[float, ...]

    @property
    def window_size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.tiles[0].window
        return x1 - x0, y1 - y0

    def window_origin(self) -> tuple[float, float]:
        """Page mm (PDF orientation, y up) of the window's top-left corner."""
        return SAFE_MARGIN_MM, self.paper[1] - SAFE_MARGIN_MM


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window + EPS:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - EPS)


def plan_tiles(drawing_mm: tuple[float, float], paper_mm: tuple[float, float],
               overlap: float = OVERLAP_MM, label: float = LABEL_MM) -> TilePlan:
    """The fewest pages (portrait or landscape) that show the whole drawing at full size."""
    width, height = drawing_mm
    options = []
    for pw, ph in (paper_mm, (paper_mm[1], paper_mm[0])):
        ww, wh = pw - 2 * SAFE_MARGIN_MM, ph - 2 * SAFE_MARGIN_MM - label
        if min(ww, wh) <= 2 * overlap:
            continue
        cols, rows = _count(width, ww, overlap), _count(height, wh, overlap)
        # fewer pages first; then the one with the less paper left blank round the drawing
        options.append((cols * rows, (cols * (ww - overlap) + overlap) * (rows * (wh - overlap) + overlap),
                        (pw, ph), (ww, wh), cols, rows))
    if not options:
        raise TilingError(f"a page of {paper_mm[0]:g} x {paper_mm[1]:g} mm is too small to tile on")
    _, _, paper, (ww, wh), cols, rows = min(options, key=lambda o: (o[0], o[1]))
    step_x, step_y = ww - overlap, wh - overlap
    # the grid of windows is centred on the drawing
    x_first = -(cols * step_x + overlap - width) / 2 if cols > 1 else -(ww - width) / 2
    y_first = -(rows * step_y + overlap - height) / 2 if rows > 1 else -(wh - height) / 2
    xs = [x_first + c * step_x for c in range(cols)]
    ys = [y_first + r * step_y for r in range(rows)]
    seams_x = tuple(x + overlap / 2 for x in xs[1:])
    seams_y = tuple(y + overlap / 2 for y in ys[1:])
    tiles = []
    for r, y in enumerate(ys):
        for c, x in enumerate(xs):
            left = seams_x[c - 1] if c else x
            right = seams_x[c] if c < cols - 1 else x + ww
            top = seams_y[r - 1] if r else y
            bottom = seams_y[r] if r < rows - 1 else y + wh
            tiles.append(Tile(r, c, (x, y, x + ww, y + wh), (left, top, right, bottom),
                              seams_x[c - 1] if c else None, seams_y[r - 1] if r else None))
    return TilePlan((width, height), paper, rows, cols, tuple(tiles), overlap, seams_x, seams_y)


def _marks_along(start: float, end: float) -> list[float]:
    """Positions of the alignment crosses on a seam segment: evenly spread, at least two."""
    n = max(2, round((end - start) / MARK_EVERY_MM))
    step = (end - start) / n
    return [start + step * (i + 0.5) for i in range(n)]


def alignment_marks(plan: TilePlan) -> list[tuple[float, float]]:
    """Centres (drawing mm) of the crosses on every cut line, within the drawing."""
    w, h = plan.drawing
    out = []
    for x in plan.seams_x:
        out += [(x, y) for y in _marks_along(0.0, h)]
    for y in plan.seams_y:
        out += [(x, y) for x in _marks_along(0.0, w)]
    return out


@dataclass(frozen=True)
class TileLabels:
    """The texts of a tile page, already translated and filled in."""

    name: Callable[[Tile], str]     # "Board 4-5, page 2 of 4"
    cut: str                        # a word by the cut line


DrawText = Callable[[Canvas, str, float, float, float, float], None]
"""(canvas, text, x, y, width, height) in points: draw a label in that box."""


def _page_xy(plan: TilePlan, tile: Tile, x: float, y: float) -> tuple[float, float]:
    """Page points of a drawing point as this tile shows it."""
    left, top = plan.window_origin()
    return (left + x - tile.window[0]) * MM, (top - (y - tile.window[1])) * MM


def _mini_map(c: Canvas, plan: TilePlan, tile: Tile, x: float, y: float, height: float) -> None:
    """A map of the pages, this one filled, with its lower-left at (x, y) mm."""
    cell = min(height / plan.rows, 6.0)
    cw = cell * plan.window_size[0] / plan.window_size[1]
    c.setLineWidth(0.4)
    c.setStrokeColor(HexColor(MAP_COLOUR))
    for t in plan.tiles:
        fill = t.row == tile.row and t.col == tile.col
        c.setFillColor(HexColor(MAP_COLOUR))
        c.rect((x + t.col * cw) * MM, (y + (plan.rows - 1 - t.row) * cell) * MM, cw * MM, cell * MM,
               fill=int(fill), stroke=1)


def draw_tile(c: Canvas, plan: TilePlan, tile: Tile, form: str, labels: TileLabels,
              draw_text: DrawText) -> None:
    """One tile page: the window of the drawing (the form ``form``, drawn with its lower-left
    at the origin and the drawing's size), its cut lines, alignment marks, crop marks where the
    drawing's own edge is in view, and the label strip."""
    w, h = plan.drawing
    pw, ph = plan.paper
    left, top = plan.window_origin()
    ww, wh = plan.window_size
    c.setPageSize((pw * MM, ph * MM))
    c.saveState()
    clip = c.beginPath()
    clip.rect(left * MM, (top - wh) * MM, ww * MM, wh * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.saveState()
    c.translate((left - tile.window[0]) * MM, (top + tile.window[1] - h) * MM)
    c.doForm(form)
    c.restoreState()
    c.setStrokeColor(HexColor(LINE_COLOUR))
    c.setLineWidth(MARK_WIDTH_PT)
    x0, y0, x1, y1 = tile.window
    for mx, my in alignment_marks(plan):
        if x0 - MARK_ARM_MM <= mx <= x1 + MARK_ARM_MM and y0 - MARK_ARM_MM <= my <= y1 + MARK_ARM_MM:
            px, py = _page_xy(plan, tile, mx, my)
            arm = MARK_ARM_MM * MM
            c.line(px - arm, py, px + arm, py)
            c.line(px, py - arm, px, py + arm)
            c.circle(px, py, arm * 0.55, stroke=1, fill=0)
    c.setDash(*CUT_DASH)
    if tile.cut_left is not None:
        px, _ = _page_xy(plan, tile, tile.cut_left, 0)
        c.line(px, (top - wh) * MM, px, top * MM)
    if tile.cut_top is not None:
        _, py = _page_xy(plan, tile, 0, tile.cut_top)
        c.line(left * MM, py, (left + ww) * MM, py)
    c.restoreState()
    # crop marks at the drawing's own edges, where they are on this page
    board = Slot(left + 0 - tile.window[0], top - (h - tile.window[1]), w, h, 0.0, 0.0)
    c.saveState()
    clip = c.beginPath()
    clip.rect(left * MM, (top - wh) * MM, ww * MM, wh * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.setLineWidth(0.25)
    c.setStrokeColor(HexColor(LINE_COLOUR))
    for a, b, cc, d in crop_marks((pw, ph), [board]):
        c.line(a * MM, b * MM, cc * MM, d * MM)
    c.restoreState()
    # the label strip: the page's name, and the map of the pages with this one filled
    strip = top - wh - LABEL_MM
    cell = min((LABEL_MM - 3) / plan.rows, 6.0)
    map_w = plan.cols * cell * ww / wh
    _mini_map(c, plan, tile, left + ww - map_w, strip + 1.5, LABEL_MM - 3)
    draw_text(c, labels.name(tile), left * MM, (strip + 1) * MM, (ww - map_w - 4) * MM, (LABEL_MM - 2) * MM)
    if tile.cut_left is not None:
        px, _ = _page_xy(plan, tile, tile.cut_left, 0)
        draw_text(c, labels.cut, px + 1, (top - wh + 1) * MM, 20 * MM, 4 * MM)


def drawing_box_on_page(plan: TilePlan, tile: Tile) -> Box:
    """Page mm (PDF orientation) of the tile's visible part: what a test crops to put the
    drawing back together."""
    left, top = plan.window_origin()
    x0, y0, x1, y1 = tile.visible
    return (left + x0 - tile.window[0], top - (y1 - tile.window[1]), left + x1 - tile.window[0],
            top - (y0 - tile.window[1]))
