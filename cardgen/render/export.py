"""Card images for print services and virtual tabletops.

- PNG: one image per distinct face (fronts and backs), 300 dpi, with a 1/8 in bleed: a
  63 x 88 mm poker card is 819 x 1114 px, close to The Game Crafter's 825 x 1125 template.
- Tabletop Simulator: per deck, face sheets of at most 10 x 7 cards and 4096 x 4096 px (RGB),
  every copy in its own slot and the last slot holding the back as the hidden face; a single
  back image when the deck shares one back, else back sheets in the same grid. ``decks.json``
  lists each sheet with its grid and card count, as TTS's Custom Deck dialog asks for them.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardgen.output import write_all_atomic
from cardgen.render.pipeline import Context
from cardgen.render.printable import CardSpec, Face
from cardgen.render.raster import face_images

EXPORT_BLEED_MM = 3.175
TTS_MAX_COLUMNS, TTS_MAX_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_DPI = 200          # rendered, then scaled down to the sheet's card size


def file_stem(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", key).strip("-")


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def _distinct_faces(specs: Sequence[CardSpec]) -> list[Face]:
    faces: dict[str, Face] = {}
    for spec in specs:
        for face in (spec.front, spec.back):
            if face is not None:
                faces.setdefault(face.key, face)
    return list(faces.values())


def export_png(ctx: Context, specs: Sequence[CardSpec], folder: Path, dpi: int = 300,
               bleed_mm: float = EXPORT_BLEED_MM) -> list[Path]:
    """One PNG per distinct face; returns the files written (all of them, or none)."""
    faces = _distinct_faces(specs)
    files = [(folder / f"{file_stem(face.key)}.png", _png(image))
             for face, image in zip(faces, face_images(ctx, faces, dpi, bleed_mm), strict=True)]
    write_all_atomic(files)
    return [path for path, _ in files]


@dataclass(frozen=True)
class SheetGrid:
    columns: int
    rows: int
    card_px: tuple[int, int]


def tts_grid(slots: int, card_mm: tuple[float, float]) -> SheetGrid:
    """The grid for ``slots`` cards (at most 70) and the largest card size that keeps the sheet
    within 4096 px a side at the card's proportions."""
    columns = min(TTS_MAX_COLUMNS, slots)
    rows = math.ceil(slots / columns)
    if rows > TTS_MAX_ROWS:
        raise ValueError(f"{slots} slots do not fit a {TTS_MAX_COLUMNS} x {TTS_MAX_ROWS} sheet")
    ratio = card_mm[1] / card_mm[0]
    width = min(TTS_MAX_PX // columns, math.floor((TTS_MAX_PX // rows) / ratio))
    return SheetGrid(columns, rows, (width, round(width * ratio)))


def _sheet(grid: SheetGrid, images: Sequence[Image.Image]) -> Image.Image:
    w, h = grid.card_px
    sheet = Image.new("RGB", (grid.columns * w, grid.rows * h), "white")
    scaled: dict[int, Image.Image] = {}
    for i, image in enumerate(images):
        if id(image) not in scaled:         # copies share one scaled image
            scaled[id(image)] = image.resize((w, h), Image.Resampling.LANCZOS)
        sheet.paste(scaled[id(image)], ((i % grid.columns) * w, (i // grid.columns) * h))
    return sheet


def export_tts(ctx: Context, specs: Sequence[CardSpec], folder: Path,
               progress: Callable[[], None] | None = None, dpi: int = TTS_DPI) -> list[Path]:
    """Deck sheets for Tabletop Simulator, and ``decks.json``; returns the files written (all of
    them, or none)."""
    faces = _distinct_faces(specs)
    images = dict(zip((f.key for f in faces), face_images(ctx, faces, dpi, 0.0), strict=True))
    decks: dict[str, list[CardSpec]] = {}
    for spec in specs:
        decks.setdefault(spec.deck, []).append(spec)
    files: list[tuple[Path, bytes]] = []
    manifest = []
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1
    for deck, members in decks.items():
        copies = [s for s in members for _ in range(s.count)]
        backs = {s.back.key if s.back else None for s in copies}
        shared_back = len(backs) == 1
        size = ctx.renderer.size(copies[0].front)
        back_file = None
        if shared_back and copies[0].back is not None:
            back_file = folder / f"{file_stem(deck)}-back.png"
            files.append((back_file, _png(images[copies[0].back.key])))
        for n, start in enumerate(range(0, len(copies), per_sheet), 1):
            chunk = copies[start:start + per_sheet]
            # TTS shows the last slot for cards in hand: the deck's back, when it has one back
            hidden = images[chunk[0].back.key] if back_file is not None else None
            grid = tts_grid(len(chunk) + (hidden is not None), size)
            fronts = [images[s.front.key] for s in chunk] + ([hidden] if hidden is not None else [])
            entry = {"deck": deck, "columns": grid.columns, "rows": grid.rows, "cards": len(chunk),
                     "card_px": list(grid.card_px)}
            path = folder / f"{file_stem(deck)}-faces-{n}.png"
            files.append((path, _png(_sheet(grid, fronts))))
            entry["faces"] = path.name
            if back_file is not None:
                entry["back"] = back_file.name
            elif not shared_back:
                blank = Image.new("RGB", grid.card_px, "white")
                back_images = [images[s.back.key] if s.back else blank for s in chunk]
                back_path = folder / f"{file_stem(deck)}-backs-{n}.png"
                files.append((back_path, _png(_sheet(grid, back_images))))
                entry["backs"] = back_path.name
                entry["unique_backs"] = True
            manifest.append(entry)
            if progress:
                progress()
    index = folder / "decks.json"
    files.append((index, (json.dumps(manifest, indent=2) + "\n").encode()))
    write_all_atomic(files)
    return [path for path, _ in files]
