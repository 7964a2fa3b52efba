"""Imposition checked as a printer would: positions, duplex alignment, marks, page counts."""

from __future__ import annotations

import math

import pytest

from cardgen.render.imposition import (
    BLEED_GUTTER_MM,
    DEFAULT_BLEED_MM,
    PAPERS_MM,
    SAFE_MARGIN_MM,
    Duplex,
    ImpositionError,
    PrintCard,
    SheetLayout,
    Slot,
    grid,
    gutterfold,
    impose,
)

POKER = (63.0, 88.0)
EPS = 1e-6


def _inside_page(box: tuple[float, float, float, float], paper: tuple[float, float]) -> bool:
    x0, y0, x1, y1 = box
    return x0 >= -EPS and y0 >= -EPS and x1 <= paper[0] + EPS and y1 <= paper[1] + EPS


def _crosses(line: tuple[float, float, float, float], slot: Slot) -> bool:
    """Whether a mark touches a card's bleed box (a line is a degenerate box)."""
    x0, y0, x1, y1 = slot.outer
    lx0, lx1 = sorted((line[0], line[2]))
    ly0, ly1 = sorted((line[1], line[3]))
    return lx0 < x1 - EPS and lx1 > x0 + EPS and ly0 < y1 - EPS and ly1 > y0 + EPS or (
        lx0 == lx1 and x0 - EPS <= lx0 <= x1 + EPS and ly0 < y1 - EPS and ly1 > y0 + EPS) or (
        ly0 == ly1 and y0 - EPS <= ly0 <= y1 + EPS and lx0 < x1 - EPS and lx1 > x0 + EPS)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_without_bleed_are_three_by_three_upright_on_a4_and_letter(paper):
    g = grid(paper, POKER, 0.0, Duplex.long)
    assert g.per_page == 9 and {s.rotation for s in g.fronts} == {0}
    assert len({s.x for s in g.fronts}) == 3 and len({s.y for s in g.fronts}) == 3


@pytest.mark.parametrize("paper, per_page", [("a4", 8), ("letter", 6)])
def test_poker_cards_with_bleed_keep_the_whole_bleed_and_go_sideways_to_fit_more(paper, per_page):
    # 3 x 3 with 3 mm bleed spans 207 mm on A4 (and 283 mm down Letter): never inside 5 mm margins
    bleed = DEFAULT_BLEED_MM[paper]
    g = grid(paper, POKER, bleed, Duplex.long)
    assert g.per_page == per_page and g.bleed_reduced is None
    assert all(s.bleed_x == bleed and s.bleed_y == bleed and s.card_size == POKER for s in g.fronts)
    assert {s.rotation for s in g.fronts} == {90}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bled_cards_stand_apart_so_each_cut_line_shows(paper):
    """Neighbouring bleeds never touch: a white gutter, with ticks in it, separates them."""
    g = grid(paper, POKER, DEFAULT_BLEED_MM[paper], Duplex.long)
    boxes = [s.outer for s in g.fronts]
    gaps = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            same_row = a[1] < b[3] and b[1] < a[3]
            same_column = a[0] < b[2] and b[0] < a[2]
            if same_row:
                gaps.append(max(b[0] - a[2], a[0] - b[2]))
            if same_column:
                gaps.append(max(b[1] - a[3], a[1] - b[3]))
    assert min(gaps) == pytest.approx(BLEED_GUTTER_MM)
    inner = [m for m in g.marks if all(SAFE_MARGIN_MM + 3 < v < max(g.paper) - SAFE_MARGIN_MM - 3 for v in m)
             and any(_between(m, a, b) for a in boxes for b in boxes)]
    assert inner, "no ticks in the gutters"


def _between(mark, a, b) -> bool:
    """Whether a mark lies in the gutter between two bleed boxes."""
    lx0, lx1 = sorted((mark[0], mark[2]))
    ly0, ly1 = sorted((mark[1], mark[3]))
    return (a[3] <= ly0 and ly1 <= b[1]) or (a[2] <= lx0 and lx1 <= b[0])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("duplex", list(Duplex))
def test_cards_and_marks_stay_on_the_page_and_marks_never_cross_a_bleed(paper, bleed, duplex):
    g = grid(paper, POKER, bleed, duplex)
    for slot in g.fronts + g.backs:
        assert _inside_page(slot.outer, g.paper)
    assert g.marks
    for mark in g.marks:
        assert _inside_page(mark, g.paper)
        assert not any(_crosses(mark, s) for s in g.fronts), mark


def test_marks_are_short_ticks_on_every_cut_line():
    g = grid("a4", POKER, 0.0, Duplex.long)
    vertical_cuts = {s.x for s in g.fronts} | {s.x + s.w for s in g.fronts}
    horizontal_cuts = {s.y for s in g.fronts} | {s.y + s.h for s in g.fronts}
    assert {m[0] for m in g.marks if m[0] == m[2]} == {round(x, 6) for x in vertical_cuts}
    assert {m[1] for m in g.marks if m[1] == m[3]} == {round(y, 6) for y in horizontal_cuts}
    assert all(math.dist(m[:2], m[2:]) <= 5.0 + EPS for m in g.marks)


