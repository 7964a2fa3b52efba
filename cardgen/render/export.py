"""Card images for print services and virtual tabletops.

- PNG: one image per distinct face (fronts and backs) at the size print services ask for:
  each side of the card rounded to the nearest 1/8 in when that moves it by at most 1 mm (the
  design scaled to it), plus a 1/8 in bleed all round, at 300 dpi with the dpi stored in the
  file. A 63 x 88 mm poker card prints as 2.5 x 3.5 in: 825 x 1125 px, The Game Crafter's
  template. ``manifest.csv`` lists every card: its quantity and its front and back files.
- Tabletop Simulator: per deck, face sheets of at most 10 x 7 cards and 4096 x 4096 px (RGB),
  every copy in its own slot and the last slot holding the back as the hidden face; a single
  back image when the deck shares one back, else back sheets in the same grid. A saved-object
  file (``<folder>.json``, see ``cardgen.render.tts``) loads every deck into TTS as it is;
  ``decks.json`` lists each sheet with its grid and card count, as TTS's Custom Deck dialog
  asks for them.

Exporting again into the same folder replaces the earlier export: the files it listed (in its
manifest or ``decks.json``) that the new one does not write are removed.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardgen.output import json_bytes, write_all_atomic
from cardgen.render.pipeline import Context
from cardgen.render.printable import CardSpec, faces_by_key
from cardgen.render.raster import face_images
from cardgen.render.tts import TtsCard, TtsDeck, TtsSheet, saved_object_bytes
from cardgen.safe_read import ReadError, read_bytes

INCH_MM = 25.4
EXPORT_BLEED_MM = INCH_MM / 8
SNAP_STEP_MM = INCH_MM / 8      # print services size their cards in eighths of an inch
SNAP_MAX_MM = 1.0               # a card further than this from such a size keeps its own
TTS_MAX_COLUMNS, TTS_MAX_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_DPI = 200          # rendered, then scaled down to the sheet's card size


def file_stem(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", key).strip("-")


def _png(image: Image.Image, dpi: int | None = None) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def print_size_mm(card_mm: tuple[float, float]) -> tuple[float, float]:
    """The trim size a print service cuts for a card: each side rounded to the nearest 1/8 in
    when that is at most 1 mm away (poker 63 x 88 mm: 2.5 x 3.5 in; tarot 70 x 120 mm:
    2.75 x 4.75 in), else the card's own size."""
    snapped = [round(v / SNAP_STEP_MM) * SNAP_STEP_MM for v in card_mm]
    w, h = (s if abs(s - v) <= SNAP_MAX_MM + 1e-9 else v for s, v in zip(snapped, card_mm, strict=True))
    return (w, h)


def _manifest(specs: Sequence[CardSpec], names: dict[str, str]) -> bytes:
    """One row per card: what to order how many of, and which file prints on each side."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["card", "deck", "quantity", "front", "back"])
    for spec in specs:
        writer.writerow([spec.id, spec.deck, spec.count, names[spec.front.key],
                         names[spec.back.key] if spec.back else ""])
    return buffer.getvalue().encode()


# The earlier export's list is read like any file a user may have replaced: a FIFO, a huge or
# unreadable one counts as no list (nothing is removed).
def _previous_png(folder: Path) -> set[str]:
    """The files an earlier PNG export left in ``folder``: its manifest's."""
    try:
        rows = list(csv.DictReader(io.StringIO(read_bytes(folder / "manifest.csv").decode("utf-8"))))
    except (ReadError, UnicodeDecodeError, csv.Error):
        return set()
    return {row.get(k) or "" for row in rows for k in ("front", "back")} | {"manifest.csv"}


def _previous_tts(folder: Path) -> set[str]:
    """The files an earlier Tabletop Simulator export left in ``folder``: its ``decks.json``'s."""
    try:
        entries = json.loads(read_bytes(folder / "decks.json"))
    except (ReadError, ValueError, RecursionError):
        return set()
    names = {"decks.json", f"{folder.name}.json"}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict):
            names.update(v for k in ("faces", "back", "backs") if isinstance(v := entry.get(k), str))
    return names


