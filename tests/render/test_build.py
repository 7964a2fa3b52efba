"""`cardgen build` checked as a printer would: page size and count, fonts, PDF structure,
reproducibility, atomic writes, and texts that do not fit."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pikepdf
import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.briefcase import cards
from cardgen.render.fonts import FONT_DIR
from tests.pdfs import fonts, page_count, page_sizes_pt, structural_problems

runner = CliRunner()
A4_PT = (595.3, 841.9)
LETTER_PT = (612.0, 792.0)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = runner.invoke(app, ["build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _sheets(cards_per_size: dict[tuple[float, float], int], per_page: dict) -> int:
    return sum(math.ceil(n / per_page[size]) for size, n in cards_per_size.items())


PDFS = ["briefcase-en-cards.pdf", "briefcase-en-inserts.pdf"]


def test_build_writes_the_cards_and_inserts_pdfs_and_reports_them(tmp_path: Path):
    result = runner.invoke(app, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0
    for name in PDFS:
        assert (tmp_path / name).is_file()
        assert f"wrote {tmp_path / name}" in result.output
    assert "431 cards" in result.output


@pytest.mark.parametrize("name", PDFS)
def test_every_page_is_a4_portrait(built: Path, name: str):
    assert page_sizes_pt(built / name) == {A4_PT}


def test_page_count_follows_from_the_card_counts(built: Path):
    specs = cards.card_list(cards.select())
    poker = sum(s.count for s in specs if s.back is not None)
    boards = sum(s.count for s in specs if s.back is None)
    # 9 poker cards a sheet, each sheet followed by its backs; 2 boards a sheet, no backs
    assert page_count(built / "briefcase-en-cards.pdf") == 2 * math.ceil(poker / 9) + math.ceil(boards / 2)


@pytest.mark.parametrize("name", PDFS)
def test_every_font_is_embedded_as_a_subset(built: Path, name: str):
    used = fonts(built / name)
    assert used
    assert all(f.embedded and f.subset for f in used), used
    assert not any("Helvetica" in f.name for f in used)


@pytest.mark.parametrize("name", PDFS)
def test_the_pdf_structure_is_sound_and_survives_a_rewrite(built: Path, name: str):
    assert structural_problems(built / name) == []
    # Rewriting through qpdf (as imposition or printing tools do) must keep every page.
    rewritten = io.BytesIO()
    with pikepdf.open(built / name) as pdf:
        pdf.save(rewritten)
    with pikepdf.open(rewritten) as again:
        assert len(again.pages) == page_count(built / name)
        assert again.get_warnings() == []


def test_rebuilding_gives_identical_bytes(built: Path, tmp_path: Path):
    result = runner.invoke(app, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0
    for name in PDFS:
        assert (tmp_path / name).read_bytes() == (built / name).read_bytes()


def test_letter_paper_gives_letter_pages(tmp_path: Path):
    result = runner.invoke(app, ["build", "--paper", "letter", "--bleed", "--players", "2",
                                 "--set", "Simple Game", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert page_sizes_pt(tmp_path / "briefcase-en-simple-2p-letter-bleed-cards.pdf") == {LETTER_PT}
    # the whole 1/8 in bleed is kept (fewer cards a page instead)
    assert "bleed reduced" not in result.output


def test_players_prints_what_that_game_sets_out():
    sel = cards.select(players=2, set_ref="simple")
    counts = {s.id: s.count for s in cards.card_list(sel)}
    assert counts["buy"] == 12 * 2                  # 12 Buy per player, starting decks included
    assert counts["steel"] == 5 * 2 and counts["personnel"] == 6 * 2
    assert counts["energy"] == 24 and counts["imported"] == 20     # whole piles
    assert counts["vp"] == 5 * 2
    assert counts["company_block"] == 2 and counts["resource_block"] == 2
    assert counts["power_plant"] == 2
    assert sum(1 for s in cards.card_list(sel) if s.deck == "company") == 14 + 1
    assert not any(s.deck == "randomizer" for s in cards.card_list(sel))


def test_the_full_box_matches_the_contents_list():
    specs = cards.card_list(cards.select())
    by_deck: dict[str, int] = {}
    for s in specs:
        by_deck[s.deck] = by_deck.get(s.deck, 0) + s.count
    assert by_deck == {"company": 97, "randomizer": 29, "decision": 48 + 30 + 52 + 18,
                       "resource": 24 + 20 + 20 + 20 + 20 + 24, "block": 4, "vp": 20,
                       "storage": 4, "board": 1}


def test_a_failing_build_keeps_the_previous_file_and_leaves_no_partial_one(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    assert runner.invoke(app, ["build", "--out", str(out)]).exit_code == 0
    before = (out / "briefcase-en-cards.pdf").read_bytes()
    layout = project / "templates" / "briefcase" / "cards.yaml"
    layout.write_text(layout.read_text().replace("ability: {size: 7.6, min_size: 7",
                                                 "ability: {size: 40, min_size: 40"))
    result = runner.invoke(app, ["build", "--out", str(out)])
    assert result.exit_code == 1
    assert (out / "briefcase-en-cards.pdf").read_bytes() == before
    assert not [p.name for p in out.iterdir() if p.name.startswith(".") or p.suffix == ".tmp"]


def test_text_that_does_not_fit_names_the_card_the_field_and_the_language(project: Path, tmp_path: Path):
    layout = project / "templates" / "briefcase" / "cards.yaml"
    layout.write_text(layout.read_text().replace("ability: {size: 7.6, min_size: 7",
                                                 "ability: {size: 40, min_size: 40"))
    result = runner.invoke(app, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "card company.law_firm:deactivated: field 'ability' (company.law_firm:ability)" in result.output
    assert "language 'en'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["--players", "7"], "for 2 to 4 players"),
    (["--set", "Nonsense"], "no company set named 'Nonsense'"),
    (["--lang", "xx"], "xx"),
    (["--set", "missing.yaml"], "no company set file"),
    (["nogame"], "unknown game 'nogame'"),
])
def test_bad_choices_are_one_line_and_exit_code_2(args, message, tmp_path: Path):
    result = runner.invoke(app, ["build", *args, "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("old, new, message", [
    ('fill: "{frame}_bg", bleed: true}', 'fill: "{frame}_nope", bleed: true}',
     "unknown colour 'level_1_nope'"),
    ("name: cost_badge, when: cost}", "name: no_such_icon, when: cost}", "no icon 'no_such_icon'"),
    ("field: per_activation_label,", "label: label:nothing,", "no label 'label:nothing'"),
    ("style: title}", "style: nostyle}", "unknown style 'nostyle'"),
])
def test_a_broken_layout_is_one_line_with_its_position(project: Path, tmp_path: Path, old, new, message):
    layout = project / "templates" / "briefcase" / "cards.yaml"
    text = layout.read_text()
    assert old in text
    layout.write_text(text.replace(old, new, 1))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--out", str(out)])
    assert result.exit_code == 1
    assert message in result.output and "cards.yaml:" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_chinese_builds_with_an_embedded_cjk_subset(tmp_path: Path):
    result = runner.invoke(app, ["build", "--lang", "zh-Hant", "--players", "2", "--set", "simple",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    used = fonts(tmp_path / "briefcase-zh-Hant-simple-2p-cards.pdf")
    assert any("WenQuanYi" in f.name for f in used)
    assert all(f.embedded and f.subset for f in used), used


def test_gutterfold_pages_are_landscape(tmp_path: Path):
    result = runner.invoke(app, ["build", "--layout", "gutterfold", "--players", "2", "--set", "simple",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    sizes = page_sizes_pt(tmp_path / "briefcase-en-simple-2p-gutterfold-cards.pdf")
    assert sizes == {(A4_PT[1], A4_PT[0])}          # the Central Bank's page too


def test_watch_notices_a_changed_data_or_layout_file(project: Path, tmp_path: Path):
    import os

    from cardgen.commands.build import BuildRequest, watched_files
    from cardgen.render.pipeline import SheetOptions

    req = BuildRequest("briefcase", "en", tmp_path, SheetOptions(), None, None)
    before = watched_files(req)
    layout = project / "templates" / "briefcase" / "cards.yaml"
    assert layout in before and project / "cards" / "briefcase" / "companies.yaml" in before
    later = before[layout][0] + 5_000_000_000
    os.utime(layout, ns=(later, later))
    assert watched_files(req) != before


def test_watch_skips_a_file_that_vanishes_and_sees_what_is_no_file(project: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch):
    """An editor's temporary file, listed and gone before its time was asked, ended build --watch
    in an internal error; a link loop or a pipe put in place of a data file went unnoticed."""
    import os

    from cardgen.commands import build
    from cardgen.render.pipeline import SheetOptions

    req = build.BuildRequest("briefcase", "en", tmp_path, SheetOptions(), None, None)
    folder = project / "cards" / "briefcase"
    walk = os.walk

    def listing_a_vanished_file(root, *args, **kwargs):
        for top, dirs, files in walk(root, *args, **kwargs):
            yield top, dirs, [*files, ".companies.yaml.swp"]

    monkeypatch.setattr(build.os, "walk", listing_a_vanished_file)
    before = build.watched_files(req)
    assert folder / ".companies.yaml.swp" not in before
    (folder / "loop.yaml").symlink_to("loop.yaml")
    os.mkfifo(folder / "pipe.yaml")
    after = build.watched_files(req)
    assert {folder / "loop.yaml", folder / "pipe.yaml"} <= set(after) and after != before


def test_a_language_is_named_by_its_catalog_tag_whatever_case_was_typed(tmp_path: Path):
    result = runner.invoke(app, ["build", "--lang", "EL", "--players", "2", "--set", "simple",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["briefcase-el-simple-2p-cards.pdf", "briefcase-el-simple-2p-inserts.pdf"]


@pytest.mark.parametrize(("args", "stem"), [
    ([], "briefcase-en"),
    (["--paper", "a4", "--duplex", "long"], "briefcase-en"),              # defaults add nothing
    (["--set", "Simple Game", "--players", "3"], "briefcase-en-simple-3p"),
    (["--paper", "letter", "--bleed"], "briefcase-en-letter-bleed"),
    (["--layout", "gutterfold", "--ink-saver"], "briefcase-en-gutterfold-ink-saver"),
    (["--duplex", "short"], "briefcase-en-duplex-short"),
    (["--set", "simple", "--name", "club-night"], "club-night"),
])
def test_output_files_are_named_by_their_variant(tmp_path: Path, args: list[str], stem: str):
    result = runner.invoke(app, ["build", *args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{stem}-cards.pdf", f"{stem}-inserts.pdf"]


def test_a_build_with_another_font_is_a_variant_of_its_own(tmp_path: Path):
    """--font changes what is printed, yet 'build --font My Font.ttf' wrote briefcase-en-cards.pdf
    over the build without it: the README names every such choice in the files' name."""
    font = tmp_path / "My Font.ttf"
    font.write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    out = tmp_path / "out"
    for args in ([], ["--font", str(font)]):
        result = runner.invoke(app, ["build", "--set", "simple", *args, "--out", str(out)])
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "briefcase-en-simple-cards.pdf", "briefcase-en-simple-font-my-font-cards.pdf",
        "briefcase-en-simple-font-my-font-inserts.pdf", "briefcase-en-simple-inserts.pdf"]


