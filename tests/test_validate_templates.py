"""``cardgen validate`` on a game's templates (``templates/<game>/``): the card layouts, the Free
Market: NYC board and characters. They are checked as what they are, at their places, never as
game data (``validate .`` in a workspace made by ``init`` reported every layout as a data file
missing its 'game' key), and plain validate refuses what build would refuse in them (a broken
board layout passed validate, then failed the build)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("no_workspace_named")


def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> Path:
    """A copy of ``game`` made by ``cardgen init``, the current folder."""
    ws = tmp_path / "ws"
    made = runner.invoke(app, ["init", str(ws), "--from", game])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(ws)
    return ws


def validate(*args: str):
    result = runner.invoke(app, ["validate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("game", ["briefcase", "startup", "fmnyc"])
def test_a_workspace_folder_validates_with_its_templates_checked_as_templates(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, game)
    result = validate(".")
    assert result.exit_code == 0, result.output
    assert "header-game" not in result.output
    data = len(list((ws / "cards" / game).rglob("*.yaml")))
    templates = len(list((ws / "templates" / game).glob("*.yaml")))
    inserts = len(list((ws / "templates" / game).glob("inserts/*.yaml.j2")))
    assert f"{data + templates + inserts} files valid." in result.stderr


def test_a_layout_file_named_alone_is_checked_as_a_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, "startup")
    layout = ws / "templates" / "startup" / "cards.yaml"
    result = validate(str(layout.relative_to(ws)))
    assert result.exit_code == 0, result.output
    assert "1 file valid." in result.stderr
    edit(layout, "    extends: value", "    extendz: value")
    line = layout.read_text(encoding="utf-8").splitlines().index("    extendz: value") + 1
    result = validate("templates/startup/cards.yaml")
    assert result.exit_code == 1
    assert result.stdout.strip().startswith(f"templates/startup/cards.yaml:{line}:5: "
                                            f"error[schema-unknown-key]: ")
    assert "did you mean 'extends'?" in result.stdout


def test_a_broken_board_layout_fails_plain_validate_at_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, "fmnyc")
    board = ws / "templates" / "fmnyc" / "board.yaml"
    edit(board, "  depth: 13", "  depth: deep")
    line = board.read_text(encoding="utf-8").splitlines().index("  depth: deep") + 1
    result = validate()
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"templates/fmnyc/board.yaml:{line}:10: error[layout]: track: depth is a number of mm above 0 "
        "and at most 87.5"]
    # the same line build refuses it with
    built = runner.invoke(app, ["build", "fmnyc", "-o", str(tmp_path / "out")])
    assert built.exit_code == 1 and result.stdout.strip() in built.output


def test_characters_each_need_an_id_a_name_a_slogan_and_a_colour(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, "fmnyc")
    chars = ws / "templates" / "fmnyc" / "characters.yaml"
    edit(chars, 'slogan: "Buy low, sell never!", ', "")
    edit(chars, "id: cabbie", "id: broker")
    edit(chars, "colour: char_red}", "colour: char_red, mood: grumpy}")
    lines = chars.read_text(encoding="utf-8").splitlines()
    at = {word: next(i for i, text in enumerate(lines, 1) if word in text)
          for word in ("The Broker", "The Cabbie", "grumpy")}
    result = validate("templates/fmnyc/characters.yaml")
    assert result.exit_code == 1
    found = [line.split(": error[layout]: ") for line in result.stdout.splitlines()]
    assert found == [
        [f"templates/fmnyc/characters.yaml:{at['The Broker']}:5", "character 1 has no slogan"],
        [f"templates/fmnyc/characters.yaml:{at['The Cabbie']}:10", 'character id "broker" is used twice'],
        [f"templates/fmnyc/characters.yaml:{at['grumpy']}:{lines[at['grumpy'] - 1].index('mood') + 1}",
         'unknown key "mood" (a character has id, name, slogan and colour)']]


def test_a_character_colour_the_layouts_lack_is_reported_as_build_reports_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, "fmnyc")
    edit(ws / "templates" / "fmnyc" / "characters.yaml", "colour: char_red}", "colour: char_nope}")
    result = validate()
    assert result.exit_code == 1
    assert "error[layout]: unknown colour 'char_nope' on character.vendor" in result.stdout


def test_a_yaml_file_cardgen_does_not_read_among_the_templates_is_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, "briefcase")
    (ws / "templates" / "briefcase" / "card.yaml").write_text("palettes: {}\n", encoding="utf-8")
    result = validate("templates")
    assert result.exit_code == 0
    assert result.stdout.strip() == (
        "templates/briefcase/card.yaml:1:1: warning[template-unknown]: cardgen reads no such briefcase "
        "template; the YAML files it reads in templates/briefcase/ are cards.yaml")


def test_game_data_inside_a_folder_named_templates_is_still_game_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A workspace kept in a folder that happens to be called templates/briefcase/."""
    ws = tmp_path / "templates" / "briefcase"
    assert runner.invoke(app, ["init", str(ws)]).exit_code == 0
    monkeypatch.chdir(ws)
    result = validate("cards")
    assert result.exit_code == 0, result.output
    assert "1 file valid." in result.stderr


