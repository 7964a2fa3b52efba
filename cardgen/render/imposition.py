"""Page imposition: where each card goes on a sheet, where its back goes, and the crop marks.

Pure geometry in millimetres, PDF orientation (origin bottom-left, y up); nothing here draws.
The same code imposes every game: it only knows card sizes and whether a card has a back.

Rules (see README "Printing"):
- As many cards per page as fit at trim size (poker 63x88 mm: 3x3 on A4 and on Letter),
  centred. Without bleed the cards touch, so one cut separates two cards.
- With bleed, every card gets its bleed on all sides and neighbours' bleeds touch. Where the
  full bleed would lose a row or column (1/8 in on Letter portrait), that axis's bleed is
  reduced to what fits, and the grid reports it.
- Crop marks are short ticks in the margins, on the extension of each cut line, starting just
  outside the outermost bleed; they never cross a card or its bleed and stay on the page.
- Backs follow their fronts page: long-edge duplex mirrors the columns, short-edge duplex the
  rows, ``none`` keeps the positions.
- Gutterfold: landscape, fronts on the top row, each back below its front turned 180 degrees,
  a fold line in a clear band between them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

PAPERS_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DEFAULT_BLEED_MM: dict[str, float] = {"a4": 3.0, "letter": 3.175}   # 1/8 in on Letter
MIN_MARGIN_MM = 1.5        # kept free at the paper edge
MARK_GAP_MM = 0.5          # between the outermost bleed (or trim) and a tick
MARK_MAX_MM = 5.0
MARK_MIN_MM = 0.7          # shorter ticks are left out
FOLD_CLEAR_MM = 2.0        # blank band on each side of a gutterfold's fold line


class Duplex(StrEnum):
    long = "long"
    short = "short"
    none = "none"


class SheetLayout(StrEnum):
    grid = "grid"
    gutterfold = "gutterfold"


class ImpositionError(ValueError):
    """Cards that cannot be placed on the paper."""


@dataclass(frozen=True)
class Slot:
    """One card position: trim box lower-left (x, y), trim size, bleed per axis, rotation."""

    x: float
    y: float
    w: float
    h: float
    bleed_x: float
    bleed_y: float
    rotation: int = 0

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the trim box grown by the bleed."""
        return (self.x - self.bleed_x, self.y - self.bleed_y,
                self.x + self.w + self.bleed_x, self.y + self.h + self.bleed_y)


Line = tuple[float, float, float, float]


@dataclass(frozen=True)
class Grid:
    """The geometry of one card size on one paper."""

    paper: tuple[float, float]              # page width, height
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]                 # backs[i] is behind fronts[i]
    marks: tuple[Line, ...]
    folds: tuple[Line, ...] = ()
    same_page_backs: bool = False           # gutterfold: backs print beside fronts
    bleed_reduced: tuple[float, float] | None = None   # (x, y) bleed when less than asked

    @property
    def per_page(self) -> int:
        return len(self.fronts)


@dataclass(frozen=True)
class _Axis:
    count: int
    bleed: float
    starts: tuple[float, ...]               # trim starts


def _axis(paper: float, card: float, bleed: float, count: int | None = None,
          reserve: float = 0.0) -> _Axis:
    """Cards along one axis: as many as fit at trim size, centred, with the bleed that fits."""
    room = paper - 2 * MIN_MARGIN_MM - reserve
    n = count if count is not None else math.floor(room / card + 1e-9)
    if n < 1 or n * card > room + 1e-9:
        raise ImpositionError(f"a {card:g} mm card does not fit on {paper:g} mm of paper")
    b = max(0.0, min(bleed, (room - n * card) / (2 * n)))
    pitch = card + 2 * b
    first = (paper - n * pitch) / 2 + b
    return _Axis(n, b, tuple(first + i * pitch for i in range(n)))


def _ticks(paper_w: float, paper_h: float, xs: Sequence[float], ys: Sequence[float],
           outer: tuple[float, float, float, float]) -> list[Line]:
    """Ticks on the extension of vertical cuts ``xs`` (above and below) and horizontal cuts
    ``ys`` (left and right), outside the ``outer`` box that holds every card and bleed."""
    x0, y0, x1, y1 = outer
    lines: list[Line] = []

    def tick(start: float, edge: float, direction: int) -> tuple[float, float] | None:
        a = start + direction * MARK_GAP_MM
        room = (edge - a) * direction - MARK_GAP_MM
        length = min(MARK_MAX_MM, room)
        return (a, a + direction * length) if length >= MARK_MIN_MM else None

    below, above = tick(y0, 0.0, -1), tick(y1, paper_h, 1)
    left, right = tick(x0, 0.0, -1), tick(x1, paper_w, 1)
    for x in sorted({round(v, 6) for v in xs}):
        lines += [(x, span[0], x, span[1]) for span in (below, above) if span]
    for y in sorted({round(v, 6) for v in ys}):
        lines += [(span[0], y, span[1], y) for span in (left, right) if span]
    return lines


def _bounds(slots: Sequence[Slot]) -> tuple[float, float, float, float]:
    boxes = [s.outer for s in slots]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _cuts(slots: Sequence[Slot]) -> tuple[list[float], list[float]]:
    return ([v for s in slots for v in (s.x, s.x + s.w)], [v for s in slots for v in (s.y, s.y + s.h)])


