"""Visual regression: render cards to PNG and compare with approved images.

Approve (write) the images once with ``CARDGEN_APPROVE=1 pytest tests/render/test_visual.py``;
afterwards a rendering may differ from its approved image only by anti-aliasing noise.

Both the approved images and the renderings come from PDFium (the pypdfium2 wheel), so the noise
is small: PDFium 126 and 159 differ by at most 3 levels of a channel on these cards. The
tolerances are tight enough that the smallest real change measured, a missing one-word status
label or a label moved by 1 mm, differs on 0.18% of the pixels, over three times the limit.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

APPROVED = Path(__file__).resolve().parent / "approved"
CHANNEL_TOLERANCE = 24          # a pixel differs when a channel is off by more than this
PIXEL_TOLERANCE = 0.0005        # at most this fraction of the pixels may differ


def differing_fraction(a: Image.Image, b: Image.Image) -> float:
    """The fraction of pixels that differ clearly (1.0 when the sizes differ)."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    mask = diff.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
    histogram = mask.histogram()
    return histogram[255] / (a.size[0] * a.size[1])


def check_against_approved(name: str, image: Image.Image, may_approve: bool = True) -> float:
    """Compare with ``approved/<name>.png`` (writing it when approving, unless ``may_approve`` is
    False: a deliberately broken rendering must never become the approved one)."""
    path = APPROVED / f"{name}.png"
    if may_approve and os.environ.get("CARDGEN_APPROVE") == "1":
        APPROVED.mkdir(exist_ok=True)
        image.save(path, optimize=True)
        return 0.0
    assert path.exists(), f"no approved image {path.name}; run with CARDGEN_APPROVE=1 once"
    with Image.open(path) as approved:
        return differing_fraction(image, approved)
