"""`cardgen preview` and `cardgen export`: image sizes, Tabletop Simulator limits, errors."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.commands.build import context_for
from cardgen.render.export import TTS_MAX_PX, export_png, export_tts, print_size_mm, tts_grid
from cardgen.render.fonts import FONT_DIR
from cardgen.render.raster import face_images
from tests.render.visual import differing_fraction

runner = CliRunner()


def test_preview_writes_one_card_at_the_asked_resolution(tmp_path: Path):
    out = tmp_path / "bank.png"
    result = runner.invoke(app, ["preview", "bank:back", "--dpi", "100", "--out", str(out)])
    assert result.exit_code == 0, result.output
    with Image.open(out) as im:
        assert im.size == (249, 347)                   # 63 x 88 mm at 100 dpi, rounded up
    assert "company.bank:activated" in result.output


def test_a_preview_names_its_file_for_each_choice_that_changes_the_face(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch):
    # A preview with --bleed (or --ink-saver, a set, a font) replaced the one without it, so the
    # two could not be compared side by side; each is named for its choices, as build names its PDFs.
    from cardgen.data import schema

    (tmp_path / "cardgen.toml").write_text("")
    monkeypatch.setenv("CARDGEN_HOME", str(tmp_path))
    schema.clear_caches()
    font = tmp_path / "Club.ttf"
    font.write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    for extra in ([], ["--bleed"], ["--ink-saver"], ["--set", "simple", "--bleed"], ["--font", str(font)]):
        result = runner.invoke(app, ["preview", "steel_factory", "--dpi", "30", *extra])
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "preview-steel_factory-en-bleed.png", "preview-steel_factory-en-font-club.png",
        "preview-steel_factory-en-ink-saver.png", "preview-steel_factory-en-simple-bleed.png",
        "preview-steel_factory-en.png"]


def test_a_preview_named_other_than_png_is_written_with_a_warning_that_it_holds_a_png(tmp_path: Path):
    # --out card.pdf got PNG bytes under a PDF's name, in silence.
    result = runner.invoke(app, ["preview", "buy", "--dpi", "30", "--out", str(tmp_path / "card.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "card.pdf").read_bytes().startswith(b"\x89PNG")
    assert "holds a PNG image, whatever its name says; name it .png" in result.stderr
    result = runner.invoke(app, ["preview", "buy", "--dpi", "30", "--out", str(tmp_path / "card.PNG")])
    assert result.exit_code == 0 and "warning" not in result.stderr


def test_preview_of_an_unknown_card_is_one_line_with_a_suggestion(tmp_path: Path):
    result = runner.invoke(app, ["preview", "steel_factroy", "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "did you mean 'steel_factory'" in result.output
    assert "a card new in a set of yours needs --set SET" in result.output     # where it may be
    assert not (tmp_path / "x.png").exists()


def test_a_card_named_without_its_kind_is_suggested_by_its_full_id(tmp_path: Path):
    # Briefcase's companies go by their ids ('newspaper'); a Free Market: NYC Career card is
    # 'career.heir', and 'heir' was refused with no suggestion at all (no near miss to difflib).
    result = runner.invoke(app, ["preview", "heir", "--game", "fmnyc", "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "no card 'heir' (did you mean 'career.heir'?)" in result.output
    assert not (tmp_path / "x.png").exists()


def test_png_export_is_the_print_service_size_at_300_dpi_with_a_manifest(tmp_path: Path):
    ctx = context_for("briefcase", "en")
    specs = [s for s in ctx.module.card_list(ctx.selection) if s.id in ("buy", "central_bank")]
    files = export_png(ctx, specs, tmp_path)
    assert sorted(f.name for f in files) == ["central_bank.png", "decision.back.png", "decision.buy.png",
                                             "manifest.csv"]
    with Image.open(tmp_path / "decision.buy.png") as im:
        # 63 x 88 mm prints as 2.5 x 3.5 in, plus 1/8 in bleed each side, at 300 dpi
        assert im.size == (825, 1125) and im.mode == "RGB"
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)        # pHYs
    with Image.open(tmp_path / "central_bank.png") as im:
        # 180 x 120 mm: 7.125 x 4.75 in, the nearest eighths (0.98 and 0.65 mm away)
        assert abs(im.size[0] - 7.375 * 300) <= 0.5 and im.size[1] == 5.0 * 300
    rows = list(csv.DictReader((tmp_path / "manifest.csv").open()))
    assert rows == [{"card": "buy", "deck": "decision", "quantity": "48", "front": "decision.buy.png",
                     "back": "decision.back.png"},
                    {"card": "central_bank", "deck": "board", "quantity": "1", "front": "central_bank.png",
                     "back": ""}]


@pytest.mark.parametrize("card, inches", [
    ((63, 88), (2.5, 3.5)),              # poker
    ((57, 89), (2.25, 3.5)),             # bridge
    ((70, 120), (2.75, 4.75)),           # tarot
    ((44, 67), (1.75, 2.625)),           # mini
    ((59, 92), (59 / 25.4, 3.625)),      # euro: 59 mm is 1.1 mm from 2.375 in, kept
])
def test_print_sizes_snap_to_eighths_of_an_inch_within_1_mm(card, inches):
    assert print_size_mm(card) == pytest.approx(tuple(v * 25.4 for v in inches))


def test_the_scaled_design_still_bleeds_to_the_image_edge(tmp_path: Path):
    ctx = context_for("briefcase", "en")
    specs = [s for s in ctx.module.card_list(ctx.selection) if s.id == "steel_factory"]
    export_png(ctx, specs, tmp_path)
    with Image.open(tmp_path / "company.steel_factory-deactivated.png") as im:
        w, h = im.size
        corners = {im.getpixel(p) for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))}
        assert len(corners) == 1 and corners != {(255, 255, 255)}


def test_tts_grids_stay_within_ten_by_seven_and_4096_px():
    for slots in (1, 9, 10, 11, 69, 70):
        grid = tts_grid(slots, (63, 88))
        assert grid.columns <= 10 and grid.rows <= 7 and grid.columns * grid.rows >= slots
        assert grid.columns * grid.card_px[0] <= TTS_MAX_PX and grid.rows * grid.card_px[1] <= TTS_MAX_PX


def test_tts_export_puts_every_card_on_rgb_sheets_with_the_back_as_hidden_face(tmp_path: Path):
    result = runner.invoke(app, ["export", "--format", "tts", "--players", "2", "--set", "simple",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "briefcase-en-simple-2p-tts"
    manifest = json.loads((folder / "decks.json").read_text())
    ctx = context_for("briefcase", "en", players=2, set_ref="simple")
    expected: dict[str, int] = {}
    for spec in ctx.module.card_list(ctx.selection):
        expected[spec.deck] = expected.get(spec.deck, 0) + spec.count
    found: dict[str, int] = {}
    for entry in manifest:
        found[entry["deck"]] = found.get(entry["deck"], 0) + entry["cards"]
        assert entry["columns"] <= 10 and entry["rows"] <= 7
        with Image.open(folder / entry["faces"]) as im:
            assert im.mode == "RGB" and max(im.size) <= 4096
            assert im.size == (entry["columns"] * entry["card_px"][0], entry["rows"] * entry["card_px"][1])
        assert ("back" in entry) != ("backs" in entry) or entry["deck"] == "board"
    assert found == expected
    company = next(e for e in manifest if e["deck"] == "company")
    assert company.get("unique_backs") is True                       # the activated sides


@pytest.fixture(scope="module")
def tts_export(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = runner.invoke(app, ["export", "--format", "tts", "--players", "2", "--set", "simple",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "briefcase-en-simple-2p-tts"


def _file(url: str) -> Path:
    assert url.startswith("file://")
    return Path(unquote(urlparse(url).path))


def test_tts_export_has_a_saved_object_that_tabletop_simulator_loads(tts_export: Path):
    save = json.loads((tts_export / "briefcase-en-simple-2p-tts.json").read_text())
    assert save["SaveName"] == "briefcase-en-simple-2p-tts"
    ctx = context_for("briefcase", "en", players=2, set_ref="simple")
    expected: dict[str, int] = {}
    for spec in ctx.module.card_list(ctx.selection):
        expected[spec.deck] = expected.get(spec.deck, 0) + spec.count
    found: dict[str, int] = {}
    for obj in save["ObjectStates"]:
        cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]
            assert len(obj["GUID"]) == 6
            found[obj["Nickname"]] = len(cards)
        else:
            assert obj["Name"] == "Card"
            found["board"] = 1
        for card in cards:
            (number, sheet), = card["CustomDeck"].items()
            if obj["Name"] == "DeckCustom":
                assert obj["CustomDeck"][number] == sheet
            assert card["CardID"] // 100 == int(number)
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"]
            with Image.open(_file(sheet["FaceURL"])) as faces:
                assert faces.mode == "RGB" and max(faces.size) <= 4096
                assert faces.size[0] % sheet["NumWidth"] == 0 and faces.size[1] % sheet["NumHeight"] == 0
            with Image.open(_file(sheet["BackURL"])) as back:
                if sheet["UniqueBack"]:
                    assert back.size == faces.size
    assert found == expected


def test_a_deck_sheet_holds_its_cards_where_the_ids_say(tts_export: Path):
    """Card 100 + i is slot i of its sheet: the VP deck's slot 0 shows the VP card's face."""
    save = json.loads((tts_export / "briefcase-en-simple-2p-tts.json").read_text())
    deck = next(o for o in save["ObjectStates"] if o.get("Nickname") == "vp")
    first = deck["ContainedObjects"][0]
    (number, sheet), = first["CustomDeck"].items()
    slot = first["CardID"] % 100
    with Image.open(_file(sheet["FaceURL"])) as faces:
        w, h = faces.size[0] // sheet["NumWidth"], faces.size[1] // sheet["NumHeight"]
        column, row = slot % sheet["NumWidth"], slot // sheet["NumWidth"]
        card = faces.crop((column * w, row * h, (column + 1) * w, (row + 1) * h)).convert("RGB")
    ctx = context_for("briefcase", "en")
    (expected,) = face_images(ctx, [next(s.front for s in ctx.module.card_list(ctx.selection)
                                          if s.id == first["GMNotes"])], 100, 0.0)
    assert differing_fraction(card.resize(expected.size), expected) < 0.05


def test_preview_into_a_folder_is_one_line_and_exit_1(tmp_path: Path):
    result = runner.invoke(app, ["preview", "buy", "--dpi", "30", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "cannot write" in result.output and "it is a folder" in result.output
    assert isinstance(result.exception, SystemExit)


def test_exports_of_different_variants_go_to_different_folders(tmp_path: Path):
    # A set's export never lands among another export's images (a folder of stale cards).
    for args in (["--players", "2", "--set", "simple"], ["--players", "3", "--set", "simple"]):
        result = runner.invoke(app, ["export", *args, "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
    folders = sorted(p.name for p in tmp_path.iterdir())
    assert folders == ["briefcase-en-simple-2p-png", "briefcase-en-simple-3p-png"]
    for folder in folders:
        listed = {row[k] for row in csv.DictReader((tmp_path / folder / "manifest.csv").open())
                  for k in ("front", "back") if row[k]}
        assert listed | {"manifest.csv"} == {p.name for p in (tmp_path / folder).iterdir()}


def test_an_export_with_another_font_goes_to_a_folder_of_its_own(tmp_path: Path):
    # Printed in another font, the images are another variant's: export --font replaced the
    # images of the export without it.
    font = tmp_path / "Club.ttf"
    font.write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    out = tmp_path / "out"
    result = runner.invoke(app, ["export", "--players", "2", "--set", "simple", "--font", str(font),
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in out.iterdir()] == ["briefcase-en-simple-2p-font-club-png"]


def test_exporting_again_removes_the_earlier_exports_cards_it_no_longer_has(tmp_path: Path):
    # A card gone from the data must not stay in the folder (it would be uploaded or printed);
    # files the export did not write stay.
    ctx = context_for("briefcase", "en")
    specs = [s for s in ctx.module.card_list(ctx.selection) if s.id in ("buy", "central_bank")]
    export_png(ctx, specs, tmp_path)
    (tmp_path / "notes.txt").write_text("mine")
    export_png(ctx, [s for s in specs if s.id == "buy"], tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["decision.back.png", "decision.buy.png",
                                                          "manifest.csv", "notes.txt"]


def test_exporting_tts_sheets_again_removes_the_sheets_of_decks_no_longer_exported(tmp_path: Path):
    ctx = context_for("briefcase", "en")
    cards = ctx.module.card_list(ctx.selection)
    folder = tmp_path / "sheets"
    export_tts(ctx, [s for s in cards if s.deck in ("decision", "board")], folder)
    export_tts(ctx, [s for s in cards if s.deck == "board"], folder)
    listed = {v for e in json.loads((folder / "decks.json").read_text())
              for k, v in e.items() if k in ("faces", "back", "backs")}
    assert {p.name for p in folder.iterdir()} == listed | {"decks.json", "sheets.json"}
    assert not any(name.startswith("decision") for name in listed)


def test_an_earlier_manifest_that_names_a_file_no_export_writes_does_not_remove_it(tmp_path: Path):
    # The manifest is read as any file a user may have edited: it named notes.txt, and the
    # export removed it.
    ctx = context_for("briefcase", "en")
    specs = [s for s in ctx.module.card_list(ctx.selection) if s.id == "buy"]
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "old.png").write_bytes(b"x")
    (tmp_path / "manifest.csv").write_text("card,deck,quantity,front,back\nx,y,1,notes.txt,old.png\n")
    export_png(ctx, specs, tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine" and not (tmp_path / "old.png").exists()


def test_an_unreadable_earlier_manifest_removes_nothing(tmp_path: Path):
    ctx = context_for("briefcase", "en")
    specs = [s for s in ctx.module.card_list(ctx.selection) if s.id == "buy"]
    (tmp_path / "old.png").write_bytes(b"x")
    (tmp_path / "manifest.csv").write_bytes(b"\xff\xfe not a manifest")
    export_png(ctx, specs, tmp_path)
    assert (tmp_path / "old.png").exists()


def test_a_destination_that_cannot_take_the_images_fails_before_any_is_drawn(tmp_path: Path, monkeypatch):
    # It was found only once every card had been drawn at 300 dpi.
    import cardgen.commands.export as export_module

    def drawn(*args, **kwargs):
        raise AssertionError("cards drawn for a destination that cannot take them")

    monkeypatch.setattr(export_module, "export_png", drawn)
    (tmp_path / "briefcase-en-png").write_text("a file where the folder goes")
    result = runner.invoke(app, ["export", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: cannot write {tmp_path / 'briefcase-en-png' / 'manifest.csv'}: ")
