"""Page imposition: where each card goes on a sheet, where its back goes, and the crop marks.

Pure geometry in millimetres, PDF orientation (origin bottom-left, y up); nothing here draws.
The same code imposes every game: it only knows card sizes and whether a card has a back.

Rules (see README "`cardgen build`"):
- Nothing is placed within ``SAFE_MARGIN_MM`` of the paper edge, which home printers cannot
  print reliably; around the cards there is room for a crop mark at each end of every cut line.
  Where a layout does not fit, fewer cards go on a page, never into that margin.
- As many cards per page as fit, centred, upright or, when that fits more, all turned sideways
  (``rotation`` 90). Without bleed the cards touch, so one cut separates two cards (poker
  63x88 mm: 3x3 on A4 and on Letter).
- With bleed every card keeps its whole bleed (3 mm; 1/8 in on Letter) and a white gutter of
  ``BLEED_GUTTER_MM`` separates neighbouring bleeds: two cuts separate two cards, and the
  gutter carries ticks at every card's corners, so each card keeps its marks after the first
  cuts (with touching bleeds the cut line is invisible in the colour and the marks are lost
  with the margin). Poker cards with bleed: 8 sideways on A4, 6 sideways on Letter.
- Crop marks are short ticks on the extension of each card's cut lines, outside every card and
  bleed: in the margin at both ends of each cut line, and in the gutters between bleeds.
  They are computed from the cards actually placed, so an empty slot gets none.
- Backs follow their fronts page: long-edge duplex mirrors the columns, short-edge duplex the
  rows, ``none`` keeps the positions. Sideways cards' backs are turned 180 degrees more, so
  they read the same way round as upright cards' backs would in that duplex mode.
- Gutterfold: landscape, fronts on the top row, each back below its front turned 180 degrees,
  a fold line in a clear band between them. Every page of a gutterfold file is landscape.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

PAPERS_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4),
                                             # large formats, for a board on one sheet
                                             "a2": (420.0, 594.0), "a1": (594.0, 841.0),
                                             "tabloid": (279.4, 431.8)}
DEFAULT_BLEED_MM: dict[str, float] = {"a4": 3.0, "letter": 3.175,   # 1/8 in on US papers
                                      "a2": 3.0, "a1": 3.0, "tabloid": 3.175}
# Home printers leave up to about 5 mm at the paper edge unprinted (often more at the bottom
# edge); ink planned there is lost, and with it the marks of the outer cuts.
SAFE_MARGIN_MM = 5.0
MARK_GAP_MM = 0.4          # between a bleed (or trim) and a tick: a stray cut misses the tick
MARK_MAX_MM = 5.0
MARK_MIN_MM = 1.0          # shorter ticks are left out
MARGIN_TICK_MM = 2.0       # the least tick kept in the margin at the end of every cut line
EDGE_ROOM_MM = SAFE_MARGIN_MM + MARK_GAP_MM + MARGIN_TICK_MM   # paper edge to the outermost bleed
BLEED_GUTTER_MM = 2.0      # white between neighbouring bleeds; its ticks mark every card's corners
FOLD_CLEAR_MM = 2.0        # blank band on each side of a gutterfold's fold line
EPS = 1e-6


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
    """One card position: trim box lower-left (x, y) and size (w, h) on the page, bleed per page
    axis, and the rotation of the card on the page (counter-clockwise degrees: 0, 90, 180, 270;
    at 90 and 270 the card's width runs up the page)."""

    x: float
    y: float
    w: float
    h: float
    bleed_x: float
    bleed_y: float
    rotation: int = 0

    @property
    def sideways(self) -> bool:
        return self.rotation in (90, 270)

    @property
    def card_size(self) -> tuple[float, float]:
        """The card's own (width, height)."""
        return (self.h, self.w) if self.sideways else (self.w, self.h)

    @property
    def card_bleed(self) -> tuple[float, float]:
        """The bleed along the card's own width and height."""
        return (self.bleed_y, self.bleed_x) if self.sideways else (self.bleed_x, self.bleed_y)

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
    marks: tuple[Line, ...]                 # of a full page of fronts
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


def _axis(paper: float, card: float, bleed: float) -> _Axis | None:
    """Cards along one axis, centred: as many as fit with their whole bleed and the gutters
    between bleeds; None when not one fits. Only when a single card does not fit with its bleed
    is the bleed reduced to what fits."""
    room = paper - 2 * EDGE_ROOM_MM
    gutter = BLEED_GUTTER_MM if bleed > 0 else 0.0
    n = max(1, math.floor((room + gutter) / (card + 2 * bleed + gutter) + EPS))
    if card > room + EPS:
        return None
    b = bleed
    if n * (card + 2 * b) + (n - 1) * gutter > room + EPS:
        b = max(0.0, (room - n * card - (n - 1) * gutter) / (2 * n))
        if b < EPS:
            b, gutter = 0.0, 0.0
    pitch = card + 2 * b + gutter
    extent = n * (card + 2 * b) + (n - 1) * gutter
    first = (paper - extent) / 2 + b
    return _Axis(n, b, tuple(first + i * pitch for i in range(n)))


def _tick(fixed: float, start: float, direction: int, along_x: bool, paper: tuple[float, float],
          boxes: Sequence[tuple[float, float, float, float]]) -> Line | None:
    """A tick on the line ``fixed`` (x of a vertical cut, or y of a horizontal one) leaving a
    card's outer edge at ``start`` in ``direction``, stopped short of any other card's bleed and
    of the safe margin; None when too short."""
    limit = paper[0] if along_x else paper[1]
    a = start + direction * MARK_GAP_MM
    end = a + direction * MARK_MAX_MM
    end = min(end, limit - SAFE_MARGIN_MM) if direction > 0 else max(end, SAFE_MARGIN_MM)
    for x0, y0, x1, y1 in boxes:
        lo, hi, across_lo, across_hi = (x0, x1, y0, y1) if along_x else (y0, y1, x0, x1)
        if not across_lo - EPS <= fixed <= across_hi + EPS:
            continue                                   # the box is beside the line
        if lo - EPS <= a <= hi + EPS:
            return None                                # the tick would start on another card
        if direction > 0 and lo >= a:
            end = min(end, lo - MARK_GAP_MM)
        elif direction < 0 and hi <= a:
            end = max(end, hi + MARK_GAP_MM)
    if (end - a) * direction < MARK_MIN_MM - EPS:
        return None
    a, end = round(a, 6), round(end, 6)
    return (a, fixed, end, fixed) if along_x else (fixed, a, fixed, end)


def crop_marks(paper: tuple[float, float], slots: Sequence[Slot]) -> tuple[Line, ...]:
    """Ticks at both ends of each placed card's four cut lines, outside every card and bleed and
    the safe margin: in the margins and in the gutters between bleeds."""
    boxes = [s.outer for s in slots]
    lines: set[Line] = set()
    for s in slots:
        x0, y0, x1, y1 = s.outer
        for x in (s.x, s.x + s.w):                     # vertical cuts: ticks below and above
            for start, direction in ((y0, -1), (y1, 1)):
                tick = _tick(round(x, 6), start, direction, False, paper, boxes)
                if tick:
                    lines.add(tick)
        for y in (s.y, s.y + s.h):                     # horizontal cuts: ticks left and right
            for start, direction in ((x0, -1), (x1, 1)):
                tick = _tick(round(y, 6), start, direction, True, paper, boxes)
                if tick:
                    lines.add(tick)
    return tuple(sorted(lines))


def _back_rotation(front: Slot, duplex: Duplex) -> int:
    # Turning the sheet about the page's axis turns a sideways card about its other axis: a
    # further half turn makes its back read as an upright card's back does in that mode.
    return (front.rotation + 180) % 360 if front.sideways and duplex is not Duplex.none else front.rotation


def _arrangement(pw: float, ph: float, card_mm: tuple[float, float], bleed_mm: float,
                 sideways: bool) -> tuple[_Axis, _Axis] | None:
    w, h = (card_mm[1], card_mm[0]) if sideways else card_mm
    ax, ay = _axis(pw, w, bleed_mm), _axis(ph, h, bleed_mm)
    return (ax, ay) if ax is not None and ay is not None else None


def grid(paper: str, card_mm: tuple[float, float], bleed_mm: float, duplex: Duplex,
         landscape: bool = False, cards: int | None = None) -> Grid:
    """Cards in rows and columns, fronts read left to right, top to bottom; upright, or sideways
    when that puts more on a page (of ``cards`` cards to print, when given: a single board stays
    upright even where two would fit sideways)."""
    pw, ph = PAPERS_MM[paper]
    if landscape:
        pw, ph = ph, pw
    options = [(a, sideways) for sideways in (False, True)
               if (a := _arrangement(pw, ph, card_mm, bleed_mm, sideways)) is not None]
    if not options:
        raise ImpositionError(f"a {card_mm[0]:g} x {card_mm[1]:g} mm card does not fit on "
                              f"{paper.upper()} paper inside its {SAFE_MARGIN_MM:g} mm margins")
    def held(option: tuple[tuple[_Axis, _Axis], bool]) -> int:
        (ax, ay), _ = option
        return min(ax.count * ay.count, cards or ax.count * ay.count)

    (ax, ay), sideways = max(options, key=held)        # on a tie upright: max keeps the first
    w, h = (card_mm[1], card_mm[0]) if sideways else card_mm
    rotation = 90 if sideways else 0
    fronts = [Slot(x, y, w, h, ax.bleed, ay.bleed, rotation) for y in reversed(ay.starts) for x in ax.starts]
    if duplex is Duplex.long:
        spots = [(pw - s.x - w, s.y) for s in fronts]
    elif duplex is Duplex.short:
        spots = [(s.x, ph - s.y - h) for s in fronts]
    else:
        spots = [(s.x, s.y) for s in fronts]
    backs = [Slot(x, y, w, h, s.bleed_x, s.bleed_y, _back_rotation(s, duplex))
             for (x, y), s in zip(spots, fronts, strict=True)]
    reduced = (ax.bleed, ay.bleed) if min(ax.bleed, ay.bleed) < bleed_mm - EPS else None
    return Grid((pw, ph), tuple(fronts), tuple(backs), crop_marks((pw, ph), fronts), bleed_reduced=reduced)


def _fold(slots: Sequence[Slot], middle: float) -> Line:
    return (min(s.outer[0] for s in slots), middle, max(s.outer[2] for s in slots), middle)


def gutterfold(paper: str, card_mm: tuple[float, float], bleed_mm: float) -> Grid:
    """Landscape: fronts on the top row, each back below its front turned 180 degrees, so that
    folding along the middle line puts every back behind its front."""
    ph, pw = PAPERS_MM[paper]                       # landscape
    cw, ch = card_mm
    ax = _axis(pw, cw, bleed_mm)
    room_y = ph - 2 * EDGE_ROOM_MM - 2 * FOLD_CLEAR_MM       # two rows and the fold band
    if ax is None or 2 * ch > room_y + EPS:
        raise ImpositionError(f"a {cw:g} x {ch:g} mm card does not fit a gutterfold sheet of "
                              f"{paper.upper()} paper inside its {SAFE_MARGIN_MM:g} mm margins")
    by = bleed_mm if 2 * (ch + 2 * bleed_mm) <= room_y + EPS else (room_y - 2 * ch) / 4
    middle = ph / 2
    gutter = 2 * by + 2 * FOLD_CLEAR_MM
    top_y, bottom_y = middle + gutter / 2, middle - gutter / 2 - ch
    fronts = [Slot(x, top_y, cw, ch, ax.bleed, by) for x in ax.starts]
    backs = [Slot(x, bottom_y, cw, ch, ax.bleed, by, rotation=180) for x in ax.starts]
    everything = fronts + backs
    reduced = (ax.bleed, by) if min(ax.bleed, by) < bleed_mm - EPS else None
    return Grid((pw, ph), tuple(fronts), tuple(backs), crop_marks((pw, ph), everything),
                (_fold(everything, middle),), True, reduced)


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


def _page(geometry: Grid, side: str, cards: list[Placed]) -> Page:
    slots = [p.slot for p in cards]
    folds = (_fold(slots, geometry.folds[0][1]),) if geometry.folds else ()
    return Page(geometry.paper, side, cards, crop_marks(geometry.paper, slots), folds,
                geometry.bleed_reduced)


def _geometry(size: tuple[float, float], has_back: bool, members: int, paper: str, bleed_mm: float,
              duplex: Duplex, layout: SheetLayout) -> Grid:
    if layout is SheetLayout.gutterfold and has_back:
        return gutterfold(paper, size, bleed_mm)
    return grid(paper, size, bleed_mm, duplex, layout is SheetLayout.gutterfold, members)


def free_slots(cards: Sequence[PrintCard], extra: PrintCard, paper: str, bleed_mm: float,
               duplex: Duplex, layout: SheetLayout = SheetLayout.grid) -> int:
    """How many cards like ``extra`` (its size, with or without a back) fit in the empty slots of
    the last sheet that ``impose`` would print for them: what a game may fill with spares."""
    key = (extra.size_mm, extra.back is not None)
    members = sum(1 for c in cards if (c.size_mm, c.back is not None) == key)
    if not members:
        return 0
    per_page = _geometry(key[0], key[1], members, paper, bleed_mm, duplex, layout).per_page
    return -members % per_page


def impose(cards: Sequence[PrintCard], paper: str, bleed_mm: float, duplex: Duplex,
           layout: SheetLayout = SheetLayout.grid) -> list[Page]:
    """Pages for the cards, in order. Cards are grouped by size (in order of first appearance);
    a fronts page is followed by its backs page when any card on it has a back. Cards with no
    back are imposed on grid pages whatever the layout (landscape ones in a gutterfold file).
    In a file that has backs pages, a fronts page with no backs is followed by a blank one
    (``_two_sided``)."""
    groups: dict[tuple[tuple[float, float], bool], list[PrintCard]] = {}
    for card in cards:
        groups.setdefault((card.size_mm, card.back is not None), []).append(card)
    pages: list[Page] = []
    for (size, has_back), members in groups.items():
        geometry = _geometry(size, has_back, len(members), paper, bleed_mm, duplex, layout)
        n = geometry.per_page
        for start in range(0, len(members), n):
            chunk = members[start:start + n]
            fronts = [Placed(s, c.front) for s, c in zip(geometry.fronts, chunk, strict=False)]
            backs = [Placed(s, c.back) for s, c in zip(geometry.backs, chunk, strict=False)
                     if c.back is not None]
            if geometry.same_page_backs:
                pages.append(_page(geometry, "front", fronts + backs))
            elif backs:
                pages += [_page(geometry, "front", fronts), _page(geometry, "back", backs)]
            else:
                pages.append(_page(geometry, "front", fronts))
    return _two_sided(pages)


def _two_sided(pages: list[Page]) -> list[Page]:
    """A file with backs pages is printed two-sided as a whole, so each fronts page that has no
    backs, but another page after it, gets a blank back: without it the next sheet (a sheet of
    tokens after the Career cards) would be printed on its back, and every later backs page
    behind the wrong fronts."""
    if not any(p.side == "back" for p in pages):
        return pages
    out: list[Page] = []
    for page, following in zip(pages, pages[1:] + [None], strict=True):
        out.append(page)
        if page.side == "front" and following is not None and following.side == "front":
            out.append(Page(page.size, "back", bleed_reduced=page.bleed_reduced))
    return out
