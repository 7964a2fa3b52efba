"""Tiling a drawing larger than the paper: the pages cover it, their visible parts add up to it
exactly, neighbours overlap by the planned amount with the cut line in the middle of it, and
nothing is planned within the printer's margin."""

from __future__ import annotations

import pytest

from cardgen.render.imposition import PAPERS_MM, SAFE_MARGIN_MM
from cardgen.render.tiling import (
    LABEL_MM,
    OVERLAP_MM,
    TilingError,
    alignment_marks,
    drawing_box_on_page,
    plan_tiles,
)

BOARD = (520.0, 350.0)
CASES = [(BOARD, "a4"), (BOARD, "letter"), ((150.0, 100.0), "a4"), ((900.0, 300.0), "letter"),
         ((300.0, 900.0), "a4")]


@pytest.mark.parametrize(("drawing", "paper"), CASES)
def test_visible_parts_cover_the_drawing_once(drawing, paper):
    plan = plan_tiles(drawing, PAPERS_MM[paper])
    w, h = drawing
    assert len(plan.tiles) == plan.rows * plan.cols
    # the visible parts tile the plane: their columns' and rows' edges meet, and they span the drawing
    for t in plan.tiles:
        x0, y0, x1, y1 = t.visible
        assert x0 < x1 and y0 < y1
        wx0, wy0, wx1, wy1 = t.window
        assert wx0 - 1e-9 <= x0 and x1 <= wx1 + 1e-9 and wy0 - 1e-9 <= y0 and y1 <= wy1 + 1e-9
    first, last = plan.tiles[0], plan.tiles[-1]
    assert first.visible[0] <= 0 and first.visible[1] <= 0
    assert last.visible[2] >= w and last.visible[3] >= h
    for t in plan.tiles:
        if t.col:
            left = plan.tiles[t.row * plan.cols + t.col - 1]
            assert left.visible[2] == pytest.approx(t.visible[0])
            # the cut line is in the middle of the overlap of the two windows
            assert left.window[2] - t.window[0] == pytest.approx(OVERLAP_MM)
            assert t.cut_left == pytest.approx((t.window[0] + left.window[2]) / 2)
        if t.row:
            above = plan.tiles[(t.row - 1) * plan.cols + t.col]
            assert above.visible[3] == pytest.approx(t.visible[1])
            assert above.window[3] - t.window[1] == pytest.approx(OVERLAP_MM)


@pytest.mark.parametrize(("drawing", "paper"), CASES)
def test_windows_and_label_keep_inside_the_printers_margin(drawing, paper):
    plan = plan_tiles(drawing, PAPERS_MM[paper])
    pw, ph = plan.paper
    assert {pw, ph} == set(PAPERS_MM[paper])
    ww, wh = plan.window_size
    assert ww == pytest.approx(pw - 2 * SAFE_MARGIN_MM)
    assert wh == pytest.approx(ph - 2 * SAFE_MARGIN_MM - LABEL_MM)
    for t in plan.tiles:
        x0, y0, x1, y1 = drawing_box_on_page(plan, t)
        assert x0 >= SAFE_MARGIN_MM - 1e-6 and x1 <= pw - SAFE_MARGIN_MM + 1e-6
        assert y0 >= SAFE_MARGIN_MM + LABEL_MM - 1e-6 and y1 <= ph - SAFE_MARGIN_MM + 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_board_of_520_by_350_takes_four_landscape_pages(paper):
    plan = plan_tiles(BOARD, PAPERS_MM[paper])
    assert (plan.rows, plan.cols) == (2, 2)
    assert plan.paper[0] > plan.paper[1]


def test_a_drawing_that_fits_is_one_page_and_has_no_cut():
    plan = plan_tiles((150.0, 100.0), PAPERS_MM["a4"])
    assert len(plan.tiles) == 1
    assert plan.tiles[0].cut_left is None and plan.tiles[0].cut_top is None
    assert alignment_marks(plan) == []


def test_every_seam_has_alignment_marks_inside_the_drawing():
    plan = plan_tiles(BOARD, PAPERS_MM["a4"])
    marks = alignment_marks(plan)
    for x in plan.seams_x:
        on = [m for m in marks if m[0] == x]
        assert len(on) >= 2 and all(0 < y < BOARD[1] for _, y in on)
    for y in plan.seams_y:
        on = [m for m in marks if m[1] == y]
        assert len(on) >= 2 and all(0 < x < BOARD[0] for x, _ in on)


def test_a_page_too_small_to_tile_on_is_an_error():
    with pytest.raises(TilingError):
        plan_tiles(BOARD, (30.0, 30.0))
