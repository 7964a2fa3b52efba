"""Vector icons drawn with reportlab paths: no artwork files, crisp at any size.

A *glyph* is a small drawing in the unit square (0..1, y up) in two colours: ``fill`` for its
body and ``ink`` for outlines and details. An *icon* is what cards and texts name (``steel``,
``buy``): one or more glyph layers, each with its colours and an optional placement inside
the square. Games declare their icons as data (a layout file's ``icons:`` section), so the
glyph library here stays game-independent.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

Glyph = Callable[[Canvas, Color, Color], None]
GLYPHS: dict[str, Glyph] = {}
LINE = 0.06                                  # outline width in unit-square terms


def glyph(fn: Glyph) -> Glyph:
    GLYPHS[fn.__name__.removeprefix("g_")] = fn
    return fn


def _poly(c: Canvas, points: list[tuple[float, float]], fill: bool = True, stroke: bool = True,
          close: bool = True) -> None:
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    if close:
        p.close()
    c.drawPath(p, fill=int(fill), stroke=int(stroke))


def _colours(c: Canvas, fill: Color, ink: Color, width: float = LINE) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.setLineCap(1)


@glyph
def g_disc(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.circle(0.5, 0.5, 0.46, fill=1, stroke=1)


@glyph
def g_card(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.roundRect(0.16, 0.03, 0.68, 0.94, 0.1, fill=1, stroke=1)


@glyph
def g_coin(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.circle(0.5, 0.5, 0.42, fill=1, stroke=1)
    c.circle(0.5, 0.5, 0.3, fill=0, stroke=1)
    c.setLineWidth(LINE * 1.4)
    c.line(0.5, 0.33, 0.5, 0.67)


@glyph
def g_power(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, fill, LINE * 2)
    p = c.beginPath()
    p.arc(0.16, 0.12, 0.84, 0.8, startAng=125, extent=290)
    c.drawPath(p, fill=0, stroke=1)
    c.line(0.5, 0.5, 0.5, 0.92)


@glyph
def g_barrier(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.rect(0.2, 0.05, 0.08, 0.5, fill=1, stroke=0)
    c.rect(0.72, 0.05, 0.08, 0.5, fill=1, stroke=0)
    c.rect(0.05, 0.45, 0.9, 0.32, fill=1, stroke=1)
    c.setFillColor(ink)
    for x in (0.12, 0.42, 0.72):
        _poly(c, [(x, 0.45), (x + 0.14, 0.45), (x + 0.28, 0.77), (x + 0.14, 0.77)], stroke=False)


@glyph
def g_tie(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.38, 0.95), (0.62, 0.95), (0.56, 0.78), (0.44, 0.78)])
    _poly(c, [(0.44, 0.78), (0.56, 0.78), (0.7, 0.2), (0.5, 0.04), (0.3, 0.2)])


@glyph
def g_person(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.circle(0.5, 0.72, 0.2, fill=1, stroke=1)
    p = c.beginPath()
    p.moveTo(0.12, 0.05)
    p.curveTo(0.12, 0.42, 0.3, 0.5, 0.5, 0.5)
    p.curveTo(0.7, 0.5, 0.88, 0.42, 0.88, 0.05)
    p.close()
    c.drawPath(p, fill=1, stroke=1)


@glyph
def g_people(c: Canvas, fill: Color, ink: Color) -> None:
    for dx, s in ((-0.26, 0.62), (0.26, 0.62), (0.0, 0.8)):
        c.saveState()
        c.translate(0.5 + dx - s / 2, 0.02)
        c.scale(s, s)
        g_person(c, fill, ink)
        c.restoreState()


@glyph
def g_girder(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.12, 0.9), (0.88, 0.9), (0.88, 0.76), (0.58, 0.76), (0.58, 0.24), (0.88, 0.24),
              (0.88, 0.1), (0.12, 0.1), (0.12, 0.24), (0.42, 0.24), (0.42, 0.76), (0.12, 0.76)])


@glyph
def g_bricks(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    rows = [(0.08, [(0.05, 0.45), (0.5, 0.45)]), (0.36, [(0.05, 0.22), (0.27, 0.45), (0.72, 0.23)]),
            (0.64, [(0.05, 0.45), (0.5, 0.45)])]
    for y, bricks in rows:
        for x, w in bricks:
            c.rect(x, y, w, 0.27, fill=1, stroke=1)


@glyph
def g_sheet(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.2, 0.04), (0.8, 0.04), (0.8, 0.72), (0.56, 0.96), (0.2, 0.96)])
    _poly(c, [(0.56, 0.96), (0.56, 0.72), (0.8, 0.72)], fill=False)
    for y in (0.56, 0.42, 0.28, 0.14):
        c.line(0.3, y + 0.04, 0.7, y + 0.04)


@glyph
def g_globe(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.circle(0.5, 0.5, 0.44, fill=1, stroke=1)
    c.ellipse(0.32, 0.06, 0.68, 0.94, fill=0, stroke=1)
    c.line(0.06, 0.5, 0.94, 0.5)
    c.line(0.5, 0.06, 0.5, 0.94)
    c.line(0.14, 0.74, 0.86, 0.74)
    c.line(0.14, 0.26, 0.86, 0.26)


@glyph
def g_bolt(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.58, 0.97), (0.2, 0.44), (0.46, 0.44), (0.36, 0.03), (0.8, 0.58), (0.53, 0.58)])


@glyph
def g_star(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    pts = []
    for i in range(10):
        r = 0.48 if i % 2 == 0 else 0.2
        a = math.pi / 2 + i * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.47 + r * math.sin(a)))
    _poly(c, pts)


@glyph
def g_star_badge(c: Canvas, fill: Color, ink: Color) -> None:
    """A fuller star with rounded points that a number sits inside: its inner pentagon (radius
    0.31) leaves a digit of up to 0.4 of the square clear of the outline."""
    _colours(c, fill, ink)
    pts = []
    for i in range(10):
        r = 0.49 if i % 2 == 0 else 0.31
        a = math.pi / 2 + i * math.pi / 5
        pts.append((0.5 + r * math.cos(a), 0.46 + r * math.sin(a)))
    _poly(c, pts)


def _bulb(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    p = c.beginPath()
    p.moveTo(0.38, 0.3)
    p.curveTo(0.38, 0.42, 0.24, 0.48, 0.24, 0.64)
    p.curveTo(0.24, 0.8, 0.36, 0.9, 0.5, 0.9)
    p.curveTo(0.64, 0.9, 0.76, 0.8, 0.76, 0.64)
    p.curveTo(0.76, 0.48, 0.62, 0.42, 0.62, 0.3)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(0.39, 0.1, 0.22, 0.16, fill=1, stroke=0)
    c.line(0.39, 0.2, 0.61, 0.2)


@glyph
def g_bulb_off(c: Canvas, fill: Color, ink: Color) -> None:
    c.saveState()
    c.translate(0.5, 0.5)
    c.scale(0.8, 0.8)
    c.translate(-0.5, -0.42)
    _bulb(c, fill, ink)
    c.restoreState()


@glyph
def g_bulb_on(c: Canvas, fill: Color, ink: Color) -> None:
    """The unlit bulb with rays."""
    g_bulb_off(c, fill, ink)
    _colours(c, fill, fill, LINE * 1.2)
    for a in (90, 35, 145, 0, 180):
        r = math.radians(a)
        c.line(0.5 + 0.4 * math.cos(r), 0.58 + 0.4 * math.sin(r),
               0.5 + 0.5 * math.cos(r), 0.58 + 0.5 * math.sin(r))


@glyph
def g_factory(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.06, 0.06), (0.06, 0.6), (0.3, 0.76), (0.3, 0.6), (0.54, 0.76), (0.54, 0.6),
              (0.7, 0.7), (0.7, 0.95), (0.84, 0.95), (0.84, 0.6), (0.94, 0.6), (0.94, 0.06)])


@glyph
def g_level1(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.rect(0.42, 0.14, 0.16, 0.42, fill=1, stroke=1)


@glyph
def g_level2(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.rect(0.28, 0.14, 0.16, 0.42, fill=1, stroke=1)
    c.rect(0.56, 0.14, 0.16, 0.42, fill=1, stroke=1)


@glyph
def g_sunrise(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    p = c.beginPath()
    p.moveTo(0.2, 0.3)
    p.arcTo(0.2, 0.0, 0.8, 0.6, startAng=180, extent=-180)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setStrokeColor(ink)
    c.line(0.04, 0.3, 0.96, 0.3)
    _colours(c, fill, fill, LINE * 1.3)
    for a in (30, 60, 90, 120, 150):
        r = math.radians(a)
        c.line(0.5 + 0.4 * math.cos(r), 0.3 + 0.4 * math.sin(r),
               0.5 + 0.58 * math.cos(r), 0.3 + 0.58 * math.sin(r))


@glyph
def g_flag(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.rect(0.14, 0.04, 0.07, 0.92, fill=1, stroke=0)
    c.rect(0.21, 0.46, 0.68, 0.48, fill=1, stroke=1)
    c.setFillColor(ink)
    for i in range(4):
        for j in range(2):
            if (i + j) % 2 == 0:
                c.rect(0.21 + i * 0.17, 0.46 + j * 0.24, 0.17, 0.24, fill=1, stroke=0)


def _arrow_head(c: Canvas, x: float, y: float, angle: float, size: float = 0.16) -> None:
    a = math.radians(angle)
    left, right = a + math.radians(150), a - math.radians(150)
    _poly(c, [(x, y), (x + size * math.cos(left), y + size * math.sin(left)),
              (x + size * math.cos(right), y + size * math.sin(right))], stroke=False)


@glyph
def g_flip(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, fill, LINE * 1.5)
    c.setFillColor(fill)
    for start in (20, 200):
        p = c.beginPath()
        p.arc(0.14, 0.14, 0.86, 0.86, startAng=start, extent=140)
        c.drawPath(p, fill=0, stroke=1)
        end = math.radians(start + 140)
        _arrow_head(c, 0.5 + 0.36 * math.cos(end), 0.5 + 0.36 * math.sin(end), start + 140 + 90, 0.2)


@glyph
def g_block(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.circle(0.5, 0.5, 0.45, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(0.2, 0.42, 0.6, 0.16, fill=1, stroke=0)


@glyph
def g_arrow(c: Canvas, fill: Color, ink: Color) -> None:
    """Pointing right; rotate the layer for other directions."""
    _colours(c, fill, ink)
    _poly(c, [(0.08, 0.4), (0.56, 0.4), (0.56, 0.22), (0.94, 0.5), (0.56, 0.78), (0.56, 0.6),
              (0.08, 0.6)])


@glyph
def g_cross(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, fill, LINE * 2.4)
    c.line(0.18, 0.18, 0.82, 0.82)
    c.line(0.18, 0.82, 0.82, 0.18)


def _card_at(c: Canvas, fill: Color, ink: Color, dx: float, angle: float, s: float = 0.78) -> None:
    c.saveState()
    c.translate(0.5 + dx, 0.08)
    c.rotate(angle)
    c.scale(s, s)
    c.translate(-0.5, 0)
    g_card(c, fill, ink)
    c.restoreState()


@glyph
def g_cards2(c: Canvas, fill: Color, ink: Color) -> None:
    for dx, a in ((-0.1, 12), (0.1, -12)):
        _card_at(c, fill, ink, dx, a)


@glyph
def g_cards3(c: Canvas, fill: Color, ink: Color) -> None:
    for dx, a in ((-0.16, 20), (0.0, 0), (0.16, -20)):
        _card_at(c, fill, ink, dx, a, 0.74)


@glyph
def g_pile(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    for i, y in enumerate((0.08, 0.2, 0.32)):
        c.roundRect(0.12 + 0.04 * i, y, 0.72, 0.5, 0.06, fill=1, stroke=1)


@glyph
def g_gear(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    pts = []
    teeth = 8
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4)
        r = 0.46 if (i % 4) in (0, 1) else 0.34
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    _poly(c, pts)
    c.setFillColor(ink)
    c.circle(0.5, 0.5, 0.12, fill=1, stroke=0)


# -- figures and tokens of board games (Free Market: NYC first) --------------------------------

def _shade(colour: Color, factor: float) -> Color:
    """The colour darkened (factor < 1) or lightened toward white (factor > 1): the faces of a
    cube drawn in one fill still read as three sides."""
    if factor <= 1:
        return Color(colour.red * factor, colour.green * factor, colour.blue * factor)
    f = factor - 1
    return Color(colour.red + (1 - colour.red) * f, colour.green + (1 - colour.green) * f,
                 colour.blue + (1 - colour.blue) * f)


@glyph
def g_meeple(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.37, 0.66), (0.1, 0.58), (0.06, 0.47), (0.3, 0.43), (0.12, 0.05), (0.4, 0.05),
              (0.5, 0.24), (0.6, 0.05), (0.88, 0.05), (0.7, 0.43), (0.94, 0.47), (0.9, 0.58),
              (0.63, 0.66)])
    c.circle(0.5, 0.79, 0.15, fill=1, stroke=1)


@glyph
def g_truck(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.rect(0.04, 0.28, 0.58, 0.5, fill=1, stroke=1)
    _poly(c, [(0.62, 0.28), (0.96, 0.28), (0.96, 0.52), (0.84, 0.68), (0.62, 0.68)])
    c.setFillColor(ink)
    _poly(c, [(0.7, 0.52), (0.88, 0.52), (0.8, 0.62), (0.7, 0.62)], stroke=False)
    for x in (0.22, 0.8):
        c.circle(x, 0.22, 0.11, fill=1, stroke=0)


@glyph
def g_house(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.14, 0.06), (0.14, 0.56), (0.5, 0.92), (0.86, 0.56), (0.86, 0.06)])
    c.setFillColor(ink)
    c.rect(0.41, 0.06, 0.18, 0.3, fill=1, stroke=0)


@glyph
def g_crate(c: Canvas, fill: Color, ink: Color) -> None:
    """A cube seen from above a corner: top lighter, right side darker."""
    _colours(c, fill, ink)
    top = [(0.5, 0.96), (0.92, 0.75), (0.5, 0.54), (0.08, 0.75)]
    left = [(0.08, 0.75), (0.5, 0.54), (0.5, 0.04), (0.08, 0.25)]
    right = [(0.5, 0.54), (0.92, 0.75), (0.92, 0.25), (0.5, 0.04)]
    for face, factor in ((top, 1.35), (left, 1.0), (right, 0.72)):
        c.setFillColor(_shade(fill, factor))
        _poly(c, face)


@glyph
def g_picket(c: Canvas, fill: Color, ink: Color) -> None:
    """A picket sign: a strike."""
    _colours(c, fill, ink)
    c.setFillColor(ink)
    c.rect(0.45, 0.04, 0.1, 0.42, fill=1, stroke=0)
    c.setFillColor(fill)
    c.rect(0.1, 0.44, 0.8, 0.5, fill=1, stroke=1)
    c.setLineWidth(LINE * 1.4)
    c.line(0.3, 0.56, 0.7, 0.82)
    c.line(0.3, 0.82, 0.7, 0.56)


@glyph
def g_tower(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    _poly(c, [(0.24, 0.04), (0.24, 0.78), (0.5, 0.97), (0.76, 0.78), (0.76, 0.04)])
    c.setFillColor(ink)
    for y in (0.16, 0.34, 0.52):
        for x in (0.33, 0.55):
            c.rect(x, y, 0.12, 0.11, fill=1, stroke=0)
    c.setLineWidth(LINE * 1.3)
    c.line(0.42, 0.72, 0.58, 0.72)


@glyph
def g_medal(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.setFillColor(ink)
    _poly(c, [(0.26, 0.97), (0.42, 0.97), (0.56, 0.6), (0.42, 0.56)], stroke=False)
    _poly(c, [(0.74, 0.97), (0.58, 0.97), (0.44, 0.6), (0.58, 0.56)], stroke=False)
    c.setFillColor(fill)
    c.circle(0.5, 0.34, 0.3, fill=1, stroke=1)
    c.circle(0.5, 0.34, 0.18, fill=0, stroke=1)


@glyph
def g_cup(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    p = c.beginPath()
    p.moveTo(0.18, 0.94)
    p.lineTo(0.82, 0.94)
    p.curveTo(0.82, 0.6, 0.7, 0.44, 0.5, 0.44)
    p.curveTo(0.3, 0.44, 0.18, 0.6, 0.18, 0.94)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.rect(0.45, 0.18, 0.1, 0.26, fill=1, stroke=1)
    c.rect(0.26, 0.06, 0.48, 0.12, fill=1, stroke=1)


@glyph
def g_die(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.roundRect(0.06, 0.06, 0.88, 0.88, 0.16, fill=1, stroke=1)
    c.setFillColor(ink)
    for x, y in ((0.3, 0.3), (0.7, 0.7), (0.5, 0.5), (0.3, 0.7), (0.7, 0.3)):
        c.circle(x, y, 0.08, fill=1, stroke=0)


@glyph
def g_clock(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.circle(0.5, 0.5, 0.44, fill=1, stroke=1)
    c.setLineWidth(LINE * 1.4)
    c.line(0.5, 0.5, 0.5, 0.82)
    c.line(0.5, 0.5, 0.74, 0.4)


@glyph
def g_infinity(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, fill, LINE * 2.2)
    for x in (0.29, 0.71):
        c.circle(x, 0.5, 0.2, fill=0, stroke=1)


@glyph
def g_cycle(c: Canvas, fill: Color, ink: Color) -> None:
    """A circular arrow: once around (once in each round)."""
    _colours(c, fill, fill, LINE * 2)
    p = c.beginPath()
    p.arc(0.14, 0.14, 0.86, 0.86, startAng=100, extent=290)
    c.drawPath(p, fill=0, stroke=1)
    end = math.radians(100 + 290)
    c.setFillColor(fill)
    _arrow_head(c, 0.5 + 0.36 * math.cos(end), 0.5 + 0.36 * math.sin(end), 100 + 290 + 90, 0.24)


@glyph
def g_train(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, ink)
    c.rect(0.08, 0.24, 0.56, 0.36, fill=1, stroke=1)
    c.rect(0.64, 0.24, 0.28, 0.6, fill=1, stroke=1)
    c.rect(0.16, 0.6, 0.12, 0.2, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(0.7, 0.62, 0.16, 0.14, fill=1, stroke=0)
    for x in (0.22, 0.48, 0.78):
        c.circle(x, 0.17, 0.1, fill=1, stroke=0)


@glyph
def g_pawnshop(c: Canvas, fill: Color, ink: Color) -> None:
    """The pawnbroker's three balls."""
    _colours(c, fill, ink)
    c.line(0.3, 0.95, 0.7, 0.95)
    for x, y in ((0.3, 0.95), (0.7, 0.95)):
        c.line(x, y, 0.5, 0.64)
    for x, y in ((0.27, 0.27), (0.73, 0.27), (0.5, 0.6)):
        c.circle(x, y, 0.2, fill=1, stroke=1)


