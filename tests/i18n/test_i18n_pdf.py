"""Greek and Chinese print-and-play PDFs: the translated text is there, in embedded fonts that
have every glyph; and translated text can never become PDF markup (images, links, tags)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.i18n.catalog import po_path, read_catalog
from cardgen.render.fonts import fonts_for, missing_characters
from tests.i18n.scratch import cardgen, entry
from tests.pdfs import fonts, image_count, pdf_text, render_page

SAMPLES = {"el": ["Χωρίς ιδιότητα.", "Ενεργοποιημένη", "Ατσάλι", "Κεντρική Τράπεζα"],
           "zh-Hant": ["沒有特殊能力。", "電廠", "未啟動", "中央銀行"]}
INSERT_SAMPLES = {"el": ["Στήσιμο Παιχνιδιού", "Δομή Γύρου", "Σετ Εταιριών"],
                  "zh-Hant": ["設置", "回合總論", "簡單遊戲"]}


def build(lang: str, out: Path) -> Path:
    """The cards PDF (the inserts PDF is beside it)."""
    code, text = cardgen("build", "briefcase", "--lang", lang, "--out", str(out))
    assert code == 0, text
    return out / f"briefcase-{lang}-cards.pdf"


def inserts(cards_pdf: Path) -> Path:
    return cards_pdf.with_name(cards_pdf.name.replace("-cards.pdf", "-inserts.pdf"))


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdf")
    return {lang: build(lang, out) for lang in SAMPLES}


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_the_translated_text_can_be_extracted(pdfs: dict[str, Path], lang: str):
    # Extractable text means a ToUnicode map for every glyph: search and copy work.
    cards_text = pdf_text(pdfs[lang])
    for sample in SAMPLES[lang]:
        assert sample in cards_text
    inserts_text = pdf_text(inserts(pdfs[lang]))
    for sample in INSERT_SAMPLES[lang]:
        assert sample in inserts_text


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_every_font_in_the_pdfs_is_embedded(pdfs: dict[str, Path], lang: str):
    for pdf in (pdfs[lang], inserts(pdfs[lang])):
        used = fonts(pdf)
        assert used
        assert all(f.embedded for f in used), used


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_the_chosen_font_has_a_glyph_for_every_translated_character(lang: str):
    texts = [e.msgstr for e in read_catalog(po_path("briefcase", lang)) if e.msgstr and not e.obsolete]
    fonts = fonts_for(lang, texts)  # raises FontError naming any missing character
    assert missing_characters(fonts.regular, texts) == []
    assert missing_characters(fonts.bold, texts) == []


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_a_rendered_page_has_ink(pdfs: dict[str, Path], lang: str):
    histogram = render_page(pdfs[lang], 0, 40).convert("L").histogram()
    dark = sum(histogram[:96])
    assert dark > 500  # text, icons and frames, not an empty page


HOSTILE = {
    "company.bank:ability": '<img src="secret.png" width="40" height="40"/> 1',
    "company.law_firm:ability": '<a href="javascript:alert(1)">Law Firm</a>',
    "label:activated": "<b>Ενεργή",
    "label:resource": "Υλικό &amp; &#60;img&#62;",
}


def test_translated_markup_is_printed_as_text_never_as_images_or_links(
        project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # reportlab's <img> would embed this file, found from the working directory.
    monkeypatch.chdir(tmp_path)
    Image.new("RGB", (37, 23), (255, 0, 0)).save(tmp_path / "secret.png")
    path = po_path("briefcase", "el")
    po = read_catalog(path)
    for context, text in HOSTILE.items():
        entry(po, context).msgstr = text
    po.save()
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--no-fit")
    assert code == 1 and out.count("error[i18n-markup]") >= len(HOSTILE)
    # The build does not run the checks: the renderer alone must keep the text inert.
    pdf = build("el", tmp_path / "out")
    raw = pdf.read_bytes()
    assert b"/URI" not in raw and b"/Annot" not in raw and b"/JavaScript" not in raw
    assert image_count(pdf) == 0
    printed = pdf_text(pdf)
    assert '<img src="secret.png"' in printed and "<b>Ενεργή" in printed and "&amp;" in printed
