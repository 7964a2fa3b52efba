"""Card backs forgive duplex drift: printed on the other side of the sheet, a back lands up to a
millimetre or so off its front, so nothing but its background may come near the cut line."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from cardgen.commands.build import context_for
from cardgen.render.raster import face_images

DPI = 100
BLEED_MM = 3.0
CLEAR_MM = 8.0            # inside the cut line: a 1 mm drift plus the 4 mm safe zone, and more
TOLERANCE = 8             # channel levels: anti-aliasing noise, no feature


def _px(mm: float) -> int:
    return round(mm * DPI / 25.4)


def deck_backs(game: str, ink_saver: bool) -> list:
    """The faces printed on the backs of whole decks (layout ``back``; a double-sided company
    card's other side is a face of its own)."""
    ctx = context_for(game, "en", ink_saver=ink_saver)
    faces = {s.back.key: s.back for s in ctx.module.card_list(ctx.selection)
             if s.back is not None and s.back.layout == "back"}
    return [ctx, list(faces.values())]


def band_features(image: Image.Image, clear_mm: float) -> int:
    """How many pixels between the image edge (the bleed's) and ``clear_mm`` inside the cut line
    differ from the background colour (the corner pixel)."""
    w, h = image.size
    inner = _px(BLEED_MM + clear_mm)
    background = Image.new("RGB", image.size, image.getpixel((0, 0)))
    diff = ImageChops.difference(image, background).convert("L").point(lambda v: 255 * (v > TOLERANCE))
    diff.paste(0, (inner, inner, w - inner, h - inner))         # the middle may hold anything
    return diff.histogram()[255]


@pytest.mark.parametrize("game", ["briefcase", "startup"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_deck_backs_show_only_their_background_within_8_mm_of_the_cut(game, ink_saver):
    ctx, faces = deck_backs(game, ink_saver)
    assert len(faces) >= 3
    for face, image in zip(faces, face_images(ctx, faces, DPI, BLEED_MM), strict=True):
        assert band_features(image, CLEAR_MM) == 0, face.key
        # and the back bleeds: its background covers the bleed on every side
        assert band_features(image, 0.0) == 0, face.key


def test_the_band_check_sees_a_frame_near_the_cut(project):
    """The old back, a double frame 5 mm inside the cut line, fails the check."""
    layout = project / "templates" / "briefcase" / "cards.yaml"
    text = layout.read_text()
    ring = "      - rect: {box: [8.5, 21, 46, 46], stroke: on_bg, width: 1.2, radius: 23}\n"
    assert ring in text
    layout.write_text(text.replace(ring, ring + "      - rect: {box: [5, 5, 53, 78], stroke: on_bg, "
                                               "width: 1.2, radius: 3}\n"))
    ctx, faces = deck_backs("briefcase", False)
    image = face_images(ctx, faces[:1], DPI, BLEED_MM)[0]
    assert band_features(image, CLEAR_MM) > 1000


SAFE_MM = 3.5             # a double-sided card's content keeps 4 mm inside the cut line


def edge_changes(image: Image.Image, depth_mm: float) -> float:
    """The largest fraction of an edge along which the picture changes between the cut line and
    ``depth_mm`` inside it (or out across the bleed): a border along the edge changes all of
    it, so a drift of the back against the cut would show; bands running off the edge, and
    content that starts deeper, change none of it."""
    w, h = image.size
    b, d = _px(BLEED_MM), _px(BLEED_MM + depth_mm)
    strips = {  # (the cut line's pixels, the strip from the image edge to depth_mm inside)
        "top": ((b, b, w - b, b + 1), (b, 0, w - b, d)),
        "bottom": ((b, h - b - 1, w - b, h - b), (b, h - d, w - b, h)),
        "left": ((b, b, b + 1, h - b), (0, b, d, h - b)),
        "right": ((w - b - 1, b, w - b, h - b), (w - d, b, w, h - b)),
    }
    worst = 0.0
    for line_box, strip_box in strips.values():
        line, strip = image.crop(line_box), image.crop(strip_box)
        across = strip.size[1] if line.size[1] == 1 else strip.size[0]
        changed = Image.new("L", line.size, 0)          # pixels along the edge that change
        for k in range(across):
            row = strip.crop((0, k, strip.size[0], k + 1)) if line.size[1] == 1 else \
                strip.crop((k, 0, k + 1, strip.size[1]))
            diff = ImageChops.difference(row, line).convert("L").point(lambda v: 255 * (v > TOLERANCE))
            changed = ImageChops.lighter(changed, diff)
        worst = max(worst, changed.histogram()[255] / max(line.size))
    return worst


def test_the_activated_side_of_company_cards_has_no_border_along_its_cut():
    ctx = context_for("briefcase", "en")
    faces = list({s.back.key: s.back for s in ctx.module.card_list(ctx.selection)
                  if s.back is not None and s.back.key.endswith(":activated")}.values())
    assert len(faces) >= 14
    for face, image in zip(faces, face_images(ctx, faces, DPI, BLEED_MM), strict=True):
        assert edge_changes(image, SAFE_MM) < 0.02, face.key


def test_the_edge_check_sees_the_front_design_border():
    """The fronts keep their coloured border (the crop marks cut them exactly): the check finds
    it, so it would find one on a back."""
    ctx = context_for("briefcase", "en")
    front = next(s.front for s in ctx.module.card_list(ctx.selection) if s.id == "law_firm")
    (image,) = face_images(ctx, [front], DPI, BLEED_MM)
    assert edge_changes(image, SAFE_MM) > 0.9