@glyph
def g_chart(c: Canvas, fill: Color, ink: Color) -> None:
    """A rising line on axes: a stock."""
    _colours(c, fill, ink)
    c.roundRect(0.04, 0.04, 0.92, 0.92, 0.08, fill=1, stroke=1)
    c.setStrokeColor(ink)
    c.setLineWidth(LINE * 1.6)
    p = c.beginPath()
    p.moveTo(0.14, 0.22)
    for pt in ((0.36, 0.46), (0.52, 0.36), (0.78, 0.72)):
        p.lineTo(*pt)
    c.drawPath(p, fill=0, stroke=1)
    c.setFillColor(ink)
    _arrow_head(c, 0.84, 0.8, 50, 0.2)


@glyph
def g_question(c: Canvas, fill: Color, ink: Color) -> None:
    """A question mark (a hidden crate), in ``fill`` on nothing."""
    _colours(c, fill, fill, LINE * 2.6)
    p = c.beginPath()
    p.moveTo(0.28, 0.68)
    p.curveTo(0.28, 0.95, 0.72, 0.95, 0.72, 0.68)
    p.curveTo(0.72, 0.5, 0.5, 0.5, 0.5, 0.34)
    c.drawPath(p, fill=0, stroke=1)
    c.setFillColor(fill)
    c.circle(0.5, 0.12, 0.08, fill=1, stroke=0)