def test_a_style_or_colour_the_board_draws_that_the_layouts_lack_fails_validate_as_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The board draws with the card layouts' palette and styles; renaming one it uses passed
    validate and stopped the build."""
    ws = workspace(tmp_path, monkeypatch, "fmnyc")
    layouts = ws / "templates" / "fmnyc" / "cards.yaml"
    edit(layouts, "\n  board_name: ", "\n  board_label: ")
    edit(layouts, '\n    board_bg: "#efe6d2"', '\n    board_paper: "#efe6d2"')
    result = validate()
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "templates/fmnyc/cards.yaml:1:1: error[layout]: the board uses the colour 'board_bg', which the "
        "palette lacks",
        "templates/fmnyc/cards.yaml:1:1: error[layout]: the board uses the style 'board_name', which the "
        "file lacks"]
    built = runner.invoke(app, ["build", "fmnyc", "-o", str(tmp_path / "out")])
    assert built.exit_code == 1
    assert "error: templates/fmnyc/cards.yaml: the board uses the colour 'board_bg'" in built.output


def _position(text: str, needle: str) -> tuple[int, int]:
    index = text.index(needle)
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def test_a_label_too_long_for_a_box_a_field_prints_is_reported_at_that_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # It was reported at line 1, column 1 of the layout file.
    ws = workspace(tmp_path, monkeypatch, "briefcase")
    layout = ws / "templates" / "briefcase" / "cards.yaml"
    edit(layout, "{id: status_label, box: [17, 10, 29, 5], field: status_label",
         "{id: status_label, box: [17, 10, 3, 5], field: status_label")
    line, col = _position(layout.read_text(encoding="utf-8"), "status_label, style: small")
    result = validate()
    assert result.exit_code == 1, result.output
    assert (f"templates/briefcase/cards.yaml:{line}:{col}: error[text-fit]: company.power_plant:activated: "
            "its status_label does not fit its box in English") in result.output, result.output


def test_a_label_too_long_for_its_box_is_reported_at_the_layout_label(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = workspace(tmp_path, monkeypatch, "fmnyc")
    layout = ws / "templates" / "fmnyc" / "cards.yaml"
    edit(layout, 'box: [90, 129, 78, 6], label: "label:screen_index"',
         'box: [90, 129, 8, 6], label: "label:screen_index"')
    line, col = _position(layout.read_text(encoding="utf-8"), '"label:screen_index"')
    result = validate()
    assert result.exit_code == 1, result.output
    assert (f"templates/fmnyc/cards.yaml:{line}:{col}: error[text-fit]: screen.black: its label:screen_index "
            "does not fit its box in English") in result.output, result.output
