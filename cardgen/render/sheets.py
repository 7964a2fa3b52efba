"""Drawing imposed pages: each distinct face once as a PDF form, placed wherever it is used.

Drawing a face once and reusing it keeps a full box (hundreds of cards, a few dozen distinct
faces) fast to build and small on disk. A form's bounding box is the card's bleed box, so
nothing of a card reaches past its bleed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.interrupt import checkpoint
from cardgen.render.canvas import MM
from cardgen.render.imposition import Page, Slot

FaceDraw = Callable[[Canvas, Hashable, float, float], None]
"""(canvas, face, bleed_x_mm, bleed_y_mm): draw the face with its trim lower-left at the origin."""

MARK_WIDTH_PT = 0.25
MARK_COLOUR = "#000000"
FOLD_COLOUR = "#808080"


class FormCache:
    def __init__(self, c: Canvas, draw: FaceDraw):
        self.c, self.draw = c, draw
        self.names: dict[tuple[Hashable, float, float, float, float], str] = {}

    def name(self, face: Hashable, slot: Slot) -> str:
        (w, h), (bleed_x, bleed_y) = slot.card_size, slot.card_bleed
        key = (face, w, h, bleed_x, bleed_y)
        if key not in self.names:
            name = f"card{len(self.names)}"
            bx, by = bleed_x * MM, bleed_y * MM
            self.c.beginForm(name, -bx, -by, w * MM + bx, h * MM + by)
            self.draw(self.c, face, bleed_x, bleed_y)
            self.c.endForm()
            self.names[key] = name
        return self.names[key]


def draw_pages(c: Canvas, pages: Sequence[Page], draw: FaceDraw,
               progress: Callable[[], None] | None = None) -> None:
    """Draw every page (then ``showPage``), calling ``progress`` after each."""
    forms = FormCache(c, draw)
    for page in pages:
        checkpoint()          # a stop a library swallowed ends the build here, not at its end
        c.setPageSize((page.size[0] * MM, page.size[1] * MM))
        for placed in page.cards:
            name = forms.name(placed.face, placed.slot)
            s = placed.slot
            c.saveState()
            # the card's own lower-left trim corner lands on the slot's corner it turns to
            dx, dy = {0: (0, 0), 90: (s.w, 0), 180: (s.w, s.h), 270: (0, s.h)}[s.rotation]
            c.translate((s.x + dx) * MM, (s.y + dy) * MM)
            if s.rotation:
                c.rotate(s.rotation)
            c.doForm(name)
            c.restoreState()
        c.setLineWidth(MARK_WIDTH_PT)
        c.setStrokeColor(HexColor(MARK_COLOUR))
        for x0, y0, x1, y1 in page.marks:
            c.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
        if page.folds:
            c.saveState()
            c.setStrokeColor(HexColor(FOLD_COLOUR))
            c.setDash(3, 2)
            for x0, y0, x1, y1 in page.folds:
                c.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
            c.restoreState()
        c.showPage()
        if progress is not None:
            progress()