def _numeral(c: Canvas, fill: Color, strokes: list[list[tuple[float, float]]]) -> None:
    _colours(c, fill, fill, LINE * 2.6)
    for points in strokes:
        _poly(c, points, fill=False, close=False)


@glyph
def g_numeral1(c: Canvas, fill: Color, ink: Color) -> None:
    _numeral(c, fill, [[(0.32, 0.74), (0.52, 0.9), (0.52, 0.1)], [(0.32, 0.1), (0.72, 0.1)]])


@glyph
def g_numeral2(c: Canvas, fill: Color, ink: Color) -> None:
    _colours(c, fill, fill, LINE * 2.6)
    p = c.beginPath()
    p.moveTo(0.28, 0.7)
    p.curveTo(0.3, 0.96, 0.72, 0.96, 0.72, 0.7)
    p.curveTo(0.72, 0.52, 0.3, 0.32, 0.28, 0.1)
    p.lineTo(0.74, 0.1)
    c.drawPath(p, fill=0, stroke=1)


@glyph
def g_plus(c: Canvas, fill: Color, ink: Color) -> None:
    _numeral(c, fill, [[(0.5, 0.16), (0.5, 0.84)], [(0.16, 0.5), (0.84, 0.5)]])


@glyph
def g_minus(c: Canvas, fill: Color, ink: Color) -> None:
    _numeral(c, fill, [[(0.16, 0.5), (0.84, 0.5)]])


