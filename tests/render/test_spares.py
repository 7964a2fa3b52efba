"""No sheet printed mostly empty: a game's spare card fills the empty slots of the last sheet of
its kind (the startup game: 119 cards at 9 a sheet left one card and eight empty slots), and
never adds a sheet."""

from __future__ import annotations

import itertools
import math

import pytest

from cardgen.commands.build import context_for
from cardgen.render.imposition import SheetLayout
from cardgen.render.pipeline import SheetOptions, plan, with_spares


@pytest.fixture(scope="module")
def startup():
    return context_for("startup", "en")


def _fronts(pages):
    return [p for p in pages if p.side == "front"]


@pytest.mark.parametrize(("paper", "bleed", "layout"),
                         list(itertools.product(["a4", "letter"], [False, True], list(SheetLayout))))
def test_spares_fill_the_last_sheet_and_never_add_one(startup, paper: str, bleed: bool, layout):
    options = SheetOptions(paper=paper, bleed=bleed, layout=layout)
    box = startup.module.card_list(startup.selection)
    specs = with_spares(startup, box, options)
    before, _ = plan(startup, box, options)
    after, _ = plan(startup, specs, options)
    assert len(after) == len(before)
    spares = [s for s in specs if s.id == "spare"]
    fronts = _fronts(after)
    per_page = max(len(p.cards) for p in fronts)
    if layout is SheetLayout.gutterfold:
        per_page //= 2                     # fronts and backs share a gutterfold page
        last = len(fronts[-1].cards) // 2
    else:
        last = len(fronts[-1].cards)
    assert last == per_page, "the last sheet is full"
    total = sum(s.count for s in box)
    assert sum(s.count for s in spares) == math.ceil(total / per_page) * per_page - total


def test_the_startup_box_with_spares_prints_the_credits_card(startup):
    box = startup.module.card_list(startup.selection)
    (credits,) = [s for s in box if s.id == "credits"]
    text = startup.translate(credits.front.fields["text"].context, credits.front.fields["text"].source)
    assert "Game Icons (game-icons.net)" in text and "CC BY 3.0" in text
    spare = startup.module.spare_card(startup.selection)
    assert spare.back is not None and spare.back.key == "draw_pile.back"


def test_a_game_without_a_spare_card_prints_its_cards_as_they_are():
    ctx = context_for("briefcase", "en", players=2, set_ref="simple")
    box = ctx.module.card_list(ctx.selection)
    assert with_spares(ctx, box, SheetOptions()) == box
