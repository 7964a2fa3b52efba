"""Text in a box: line breaking in the real font, icons inline, shrink to fit.

A text is plain characters plus icon tokens such as ``{steel}``, each naming an icon of the
game's icon set (see ``icon_tokens``). A token that names no icon is an error before anything
is drawn: ``cardgen validate`` and ``cardgen i18n check`` report it, and the build fails on it
(``cardface`` and ``document`` record it like a text that does not fit); brace text that is not
a token, such as ``{ }``, is printed as it is. Nothing in a text is markup: a translation
cannot add tags, links or images, and icon tokens become drawn vector icons.

Lines break at spaces, at a zero-width space (U+200B, not drawn), and between any two Chinese,
Japanese or Korean characters (what reportlab calls ``wordWrap='CJK'``), never before closing
punctuation such as ``，。）`` nor after opening punctuation such as ``（「``, and a paragraph
never ends on a line holding one lone Chinese character or icon (the character before it comes
down with it). An icon stays with the text it touches: ``{vp}.`` does not break before the full stop.

``fit_text`` tries the style's size first and shrinks in steps of ``SIZE_STEP`` down to the
style's ``min_size``, which is never below ``MIN_SIZE_PT`` (5 pt, the smallest size that stays
readable on a printed card). When even the minimum does not fit it says so, with the overflow
in points; the caller treats that as an error, never as something to clip.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.textsplit import ALL_CANNOT_START
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.fonts import drawing_face
from cardgen.render.icon_tokens import TOKEN
from cardgen.render.icons import IconSet

MIN_SIZE_PT = 5.0
SIZE_STEP = 0.25
ICON_EM = 1.12          # an inline icon's advance, in ems (the icon is 1 em plus side space)
ASCENT_EM = 0.78        # baseline below the top of the line's text height
# reportlab's list lacks the full-width forms that Chinese uses (seen starting a line).
CANNOT_START = set(ALL_CANNOT_START) | set("，！？：；。、）」』】〉》〕］｝・ー")
CANNOT_END = set("（「『【〈《〔［｛")
# The zero-width space: where a line may break with no space drawn (how Thai, Khmer or Lao, which
# put no spaces between words, and a long compound word mark it). Laid out, never drawn: a font
# that has no glyph for it would draw a box.
ZWSP = "\u200b"


@dataclass(frozen=True)
class TextStyle:
    font: str                    # a registered reportlab font name
    size: float                  # preferred size, points
    min_size: float = 6.0        # smallest size the text may shrink to (never below MIN_SIZE_PT)
    leading: float = 1.2         # line height as a multiple of the size
    colour: str = "#000000"
    align: str = "left"          # left, center, right
    valign: str = "top"          # top, middle, bottom

    @property
    def floor(self) -> float:
        return max(MIN_SIZE_PT, min(self.min_size, self.size))


@dataclass(frozen=True)
class Atom:
    icon: bool
    value: str                   # the text, or the icon name
    width: float                 # advance at 1 pt


@dataclass(frozen=True)
class Unit:
    """Atoms that must stay on one line, and whether a space precedes them."""

    atoms: tuple[Atom, ...]
    width: float
    space: float                 # advance of the preceding space at 1 pt (0: none)


Line = tuple[Unit, ...]


@dataclass(frozen=True)
class Fit:
    fits: bool
    size: float                  # the size chosen (the minimum when nothing fits)
    lines: tuple[Line, ...]
    overflow: float              # points beyond the box (height or width) at that size; 0 if it fits
    width: float
    height: float
    style: TextStyle

    def line_width(self, line: Line) -> float:
        return _line_width(line) * self.size


def _wide(ch: str) -> bool:
    return bool(ch) and unicodedata.east_asian_width(ch) in ("W", "F")


def _atoms(text: str, font: str, icons: frozenset[str]) -> list[list[tuple[Atom, bool, bool]]]:
    """Paragraphs of (atom, space before, break allowed before)."""
    paragraphs = []
    for para in text.split("\n"):
        out: list[tuple[Atom, bool, bool]] = []
        # The characters of each word of two or more, by its index in out, joined at the end: a
        # word grown a character at a time (atom.value + ch) copied it whole at each one, and a
        # catalog's 1.9 MB word took minutes to preview, build or check.
        words: dict[int, list[str]] = {}
        pending_space = False
        pending_break = False        # a zero-width space since the last atom
        last_char = ""
        pos = 0
        pieces: list[tuple[bool, str]] = []
        for m in TOKEN.finditer(para):
            if m.group(1) in icons:
                pieces += [(False, para[pos:m.start()]), (True, m.group(1))]
                pos = m.end()
        pieces.append((False, para[pos:]))
        for is_icon, value in pieces:
            if is_icon:
                out.append((Atom(True, value, ICON_EM), pending_space and bool(out),
                            pending_space or pending_break or _wide(last_char)))
                pending_space, pending_break, last_char = False, False, ""
                continue
            for ch in value:
                if ch.isspace():
                    pending_space = True
                    continue
                if ch == ZWSP:
                    pending_break = True
                    continue
                wide = _wide(ch)
                joins_word = (out and not out[-1][0].icon and not pending_space and not pending_break
                              and not wide and not _wide(last_char) and last_char != "")
                if joins_word:
                    words.setdefault(len(out) - 1, [out[-1][0].value]).append(ch)
                else:
                    opening = pending_space or pending_break
                    brk = opening or wide or _wide(last_char)
                    if ch in CANNOT_START or last_char in CANNOT_END:
                        brk = opening and ch not in CANNOT_START
                    out.append((Atom(False, ch, 0.0), pending_space and bool(out), bool(brk)))
                pending_space, pending_break, last_char = False, False, ch
        for i, chars in words.items():
            _, sp, brk = out[i]
            out[i] = (Atom(False, "".join(chars), 0.0), sp, brk)
        paragraphs.append([(a if a.icon else Atom(False, a.value, stringWidth(a.value, font, 1.0)),
                            sp, brk) for a, sp, brk in out])
    return paragraphs


def _units(paragraph: list[tuple[Atom, bool, bool]], space: float) -> list[Unit]:
    units: list[Unit] = []
    for atom, sp, brk in paragraph:
        if units and not brk:
            u = units[-1]
            extra = space if sp else 0.0
            spaced = (Atom(False, " ", space),) if sp else ()
            units[-1] = Unit(u.atoms + spaced + (atom,), u.width + extra + atom.width, u.space)
        else:
            units.append(Unit((atom,), atom.width, space if sp else 0.0))
    return units


@lru_cache(maxsize=8192)
def _prepared(text: str, font: str, icons: frozenset[str]) -> tuple[tuple[Unit, ...], ...]:
    space = stringWidth(" ", font, 1.0)
    return tuple(tuple(_units(p, space)) for p in _atoms(text, font, icons))


def _line_width(line: Line) -> float:
    return sum(u.width + (u.space if i else 0.0) for i, u in enumerate(line))


def _lone_cjk(unit: Unit) -> bool:
    """One Chinese/Japanese/Korean character or icon, with any closing punctuation it carries."""
    body = [a for a in unit.atoms if a.icon or a.value not in CANNOT_START]
    return len(body) == 1 and (body[0].icon or (len(body[0].value) == 1 and _wide(body[0].value)))


def _break(paragraphs: tuple[tuple[Unit, ...], ...], width_at_1pt: float) -> tuple[Line, ...]:
    lines: list[Line] = []
    for units in paragraphs:
        current: list[Unit] = []
        used = 0.0
        first = len(lines)
        for u in units:
            add = u.width + (u.space if current else 0.0)
            if current and used + add > width_at_1pt + 1e-9:
                lines.append(tuple(current))
                current, used = [u], u.width
            else:
                current.append(u)
                used += add
        # Kinsoku: a paragraph's last line is never one lone CJK character (or icon): the
        # character before it comes down too.
        if len(lines) > first and len(current) == 1 and _lone_cjk(current[0]) \
                and len(lines[-1]) > 2:
            moved = lines[-1][-1]
            if moved.width + current[0].space + current[0].width <= width_at_1pt + 1e-9:
                lines[-1] = lines[-1][:-1]
                current = [Unit(moved.atoms, moved.width, 0.0), current[0]]
        lines.append(tuple(current))
    return tuple(lines)


def _measure(paragraphs: tuple[tuple[Unit, ...], ...], size: float, width: float, height: float,
             style: TextStyle) -> tuple[tuple[Line, ...], float]:
    lines = _break(paragraphs, width / size)
    widest = max((u.width for p in paragraphs for u in p), default=0.0) * size
    over = max(len(lines) * size * style.leading - height, widest - width, 0.0)
    return lines, over


@lru_cache(maxsize=16384)
def _fit(text: str, width: float, height: float, style: TextStyle, icons: frozenset[str]) -> Fit:
    paragraphs = _prepared(text, style.font, icons)
    floor = style.floor
    steps = max(0, int(round((style.size - floor) / SIZE_STEP)))
    sizes = [style.size - i * SIZE_STEP for i in range(steps)] + [floor]
    lines, over = _measure(paragraphs, sizes[0], width, height, style)
    if over <= 1e-6:
        return Fit(True, sizes[0], lines, 0.0, width, height, style)
    lo, hi = 1, len(sizes) - 1                 # sizes[0] fails; find the first size that fits
    found = None
    while lo <= hi:
        mid = (lo + hi) // 2
        m_lines, m_over = _measure(paragraphs, sizes[mid], width, height, style)
        if m_over <= 1e-6:
            found, hi = (mid, m_lines), mid - 1
        else:
            lo = mid + 1
    if found is not None:
        return Fit(True, sizes[found[0]], found[1], 0.0, width, height, style)
    lines, over = _measure(paragraphs, floor, width, height, style)
    return Fit(over <= 1e-6, floor, lines, round(over, 2), width, height, style)


def fit_text(text: str, width: float, height: float, style: TextStyle, icons: IconSet | None = None) -> Fit:
    """Lay ``text`` out in a ``width`` x ``height`` box (points) in the style's font, shrinking
    from ``style.size`` down to ``style.floor`` until it fits.

    ``fits`` says whether it does; ``overflow`` is how many points it exceeds the box at the
    smallest size (the larger of the height and the width of the widest unbreakable word)."""
    names = frozenset(icons.names()) if icons is not None else frozenset()
    return _fit(text, round(width, 3), round(height, 3), style, names)


def draw_text(c: Canvas, fit: Fit, x: float, y: float, icons: IconSet | None = None) -> None:
    """Draw a fitted text in its box whose lower-left corner is (x, y), in points."""
    style, size = fit.style, fit.size
    step = size * style.leading
    total = len(fit.lines) * step
    if style.valign == "middle":
        top = y + (fit.height + total) / 2
    elif style.valign == "bottom":
        top = y + total
    else:
        top = y + fit.height
    colour = HexColor(style.colour)
    c.setFillColor(colour)
    face, stroke_em = drawing_face(style.font)
    c.setFont(face, size)
    mode = None
    if stroke_em:
        # A synthetic bold: fill and stroke the regular outlines (text render mode 2).
        c.setStrokeColor(colour)
        c.setLineWidth(stroke_em * size)
        mode = 2
    for i, line in enumerate(fit.lines):
        baseline = top - i * step - (step - size) / 2 - size * ASCENT_EM
        width = fit.line_width(line)
        if style.align == "center":
            cx = x + (fit.width - width) / 2
        elif style.align == "right":
            cx = x + fit.width - width
        else:
            cx = x
        pending = ""
        start = cx
        for j, unit in enumerate(line):
            if j and unit.space:
                pending += " "
                cx += unit.space * size
            for atom in unit.atoms:
                if atom.icon:
                    if pending:
                        c.drawString(start, baseline, pending, mode=mode)
                    pending = ""
                    if icons is not None:
                        icons.draw(c, atom.value, cx + size * (ICON_EM - 1) / 2, baseline - size * 0.17,
                                   size)
                    cx += atom.width * size
                    start = cx
                else:
                    if not pending:
                        start = cx
                    pending += atom.value
                    cx += atom.width * size
        if pending:
            c.drawString(start, baseline, pending, mode=mode)