@glyph
def g_check(c: Canvas, fill: Color, ink: Color) -> None:
    _numeral(c, fill, [[(0.14, 0.5), (0.4, 0.22), (0.86, 0.8)]])


@glyph
def g_pawn(c: Canvas, fill: Color, ink: Color) -> None:
    """A game pawn: the stage marker."""
    _colours(c, fill, ink)
    _poly(c, [(0.18, 0.05), (0.82, 0.05), (0.82, 0.16), (0.62, 0.26), (0.58, 0.56), (0.42, 0.56),
              (0.38, 0.26), (0.18, 0.16)])
    c.circle(0.5, 0.72, 0.18, fill=1, stroke=1)


@glyph
def g_bag(c: Canvas, fill: Color, ink: Color) -> None:
    """A drawstring pouch."""
    _colours(c, fill, ink)
    p = c.beginPath()
    p.moveTo(0.38, 0.74)
    p.curveTo(0.1, 0.6, 0.06, 0.06, 0.5, 0.06)
    p.curveTo(0.94, 0.06, 0.9, 0.6, 0.62, 0.74)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    _poly(c, [(0.38, 0.74), (0.28, 0.94), (0.72, 0.94), (0.62, 0.74)])
    c.line(0.36, 0.78, 0.64, 0.78)