def _write_replacing(folder: Path, files: list[tuple[Path, bytes]], previous: set[str]) -> None:
    """Write ``files`` all or nothing, then remove what the export before them wrote that they
    do not (a card no longer in the data, a sheet fewer): the folder then holds this export
    alone, never stale cards beside it. Only names the earlier export listed go, only pictures
    (.png, all an export writes besides its lists, which it always writes again) and only plain
    files directly in the folder: anything else a person put there stays, even when a list names
    it (a manifest.csv edited by hand, or from elsewhere, removed the notes.txt it named)."""
    kept = {path.name for path, _ in files}

    def remove_stale() -> None:   # with the new files in place, before a stop takes effect
        for name in sorted(previous - kept):
            path = folder / name
            if (name and name == path.name and path.suffix.lower() == ".png" and not path.is_symlink()
                    and path.is_file()):
                path.unlink(missing_ok=True)

    write_all_atomic(files, remove_stale)


def export_png(ctx: Context, specs: Sequence[CardSpec], folder: Path, dpi: int = 300,
               bleed_mm: float = EXPORT_BLEED_MM) -> list[Path]:
    """One PNG per distinct face at its print size, and ``manifest.csv``; returns the files
    written (all of them, or none)."""
    faces = list(faces_by_key(specs).values())
    names = {face.key: f"{file_stem(face.key)}.png" for face in faces}
    images = face_images(ctx, faces, dpi, bleed_mm, print_size_mm)
    files = [(folder / names[face.key], _png(image, dpi)) for face, image in zip(faces, images, strict=True)]
    files.append((folder / "manifest.csv", _manifest(specs, names)))
    _write_replacing(folder, files, _previous_png(folder))
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


def _nickname(ctx: Context, spec: CardSpec) -> str:
    name = spec.front.fields.get("name")
    context, source = getattr(name, "context", None), getattr(name, "source", None)
    return ctx.renderer.translate(context, source) if context and source else spec.id


def export_tts(ctx: Context, specs: Sequence[CardSpec], folder: Path,
               progress: Callable[[], None] | None = None, dpi: int = TTS_DPI) -> list[Path]:
    """Deck sheets for Tabletop Simulator, the saved object that loads them and ``decks.json``;
    returns the files written (all of them, or none)."""
    faces = list(faces_by_key(specs).values())
    images = dict(zip((f.key for f in faces), face_images(ctx, faces, dpi, 0.0), strict=True))
    decks: dict[str, list[CardSpec]] = {}
    for spec in specs:
        decks.setdefault(spec.deck, []).append(spec)
    files: list[tuple[Path, bytes]] = []
    manifest = []
    per_sheet = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1
    tts_decks: list[TtsDeck] = []

    def url(path: Path) -> str:
        return path.resolve().as_uri()

    for deck, members in decks.items():
        sheets: list[TtsSheet] = []
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
            # a card without a back shows its face on both sides: the faces sheet as unique backs
            back_url, unique = url(path), True
            if back_file is not None:
                entry["back"] = back_file.name
                back_url, unique = url(back_file), False
            elif not shared_back:
                blank = Image.new("RGB", grid.card_px, "white")
                back_images = [images[s.back.key] if s.back else blank for s in chunk]
                back_path = folder / f"{file_stem(deck)}-backs-{n}.png"
                files.append((back_path, _png(_sheet(grid, back_images))))
                entry["backs"] = back_path.name
                entry["unique_backs"] = True
                back_url = url(back_path)
            manifest.append(entry)
            sheets.append(TtsSheet(url(path), back_url, grid.columns, grid.rows, unique,
                                   tuple(TtsCard(_nickname(ctx, s), s.id) for s in chunk)))
            if progress:
                progress()
        tts_decks.append(TtsDeck(deck, tuple(sheets)))
    files.append((folder / f"{folder.name}.json", saved_object_bytes(folder.name, tts_decks)))
    index = folder / "decks.json"
    files.append((index, json_bytes(manifest)))
    _write_replacing(folder, files, _previous_tts(folder))
    return [path for path, _ in files]
