"""The Briefcase text boxes that translation checks fit every translation into."""

from __future__ import annotations

from cardgen.games.briefcase import cards
from cardgen.games.briefcase.texts import messages
from cardgen.render.text import fit_text


def test_every_card_text_is_listed_with_a_real_box_and_style():
    slots = list(cards.text_fields("en"))
    contexts = {s.context for s in slots}
    game = cards.select().game
    for c in game.companies.values():
        assert f"company.{c.id}:name" in contexts and f"company.{c.id}:ability" in contexts
    for d in game.decision_cards:
        assert f"decision.{d}:name" in contexts
    assert {m.context for m in messages(game)} >= contexts
    assert all(s.width > 0 and s.height > 0 and s.style.size >= s.style.min_size for s in slots)


def test_each_card_field_is_listed_once():
    slots = list(cards.text_fields("en"))
    assert len({(s.card, s.field) for s in slots}) == len(slots)


def test_the_english_texts_fit_their_boxes():
    for slot in cards.text_fields("en"):
        assert fit_text(slot.source, slot.width, slot.height, slot.style).fits, (slot.card, slot.field)


def test_boxes_use_the_fonts_of_the_language():
    latin = next(s for s in cards.text_fields("en") if s.field == "ability")
    chinese = next(s for s in cards.text_fields("zh-Hant") if s.field == "ability")
    assert latin.style.font != chinese.style.font
    assert (latin.width, latin.height) == (chinese.width, chinese.height)