@pytest.mark.parametrize("name", ["../escape", "", "a/b", "x" * 101, ".hidden"])
def test_a_name_that_is_not_a_file_name_is_refused(tmp_path: Path, name: str):
    result = runner.invoke(app, ["build", "--name", name, "--out", str(tmp_path)])
    assert result.exit_code == 2 and result.output.startswith("error: --name")
    assert list(tmp_path.iterdir()) == []


def test_a_destination_that_cannot_take_the_pdfs_fails_before_any_page_is_drawn(tmp_path: Path, monkeypatch):
    # It was found only when the drawn PDFs were written, seconds to a minute later.
    import cardgen.commands.build as build_module

    def drawn(*args, **kwargs):
        raise AssertionError("pages drawn for a destination that cannot take them")

    monkeypatch.setattr(build_module, "render_cards", drawn)
    (tmp_path / "briefcase-en-inserts.pdf").mkdir()
    result = runner.invoke(app, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: cannot write {tmp_path / 'briefcase-en-inserts.pdf'}: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["briefcase-en-inserts.pdf"]


def test_untranslated_texts_are_counted_and_strict_refuses_them(project: Path, tmp_path: Path):
    import polib

    po_file = project / "cards" / "briefcase" / "locale" / "el.po"
    po = polib.pofile(str(po_file))
    for entry in po:
        if entry.msgctxt in ("company.bank:name", "company.bank:ability"):
            entry.msgstr = ""
        if entry.msgctxt == "company.warehouses:name":
            entry.flags.append("fuzzy")      # translated, but fuzzy: English too, and said so
    po.save()
    result = runner.invoke(app, ["build", "--lang", "el", "--set", "simple", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert ("3 texts printed in English: untranslated or fuzzy in the 'el' catalog (cards: bank, "
            "warehouses)") in result.output
    strict = runner.invoke(app, ["build", "--lang", "el", "--strict", "--out", str(tmp_path / "s")])
    assert strict.exit_code == 1 and "--strict" in strict.output and "bank" in strict.output
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize("command", ["build", "export", "preview"])
def test_invalid_data_is_reported_at_its_place_then_one_error_line(project: Path, tmp_path: Path, command):
    # As validate and every other command word it: the problem at file:line:col as it is (not
    # "error: ...: error[...]"), then one error line.
    companies = project / "cards" / "briefcase" / "companies.yaml"
    companies.write_text(companies.read_text().replace("game: briefcase", "game: briefcasee", 1))
    args = [command, "buy"] if command == "preview" else [command]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    placed = [line for line in lines if "error[" in line]
    assert placed and all(line.startswith("cards/briefcase/companies.yaml:") or
                          "companies.yaml:" in line.split(" ")[0] for line in placed), lines
    assert [line for line in lines if line.startswith("error:")] == [
        "error: the game data has problems; fix them first (cardgen validate says the same)"]
    assert not (tmp_path / "out").exists()
