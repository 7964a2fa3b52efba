"""Fonts: one resolver, bundled fonts first, a user's or an installed font only when it covers
every character, missing characters named."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from cardgen.render import fonts as fontmod
from cardgen.render.fonts import (
    BUNDLED,
    FONT_DIR,
    Family,
    FontError,
    bundled_fonts,
    drawing_face,
    fonts_for,
    missing_characters,
)

PUA = "\ue000"   # a private-use character no bundled font has


def make_font(path: Path, chars: str, family: str = "Test Sans") -> Path:
    """A tiny TrueType (glyf) font whose glyphs are squares, one for each character."""
    names = [".notdef"] + [f"u{ord(c):04X}" for c in chars]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"u{ord(c):04X}" for c in chars})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        pen.moveTo((100, 0))
        pen.lineTo((100, 700))
        pen.lineTo((500, 700))
        pen.lineTo((500, 0))
        pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (600, 100) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.save(str(path))
    return path


ASCII = "".join(chr(c) for c in range(0x21, 0x7F))


def test_bundled_fonts_and_their_licences_ship_inside_the_package():
    files = {p.name for p in FONT_DIR.iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "wqy-microhei.ttc",
            "LICENSE-DejaVu.txt", "LICENSE-WenQuanYi-MicroHei.txt"} <= files
    assert "Apache License" in (FONT_DIR / "LICENSE-WenQuanYi-MicroHei.txt").read_text()


def test_english_and_greek_print_with_bundled_dejavu():
    fonts = bundled_fonts()
    assert fonts_for("en", ["Steel Factory"]) == fonts
    assert fonts_for("el", ["Εργοστάσιο Χάλυβα"]) == fonts
    assert "DejaVu Sans (bundled" in fonts.description


def test_traditional_chinese_prints_with_the_bundled_cjk_font_digits_included():
    fonts = fonts_for("zh-Hant", ["鋼鐵廠", "Steel {steel} 2", "每回合一次，玩家可以"])
    assert fonts.cjk
    assert fonts.description.startswith("WenQuanYi Micro Hei (bundled")
    assert not missing_characters(fonts.regular, ["鋼鐵廠，玩家 0123456789 VP"])


def test_chinese_bold_is_the_regular_face_stroked():
    fonts = fonts_for("zh-Hant", ["鋼鐵廠"])
    face, stroke = drawing_face(fonts.bold)
    assert face == fonts.regular and stroke > 0
    assert drawing_face(fonts.regular) == (fonts.regular, 0.0)
    assert drawing_face(bundled_fonts().bold) == (bundled_fonts().bold, 0.0)  # DejaVu has a real bold


def test_installed_fonts_are_never_consulted_when_the_bundled_ones_cover_the_texts(monkeypatch):
    def refuse(chars):
        raise AssertionError("asked fontconfig although the bundled fonts cover the texts")

    monkeypatch.setattr(fontmod, "system_families", refuse)
    assert fonts_for("zh-Hant", ["鋼鐵廠 2"]).description.startswith("WenQuanYi")
    assert fonts_for("el", ["Χάλυβα"]) == bundled_fonts()


def test_an_installed_font_without_ascii_is_not_chosen(monkeypatch, tmp_path: Path):
    # Droid Sans Fallback has Han characters but no Latin digits: it must never win.
    partial = make_font(tmp_path / "fallback.ttf", PUA, "Aaa Fallback")
    monkeypatch.setattr(fontmod, "system_families",
                        lambda chars: (Family("Aaa Fallback", partial, None, 0, "installed"),))
    with pytest.raises(FontError) as err:
        fonts_for("en", [f"Price 2 {PUA}"])
    assert "U+E000" in str(err.value) and "--font" in str(err.value)


def test_an_installed_font_that_covers_everything_is_chosen_and_named(monkeypatch, tmp_path: Path):
    partial = make_font(tmp_path / "a.ttf", PUA, "Aaa Partial")
    full = make_font(tmp_path / "b.ttf", ASCII + " " + PUA, "Bbb Full")
    monkeypatch.setattr(fontmod, "system_families", lambda chars: (
        Family("Aaa Partial", partial, None, 0, "installed"),
        Family("Bbb Full", full, None, 0, "installed")))
    fonts = fonts_for("en", [f"Price 2 {PUA}"])
    assert fonts.description.startswith("Bbb Full (installed, ")
    assert str(full) in fonts.description


def test_a_font_the_user_names_comes_first_and_must_cover_the_texts(tmp_path: Path):
    mine = make_font(tmp_path / "mine.ttf", ASCII + " " + PUA, "My Font")
    fonts = fonts_for("en", [f"Steel {PUA}"], font=mine)
    assert fonts.description.startswith("mine (your font")
    with pytest.raises(FontError) as err:
        fonts_for("en", ["Χάλυβα"], font=mine)
    assert "your font" in str(err.value) and "U+03A7" in str(err.value)


def test_a_font_file_that_is_not_a_font_is_one_clear_error(tmp_path: Path):
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"not a font at all")
    with pytest.raises(FontError) as err:
        fonts_for("en", ["x"], font=junk)
    assert "junk.ttf" in str(err.value)
    with pytest.raises(FontError):
        fonts_for("en", ["x"], font=tmp_path / "absent.ttf")


def test_a_cut_off_font_file_is_one_clear_error(tmp_path: Path):
    # The first kilobytes of a real font: tables listed but not there (reportlab: struct.error)
    whole = make_font(tmp_path / "whole.ttf", ASCII + " " + PUA, "Cut Sans").read_bytes()
    for size in (12, 200, len(whole) // 2):
        cut = tmp_path / f"cut{size}.ttf"
        cut.write_bytes(whole[:size])
        with pytest.raises(FontError) as err:
            fonts_for("en", ["x"], font=cut)
        assert f"cut{size}.ttf" in str(err.value) and "error:" not in str(err.value), str(err.value)


@pytest.mark.parametrize("kind", ["fifo", "folder", "loop", "huge", "long"])
def test_a_font_that_is_no_regular_file_or_too_large_is_refused_before_it_is_read(tmp_path: Path, kind: str):
    import os

    path = tmp_path / "f.ttf"
    if kind == "long":
        path = tmp_path / ("f" * 300 + "f.ttf")   # more than a file system takes in one name
    elif kind == "fifo":
        os.mkfifo(path)                 # opened, it would wait for a writer forever
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        path.symlink_to(path)
    else:
        with open(path, "wb") as handle:  # sparse: read whole, it would take 3 GB of memory
            handle.truncate(3 * 1024**3)
    with pytest.raises(FontError) as err:
        fonts_for("en", ["x"], font=path)
    message = str(err.value)
    assert "f.ttf" in message and {"fifo": "pipe", "folder": "directory", "loop": "loop",
                                    "huge": "limit", "long": "too long"}[kind] in message, message


def test_a_character_no_font_has_is_named():
    with pytest.raises(FontError) as err:
        fonts_for("en", ["Price \U0010fffd"])
    assert "U+10FFFD" in str(err.value)


def test_whitespace_is_never_reported_missing():
    assert missing_characters(bundled_fonts().regular, ["a\u00a0b\u200bc\n"]) == []


def test_every_bundled_family_is_a_truetype_font_reportlab_can_embed():
    for family in BUNDLED:
        fonts = fontmod.register_family(family)
        assert not missing_characters(fonts.regular, ["A1"])


def test_build_with_a_font_that_lacks_characters_fails_naming_them(tmp_path: Path):
    from typer.testing import CliRunner

    from cardgen.cli import app

    mine = make_font(tmp_path / "digits.ttf", "0123456789")
    result = CliRunner().invoke(app, ["build", "--font", str(mine), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "error: your font" in result.output and "digits.ttf" in result.output
    assert not (tmp_path / "out").exists()


def _build_with_font(tmp_path: Path, font: Path) -> tuple[int, str]:
    from typer.testing import CliRunner

    from cardgen.cli import app

    result = CliRunner().invoke(app, ["build", "--font", str(font), "--out", str(tmp_path / "out")])
    return result.exit_code, result.output


def test_build_with_a_file_that_is_no_font_says_so_in_words(tmp_path: Path):
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"junk, not a font at all\n" * 20)
    code, out = _build_with_font(tmp_path, junk)
    assert code == 1
    assert f"error: cannot use font {junk}: not a TrueType font file (.ttf or .ttc), or a damaged one" in out
    assert "version=" not in out and "0x" not in out


def test_build_with_an_opentype_cff_font_names_the_outlines_it_cannot_embed(tmp_path: Path):
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    names = [".notdef", "A"]
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord("A"): "A"})
    strings = {}
    for name in names:
        pen = T2CharStringPen(600, None)
        pen.moveTo((100, 0))
        pen.lineTo((100, 700))
        pen.lineTo((500, 700))
        pen.closePath()
        strings[name] = pen.getCharString()
    fb.setupCFF("TestCFF", {"FullName": "TestCFF"}, strings, {})
    fb.setupHorizontalMetrics({n: (600, 100) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "TestCFF", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    otf = tmp_path / "test.otf"
    fb.save(str(otf))
    code, out = _build_with_font(tmp_path, otf)
    assert code == 1
    assert "it has PostScript (CFF) outlines" in out and "TrueType outlines" in out
    assert "TTF file" not in out