# -- icons: named stacks of glyph layers ----------------------------------------------------

@dataclass(frozen=True)
class Layer:
    glyph: str
    fill: Color
    ink: Color
    scale: float = 1.0
    at: tuple[float, float] = (0.0, 0.0)     # lower-left of the scaled layer in the unit square
    rotate: float = 0.0                      # degrees, about the layer's centre


class IconError(ValueError):
    """``at``: the path, in the layout file's ``icons``, of the setting at fault (when known)."""

    def __init__(self, message: str, at: tuple = ()):
        super().__init__(message)
        self.at = at


def parse_colour(value: str, palette: Mapping[str, str]) -> Color:
    """A palette name or a ``#rrggbb`` colour."""
    raw = palette.get(value, value)
    if not isinstance(raw, str) or not raw.startswith("#") or len(raw) not in (7, 9):
        raise IconError(f"unknown colour '{value}' (use a palette name or #rrggbb)")
    return HexColor(raw, hasAlpha=len(raw) == 9)


class IconSet:
    """The icons a game names, built from its layout data."""

    def __init__(self, spec: Mapping[str, object], palette: Mapping[str, str]):
        self.icons: dict[str, tuple[Layer, ...]] = {}
        for name, layers in spec.items():
            items = layers if isinstance(layers, list) else [layers]
            self.icons[name] = tuple(
                self._layer(name, item, palette, (name, i) if isinstance(layers, list) else (name,))
                for i, item in enumerate(items))

    @staticmethod
    def _layer(name: str, item: object, palette: Mapping[str, str], at: tuple = ()) -> Layer:
        if not isinstance(item, Mapping) or "glyph" not in item:
            raise IconError(f"icon '{name}': each layer needs a 'glyph'", at)
        if item["glyph"] not in GLYPHS:
            raise IconError(f"icon '{name}': unknown glyph '{item['glyph']}' "
                            f"(known: {', '.join(sorted(GLYPHS))})", (*at, "glyph"))

        def colour(key: str) -> Color:
            try:
                return parse_colour(str(item.get(key, "#000000")), palette)
            except IconError as exc:
                raise IconError(str(exc), (*at, key)) from None

        return Layer(item["glyph"], colour("fill"), colour("ink"),
                     float(item.get("scale", 1.0)), tuple(item.get("at", (0.0, 0.0))),
                     float(item.get("rotate", 0.0)))

    def __contains__(self, name: object) -> bool:
        return name in self.icons

    def names(self) -> list[str]:
        return list(self.icons)

    def draw(self, c: Canvas, name: str, x: float, y: float, size: float) -> None:
        """Draw icon ``name`` in the square with lower-left (x, y) and side ``size`` (points)."""
        c.saveState()
        c.translate(x, y)
        c.scale(size, size)
        for layer in self.icons[name]:
            c.saveState()
            c.translate(*layer.at)
            c.scale(layer.scale, layer.scale)
            if layer.rotate:
                c.translate(0.5, 0.5)
                c.rotate(layer.rotate)
                c.translate(-0.5, -0.5)
            GLYPHS[layer.glyph](c, layer.fill, layer.ink)
            c.restoreState()
        c.restoreState()
