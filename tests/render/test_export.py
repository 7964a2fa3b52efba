"""`cardgen preview` and `cardgen export`: image sizes, Tabletop Simulator limits, errors."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.commands.build import context_for
from cardgen.render.export import TTS_MAX_PX, export_png, tts_grid

runner = CliRunner()


def test_preview_writes_one_card_at_the_asked_resolution(tmp_path: Path):
    out = tmp_path / "bank.png"
    result = runner.invoke(app, ["preview", "bank:back", "--dpi", "100", "--out", str(out)])
    assert result.exit_code == 0, result.output
    with Image.open(out) as im:
        assert im.size == (249, 347)                   # 63 x 88 mm at 100 dpi, rounded up
    assert "company.bank:activated" in result.output


def test_preview_of_an_unknown_card_is_one_line_with_a_suggestion(tmp_path: Path):
    result = runner.invoke(app, ["preview", "steel_factroy", "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "did you mean 'steel_factory'" in result.output
    assert not (tmp_path / "x.png").exists()


def test_png_export_is_300_dpi_with_an_eighth_inch_bleed(tmp_path: Path):
    ctx = context_for("briefcase", "en")
    specs = [s for s in ctx.module.card_list(ctx.selection) if s.id in ("buy", "central_bank")]
    files = export_png(ctx, specs, tmp_path)
    assert sorted(f.name for f in files) == ["central_bank.png", "decision.back.png", "decision.buy.png"]
    with Image.open(tmp_path / "decision.buy.png") as im:
        # (63 + 2 x 3.175) mm x (88 + 2 x 3.175) mm at 300 dpi
        assert im.size == (820, 1115) and im.mode == "RGB"


def test_tts_grids_stay_within_ten_by_seven_and_4096_px():
    for slots in (1, 9, 10, 11, 69, 70):
        grid = tts_grid(slots, (63, 88))
        assert grid.columns <= 10 and grid.rows <= 7 and grid.columns * grid.rows >= slots
        assert grid.columns * grid.card_px[0] <= TTS_MAX_PX and grid.rows * grid.card_px[1] <= TTS_MAX_PX


def test_tts_export_puts_every_card_on_rgb_sheets_with_the_back_as_hidden_face(tmp_path: Path):
    result = runner.invoke(app, ["export", "--format", "tts", "--players", "2", "--set", "simple",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "briefcase-en-tts"
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


def test_preview_into_a_folder_is_one_line_and_exit_1(tmp_path: Path):
    result = runner.invoke(app, ["preview", "buy", "--dpi", "30", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "cannot write" in result.output and "it is a folder" in result.output
    assert isinstance(result.exception, SystemExit)
