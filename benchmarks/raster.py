"""How long `cardgen preview` and `cardgen export --format png` take to rasterise card faces.

    python benchmarks/raster.py [--repeat 3]

Prints, for one face at 200 dpi (what preview does) and for every distinct face of the full
Briefcase box at 300 dpi with bleed (what export --format png does): the seconds PDFium takes
in process (pypdfium2, what cardgen uses), and, where poppler's pdftoppm happens to be
installed, the seconds the earlier pdftoppm subprocess took on the same PDF, for comparison.
Only the rasterising is timed (the PDF of the faces is made once, outside the clock).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from PIL import Image

from cardgen.commands.build import context_for
from cardgen.render.export import EXPORT_BLEED_MM
from cardgen.render.printable import faces_by_key
from cardgen.render.raster import faces_pdf, rasterise


def pdftoppm(pdf: bytes, dpi: int) -> list[Image.Image]:
    """The rasteriser cardgen used before PDFium: a poppler subprocess writing PPM files."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "faces.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(dpi), str(source), str(Path(tmp) / "p")], check=True)
        pages = sorted(Path(tmp).glob("p-*.ppm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        return [Image.open(p).convert("RGB") for p in pages]


def timed(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ctx = context_for("briefcase", "en")
    faces = list(faces_by_key(ctx.module.card_list(ctx.selection)).values())
    cases = [("preview: 1 face, 200 dpi", faces_pdf(ctx, faces[:1], 0.0), 200, 1),
             (f"export png: {len(faces)} faces, 300 dpi + bleed", faces_pdf(ctx, faces, EXPORT_BLEED_MM),
              300, len(faces))]
    poppler = shutil.which("pdftoppm") is not None
    for label, pdf, dpi, count in cases:
        ours = timed(lambda pdf=pdf, dpi=dpi: rasterise(pdf, dpi), args.repeat)
        line = f"{label}: PDFium {ours:.3f} s ({ours / count * 1000:.1f} ms a face)"
        if poppler:
            theirs = timed(lambda pdf=pdf, dpi=dpi: pdftoppm(pdf, dpi), args.repeat)
            line += f"; pdftoppm {theirs:.3f} s; PDFium takes {ours / theirs:.2f}x the time"
        print(line)
    if not poppler:
        print("(pdftoppm is not installed: no comparison; cardgen itself never needs it)")


if __name__ == "__main__":
    main()
