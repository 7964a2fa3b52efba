"""Typography at print size: every card text of every shipped language is at least 7 pt, Chinese
lines follow kinsoku (no line starts with closing punctuation, no paragraph ends on one lone
character), and the number on the VP star stays clear of the star's outline."""

from __future__ import annotations

import math
from functools import cache

import pytest
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from cardgen.commands.build import context_for
from cardgen.render.layouts import card_layout_path, load_layouts
from cardgen.render.text import CANNOT_START, TextStyle, _lone_cjk, _prepared, fit_text
from cardgen.render.text import _break as break_lines

EDITIONS = [("briefcase", "en"), ("briefcase", "el"), ("briefcase", "zh-Hant"), ("startup", "en"),
            ("startup", "el"), ("startup", "zh-Hant"), ("fmnyc", "en")]
SMALLEST_PT = 7.0


@cache
def _fitted(game: str, lang: str) -> list[tuple[str, str, object]]:
    """(card, field, Fit) of every translatable text every card of the box prints."""
    ctx = context_for(game, lang)
    renderer = ctx.renderer
    icons = renderer.book.icons(False)
    out = []
    for spec in ctx.module.card_list(ctx.selection):
        for face in (spec.front, spec.back):
            if face is None:
                continue
            for slot in renderer.text_slots(face):
                text = renderer.translate(slot.context, slot.source)
                out.append((slot.card, slot.field,
                            fit_text(text, slot.width, slot.height, slot.style, icons)))
    return out


@pytest.mark.parametrize(("game", "lang"), EDITIONS)
def test_every_card_text_prints_at_7_pt_or_more(game: str, lang: str):
    fitted = _fitted(game, lang)
    assert len(fitted) > 50
    small = [(card, field, fit.size) for card, field, fit in fitted
             if not fit.fits or fit.size < SMALLEST_PT]
    assert small == []
    if game == "briefcase":
        assert any(field == "ability" for _, field, _ in fitted)


def _lines(fit) -> list[str]:
    return ["".join("\u25a1" if a.icon else a.value for u in line for a in u.atoms)
            for line in fit.lines]


def test_chinese_lines_follow_kinsoku():
    checked = 0
    for card, field, fit in _fitted("briefcase", "zh-Hant") + _fitted("startup", "zh-Hant"):
        lines = _lines(fit)
        for line in lines[1:]:
            assert line[:1] not in CANNOT_START, (card, field, lines)
        if len(fit.lines) > 1:
            checked += 1
            assert not (len(fit.lines[-1]) == 1 and _lone_cjk(fit.lines[-1][0])), (card, field, lines)
    assert checked > 10


def test_a_lone_last_character_takes_the_one_before_it_along():
    font = "Helvetica"   # widths only: one unit per character, whatever the font
    text = "玩家可以從每個對手的儲備區拿取一張卡。"
    units = _prepared(text, font, frozenset())
    width = sum(u.width for u in units[0]) - units[0][-1].width + 1e-3  # the last "卡。" overflows
    naive_last = units[0][-1]
    assert _lone_cjk(naive_last)
    lines = break_lines(units, width)
    assert len(lines) == 2 and len(lines[-1]) == 2
    assert "".join(a.value for u in lines[-1] for a in u.atoms) == "張卡。"


def test_a_latin_last_word_is_left_alone():
    units = _prepared("one two three four five six", "Helvetica", frozenset())
    lines = break_lines(units, stringWidth("one two three four five", "Helvetica", 1.0) + 0.01)
    assert [len(line) for line in lines] == [5, 1]


@pytest.mark.parametrize(("layout", "icon", "field"), [("company", "vp_badge", "vp"),
                                                     ("token", "{icon}_badge", "value")])
def test_the_vp_number_stays_inside_the_star(layout: str, icon: str, field: str):
    """The digit's ink box (cap height by advance width, at its fitted size) lies inside the circle
    inscribed in the star's inner pentagon, with the outline's width to spare."""
    from cardgen.render.fonts import fonts_for

    book = load_layouts(card_layout_path("briefcase"))
    elements = book.layout(layout).elements
    star = next(e for e in elements if e.kind == "icon" and e.spec.get("name") == icon)
    number = next(e for e in elements if e.kind == "text" and e.spec.get("field") == field)
    sx, sy, side, _ = star.box
    # g_star_badge: centre (0.5, 0.46) of the unit square (y up), inner radius 0.31, outline 0.06
    cx, cy = sx + side * 0.5, sy + side * (1 - 0.46)
    clear = side * (0.31 * math.cos(math.pi / 5) - 0.06 / 2)
    style: TextStyle = book.style(str(number.spec["style"]), fonts_for("en"), False)
    pt = 25.4 / 72
    face = getFont(style.font).face
    cap = (getattr(face, "capHeight", 0) or 700) / 1000 * style.size * pt
    x, y, w, h = number.box
    for value in range(10):
        fit = fit_text(str(value), w / pt, h / pt, style)
        digit_w = stringWidth(str(value), style.font, fit.size) * pt
        # drawn as draw_text does: the line's box centred in the text box, the digit centred
        line = fit.size * style.leading * pt
        top = y + (h - line) / 2 + (line - fit.size * pt) / 2 + fit.size * 0.78 * pt - cap
        corners = [(x + (w - digit_w) / 2 + dx, top + dy) for dx in (0, digit_w) for dy in (0, cap)]
        far = max(math.hypot(px - cx, py - cy) for px, py in corners)
        assert far < clear, (value, round(far, 2), round(clear, 2))
