"""What the cards look like: renderings compared with approved images, and a deliberate
layout change must be caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.commands.build import context_for
from cardgen.commands.preview import find_face
from cardgen.render.pipeline import SheetOptions, render_cards
from cardgen.render.raster import face_images, rasterise
from tests.render.visual import PIXEL_TOLERANCE, check_against_approved

CARDS = ["steel_factory", "law_firm:back", "randomizer.bank", "buy", "energy", "vp", "storage.blue",
         "company_block", "buy:back", "central_bank"]
DPI = 100


def _render(cards: list[str], ink_saver: bool = False):
    ctx = context_for("briefcase", "en", ink_saver=ink_saver)
    specs = ctx.module.card_list(ctx.selection)
    return face_images(ctx, [find_face(specs, c) for c in cards], DPI, 0.0)


def test_cards_look_as_approved():
    for card, image in zip(CARDS, _render(CARDS), strict=True):
        assert check_against_approved(f"card-{card.replace(':', '-')}", image) <= PIXEL_TOLERANCE, card


def test_ink_saver_cards_look_as_approved():
    (image,) = _render(["law_firm:back"], ink_saver=True)
    assert check_against_approved("card-law_firm-back-ink-saver", image) <= PIXEL_TOLERANCE


def test_the_first_sheet_looks_as_approved():
    ctx = context_for("briefcase", "en", players=2, set_ref="simple")
    specs = ctx.module.card_list(ctx.selection)[:3]
    pdf = render_cards(ctx, SheetOptions(bleed=True), "sheet", specs=specs)
    front, back = rasterise(pdf.data, 40)
    assert check_against_approved("sheet-front", front) <= PIXEL_TOLERANCE
    assert check_against_approved("sheet-back", back) <= PIXEL_TOLERANCE


def test_moving_a_layout_element_fails_the_comparison(project: Path):
    layout = project / "templates" / "briefcase" / "cards.yaml"
    text = layout.read_text()
    moved = text.replace("- icon: {box: [4, 4, 12, 12], name: cost_badge, when: cost}",
                         "- icon: {box: [8, 6, 12, 12], name: cost_badge, when: cost}")
    assert moved != text
    layout.write_text(moved)
    (image,) = _render(["steel_factory"])
    assert check_against_approved("card-steel_factory", image, may_approve=False) > PIXEL_TOLERANCE


@pytest.mark.parametrize("old, new", [
    # the smallest text on the card, gone (drawn only when a field has a value it never has)
    ("field: status_label, style: small}", "field: status_label, style: small, when: status=never}"),
    # the same label, 1 mm to the right
    ("- text: {id: status_label, box: [17, 10, 29, 5], field: status_label, style: small}",
     "- text: {id: status_label, box: [18, 10, 29, 5], field: status_label, style: small}"),
], ids=["missing", "moved-1mm"])
def test_a_small_label_missing_or_moved_fails_the_comparison(project: Path, old: str, new: str):
    layout = project / "templates" / "briefcase" / "cards.yaml"
    text = layout.read_text()
    assert text.count(old) == 1
    layout.write_text(text.replace(old, new))
    (image,) = _render(["steel_factory"])
    assert check_against_approved("card-steel_factory", image, may_approve=False) > PIXEL_TOLERANCE


@pytest.mark.parametrize("colour", ['level_1_bg: "#e07b16"'])
def test_changing_a_colour_fails_the_comparison(project: Path, colour: str):
    layout = project / "templates" / "briefcase" / "cards.yaml"
    layout.write_text(layout.read_text().replace(colour, 'level_1_bg: "#3070c0"', 1))
    (image,) = _render(["steel_factory"])
    assert check_against_approved("card-steel_factory", image, may_approve=False) > PIXEL_TOLERANCE
