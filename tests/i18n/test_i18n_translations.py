"""The shipped Greek and Traditional Chinese catalogs: complete, and honest about their sources."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import polib
import pytest

from cardgen.i18n.catalog import is_machine_authored, po_path, read_catalog
from cardgen.i18n.sources import game_messages

SEEDS = Path("/work/shared/seeds")
RULEBOOKS = {"el": SEEDS / "001_1d7eb21fd1ee9a24.txt", "zh-Hant": SEEDS / "003_cdc009075b0e2488.txt"}
LANGS = sorted(RULEBOOKS)


def live(lang: str) -> list[polib.POEntry]:
    return [e for e in read_catalog(po_path("briefcase", lang)) if not e.obsolete]


def note(e: polib.POEntry) -> str:
    return " ".join((e.tcomment or "").split())


@pytest.mark.parametrize("lang", LANGS)
def test_every_printed_text_is_translated(lang: str):
    done = {e.msgctxt for e in live(lang) if e.msgstr and not e.fuzzy}
    assert {m.context for m in game_messages("briefcase")} <= done


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_says_where_it_comes_from(lang: str):
    for e in live(lang):
        text = note(e)
        assert (text.startswith(("cardgen: from ", "cardgen: adapted from "))
                or is_machine_authored(e)), e.msgctxt


def test_greek_keeps_the_english_company_names_as_its_rulebook_does():
    names = [e for e in live("el") if re.fullmatch(r"company\.\w+:name", e.msgctxt)]
    assert len(names) == 30 and all(e.msgstr == e.msgid for e in names)


def test_chinese_uses_its_rulebooks_company_names():
    names = {e.msgctxt: e.msgstr for e in live("zh-Hant") if re.fullmatch(r"company\.\w+:name", e.msgctxt)}
    assert len(names) == 30
    assert all(unicodedata.name(ch).startswith("CJK") for name in names.values() for ch in name)
    assert names["company.paper_mill:name"] == "造紙風車"
    assert names["company.steel_factory:name"] == "鋼鐵工廠"  # the rules' misprint 剛 not copied


def _flatten(text: str) -> str:
    """Rulebook text as extracted from its PDF: join words hyphenated across lines, drop spacing."""
    return re.sub(r"\s+", "", re.sub(r"(\w)- (\w)", r"\1\2", text)).casefold()


@pytest.mark.parametrize("lang", LANGS)
def test_texts_marked_as_from_the_rulebook_are_in_the_rulebook(lang: str):
    if not RULEBOOKS[lang].is_file():
        pytest.skip("the rulebook texts are not in this checkout")
    book = _flatten(RULEBOOKS[lang].read_text(encoding="utf-8"))
    quoted = [e for e in live(lang) if note(e).startswith("cardgen: from ")]
    assert len(quoted) > 20
    for e in quoted:
        assert _flatten(e.msgstr).rstrip("。.") in book, e.msgctxt


@pytest.mark.parametrize("lang", LANGS)
def test_translations_differ_from_the_english_except_names_the_edition_keeps(lang: str):
    same = [e.msgctxt for e in live(lang) if e.msgstr == e.msgid]
    kept = [c for c in same if re.fullmatch(r"company\.\w+:name|label:game_name", c)]
    assert same == kept
