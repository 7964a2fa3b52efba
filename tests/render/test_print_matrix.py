"""Every build variant checked as a home printer and a cutter would meet it: no ink within 5 mm
of the paper edge (measured on the rendered pixels), and a crop mark at both ends of every cut
line (cut lines derived from the imposed card rectangles; the marks found as dark pixels).

Variants: A4/Letter x bleed/none x grid with long/short/no duplex, or gutterfold; cards and
inserts, in English; one Greek and one Chinese build; the startup game. Each build prints one
copy of every card of its selection, which gives full and partly filled pages of every kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pypdfium2
import pytest
from PIL import Image, ImageOps

from cardgen.commands.build import context_for
from cardgen.games.briefcase import inserts
from cardgen.render.imposition import (
    MARGIN_TICK_MM,
    MARK_GAP_MM,
    SAFE_MARGIN_MM,
    Duplex,
    Page,
    SheetLayout,
    Slot,
)
from cardgen.render.pipeline import SheetOptions, document_pages, plan, render_cards, render_documents

DPI = 50
PX_MM = DPI / 25.4
DARK = 160               # a tick: a 0.25 pt hairline is drawn a pixel wide, grey 0-115 at 50 dpi

GRID = [(SheetLayout.grid, d) for d in Duplex] + [(SheetLayout.gutterfold, Duplex.long)]
VARIANTS = [("briefcase", "en", paper, bleed, layout, duplex)
            for paper in ("a4", "letter") for bleed in (False, True) for layout, duplex in GRID]
VARIANTS += [("briefcase", "el", "a4", True, SheetLayout.grid, Duplex.short),
             ("briefcase", "zh-Hant", "letter", True, SheetLayout.gutterfold, Duplex.long),
             ("startup", "en", "letter", True, SheetLayout.grid, Duplex.long),
             ("startup", "en", "a4", False, SheetLayout.gutterfold, Duplex.long)]


def _id(v: tuple) -> str:
    game, lang, paper, bleed, layout, duplex = v
    return f"{game}-{lang}-{paper}-{'bleed' if bleed else 'trim'}-{layout.value}-{duplex.value}"


@dataclasses.dataclass
class Built:
    """One variant: its imposed pages and their renderings, cards and inserts alike."""

    pages: list[Page]
    images: list[Image.Image]


def _raster(pdf: bytes) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=DPI / 72).to_pil().convert("L") for page in document]
    finally:
        document.close()


@pytest.fixture(scope="module")
def contexts() -> dict:
    return {}


@pytest.fixture(scope="module", params=VARIANTS, ids=[_id(v) for v in VARIANTS])
def built(request, contexts) -> Built:
    game, lang, paper, bleed, layout, duplex = request.param
    key = (game, lang, game == "briefcase")
    if key not in contexts:
        contexts[key] = context_for(game, lang, players=2 if game == "briefcase" else None,
                                    set_ref="simple" if game == "briefcase" else None)
    ctx = contexts[key]
    options = SheetOptions(paper=paper, bleed=bleed, duplex=duplex, layout=layout)
    specs = [dataclasses.replace(s, count=1) for s in ctx.module.card_list(ctx.selection)]
    pages, _ = plan(ctx, specs, options)
    images = _raster(render_cards(ctx, options, "matrix", specs=specs).data)
    if game == "briefcase":
        docs = inserts.documents(ctx)
        pages += document_pages(docs, options)[0]
        images += _raster(render_documents(ctx, docs, options, "matrix").data)
    assert len(pages) == len(images)
    return Built(pages, images)


def _px(page: Page, x: float, y: float) -> tuple[int, int]:
    """Pixel (column, row) of a point in mm, PDF orientation."""
    return int(x * PX_MM), int((page.size[1] - y) * PX_MM)


def test_no_ink_within_5_mm_of_the_paper_edge(built: Built):
    strip = int(SAFE_MARGIN_MM * PX_MM)        # pixels wholly inside the 5 mm border
    for n, image in enumerate(built.images):
        w, h = image.size
        for box in ((0, 0, w, strip), (0, h - strip, w, h), (0, 0, strip, h), (w - strip, 0, w, h)):
            ink = ImageOps.invert(image.crop(box)).getbbox()
            assert ink is None, f"page {n + 1}: ink at {ink} of the border strip {box}"


@dataclasses.dataclass(frozen=True)
class Cut:
    vertical: bool
    at: float                                    # x of a vertical cut, y of a horizontal one
    low: float                                   # the outer (bleed) extent of the cards on it
    high: float


def cut_lines(slots: list[Slot]) -> list[Cut]:
    """Every cut line of the placed cards: each trim edge extended across all the cards that
    share it, from the outermost bleed on one side to the outermost on the other."""
    found: dict[tuple[bool, float], list[float]] = {}
    for s in slots:
        x0, y0, x1, y1 = s.outer
        for x in (s.x, s.x + s.w):
            found.setdefault((True, round(x, 4)), []).extend((y0, y1))
        for y in (s.y, s.y + s.h):
            found.setdefault((False, round(y, 4)), []).extend((x0, x1))
    return [Cut(v, at, min(ext), max(ext)) for (v, at), ext in sorted(found.items())]


def _end_windows(page: Page, cut: Cut) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """For each end of a cut: the pixels on the cut's extension within reach of a tick, leaving
    out every pixel that touches a card's bleed box."""
    boxes = [p.slot.outer for p in page.cards]
    reach = MARK_GAP_MM + MARGIN_TICK_MM
    for end, start, direction in (("low", cut.low, -1), ("high", cut.high, 1)):
        a, b = sorted((start, start + direction * reach))
        near, far = sorted(_px(page, *((cut.at, v) if cut.vertical else (v, cut.at)))
                           [1 if cut.vertical else 0] for v in (a, b))
        across = sorted(_px(page, *((cut.at + d, a) if cut.vertical else (a, cut.at + d)))
                        [0 if cut.vertical else 1] for d in (-0.8, 0.8))
        pixels = []
        for i in range(near, far + 1):
            for j in range(across[0], across[1] + 1):
                col, row = (j, i) if cut.vertical else (i, j)
                # the pixel's extent in mm must stay clear of every bleed box
                px0, px1 = col / PX_MM, (col + 1) / PX_MM
                py1, py0 = page.size[1] - row / PX_MM, page.size[1] - (row + 1) / PX_MM
                if any(px1 > b[0] and px0 < b[2] and py1 > b[1] and py0 < b[3] for b in boxes):
                    continue
                pixels.append((col, row))
        yield end, pixels


