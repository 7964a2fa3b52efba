"""A Free Market: NYC workspace's own file of Career cards (cards/fmnyc/<folder>/*.yaml, kind
careers) is translated with the game: its new cards are in the catalogs, at their own file's
lines, printed by build --set and fitted by i18n check. They were not: the cards printed in
English in every edition."""

from __future__ import annotations

from pathlib import Path

import polib
import pypdfium2
import pytest
from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_workspace_named")
OWN = Path("cards/fmnyc/examples/my-careers.yaml")


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace made by init from fmnyc, with a file of Career cards of its own whose first
    card (the Heir) has a new id and so is a new card: the current folder."""
    ws = tmp_path / "ws"
    assert run("init", str(ws), "--from", "fmnyc")[0] == 0
    monkeypatch.chdir(ws)
    text = (ws / "cards/fmnyc/careers.yaml").read_text(encoding="utf-8")
    assert "- id: heir\n" in text
    (ws / OWN).parent.mkdir()
    (ws / OWN).write_text(text.replace("- id: heir\n", "- id: night_heir\n", 1), encoding="utf-8")
    return ws


def _catalog(ws: Path) -> polib.POFile:
    assert run("i18n", "init", "fmnyc", "el")[0] == 0
    return polib.pofile(str(ws / "cards/fmnyc/locale/el.po"))


def _entry(po: polib.POFile, context: str) -> polib.POEntry:
    return next(e for e in po if e.msgctxt == context)


def test_validate_checks_an_own_file_with_the_game_and_reports_its_problems(workspace: Path):
    # Checked with the game's careers.yaml, the own file's meaning was not checked at all, and
    # validate stopped with an internal error (DataError) where it laid out its cards.
    own = workspace / OWN
    own.write_text(own.read_text(encoding="utf-8").replace("    serial: 2\n", "    serial: 1\n", 1),
                   encoding="utf-8")
    code, out = run("validate")
    assert code == 1, out
    assert "internal error" not in out
    assert f"{OWN.as_posix()}:" in out and "error[career-serials]" in out and "serial number 1 is also" in out


def test_a_new_card_of_an_own_file_is_in_the_catalog_at_its_line(workspace: Path):
    po = _catalog(workspace)
    title = _entry(po, "career.night_heir:title")
    line = workspace.joinpath(OWN).read_text(encoding="utf-8").splitlines().index("    title: Heir") + 1
    assert title.msgid == "Heir" and title.occurrences == [(OWN.as_posix(), str(line))]
    assert _entry(po, "career.heir:title").occurrences[0][0] == "cards/fmnyc/careers.yaml"


def test_build_with_the_own_file_prints_its_translated_card(workspace: Path, tmp_path: Path):
    po = _catalog(workspace)
    _entry(po, "career.night_heir:title").msgstr = "Νυχτερινός Κληρονόμος"
    po.save()
    code, out = run("build", "fmnyc", "--lang", "el", "--set", str(OWN), "-o", str(tmp_path / "out"))
    assert code == 0, out
    pdf = pypdfium2.PdfDocument(tmp_path / "out" / "fmnyc-el-my-careers-cards.pdf")
    text = " ".join(page.get_textpage().get_text_range() for page in pdf)
    assert "Νυχτερινός Κληρονόμος" in " ".join(text.split())      # (the title wraps)


def test_i18n_check_fits_the_cards_of_an_own_file(workspace: Path):
    po = _catalog(workspace)
    _entry(po, "career.night_heir:text").msgstr = "Μόνο στον 1ο γύρο: πάρε 6 νομίσματα. " * 20
    po.save()
    code, out = run("i18n", "check", "fmnyc", "--lang", "el")
    assert code == 1
    assert "error[i18n-fit]: career.night_heir:text: does not fit card career.night_heir" in out, out


@pytest.mark.parametrize("broken", ["    title: [Heir\n", "    serial: 99999999999999999999999999999999\n"])
def test_an_own_file_that_cannot_be_read_stops_the_catalog_commands(workspace: Path, broken: str):
    # It was passed over: update then made its cards' translations obsolete, and exited 0.
    po = _catalog(workspace)
    _entry(po, "career.night_heir:title").msgstr = "Νυχτερινός κληρονόμος"
    po.save()
    before = (workspace / "cards/fmnyc/locale/el.po").read_bytes()
    text = (workspace / OWN).read_text(encoding="utf-8")
    line = "    title: Heir\n" if "title" in broken else "    serial: 1\n"
    (workspace / OWN).write_text(text.replace(line, broken, 1), encoding="utf-8")
    for args in (["i18n", "extract", "fmnyc"], ["i18n", "update", "fmnyc", "--lang", "el"],
                 ["i18n", "check", "fmnyc"]):
        code, out = run(*args)
        assert code != 0, (args, out)
        assert f"{OWN.as_posix()}:" in out and "the game data has problems" in out, (args, out)
    assert (workspace / "cards/fmnyc/locale/el.po").read_bytes() == before


def test_validate_refuses_an_own_card_whose_english_title_does_not_fit(workspace: Path):
    # validate passed it, and build --set then stopped on it.
    text = (workspace / OWN).read_text(encoding="utf-8")
    (workspace / OWN).write_text(text.replace("    title: Heir\n", "    title: " + "W" * 40 + "\n", 1),
                                 encoding="utf-8")
    line = text.splitlines().index("    title: Heir") + 1
    for args in (["validate"], ["validate", str(OWN)]):
        code, out = run(*args)
        assert code == 1, out
        assert (f"{OWN.as_posix()}:{line}:12: error[text-fit]: career.night_heir: its title does not fit its "
                "box in English: ") in out, out