def test_neighbouring_cards_with_bleed_do_not_overlap():
    g = grid("a4", POKER, 3.0, Duplex.long)
    boxes = [s.outer for s in g.fronts]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] + EPS or b[2] <= a[0] + EPS or a[3] <= b[1] + EPS or b[3] <= a[1] + EPS


def test_a4_keeps_the_full_3_mm_bleed():
    g = grid("a4", POKER, 3.0, Duplex.long)
    assert g.bleed_reduced is None
    assert all(s.bleed_x == 3.0 and s.bleed_y == 3.0 for s in g.fronts)


def test_only_a_card_that_does_not_fit_with_its_bleed_gets_less_and_says_so():
    g = grid("a4", (190.0, 120.0), 3.0, Duplex.long)       # 190 + 6 mm > 210 - 2 x 7.4 mm
    assert g.per_page == 2 and g.bleed_reduced is not None
    bx, by = g.bleed_reduced
    assert 0 < bx < 3.0 and by == 3.0
    assert min(s.outer[0] for s in g.fronts) >= SAFE_MARGIN_MM


def test_a_card_that_cannot_fit_inside_the_margins_is_an_error():
    with pytest.raises(ImpositionError, match="5 mm margins"):
        grid("letter", (63.0, 270.0), 0.0, Duplex.long)


def _up(rotation: int) -> tuple[int, int]:
    """The direction a card's top points on the page."""
    return {0: (0, 1), 90: (-1, 0), 180: (0, -1), 270: (1, 0)}[rotation]


@pytest.mark.parametrize("bleed", [0.0, 3.0])            # upright cards, and sideways ones
@pytest.mark.parametrize("duplex, same_edge", [(Duplex.long, True), (Duplex.short, False)])
def test_backs_of_sideways_cards_read_as_the_backs_of_upright_ones(bleed, duplex, same_edge):
    """Seen through the sheet (a back page point lands on the mirror image of the front page's),
    the back's top is at the card's top edge with long-edge duplex (turn the card like a page)
    and at its bottom edge with short-edge duplex, whichever way the cards stand."""
    g = grid("a4", POKER, bleed, duplex)
    for front, back in zip(g.fronts, g.backs, strict=True):
        bx, by = _up(back.rotation)
        through = (-bx, by) if duplex is Duplex.long else (bx, -by)
        fx, fy = _up(front.rotation)
        assert through == ((fx, fy) if same_edge else (-fx, -fy)), (front, back)


def test_long_edge_duplex_backs_mirror_the_fronts_left_to_right():
    g = grid("a4", POKER, 3.0, Duplex.long)
    width = PAPERS_MM["a4"][0]
    for front, back in zip(g.fronts, g.backs, strict=True):
        assert back.x == pytest.approx(width - front.x - front.w)
        assert back.y == pytest.approx(front.y)


def test_short_edge_duplex_backs_mirror_the_fronts_top_to_bottom():
    g = grid("letter", POKER, 0.0, Duplex.short)
    height = PAPERS_MM["letter"][1]
    for front, back in zip(g.fronts, g.backs, strict=True):
        assert back.x == pytest.approx(front.x)
        assert back.y == pytest.approx(height - front.y - front.h)


def test_no_duplex_keeps_backs_where_the_fronts_are():
    g = grid("a4", POKER, 0.0, Duplex.none)
    assert g.backs == g.fronts


@pytest.mark.parametrize("paper, per_page", [("a4", 4), ("letter", 3)])
def test_gutterfold_puts_each_back_turned_below_its_front_across_the_fold(paper, per_page):
    g = gutterfold(paper, POKER, 3.0)
    width, height = g.paper
    assert width > height                                   # landscape
    assert g.per_page == per_page                           # Letter: 4 x 69 mm + gutters > 264.6 mm
    (fold,) = g.folds
    for front, back in zip(g.fronts, g.backs, strict=True):
        assert back.rotation == 180 and front.rotation == 0
        assert back.x == pytest.approx(front.x)
        # mirror images across the fold line
        assert (front.y + back.y + back.h) / 2 == pytest.approx(fold[1])
        assert _inside_page(front.outer, g.paper) and _inside_page(back.outer, g.paper)
        assert not _crosses(fold, front) and not _crosses(fold, back)


def _cards(n: int, back: bool = True, size=POKER) -> list[PrintCard]:
    return [PrintCard(f"f{i}", f"b{i}" if back else None, size) for i in range(n)]


@pytest.mark.parametrize("n", [1, 9, 10, 18, 431])
def test_page_count_is_fronts_pages_plus_one_backs_page_each(n):
    pages = impose(_cards(n), "a4", 0.0, Duplex.long)
    assert len(pages) == 2 * math.ceil(n / 9)
    assert [p.side for p in pages[:2]] == ["front", "back"]


