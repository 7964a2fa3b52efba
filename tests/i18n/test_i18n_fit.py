"""Translations laid out in the real font and box: overflow and missing glyphs are errors."""

from __future__ import annotations

import re
from pathlib import Path

import polib

from cardgen.i18n.catalog import po_path, read_catalog
from cardgen.i18n.fit import overflows
from tests.i18n.scratch import cardgen, entry

BANK = "company.bank:ability"


def set_translation(lang: str, context: str, text: str) -> None:
    path = po_path("briefcase", lang)
    po = read_catalog(path)
    entry(po, context).msgstr = text
    po.save()


def errors(lang: str) -> list[str]:
    code, out = cardgen("i18n", "check", "briefcase", "--lang", lang)
    assert code == (1 if "error[" in out else 0)
    return [line for line in out.splitlines() if "error[" in line]


def test_overflowing_translation_names_card_field_language_and_amount(project: Path):
    long = ("Το όριο καρτών στο χέρι του παίκτη αυξάνεται κατά 1. " + "Όταν τραβάει νέες κάρτες, "
            "ο παίκτης μπορεί να τραβήξει μια επιπλέον κάρτα. " * 12).strip()
    set_translation("el", BANK, long)
    found = [e for e in errors("el") if "error[i18n-fit]" in e]
    assert len(found) == 1
    match = re.search(r"error\[i18n-fit\]: company\.bank:ability: does not fit card (\S+), field "
                      r"'ability' \(([\d.]+) x ([\d.]+) mm\) in language 'el': it runs ([\d.]+) pt past "
                      r"the box even at the minimum size of ([\d.]+) pt", found[0])
    assert match, found[0]
    assert "bank" in match.group(1)
    assert float(match.group(4)) > 0


def test_overflow_amount_is_what_the_renderer_measures():
    slots = list(overflows("briefcase", "zh-Hant", {BANK: "銀行" * 400}))
    assert slots and all(o.context == BANK and o.overflow > 0 for o in slots)
    assert not list(overflows("briefcase", "zh-Hant", {BANK: "玩家的手牌上限上升1。"}))


def test_shipped_translations_fit_every_box():
    for lang in ("el", "zh-Hant"):
        po = read_catalog(po_path("briefcase", lang))
        texts = {e.msgctxt: e.msgstr for e in po if e.msgstr and not e.obsolete}
        assert list(overflows("briefcase", lang, texts)) == [], lang


def test_character_the_font_cannot_draw_is_an_error(project: Path):
    # No bundled font has Egyptian hieroglyphs; the build would fail on them, so the check does.
    set_translation("el", "label:company", "Εταιρία \U00013000")
    found = [e for e in errors("el") if "error[i18n-font]" in e]
    assert len(found) == 1
    assert "label:company: the 'el' font has no glyph for \U00013000 (U+13000)" in found[0]
    code, out = cardgen("build", "briefcase", "--lang", "el", "--out", str(project / "out"))
    assert code == 1 and "U+13000" in out


def test_chinese_in_a_greek_text_is_drawn_by_the_bundled_font_that_has_both(project: Path):
    # The check agrees with the build: a font that covers every character is found, so no error.
    set_translation("el", "label:company", "Εταιρία 公司")
    assert not [e for e in errors("el") if "error[i18n-font]" in e]


def test_fit_can_be_skipped(project: Path):
    set_translation("zh-Hant", BANK, "玩家的手牌上限上升1。" + "當抽新卡時，玩家可以額外抽取一張。" * 40)
    assert any("error[i18n-fit]" in e for e in errors("zh-Hant"))
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "zh-Hant", "--no-fit")
    assert code == 0, out


def test_word_too_wide_for_an_insert_column_is_reported_at_its_entry(project: Path):
    # The company reference's cost column is sized for short words ("Cost").
    set_translation("el", "label:cost", "Αγοραστικό")
    found = [e for e in errors("el") if "error[i18n-fit]" in e]
    assert found
    assert all(re.search(r"el\.po:\d+:1: error\[i18n-fit\]: label:cost: insert reference_\d: a word of "
                         r"'Αγοραστικό' is wider than its column in language 'el'", e) for e in found)


def test_word_too_wide_after_an_insert_label_is_reported_at_the_entry_that_holds_it(project: Path):
    # The reference and sets headings of a set's inserts read "<label>: <set name>".
    sets = project / "cards" / "briefcase"
    (sets / "my-set.yaml").write_text((sets / "examples" / "custom-set.yaml").read_text(encoding="utf-8"),
                                      encoding="utf-8")
    path = po_path("briefcase", "el")
    po = read_catalog(path)
    po.append(polib.POEntry(msgctxt="set.tech_boom:name", msgid="Tech Boom", msgstr="Τεχνο" + "α" * 90))
    po.save()
    lines = path.read_text(encoding="utf-8").splitlines()
    line = lines.index('msgctxt "set.tech_boom:name"') + 3
    found = [e for e in errors("el") if "error[i18n-fit]" in e]
    assert sorted(re.sub(r"insert \w+:.*", "", e) for e in found) == \
        [f"{path}:{line}:1: error[i18n-fit]: set.tech_boom:name: "] * 3, found


def test_an_insert_page_a_translation_overflows_is_reported_at_the_entry_that_grew_most(project: Path):
    # The page as a whole does not fit: reported at line 1 with no entry, the translator had to
    # guess which of the turn summary's texts to shorten.
    path = po_path("briefcase", "el")
    po = read_catalog(path)
    grown = entry(po, "label:turn_end")
    grown.msgstr = " ".join([grown.msgstr] * 12)
    po.save()
    lines = path.read_text(encoding="utf-8").splitlines()
    line = lines.index('msgctxt "label:turn_end"') + 1
    line = next(i for i in range(line, len(lines)) if lines[i].startswith("msgstr")) + 1
    found = [e for e in errors("el") if "does not fit its page" in e]
    assert len(found) == 1, found
    assert f"el.po:{line}:1: error[i18n-fit]: label:turn_end: insert turn: does not fit its page in " \
           "language 'el'" in found[0]
    assert "of its translations this one grew most against the English" in found[0]