def grid(paper: str, card_mm: tuple[float, float], bleed_mm: float, duplex: Duplex) -> Grid:
    """Cards in rows and columns on a portrait page, fronts read left to right, top to bottom."""
    pw, ph = PAPERS_MM[paper]
    cw, ch = card_mm
    ax, ay = _axis(pw, cw, bleed_mm), _axis(ph, ch, bleed_mm)
    fronts = [Slot(x, y, cw, ch, ax.bleed, ay.bleed) for y in reversed(ay.starts) for x in ax.starts]
    if duplex is Duplex.long:
        backs = [Slot(pw - s.x - cw, s.y, cw, ch, s.bleed_x, s.bleed_y) for s in fronts]
    elif duplex is Duplex.short:
        backs = [Slot(s.x, ph - s.y - ch, cw, ch, s.bleed_x, s.bleed_y) for s in fronts]
    else:
        backs = list(fronts)
    xs, ys = _cuts(fronts)
    reduced = (ax.bleed, ay.bleed) if min(ax.bleed, ay.bleed) < bleed_mm - 1e-9 else None
    return Grid((pw, ph), tuple(fronts), tuple(backs),
                tuple(_ticks(pw, ph, xs, ys, _bounds(fronts))), bleed_reduced=reduced)


def gutterfold(paper: str, card_mm: tuple[float, float], bleed_mm: float) -> Grid:
    """Landscape: fronts on the top row, each back below its front turned 180 degrees, so that
    folding along the middle line puts every back behind its front."""
    ph, pw = PAPERS_MM[paper]                       # landscape
    cw, ch = card_mm
    ax = _axis(pw, cw, bleed_mm)
    gutter = 2 * bleed_mm + 2 * FOLD_CLEAR_MM
    ay = _axis(ph, ch, bleed_mm, count=2, reserve=gutter)
    middle = ph / 2
    gutter = 2 * ay.bleed + 2 * FOLD_CLEAR_MM
    top_y, bottom_y = middle + gutter / 2, middle - gutter / 2 - ch
    fronts = [Slot(x, top_y, cw, ch, ax.bleed, ay.bleed) for x in ax.starts]
    backs = [Slot(x, bottom_y, cw, ch, ax.bleed, ay.bleed, rotation=180) for x in ax.starts]
    everything = fronts + backs
    xs, ys = _cuts(everything)
    x0, _, x1, _ = _bounds(everything)
    fold = (x0, middle, x1, middle)
    reduced = (ax.bleed, ay.bleed) if min(ax.bleed, ay.bleed) < bleed_mm - 1e-9 else None
    return Grid((pw, ph), tuple(fronts), tuple(backs),
                tuple(_ticks(pw, ph, xs, ys, _bounds(everything))), (fold,), True, reduced)


@dataclass(frozen=True)
class Placed:
    slot: Slot
    face: Hashable


@dataclass
class Page:
    size: tuple[float, float]
    side: str                                 # "front" or "back" (gutterfold pages: "front")
    cards: list[Placed] = field(default_factory=list)
    marks: tuple[Line, ...] = ()
    folds: tuple[Line, ...] = ()
    bleed_reduced: tuple[float, float] | None = None


@dataclass(frozen=True)
class PrintCard:
    """One physical card: its front face, its back face (None: nothing on the back) and size."""

    front: Hashable
    back: Hashable | None
    size_mm: tuple[float, float]


def impose(cards: Sequence[PrintCard], paper: str, bleed_mm: float, duplex: Duplex,
           layout: SheetLayout = SheetLayout.grid) -> list[Page]:
    """Pages for the cards, in order. Cards are grouped by size (in order of first appearance);
    a fronts page is followed by its backs page when any card on it has a back. Cards with no
    back are imposed on plain grid pages whatever the layout."""
    groups: dict[tuple[tuple[float, float], bool], list[PrintCard]] = {}
    for card in cards:
        groups.setdefault((card.size_mm, card.back is not None), []).append(card)
    pages: list[Page] = []
    for (size, has_back), members in groups.items():
        if layout is SheetLayout.gutterfold and has_back:
            geometry = gutterfold(paper, size, bleed_mm)
        else:
            geometry = grid(paper, size, bleed_mm, duplex)
        n = geometry.per_page
        for start in range(0, len(members), n):
            chunk = members[start:start + n]
            front = Page(geometry.paper, "front", marks=geometry.marks, folds=geometry.folds,
                         bleed_reduced=geometry.bleed_reduced)
            front.cards = [Placed(s, c.front) for s, c in zip(geometry.fronts, chunk, strict=False)]
            backs = [Placed(s, c.back) for s, c in zip(geometry.backs, chunk, strict=False)
                     if c.back is not None]
            if geometry.same_page_backs:
                front.cards += backs
                pages.append(front)
            elif backs:
                pages += [front, Page(geometry.paper, "back", backs, geometry.marks,
                                      bleed_reduced=geometry.bleed_reduced)]
            else:
                pages.append(front)
    return pages