def test_exactly_full_pages_leave_no_empty_last_page():
    pages = impose(_cards(18), "a4", 0.0, Duplex.long)
    assert all(p.cards for p in pages)


def test_cards_without_backs_get_no_backs_page():
    pages = impose(_cards(3, back=False, size=(180.0, 120.0)), "a4", 0.0, Duplex.long)
    assert [p.side for p in pages] == ["front", "front"]       # two boards per A4 page


def test_sheets_without_backs_in_a_two_sided_file_get_blank_backs():
    """Career cards with backs, then two sheets of tokens with none: printed two-sided as a
    whole, the second token sheet must not land on the back of the first."""
    cards = _cards(2) + _cards(24, back=False, size=(60.0, 60.0))
    pages = impose(cards, "a4", 0.0, Duplex.long)
    sides = [p.side for p in pages]
    assert sides[::2] == ["front"] * len(sides[::2])          # every odd page is a sheet's front
    assert sides[1::2] == ["back"] * len(sides[1::2])
    assert len(pages) == 5 and not pages[3].cards and pages[4].cards   # the last needs no blank


def test_each_back_lands_behind_its_front():
    cards = _cards(12)
    pages = impose(cards, "a4", 3.0, Duplex.long)
    width = pages[0].size[0]
    for front_page, back_page in zip(pages[::2], pages[1::2], strict=True):
        backs = {p.face: p.slot for p in back_page.cards}
        for placed in front_page.cards:
            back = backs["b" + placed.face[1:]]
            assert back.x == pytest.approx(width - placed.slot.x - placed.slot.w)
            assert back.y == pytest.approx(placed.slot.y)


def test_gutterfold_pages_hold_fronts_and_backs_together():
    pages = impose(_cards(6), "a4", 0.0, Duplex.long, SheetLayout.gutterfold)
    assert len(pages) == 2
    assert len(pages[0].cards) == 8 and len(pages[1].cards) == 4


BOARD = (180.0, 120.0)


@pytest.mark.parametrize("layout", list(SheetLayout))
def test_a_lone_board_gets_marks_for_itself_only(layout):
    (page,) = impose([PrintCard("bank", None, BOARD)], "a4", 3.0, Duplex.long, layout)
    (placed,) = page.cards
    assert placed.slot.rotation == 0
    # four cut lines, a tick at each end: none for the empty slot below it
    assert len(page.marks) == 8
    x0, y0, x1, y1 = placed.slot.outer
    for mx0, my0, mx1, my1 in page.marks:
        assert x0 - 6 < min(mx0, mx1) and max(mx0, mx1) < x1 + 6
        assert y0 - 6 < min(my0, my1) and max(my0, my1) < y1 + 6


def test_every_page_of_a_gutterfold_file_is_landscape():
    cards = _cards(5) + [PrintCard("bank", None, BOARD)]
    pages = impose(cards, "letter", 0.0, Duplex.long, SheetLayout.gutterfold)
    assert [p.size[0] > p.size[1] for p in pages] == [True] * len(pages)
    assert any(len(p.cards) == 1 and p.cards[0].face == "bank" for p in pages)


def test_a_partly_filled_page_marks_only_its_cards():
    (front, back) = impose(_cards(4), "a4", 0.0, Duplex.long)
    full = grid("a4", POKER, 0.0, Duplex.long)
    assert len(front.cards) == 4 and len(front.marks) < len(full.marks)
    # the cards sit top left (3 + 1): the lone card of the second row has its own ticks below
    lone = front.cards[3].slot
    assert any(m[0] == m[2] == pytest.approx(lone.x + lone.w) and max(m[1], m[3]) < lone.y
               for m in front.marks)
    # the backs page marks the mirrored cards, not the fronts' places
    assert {m for m in back.marks} != {m for m in front.marks}


@pytest.fixture(scope="module")
def briefcase_context():
    from cardgen.i18n.messages import english
    from cardgen.render.pipeline import card_module, prepare

    module = card_module("briefcase")
    return prepare(module, module.select(), "en", english)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [False, True])
@pytest.mark.parametrize("layout", list(SheetLayout))
def test_nothing_of_the_full_box_is_placed_outside_its_page(briefcase_context, paper, bleed, layout):
    from cardgen.render.pipeline import SheetOptions, plan

    options = SheetOptions(paper=paper, bleed=bleed, layout=layout)
    pages, _ = plan(briefcase_context, briefcase_context.module.card_list(briefcase_context.selection),
                    options)
    for page in pages:
        for placed in page.cards:
            assert _inside_page(placed.slot.outer, page.size)
            assert not any(_crosses(mark, placed.slot) for mark in page.marks)
        for line in page.marks + page.folds:
            assert _inside_page(line, page.size)
