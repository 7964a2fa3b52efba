"""Text fitting: real font metrics, shrinking to the minimum, overflow reported, icons inline."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.render.fonts import bundled_fonts, fonts_for
from cardgen.render.icons import IconSet
from cardgen.render.text import MIN_SIZE_PT, TextStyle, fit_text

ICONS = IconSet({"steel": {"glyph": "girder"}, "vp": {"glyph": "star"}}, {})


def style(size=8.0, min_size=6.0, font=None):
    return TextStyle(font or bundled_fonts().regular, size, min_size)


def words(fit):
    return [["".join(a.value for a in u.atoms) for u in line] for line in fit.lines]


def test_a_short_text_fits_at_its_preferred_size():
    fit = fit_text("Steel Factory", 200, 20, style())
    assert fit.fits and fit.size == 8.0 and fit.overflow == 0


def test_a_long_text_shrinks_but_not_below_the_minimum():
    text = "The player may use any resource as steel. " * 4
    fit = fit_text(text, 120, 40, style())
    assert fit.fits and 6.0 <= fit.size < 8.0
    assert len(fit.lines) * fit.size * 1.2 <= 40


def test_text_that_cannot_fit_reports_its_overflow_at_the_minimum_size():
    fit = fit_text("word " * 200, 100, 20, style())
    assert not fit.fits
    assert fit.size == 6.0 and fit.overflow > 0


def test_the_minimum_size_is_never_below_the_documented_floor():
    fit = fit_text("word " * 200, 100, 20, style(min_size=1.0))
    assert fit.size == MIN_SIZE_PT


def test_lines_never_exceed_the_box_width_in_the_real_font():
    font = bundled_fonts().regular
    fit = fit_text("A player may take any 2 resources from the discard pile.", 90, 100, style())
    for line in fit.lines:
        text = " ".join("".join(a.value for a in u.atoms) for u in line)
        assert stringWidth(text, font, fit.size) <= 90 + 1e-6


def test_a_word_wider_than_the_box_is_an_overflow_not_a_silent_clip():
    fit = fit_text("Supercalifragilisticexpialidocious", 40, 100, style())
    assert not fit.fits and fit.overflow > 0


def test_a_word_of_a_million_characters_is_measured_in_linear_time():
    # A catalog may translate a text with one word of up to 2 MB: the word was grown a character
    # at a time, copied whole at each one, and preview, build and i18n check of it took minutes.
    import time

    word = "x" * 1_000_000
    start = time.monotonic()
    fit = fit_text(word + " y", 40, 100, style())
    assert time.monotonic() - start < 10       # some 0.5 s; quadratic, it took 15 s and more
    assert not fit.fits and words(fit)[0] == [word]


def test_a_zero_width_space_is_where_a_line_may_break_and_is_never_drawn():
    # How Thai or Khmer (no spaces between words) and a long compound mark a break: a line of
    # each half, joined with no space when they fit on one.
    half = "Supercalifragilistic"
    width = stringWidth(half, bundled_fonts().regular, 8.0) + 1
    fit = fit_text(f"{half}\u200b{half}", width, 100, style(min_size=8.0))
    assert fit.fits and words(fit) == [[half], [half]]
    fit = fit_text(f"{half}\u200b{half}", 500, 100, style())
    assert words(fit) == [[half, half]] and all(not u.space for line in fit.lines for u in line)
    assert fit_text(f"{half}\u200b {half}", 500, 100, style()).lines[0][1].space > 0


def test_icon_tokens_become_icons_and_stay_with_touching_punctuation():
    fit = fit_text("gets 1 {vp}. Then {steel}", 500, 20, style(), ICONS)
    atoms = [a for line in fit.lines for u in line for a in u.atoms]
    assert [a.value for a in atoms if a.icon] == ["vp", "steel"]
    assert ["gets", "1", "vp.", "Then", "steel"] == words(fit)[0]


def test_unknown_tokens_and_markup_are_printed_as_text():
    fit = fit_text('{nope} <img src="/etc/passwd"/> <b>x</b>', 500, 20, style(), ICONS)
    atoms = [a for line in fit.lines for u in line for a in u.atoms]
    assert not any(a.icon for a in atoms)
    assert "".join(a.value for a in atoms).startswith("{nope}<img")


def test_chinese_breaks_between_characters_but_never_before_a_full_width_comma():
    fonts = fonts_for("zh-Hant", ["每回合一次，玩家可以把任何決策卡當作一張使用。"])
    text = "每回合一次，玩家可以把任何決策卡當作一張使用。" * 3
    st = TextStyle(fonts.regular, 8, 6)
    for width in (40, 52, 61, 75, 90):
        fit = fit_text(text, width, 400, st)
        assert len(fit.lines) > 1
        for line in fit.lines[1:]:
            assert line[0].atoms[0].value[0] not in "，。"


@pytest.mark.parametrize("text", ["", "\n", "{vp}"])
def test_degenerate_texts_fit(text):
    assert fit_text(text, 50, 20, style(), ICONS).fits
