"""Fonts: bundled Latin and Greek, CJK through fontconfig, missing characters named."""

from __future__ import annotations

import pytest

from cardgen.render.fonts import FONT_DIR, FontError, bundled_fonts, fonts_for, missing_characters


def test_bundled_fonts_and_their_license_ship_inside_the_package():
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE"} <= {p.name for p in FONT_DIR.iterdir()}


def test_english_and_greek_print_with_the_bundled_font():
    fonts = bundled_fonts()
    assert fonts_for("en", ["Steel Factory"]) == fonts
    assert fonts_for("el", ["Εργοστάσιο Χάλυβα"]) == fonts


def test_traditional_chinese_uses_a_truetype_cjk_font_from_fontconfig():
    fonts = fonts_for("zh-Hant", ["鋼鐵廠", "Steel {steel}"])
    assert fonts.cjk
    assert not missing_characters(fonts.regular, ["鋼鐵廠，玩家"])


def test_a_character_no_font_has_is_named_with_how_to_install_one():
    with pytest.raises(FontError) as err:
        fonts_for("en", ["Price \U0010fffd"])
    message = str(err.value)
    assert "U+10FFFD" in message and "apt-get install" in message


def test_whitespace_is_never_reported_missing():
    assert missing_characters(bundled_fonts().regular, ["a\u00a0b\u200bc\n"]) == []
