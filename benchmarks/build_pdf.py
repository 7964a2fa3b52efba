"""How long the full Briefcase box PDF takes to build, against plain reportlab.

    python benchmarks/build_pdf.py [--repeat 3]

Prints the seconds for the card sheets of the full box (fronts and backs, A4, English): a cold
build (first in the process: fonts loaded, layouts read, every face laid out) and the median
of warm rebuilds; then the seconds plain reportlab takes to draw the same number of pages with
comparable content drawn directly (per card: a full-bleed background, a rounded panel, two
badges, a star, icon-like paths, six lines of text in the same embedded font, crop marks),
and the ratio. Goals: under 5 s, and no more than 2x plain reportlab.
"""

from __future__ import annotations

import argparse
import io
import math
import statistics
import time

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.games.briefcase import cards
from cardgen.i18n.messages import english
from cardgen.render.fonts import bundled_fonts
from cardgen.render.pipeline import SheetOptions, card_module, prepare, render_cards

MM = 72 / 25.4


def build_once() -> tuple[float, int, int]:
    started = time.perf_counter()
    module = card_module("briefcase")
    ctx = prepare(module, module.select(), "en", english)
    pdf = render_cards(ctx, SheetOptions(paper="a4"), "benchmark")
    return time.perf_counter() - started, pdf.pages, pdf.cards


def plain_reportlab(pages: int, per_page: int = 9) -> float:
    """The same number of pages drawn directly with the canvas, no layout engine, no forms."""
    fonts = bundled_fonts()
    started = time.perf_counter()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1,
               initialFontName=fonts.regular)
    lines = ["Steel Factory", "1st Level", "The player may use any resource", "as steel when paying",
             "for an activation.", "Per activation"]
    for _ in range(pages):
        for slot in range(per_page):
            x = (10.5 + (slot % 3) * 63) * MM
            y = (16.5 + (slot // 3) * 88) * MM
            c.setFillColor(HexColor("#e07b16"))
            c.rect(x, y, 63 * MM, 88 * MM, fill=1, stroke=0)
            c.setFillColor(HexColor("#fbf7ee"))
            c.roundRect(x + 2.5 * MM, y + 2.5 * MM, 58 * MM, 83 * MM, 2.5 * MM, fill=1, stroke=0)
            c.setFillColor(HexColor("#2b8a3e"))
            c.circle(x + 10 * MM, y + 78 * MM, 6 * MM, fill=1, stroke=1)
            c.circle(x + 53 * MM, y + 78 * MM, 6 * MM, fill=1, stroke=1)
            star = c.beginPath()
            for i in range(10):
                r = (5 if i % 2 == 0 else 2) * MM
                a = math.pi / 2 + i * math.pi / 5
                point = (x + 53 * MM + r * math.cos(a), y + 78 * MM + r * math.sin(a))
                if i == 0:
                    star.moveTo(*point)
                else:
                    star.lineTo(*point)
            star.close()
            c.drawPath(star, fill=1, stroke=1)
            for k in range(6):
                icon = c.beginPath()
                icon.moveTo(x + (6 + 6 * k) * MM, y + 6 * MM)
                icon.lineTo(x + (10 + 6 * k) * MM, y + 6 * MM)
                icon.lineTo(x + (8 + 6 * k) * MM, y + 10 * MM)
                icon.close()
                c.drawPath(icon, fill=1, stroke=1)
            c.setFillColor(HexColor("#1e1e1e"))
            for k, text in enumerate(lines):
                c.setFont(fonts.bold if k == 0 else fonts.regular, 9 if k == 0 else 7)
                c.drawCentredString(x + 31.5 * MM, y + (66 - 7 * k) * MM, text)
        c.setLineWidth(0.25)
        for k in range(4):
            c.line((10.5 + 63 * k) * MM, 4 * MM, (10.5 + 63 * k) * MM, 9 * MM)
        c.showPage()
    c.save()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cold, pages, count = build_once()
    warm = statistics.median(build_once()[0] for _ in range(args.repeat))
    specs = cards.card_list(cards.select())
    plain = statistics.median(plain_reportlab(pages) for _ in range(args.repeat))
    print(f"full Briefcase box, A4, fronts and backs: {pages} pages, {count} cards "
          f"({len(specs)} kinds)")
    print(f"cardgen build (cards PDF): {cold:.2f} s cold, {warm:.2f} s warm (median of {args.repeat})")
    print(f"plain reportlab, same pages: {plain:.2f} s")
    print(f"ratio cold/plain: {cold / plain:.2f}x; warm/plain: {warm / plain:.2f}x "
          f"(goals: under 5 s, at most 2x)")


if __name__ == "__main__":
    main()