def missing_marks(page: Page, image: Image.Image) -> list[str]:
    """The cut-line ends that have no dark pixel of a tick near them."""
    missing = []
    for cut in cut_lines([p.slot for p in page.cards]):
        for end, pixels in _end_windows(page, cut):
            if not any(image.getpixel(p) < DARK for p in pixels):
                missing.append(f"{'x' if cut.vertical else 'y'}={cut.at:g} mm, {end} end")
    return missing


def test_every_cut_line_has_a_crop_mark_at_both_ends(built: Built):
    for n, (page, image) in enumerate(zip(built.pages, built.images, strict=True)):
        if len(page.cards) == 1 and page.cards[0].slot.x == 0:
            continue                              # a full-page insert: nothing to cut
        assert missing_marks(page, image) == [], f"page {n + 1} ({page.side})"


def test_marks_as_data_stay_clear_of_the_edge_and_of_every_bleed(built: Built):
    for page in built.pages:
        w, h = page.size
        for x0, y0, x1, y1 in page.marks:
            assert min(x0, x1) >= SAFE_MARGIN_MM - 1e-6 and max(x0, x1) <= w - SAFE_MARGIN_MM + 1e-6
            assert min(y0, y1) >= SAFE_MARGIN_MM - 1e-6 and max(y0, y1) <= h - SAFE_MARGIN_MM + 1e-6
            for placed in page.cards:
                bx0, by0, bx1, by1 = placed.slot.outer
                assert not (min(x0, x1) < bx1 and max(x0, x1) > bx0 and min(y0, y1) < by1
                            and max(y0, y1) > by0), (page.side, (x0, y0, x1, y1), placed.slot)


def test_with_bleed_every_card_has_its_own_ticks_at_all_four_corners(built: Built):
    """Bled cards stand apart, and the gutter between them carries ticks: after the first cuts
    every card still shows where its remaining cuts go."""
    for page in built.pages:
        slots = [p.slot for p in page.cards]
        if not slots or slots[0].bleed_x == 0 or (len(slots) == 1 and slots[0].x == 0):
            continue
        for s in slots:
            x0, y0, x1, y1 = s.outer
            for x in (s.x, s.x + s.w):
                for y in (y0, y1):
                    assert any(m[0] == m[2] and abs(m[0] - x) < 1e-4 and min(abs(m[1] - y), abs(m[3] - y))
                               <= MARK_GAP_MM + 1e-4 for m in page.marks), (s, x, y)
            for y in (s.y, s.y + s.h):
                for x in (x0, x1):
                    assert any(m[1] == m[3] and abs(m[1] - y) < 1e-4 and min(abs(m[0] - x), abs(m[2] - x))
                               <= MARK_GAP_MM + 1e-4 for m in page.marks), (s, x, y)


def test_the_mark_check_finds_a_missing_mark(built: Built):
    """The pixel check is not vacuous: whiting out one tick is noticed."""
    page, image = next((p, i) for p, i in zip(built.pages, built.images, strict=True) if p.marks)
    x0, y0, x1, y1 = page.marks[0]
    damaged = image.copy()
    (c0, r0), (c1, r1) = _px(page, min(x0, x1), max(y0, y1)), _px(page, max(x0, x1), min(y0, y1))
    damaged.paste(255, (c0 - 2, r0 - 2, c1 + 3, r1 + 3))
    assert missing_marks(page, image) == []
    assert missing_marks(page, damaged) != []
