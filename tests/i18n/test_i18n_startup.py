"""The startup game's texts go through gettext catalogs as the other games' do: every string its
cards print is a message, a translation is printed by build and fitted by check."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from cardgen.games.startup import cards
from cardgen.games.startup.texts import box_messages
from cardgen.i18n.catalog import po_path, read_catalog
from tests.i18n.scratch import cardgen, entry


def _translate(context: str, text: str) -> None:
    assert cardgen("i18n", "init", "startup", "de")[0] == 0
    path = po_path("startup", "de")
    po = read_catalog(path)
    entry(po, context).msgstr = text
    po.save()


def _pdf_text(path: Path) -> str:
    pdf = pypdfium2.PdfDocument(path)
    try:
        return "".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def test_every_text_a_startup_card_prints_is_a_message(project: Path):
    printed = {slot.context for slot in cards.text_fields()}
    extracted = {m.context for m in box_messages()}
    assert printed == extracted
    assert {"card.cto:name", "card.cto:text", "reference:text", "label:bank_for"} <= printed


def test_every_message_names_its_english_text_once(project: Path):
    messages = box_messages()
    assert len({m.context for m in messages}) == len(messages)
    game = cards.select().game
    assert len(messages) == 2 * len(game.cards) + len(game.startup_types) + 2 + len(cards.LABELS)


def test_a_translated_card_text_is_printed(project: Path, tmp_path: Path):
    _translate("card.cto:text", "Lege $100M auf deine Bank.")
    code, out = cardgen("build", "startup", "--lang", "de", "--out", str(tmp_path / "out"))
    assert code == 0, out
    text = _pdf_text(tmp_path / "out" / "startup-de-cards.pdf")
    assert "Lege $100M auf deine Bank." in text
    assert "CTO" in text                          # an untranslated text prints in English


def test_a_translation_too_long_for_its_card_is_a_fit_problem(project: Path):
    _translate("card.cto:text", "Lege das Geld auf deine Bank, und zwar sofort. " * 12)
    code, out = cardgen("i18n", "check", "startup", "--lang", "de")
    assert code == 1
    assert "error[i18n-fit]: card.cto:text: does not fit card card.cto" in out, out
