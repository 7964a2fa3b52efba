"""The workspace: found from the current folder upwards (or --workspace, or CARDGEN_HOME),
layered over the read-only shipped games; every write goes into it; `cardgen init` makes one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import polib
import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.workspace import current
from tests.conftest import REPO

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("no_workspace_named")


def invoke(*args: str):
    return runner.invoke(app, list(args))


def overlay(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    result = invoke("init", str(ws))
    assert result.exit_code == 0, result.output
    return ws


def pdf_text(path: Path) -> str:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()


# --- finding the workspace ---------------------------------------------------------------------

def test_a_workspace_is_found_from_a_subfolder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = overlay(tmp_path)
    deep = ws / "notes" / "drafts"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    result = invoke("validate")
    assert result.exit_code == 0, result.output
    assert f"workspace: {ws}" in result.stderr and "cards/briefcase/my-set.yaml" in result.stderr
    assert "1 file valid." in result.stderr            # the workspace's own file, not the shipped 11


def test_validate_in_a_workspace_without_data_of_its_own_checks_the_games_it_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A translator's workspace holds catalogs only: its games' data are the shipped files,
    which plain validate checks (it reported an error, 'directory holds no .yaml files')."""
    ws = overlay(tmp_path)
    (ws / "cards" / "briefcase" / "my-set.yaml").unlink()
    monkeypatch.chdir(ws)
    assert invoke("i18n", "init", "briefcase", "de").exit_code == 0
    result = invoke("validate")
    assert result.exit_code == 0, result.output
    assert "file-none" not in result.output and " files valid." in result.stderr
    (ws / "cards" / "briefcase" / "mine.yaml").write_text("game: briefcase\nkind: [\n", encoding="utf-8")
    result = invoke("validate")                        # a file of its own: that is what it checks
    assert result.exit_code == 1 and "mine.yaml" in result.output


def test_workspace_option_wins_over_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = overlay(tmp_path)
    monkeypatch.chdir(REPO)
    result = invoke("--workspace", str(ws), "validate")
    assert result.exit_code == 0 and f"workspace: {ws} (from --workspace)" in result.stderr


@pytest.mark.parametrize("command", [["validate"], ["i18n", "stats"]])
@pytest.mark.parametrize("option", ["--workspace", "-w"])
def test_workspace_given_after_the_command_says_where_it_goes(tmp_path: Path, monkeypatch, command, option):
    """'cardgen validate --workspace mygame', as the README's "named with --workspace DIR" reads,
    was told only "No such option: --workspace (see 'cardgen validate --help')", whose help has
    none: it is cardgen's own option, given before the command."""
    ws = overlay(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = invoke(*command, option, str(ws))
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert result.output.startswith("error: --workspace is given before the command: ")
    assert f" --workspace DIR {' '.join(command)} ..." in result.output
    result = invoke(option, str(ws), *command)
    assert result.exit_code == 0 and "(from --workspace)" in result.stderr


@pytest.mark.parametrize("command", ["simulate", "build", "export", "play", "tune"])
def test_a_set_given_where_the_game_goes_says_to_give_it_with_set(tmp_path: Path, monkeypatch, command):
    """check-set takes its set as its argument; 'cardgen simulate "My Set"' was told only
    "unknown game 'My Set'; known games: ..."."""
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke(command, "My Set")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert result.output.startswith("error: unknown game 'My Set'; known games: briefcase, fmnyc, startup; "
                                    "'My Set' is a Briefcase company set: give it with --set 'My Set'")
    assert not (ws / "output").exists()
    result = invoke(command, "cards/briefcase/my-set.yaml")
    assert result.exit_code == 2 and ("cards/briefcase/my-set.yaml is a file: a set file is given with "
                                      "--set cards/briefcase/my-set.yaml") in result.output
    result = invoke(command, "chess")
    assert result.exit_code == 2 and result.output.startswith("error: unknown game 'chess'; known games: "
                                                              "briefcase, fmnyc, startup\n")


def test_check_set_given_its_set_with_set_says_the_set_is_its_argument(tmp_path: Path, monkeypatch):
    # simulate, build and tune take --set; check-set's set is its argument.
    monkeypatch.chdir(overlay(tmp_path))
    result = invoke("check-set", "--set", "My Set")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert "error: check-set takes the set as its argument, not --set: " in result.output
    assert " check-set SET ..." in result.output


@pytest.mark.parametrize("option", ["--lang", "-l"])
def test_i18n_init_given_its_language_with_lang_says_it_is_its_second_argument(tmp_path: Path, monkeypatch,
                                                                             option: str):
    # i18n update and check take --lang; 'cardgen i18n init briefcase --lang de' was told only
    # "No such option: --lang".
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke("i18n", "init", "briefcase", option, "de")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert "error: i18n init takes the language as its second argument, not --lang: " in result.output
    assert result.output.strip().endswith(" i18n init GAME LANG")
    assert not (ws / "cards" / "briefcase" / "locale").exists()


def test_the_example_set_named_with_set_says_to_give_its_file(tmp_path: Path, monkeypatch):
    """A full copy of Briefcase (as a clone of cardgen) holds cards/briefcase/examples/
    custom-set.yaml, the README's Tech Boom; --set never searches examples/ by name, and
    --set 'Tech Boom' was told only that no set has that name."""
    ws = tmp_path / "full"
    assert invoke("init", str(ws), "--from", "briefcase").exit_code == 0
    monkeypatch.chdir(ws)
    result = invoke("simulate", "--set", "Tech Boom", "--games", "2", "--jobs", "1")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert result.output.strip().endswith(
        "or a set file; cards/briefcase/examples/custom-set.yaml is an example, which --set finds by "
        "its file only: --set cards/briefcase/examples/custom-set.yaml (or move it to cards/briefcase/ "
        "to name it)")
    result = invoke("simulate", "--set", "cards/briefcase/examples/custom-set.yaml", "--games", "2",
                    "--jobs", "1", "--quiet")
    assert result.exit_code == 0, result.output
    # An example the workspace does not hold (the shipped one, inside the package) is not offered.
    monkeypatch.chdir(overlay(tmp_path))
    result = invoke("simulate", "--set", "Tech Boom", "--games", "2", "--jobs", "1")
    assert result.exit_code == 2 and "is an example" not in result.output


def test_cardgen_home_names_the_workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = overlay(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CARDGEN_HOME", str(ws))
    result = invoke("validate")
    assert result.exit_code == 0 and "(from CARDGEN_HOME)" in result.stderr


@pytest.mark.parametrize("how", ["option", "env"])
def test_a_workspace_that_is_not_a_folder_is_one_error_line(tmp_path: Path, monkeypatch, how: str):
    missing = tmp_path / "nowhere"
    if how == "env":
        monkeypatch.setenv("CARDGEN_HOME", str(missing))
        result = invoke("validate")
    else:
        result = invoke("--workspace", str(missing), "validate")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert result.output.startswith("error: ") and "not a folder" in result.output


def test_a_clone_of_cardgen_is_said_to_hold_the_games_own_data_not_your_files(tmp_path: Path, monkeypatch):
    # The Quick start installs a clone with pip and builds in it: its 58 data files are not
    # "your files".
    (tmp_path / "cards" / "briefcase").mkdir(parents=True)
    (tmp_path / "cards" / "briefcase" / "companies.yaml").write_text("game: briefcase\n")
    (tmp_path / "cardgen").mkdir()
    (tmp_path / "cardgen" / "__init__.py").write_text("")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'cardgen'\n")
    monkeypatch.chdir(tmp_path)
    line = current().describe("briefcase")
    assert "a checkout of cardgen's source: its data is the games' own" in line
    assert "your files" not in line


def test_a_set_file_named_without_its_folder_is_said_where_it_is(tmp_path: Path, monkeypatch):
    # --set my-set.yaml in the workspace was told only "no company set file my-set.yaml"
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke("simulate", "--set", "my-set.yaml", "-n", "1")
    assert result.exit_code == 2
    assert result.output.strip() == ("error: no company set file my-set.yaml (did you mean "
                                     "cards/briefcase/my-set.yaml?)")
    result = invoke("simulate", "--set", "nothing.yaml")
    assert result.output.strip() == "error: no company set file nothing.yaml"


def test_a_file_of_career_cards_named_without_its_folder_is_said_where_it_is(tmp_path: Path, monkeypatch):
    # the README's cards/fmnyc/examples/my-careers.yaml, given as --set my-careers.yaml
    ws = tmp_path / "ws"
    assert invoke("init", str(ws), "--from", "fmnyc").exit_code == 0
    (ws / "cards/fmnyc/examples").mkdir()
    shutil.copy(ws / "cards/fmnyc/careers.yaml", ws / "cards/fmnyc/examples/my-careers.yaml")
    monkeypatch.chdir(ws)
    result = invoke("simulate", "fmnyc", "--set", "my-careers.yaml", "-n", "1")
    assert result.exit_code == 2
    assert result.output.strip() == ("error: no file of Career cards my-careers.yaml (did you mean "
                                     "cards/fmnyc/examples/my-careers.yaml?)")


def test_a_workspace_of_another_game_says_so_when_a_command_takes_the_default_game(tmp_path: Path,
                                                                                monkeypatch):
    # a copy of startup without the game setting (made before init wrote it), then 'cardgen
    # list': Briefcase, and the line said "all game data shipped with cardgen", as if the
    # workspace held none
    ws = tmp_path / "ws"
    assert invoke("init", str(ws), "--from", "startup").exit_code == 0
    (ws / "cardgen.toml").write_text("")
    monkeypatch.chdir(ws)
    result = invoke("list", "bots")
    assert result.exit_code == 0
    assert ("; none of your files is of briefcase, the game when none is named (they are of startup: "
            'name it, as in --game startup, or set game = "startup" in cardgen.toml); briefcase '
            "shipped with cardgen") in result.stderr
    assert "your files: cards/startup/" in invoke("list", "startup", "bots").stderr


def test_a_command_taking_the_default_game_in_another_games_workspace_says_so_first(tmp_path: Path,
                                                                                   monkeypatch):
    # a copy of startup without the game setting, then 'cardgen tune': five minutes of
    # Briefcase, and only the last line said that none of the workspace's files was of it
    ws = tmp_path / "ws"
    assert invoke("init", str(ws), "--from", "startup").exit_code == 0
    (ws / "cardgen.toml").write_text("")
    monkeypatch.chdir(ws)
    note = ("note: this is briefcase, the game when none is named; your workspace's files are of "
            'startup: name it, as in --game startup, or set game = "startup" in cardgen.toml')
    result = invoke("simulate", "--games", "1", "--players", "2", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == note
    assert note not in invoke("simulate", "startup", "--games", "1", "--quiet").stderr
    # preview looked for a startup card in Briefcase and said to give a set
    result = invoke("preview", "poach")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].endswith("your workspace's files are of startup: name the game, "
                                                  "as in --game startup")
    assert invoke("preview", "poach", "--game", "startup", "--dpi", "30").exit_code == 0


@pytest.mark.parametrize("game", ["startup", "fmnyc"])
def test_a_copy_of_a_game_is_the_game_its_commands_take_when_none_is_named(tmp_path: Path, monkeypatch,
                                                                          game: str):
    # init --from startup, then 'cardgen build' built Briefcase's cards: the workspace's own game
    # had to be named in every command
    ws = tmp_path / "ws"
    assert invoke("init", str(ws), "--from", game).exit_code == 0
    assert f'\ngame = "{game}"\n' in (ws / "cardgen.toml").read_text()
    monkeypatch.chdir(ws)
    result = invoke("list", "bots")
    assert result.exit_code == 0, result.output
    assert "note:" not in result.stderr and f"cards/{game}/" in result.stderr
    expected = invoke("list", game, "bots").stdout
    assert result.stdout == expected and result.stdout != invoke("list", "briefcase", "bots").stdout
    result = invoke("simulate", "--games", "2", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{game}: 2 games")
    assert "note:" not in result.stderr
    # a game named still wins over the setting
    assert invoke("simulate", "briefcase", "--games", "1", "--players", "2", "--quiet"
                  ).stdout.startswith("briefcase: 1 game")


def test_the_game_setting_of_an_overlay_makes_its_commands_that_games(tmp_path: Path, monkeypatch):
    ws = overlay(tmp_path)
    with (ws / "cardgen.toml").open("a") as settings:
        settings.write('game = "startup"\n')
    monkeypatch.chdir(ws)
    result = invoke("build", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["startup-en-cards.pdf"]
    assert "--game" in invoke("build", "--help").stdout and "game setting" in invoke("build", "--help").stdout


def test_a_briefcase_set_named_in_a_workspace_of_the_startup_game_says_whose_set_it_is(tmp_path: Path,
                                                                                       monkeypatch):
    ws = tmp_path / "ws"
    assert invoke("init", str(ws), "--from", "startup").exit_code == 0
    monkeypatch.chdir(ws)
    whose = "simple is a Briefcase company set: name its game, as in --game briefcase"
    result = invoke("check-set", "simple", "--games", "2")
    assert result.exit_code == 2 and result.output.startswith("error: ") and whose in result.output
    result = invoke("simulate", "--set", "simple", "--games", "1")
    assert result.exit_code == 2 and whose in result.output
    assert "name its game" not in invoke("simulate", "--set", "nothing like it", "--games", "1").output


@pytest.mark.parametrize(("setting", "said"), [
    ('game = "chess"', "'game': unknown game 'chess'; known games: briefcase, fmnyc, startup"),
    ("game = 3", "'game' must be a game's name in quotes, as in game = \"briefcase\""),
    ('game = ["startup"]', "'game' must be a game's name in quotes"),
])
def test_a_game_setting_that_names_no_game_is_one_error_line(tmp_path: Path, monkeypatch, setting: str,
                                                             said: str):
    (tmp_path / "cardgen.toml").write_text(setting + "\n")
    monkeypatch.chdir(tmp_path)
    for command in (["build", "--out", str(tmp_path / "out")], ["list"], ["validate"]):
        result = invoke(*command)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: ") and said in result.output
        assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_preview_of_a_career_card_of_ones_own_file_says_to_name_the_file(tmp_path: Path, monkeypatch):
    # a Career card of cards/fmnyc/examples/my-careers.yaml was "no card 'career.loan_shark'",
    # with no word of --set FILE, which alone finds it
    ws = tmp_path / "ws"
    assert invoke("init", str(ws), "--from", "fmnyc").exit_code == 0
    monkeypatch.chdir(ws)
    mine = ws / "cards" / "fmnyc" / "examples" / "my-careers.yaml"
    mine.parent.mkdir()
    mine.write_text((ws / "cards" / "fmnyc" / "careers.yaml").read_text(encoding="utf-8")
                    .replace("id: heir", "id: heiress"), encoding="utf-8")
    result = invoke("preview", "career.heiress", "--game", "fmnyc")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].endswith("; a card new in a file of yours needs --set FILE")
    assert invoke("preview", "career.heiress", "--game", "fmnyc", "--set", str(mine),
                  "--dpi", "30").exit_code == 0


def test_preview_takes_the_game_before_the_card_as_build_does(tmp_path: Path, monkeypatch):
    # 'cardgen preview startup poach' was "Got unexpected extra argument(s) (poach)"
    monkeypatch.chdir(tmp_path)
    result = invoke("preview", "startup", "poach", "--dpi", "30")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("wrote output/preview-poach-en.png")
    result = invoke("preview", "poach", "cto")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: got 'cto' after the card 'poach': preview takes one card")
    assert invoke("preview", "startup", "poach", "--game", "fmnyc").exit_code == 2


def test_an_empty_workspace_option_is_an_error_not_the_current_folder(tmp_path: Path, monkeypatch):
    # "-w $UNSET_VARIABLE": the user meant a folder; working on the current one would surprise.
    (tmp_path / "cards").mkdir()
    monkeypatch.chdir(tmp_path)
    result = invoke("--workspace", "", "validate")
    assert result.exit_code == 2
    assert result.output.strip() == "error: --workspace is empty; name the workspace folder"


def test_without_a_workspace_the_shipped_games_are_used_and_it_says_so(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("validate")
    assert result.exit_code == 0
    assert "note: no workspace here" in result.stderr and "cardgen init" in result.stderr
    shipped = sum(1 for p in (REPO / "cards").rglob("*") if p.suffix == ".yaml")
    assert f"{shipped} files valid." in result.stderr


def test_a_broken_settings_file_is_one_error_line(tmp_path: Path, monkeypatch):
    (tmp_path / "cardgen.toml").write_text("output = [\n")
    monkeypatch.chdir(tmp_path)
    result = invoke("validate")
    assert result.exit_code == 2 and result.output.startswith("error: ") and "cardgen.toml" in result.output
    (tmp_path / "cardgen.toml").write_text('colour = "red"\n')
    result = invoke("validate")
    assert result.exit_code == 2 and "unknown setting 'colour'" in result.output


def test_an_output_setting_with_a_control_character_is_one_error_line(tmp_path: Path, monkeypatch):
    (tmp_path / "cardgen.toml").write_text('output = "a\\u0000b"\n')
    monkeypatch.chdir(tmp_path)
    result = invoke("validate")
    assert result.exit_code == 2 and "'output' holds a control character" in result.output


@pytest.mark.parametrize("output", ["cards", "cards/briefcase", "./templates/x", "schemas/../cards/out"])
def test_an_output_folder_inside_the_game_data_is_refused(tmp_path: Path, monkeypatch, output: str):
    # tune writes YAML into the output folder: inside cards/ it would be read back as data.
    (tmp_path / "cardgen.toml").write_text(f'output = "{output}"\n')
    monkeypatch.chdir(tmp_path)
    result = invoke("validate")
    assert result.exit_code == 2 and "'output' is inside the workspace's" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ("build", "startup", "--out", "cards/startup"),               # the PDFs listed as the user's data
    ("export", "briefcase", "--out", "templates/pngs"),
    ("simulate", "-n", "2", "-q", "--log", "cards/briefcase/logs"),
    ("simulate", "-n", "2", "-q", "--plot", "./schemas/../cards"),
    ("build", "startup", "--out", "data-link/startup"),            # a link into cards/
])
def test_an_output_option_inside_the_game_data_is_refused_as_the_output_setting_is(
        tmp_path: Path, monkeypatch, args: tuple[str, ...]):
    ws = overlay(tmp_path)
    (ws / "data-link").symlink_to(ws / "cards")
    monkeypatch.chdir(ws)
    before = sorted(p.relative_to(ws) for p in ws.rglob("*"))
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert f"error: {args[-2]} " in result.output and "inside the workspace's " in result.output
    assert "which cardgen reads as game data; name a folder outside it" in result.output
    assert sorted(p.relative_to(ws) for p in ws.rglob("*")) == before      # nothing written


@pytest.mark.parametrize("args", [
    ("play", "--seats", "you,greedy", "--save", "cards/briefcase/game.yaml"),   # read back as data
    ("simulate", "-n", "2", "-q", "--json", "cards/briefcase/results.json"),
    ("check-set", "simple", "-n", "2", "-q", "--json", "schemas/check.json"),
    ("check-set", "simple", "-n", "2", "-q", "--plot", "templates/charts"),
    ("preview", "steel_factory", "--out", "templates/briefcase/steel.png"),
])
def test_an_output_file_inside_the_game_data_is_refused_as_a_folder_is(
        tmp_path: Path, monkeypatch, args: tuple[str, ...]):
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    before = sorted(p.relative_to(ws) for p in ws.rglob("*"))
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert f"error: {args[-2]} {args[-1]}: inside the workspace's " in result.output
    assert "which cardgen reads as game data; name a " in result.output
    assert sorted(p.relative_to(ws) for p in ws.rglob("*")) == before      # nothing written


def test_a_settings_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path, monkeypatch):
    (tmp_path / "cardgen.toml").write_bytes(b'\xef\xbb\xbfoutput = "prints"\n')   # Notepad's UTF-8
    monkeypatch.chdir(tmp_path)
    assert invoke("validate").exit_code == 0


def test_an_output_folder_beside_the_game_data_is_taken(tmp_path: Path, monkeypatch):
    (tmp_path / "cardgen.toml").write_text('output = "cards-printed"\n')   # only a prefix of cards
    monkeypatch.chdir(tmp_path)
    assert invoke("validate").exit_code == 0


@pytest.mark.parametrize("make, message", [
    (lambda p: p.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n"), "nested too deeply"),
    (lambda p: p.mkdir(), "not a regular file"),
    (lambda p: p.symlink_to(p.name), "not a regular file"),                  # a link to itself
    (lambda p: os.mkfifo(p), "not a regular file"),
    (lambda p: p.write_bytes(b'# by hand\noutput = "\xff"\n'), "not valid TOML: line 2 is not UTF-8 text"),
    (lambda p: p.write_bytes(b"x" * 70_000), "too large for a settings file"),
])
def test_a_settings_file_that_cannot_be_read_is_one_error_line_not_ignored(tmp_path: Path, monkeypatch,
                                                                           make, message):
    (tmp_path / "cards").mkdir()
    make(tmp_path / "cardgen.toml")
    monkeypatch.chdir(tmp_path)
    result = invoke("validate")
    assert result.exit_code == 2 and result.output.startswith("error: ") and message in result.output


# --- init ----------------------------------------------------------------------------------------

def test_init_makes_an_overlay_that_copies_no_shipped_file(tmp_path: Path):
    ws = overlay(tmp_path)
    files = sorted(p.relative_to(ws).as_posix() for p in ws.rglob("*") if p.is_file())
    assert files == ["cardgen.toml", "cards/briefcase/my-set.yaml"]


def test_init_from_a_game_copies_its_data_layouts_and_catalogs(tmp_path: Path):
    ws = tmp_path / "copy"
    result = invoke("init", str(ws), "--from", "briefcase")
    assert result.exit_code == 0, result.output
    for rel in ("cards/briefcase/companies.yaml", "cards/briefcase/locale/el.po",
                "templates/briefcase/cards.yaml"):
        assert (ws / rel).read_bytes() == (REPO / rel).read_bytes()


@pytest.mark.parametrize("game", ["briefcase", "fmnyc", "startup"])
def test_init_copies_every_shipped_game(tmp_path: Path, monkeypatch, game: str):
    # "Three games ship", and init makes a workspace of any of them (--from took briefcase or
    # startup only, so a Free Market: NYC designer had no copy to edit).
    ws = tmp_path / "copy"
    result = invoke("init", str(ws), "--from", game)
    assert result.exit_code == 0, result.output
    for rel in (f"cards/{game}/game.yaml", f"templates/{game}/cards.yaml"):
        assert (ws / rel).read_bytes() == (REPO / rel).read_bytes()
    monkeypatch.chdir(ws)
    result = invoke("validate")
    assert result.exit_code == 0, result.output


def test_init_never_overwrites_and_writes_nothing_then(tmp_path: Path):
    ws = tmp_path / "ws"
    (ws / "cards" / "briefcase").mkdir(parents=True)
    (ws / "cards" / "briefcase" / "my-set.yaml").write_text("mine\n")
    result = invoke("init", str(ws))
    assert result.exit_code == 1 and "already exists" in result.output
    assert (ws / "cards" / "briefcase" / "my-set.yaml").read_text() == "mine\n"
    assert not (ws / "cardgen.toml").exists()


@pytest.mark.parametrize("where", ["loop", "loop/ws", "file/ws", "fifo"])
def test_init_into_a_link_loop_a_file_or_a_pipe_is_one_line_and_writes_nothing(tmp_path: Path, where: str):
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "file").write_text("x\n")
    os.mkfifo(tmp_path / "fifo")
    before = sorted(tmp_path.iterdir())
    result = invoke("init", str(tmp_path / where), "--from", "startup")
    assert result.exit_code == 1, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("error: ") and "internal error" not in line, line
    assert sorted(tmp_path.iterdir()) == before


def test_init_refuses_the_installed_package_and_an_unknown_game(tmp_path: Path):
    import cardgen

    inside = Path(cardgen.__file__).parent / "somewhere"
    result = invoke("init", str(inside))
    assert result.exit_code == 2 and "inside the installed cardgen package" in result.output
    assert not inside.exists()
    result = invoke("init", str(tmp_path / "x"), "--from", "briefcse")
    assert result.exit_code == 2 and "unknown game 'briefcse'" in result.output


@pytest.mark.parametrize("inside", ["cards", "cards/briefcase/sub", "templates/x", "schemas"])
def test_init_inside_the_game_data_of_a_workspace_around_it_is_refused(tmp_path: Path, inside: str):
    """init cards/briefcase/sub in a workspace wrote a cardgen.toml and a second 'My Set' that
    the workspace then read as its own data: its plain validate failed."""
    assert invoke("init", str(tmp_path)).exit_code == 0
    before = sorted(tmp_path.rglob("*"))
    result = invoke("init", str(tmp_path / inside))
    assert result.exit_code == 2, result.output
    (line,) = result.output.strip().splitlines()
    top = inside.split("/")[0]
    assert line.startswith(f"error: cannot make a workspace in {tmp_path / inside}: it is in the "
                           f"{top}/ folder of the workspace "), line
    assert sorted(tmp_path.rglob("*")) == before
    assert invoke("init", str(tmp_path / "output" / "ws")).exit_code == 0    # not game data


# --- writes go into the workspace only -------------------------------------------------------

def test_i18n_init_writes_the_catalog_into_the_workspace(tmp_path: Path, monkeypatch):
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke("i18n", "init", "briefcase", "de")
    assert result.exit_code == 0, result.output
    assert (ws / "cards" / "briefcase" / "locale" / "de.po").is_file()
    assert not (REPO / "cards" / "briefcase" / "locale" / "de.po").exists()


def test_i18n_init_without_a_workspace_refuses_and_says_how_to_make_one(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("i18n", "init", "briefcase", "de")
    assert result.exit_code == 1
    assert "cardgen init" in result.output and "never writes into the games it ships with" in result.output
    assert list(tmp_path.iterdir()) == []


def test_i18n_update_of_a_shipped_catalog_writes_a_copy_into_the_overlay(tmp_path: Path, monkeypatch):
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    before = (REPO / "cards" / "briefcase" / "locale" / "el.po").read_bytes()
    result = invoke("i18n", "update", "briefcase", "--lang", "el")
    assert result.exit_code == 0 and "copied from the shipped catalog" in result.output
    assert (REPO / "cards" / "briefcase" / "locale" / "el.po").read_bytes() == before
    assert (ws / "cards" / "briefcase" / "locale" / "el.po").is_file()


def test_build_writes_into_the_workspace_output_folder(tmp_path: Path, monkeypatch):
    ws = overlay(tmp_path)
    (ws / "notes").mkdir()
    monkeypatch.chdir(ws / "notes")
    result = invoke("build", "--set", "My Set")
    assert result.exit_code == 0, result.output
    assert (ws / "output" / "briefcase-en-my-set-cards.pdf").is_file()


def test_an_output_setting_from_the_home_folder_is_read_as_a_shell_reads_it(tmp_path: Path, monkeypatch):
    """output = "~/prints" made a folder named '~' in the workspace, and the build said
    "wrote ~/prints/briefcase-en-simple-cards.pdf", as if in the home folder."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    ws = overlay(tmp_path)
    with (ws / "cardgen.toml").open("a", encoding="utf-8") as toml:
        toml.write('output = "~/prints"\n')
    monkeypatch.chdir(ws)
    result = invoke("build", "--set", "simple")
    assert result.exit_code == 0, result.output
    assert (home / "prints" / "briefcase-en-simple-cards.pdf").is_file()
    assert not (ws / "~").exists()


def test_a_path_option_from_the_home_folder_is_read_as_a_shell_reads_it(tmp_path: Path, monkeypatch):
    # The shell leaves '~' as typed in --out=~/prints: it wrote into a folder named '~' here.
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke("build", "--set", "simple", "--out=~/prints")
    assert result.exit_code == 0, result.output
    assert (home / "prints" / "briefcase-en-simple-cards.pdf").is_file()
    result = invoke("simulate", "--games", "2", "--jobs", "1", "--quiet", "--json=~/runs/s.json")
    assert result.exit_code == 0, result.output
    assert (home / "runs" / "s.json").is_file()
    assert not (ws / "~").exists()
    shutil.move(ws, home / "ws")
    monkeypatch.chdir(tmp_path)
    result = invoke("--workspace=~/ws", "validate")
    assert result.exit_code == 0 and "workspace: ~/ws (from --workspace)" in result.stderr, result.output


def test_a_set_file_from_the_home_folder_is_read_as_a_shell_reads_it(tmp_path: Path, monkeypatch):
    # --set takes a set's name or a set file: --set=~/sets/x.yaml was "no company set file".
    home = tmp_path / "home"
    (home / "sets").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    (home / "sets" / "x.yaml").write_text(
        "game: briefcase\nkind: company-set\nid: x\nname: X\ncompanies: [Newspaper, Steel Factory, "
        "University, Paper Mill, Warehouses, Logistics Company, Shopping Mall, Cargo Company, Bank, "
        "Consulting Firm, High-Tech Company, Import Company, Media Company, Theme Parks]\n")
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke("simulate", "--set=~/sets/x.yaml", "--games", "2", "--jobs", "1", "--quiet")
    assert result.exit_code == 0, result.output


# --- an overlay: a custom set and a catalog, nothing copied ---------------------------------

def test_an_overlay_builds_simulates_and_checks_its_own_set_in_its_own_language(tmp_path, monkeypatch):
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    assert invoke("i18n", "init", "briefcase", "de").exit_code == 0
    po_file = ws / "cards" / "briefcase" / "locale" / "de.po"
    po = polib.pofile(str(po_file))
    for entry in po:
        if entry.msgid == "Newspaper":
            entry.msgstr = "Zeitung"
    po.save()
    result = invoke("build", "--set", "My Set", "--lang", "de")
    assert result.exit_code == 0, result.output
    text = pdf_text(ws / "output" / "briefcase-de-my-set-cards.pdf")
    assert "Zeitung" in text and "Startup Incubator" in text and "Steel Factory" in text
    assert "Law Firm" not in text                      # not in the set
    sim = invoke("simulate", "--set", "my set", "--games", "4", "--players", "2", "--jobs", "1", "-q")
    assert sim.exit_code == 0, sim.output and "completed 4" in sim.output
    judged = invoke("check-set", "My Set", "--games", "4", "--jobs", "1", "--no-baseline")
    assert judged.exit_code in (0, 1) and "My Set (briefcase)" in judged.output
    shipped = {p.relative_to(ws).as_posix() for p in ws.rglob("*") if p.is_file()}
    assert shipped <= {"cardgen.toml", "cards/briefcase/my-set.yaml", "cards/briefcase/locale/de.po",
                       "cards/briefcase/locale/briefcase.pot", "output/briefcase-de-my-set-cards.pdf",
                       "output/briefcase-de-my-set-inserts.pdf"}


def test_a_workspace_file_replaces_the_shipped_file_of_the_same_name(tmp_path, monkeypatch):
    ws = tmp_path / "copy"
    assert invoke("init", str(ws), "--from", "briefcase").exit_code == 0
    companies = ws / "cards" / "briefcase" / "companies.yaml"
    text = companies.read_text(encoding="utf-8")
    old = "Once per turn"
    assert old in text
    companies.write_text(text.replace(old, "Twice per turn", 1), encoding="utf-8")
    monkeypatch.chdir(ws)
    result = invoke("build")
    assert result.exit_code == 0, result.output
    assert "Twice per turn" in pdf_text(ws / "output" / "briefcase-en-cards.pdf")
    with pikepdf.open(ws / "output" / "briefcase-en-cards.pdf") as pdf:
        assert len(pdf.pages) > 10


def test_a_second_file_of_a_kind_the_game_reads_once_is_an_error_not_a_silent_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # A designer's my-sets.yaml of 'kind: company-sets' replaced the five official sets without a
    # word (list showed them as official and shipped, check-set lost its reference set); named
    # a-sets.yaml, sorting before sets.yaml, it was ignored (--set 'Tech Boom': no such set).
    # validate said "1 file valid" either way.
    ws = overlay(tmp_path)
    (ws / "cards/briefcase/my-set.yaml").unlink()
    shipped = (REPO / "cards/briefcase/sets.yaml").read_text(encoding="utf-8")
    mine = ws / "cards/briefcase/a-sets.yaml"
    mine.write_text(shipped.replace("Simple Game", "Tech Boom"), encoding="utf-8")
    monkeypatch.chdir(ws)
    result = invoke("validate")
    assert result.exit_code == 1
    (line,) = [x for x in result.stdout.splitlines() if "error[" in x]
    assert line.startswith("cards/briefcase/a-sets.yaml:4:7: error[data-kind-twice]: briefcase reads one "
                           "file of 'kind: company-sets', and ")
    assert line.endswith("sets.yaml (shipped with cardgen) is one too: the game would use one of them and "
                         "leave the other out; to replace the shipped file, name yours sets.yaml; a set of "
                         "your own is a file of 'kind: company-set', one set a file")
    for args in (["simulate", "--set", "Tech Boom", "-n", "1", "-q"], ["list", "sets"]):
        result = invoke(*args)
        assert result.exit_code == 1 and "data-kind-twice" in result.output, args
    # Named as the shipped file, it replaces it: one file of the kind, and its sets are the game's.
    mine.rename(ws / "cards/briefcase/sets.yaml")
    result = invoke("simulate", "--set", "Tech Boom", "-n", "1", "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    # Two of the user's own files: each is named, with the other.
    (ws / "cards/fmnyc").mkdir()
    for name in ("careers.yaml", "more-careers.yaml"):
        (ws / "cards/fmnyc" / name).write_bytes((REPO / "cards/fmnyc/careers.yaml").read_bytes())
    result = invoke("validate", "--game", "fmnyc")
    assert result.exit_code == 1
    lines = [x for x in result.stdout.splitlines() if "data-kind-twice" in x]
    assert [x.split(":")[0] for x in lines] == ["cards/fmnyc/careers.yaml", "cards/fmnyc/more-careers.yaml"]
    assert "and cards/fmnyc/more-careers.yaml is one too" in lines[0] and "; keep one" in lines[0]
    # Careers being what --set takes, the place for a file of them to try is said too; there it
    # is no second careers file of the game, and --set plays it.
    assert lines[0].endswith("; a file of other Career cards to try with --set or check-set goes in a "
                             "subfolder, such as cards/fmnyc/examples/, which the game does not read")
    (ws / "cards/fmnyc/examples").mkdir()
    (ws / "cards/fmnyc/more-careers.yaml").rename(ws / "cards/fmnyc/examples/more-careers.yaml")
    result = invoke("simulate", "fmnyc", "--set", "cards/fmnyc/examples/more-careers.yaml", "-n", "1", "-q",
                    "-j", "1")
    assert result.exit_code == 0, result.output


def test_a_log_of_a_workspace_set_replayed_from_outside_says_where_to_replay_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # It said only "no company set named 'My Set'; sets: Simple Game, ..., or a set file".
    ws = overlay(tmp_path)
    monkeypatch.chdir(ws)
    result = invoke("simulate", "--set", "My Set", "-n", "1", "-j", "1", "-q", "--log", "logs")
    assert result.exit_code == 0, result.output
    (log,) = (ws / "logs").iterdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = invoke("replay", str(log))
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: {log}:1: no company set named 'My Set'; sets: Simple Game, Faster Game, Complex Game, "
        f"Light Interaction Game, Heavy Interaction Game, or a set file (the log is in the workspace {ws}, "
        f"whose data it was played with: replay it there, or with cardgen --workspace {ws})"]
    assert invoke("--workspace", str(ws), "replay", str(log)).exit_code == 0
    # A folder with a space is quoted, so the command given can be pasted: it said
    # "cardgen --workspace /tmp/my games", which the shell splits in two.
    spaced = tmp_path / "my games"
    ws.rename(spaced)
    log = spaced / "logs" / log.name
    result = invoke("replay", str(log))
    assert result.exit_code == 2
    assert result.output.rstrip("\n").endswith(f"replay it there, or with cardgen --workspace '{spaced}')")


def test_check_set_without_the_reference_set_in_the_workspace_says_which_set_is_missing_and_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # A workspace's sets.yaml without the Simple Game: check-set "My Set" said only "no company
    # set named 'simple'", a set the user never asked for.
    ws = overlay(tmp_path)
    shipped = (REPO / "cards/briefcase/sets.yaml").read_text(encoding="utf-8")
    (ws / "cards/briefcase/sets.yaml").write_text(
        shipped.replace("id: simple", "id: tech_boom").replace("Simple Game", "Tech Boom"), encoding="utf-8")
    monkeypatch.chdir(ws)
    result = invoke("check-set", "My Set", "-n", "2", "-j", "1", "-q")
    assert result.exit_code == 2
    (line,) = [x for x in result.output.splitlines() if x.startswith("error:")]
    assert line.startswith("error: check-set judges game length against briefcase's reference set 'simple': "
                           "no company set named 'simple'")
    assert line.endswith("; keep it among the sets, or skip the comparison with --no-baseline")


def test_a_missing_language_outside_any_workspace_says_to_make_one_first(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch):
    # build --lang de with no workspace said "start one with `cardgen i18n init briefcase de`",
    # which then failed in turn: "no workspace to write cards/briefcase/locale/de.po into".
    monkeypatch.chdir(tmp_path)
    result = invoke("build", "--lang", "de")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "error: no briefcase translation for language 'de'; available: en, el, zh-Hant; start one in a "
        "workspace (`cardgen init DIR`, then in DIR `cardgen i18n init briefcase de`)")
    monkeypatch.chdir(overlay(tmp_path))
    result = invoke("build", "--lang", "de")
    assert result.exit_code == 2 and "start one with `cardgen i18n init briefcase de`" in result.stderr


def _error_line(output: str) -> str:
    (line,) = [x for x in output.splitlines() if x.startswith("error:")]
    return line


def test_a_set_run_reads_no_other_set_file_of_the_workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # The outside set file defines the same new company as the workspace's own set file. A run of
    # one set reads no other, so each plays its own; the two together were refused (and, since
    # plain validate never reads the outside file, with a hint that validate said the same).
    ws = overlay(tmp_path)
    outside = tmp_path / "tech-boom.yaml"
    outside.write_bytes((REPO / "cards/briefcase/examples/custom-set.yaml").read_bytes())
    monkeypatch.chdir(ws)
    for args in (["check-set", str(outside), "--no-effects"], ["simulate", "--set", str(outside)]):
        result = invoke(*args, "-n", "2", "-j", "1", "-q")
        assert result.exit_code == 0, result.output
        assert "error" not in result.output
    assert invoke("validate").exit_code == 0 and invoke("validate", str(outside)).exit_code == 0


def test_a_broken_set_file_of_the_workspace_stops_no_run_of_another_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # A set file being edited (here a YAML syntax error) stopped every run, the official sets'
    # included, with "the game data has problems; fix them first".
    ws = overlay(tmp_path)
    broken = ws / "cards/briefcase/draft-set.yaml"
    broken.write_text("game: briefcase\nkind: company-set\nname: [Draft\n", encoding="utf-8")
    monkeypatch.chdir(ws)
    for args in (["simulate", "--set", "simple"], ["simulate", "--set", "My Set"], ["simulate"],
                 ["check-set", "simple", "--no-effects"]):
        result = invoke(*args, "-n", "2", "-j", "1", "-q")
        assert result.exit_code == 0, (args, result.output)
    # What reads every set still says what is wrong with it.
    for args in (["validate"], ["i18n", "check"], ["list", "sets"]):
        result = invoke(*args)
        assert result.exit_code == 1, args
        assert "cards/briefcase/draft-set.yaml:4:1: error[yaml-syntax]" in result.output, args
    # A name --set cannot find may be that of the broken file: it says so.
    result = invoke("simulate", "--set", "Draft", "-n", "2")
    assert result.exit_code == 2
    assert _error_line(result.output).endswith(
        "; 1 set file with problems could not be searched: cards/briefcase/draft-set.yaml "
        "(cardgen validate says what is wrong)")


def test_a_broken_changes_file_of_the_workspace_still_stops_every_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Left out as a set file would be, a run would play the numbers it changes.
    ws = overlay(tmp_path)
    (ws / "cards/briefcase/cheaper.yaml").write_text(
        "game: briefcase\nkind: company-changes\nchanges: [oops\n", encoding="utf-8")
    monkeypatch.chdir(ws)
    result = invoke("simulate", "--set", "simple", "-n", "2", "-j", "1", "-q")
    assert result.exit_code == 1
    assert "cards/briefcase/cheaper.yaml:4:1: error[yaml-syntax]" in result.output
    assert _error_line(result.output).startswith("error: the game data has problems")


def test_a_set_file_outside_the_workspace_names_the_validate_that_says_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    ws = overlay(tmp_path)
    example = (REPO / "cards/briefcase/examples/custom-set.yaml").read_text(encoding="utf-8")
    mine = example.replace("startup_incubator", "garage_lab").replace("Startup Incubator", "Garage Lab")
    # A problem of the file itself: 'cardgen validate FILE' reports it.
    outside = tmp_path / "my sets" / "tech boom.yaml"
    outside.parent.mkdir()
    outside.write_text(mine.replace("Theme Parks]", "Theme Park]"), encoding="utf-8")
    monkeypatch.chdir(ws)
    result = invoke("simulate", "--set", str(outside), "-n", "2", "-j", "1", "-q")
    assert result.exit_code == 1
    (placed,) = [x for x in result.output.splitlines() if "error[" in x]
    assert _error_line(result.output) == ("error: the game data has problems; fix them first "
                                          f"(cardgen validate '{outside}' says the same)")
    checked = invoke("validate", str(outside))
    assert checked.exit_code == 1 and placed in checked.output
    # A name that starts with '-' is given after '--', else validate would read it as an option.
    (ws / "-tech-boom.yaml").write_bytes(outside.read_bytes())
    result = invoke("simulate", "--set", "-tech-boom.yaml", "-n", "2", "-j", "1", "-q")
    assert _error_line(result.output).endswith("(cardgen validate -- -tech-boom.yaml says the same)")
    assert invoke("validate", "--", "-tech-boom.yaml").exit_code == 1
    # A problem of the workspace's own set file, the outside one valid: the outside set's run
    # does not read it; plain validate reports it.
    outside.write_text(mine, encoding="utf-8")
    my_set = ws / "cards/briefcase/my-set.yaml"
    my_set.write_text(my_set.read_text(encoding="utf-8").replace("Bank,", "Bonk,"), encoding="utf-8")
    for args in (["check-set", str(outside), "--no-effects"], ["simulate", "--set", str(outside)]):
        result = invoke(*args, "-n", "2", "-j", "1", "-q")
        assert result.exit_code == 0, result.output
    result = invoke("validate")
    assert result.exit_code == 1 and "cards/briefcase/my-set.yaml:14:" in result.output


def test_check_set_of_a_valid_set_with_the_workspace_data_broken_does_not_blame_the_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # It ended "FAIL: tech-boom.yaml is not a valid set file" (or "simple is not a valid briefcase
    # set") below a problem of another file, the workspace's.
    ws = overlay(tmp_path)
    outside = tmp_path / "tech-boom.yaml"
    outside.write_text((REPO / "cards/briefcase/examples/custom-set.yaml").read_text(encoding="utf-8")
                       .replace("startup_incubator", "garage_lab").replace("Startup Incubator", "Garage Lab"),
                       encoding="utf-8")
    # (A broken changes file: every run reads it, as it changes the box's numbers.)
    notes = ws / "cards/briefcase/notes.yaml"
    notes.write_text("game: briefcase\nkind: company-changes\n", encoding="utf-8")
    monkeypatch.chdir(ws)
    for target in (str(outside), "simple"):
        result = invoke("check-set", target, "-n", "2", "-j", "1", "-q", "--no-effects")
        assert result.exit_code == 1
        assert "cards/briefcase/notes.yaml:" in result.output
        assert result.output.splitlines()[-1] == (
            f"FAIL: {target} cannot be checked: the game data has problems; fix them first "
            "(cardgen validate says the same)")


# --- a plain (non-editable) install: nothing under site-packages ever changes -------------------

@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """cardgen installed from a wheel into its own folder (not editable)."""
    target = tmp_path_factory.mktemp("site")
    build = tmp_path_factory.mktemp("src")
    for name in ("cardgen", "cards", "schemas", "templates", "pyproject.toml", "README.md"):
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, build / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, build / name)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                           str(target), str(build)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        pytest.fail(f"pip could not install cardgen: {done.stderr[-2000:]}")
    return target


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_an_installed_cardgen_works_on_the_workspace_and_never_writes_into_itself(installed: Path,
                                                                                    tmp_path: Path):
    env = {**{k: v for k, v in os.environ.items() if k != "CARDGEN_HOME"}, "PYTHONPATH": str(installed)}

    def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600)

    before = _snapshot(installed / "cardgen")
    assert "_bundled/cards/briefcase/companies.yaml" in before
    ws = tmp_path / "ws"
    assert run("init", str(ws), "--from", "briefcase", cwd=tmp_path).returncode == 0
    companies = ws / "cards" / "briefcase" / "companies.yaml"
    companies.write_text(companies.read_text(encoding="utf-8").replace("Once per turn", "Twice per turn", 1),
                         encoding="utf-8")
    assert run("build", cwd=ws).returncode == 0
    assert "Twice per turn" in pdf_text(ws / "output" / "briefcase-en-cards.pdf")
    assert run("i18n", "init", "briefcase", "de", cwd=ws).returncode == 0
    assert (ws / "cards" / "briefcase" / "locale" / "de.po").is_file()
    companies.write_text("game: briefcase\nkind: companies\ncompanies: 3\n", encoding="utf-8")
    checked = run("validate", cwd=ws)
    assert checked.returncode == 1 and "companies.yaml:3:" in checked.stdout
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert run("build", "--out", str(tmp_path / "out"), cwd=elsewhere).returncode == 0
    assert run("i18n", "init", "briefcase", "fr", cwd=elsewhere).returncode == 1
    assert _snapshot(installed / "cardgen") == before


def test_an_installed_cardgen_names_a_shipped_file_by_its_workspace_path_and_says_what_it_is(
        installed: Path, tmp_path: Path):
    # i18n check in an overlay with a set of its own said "/…/site-packages/cardgen/_bundled/cards/
    # briefcase/locale/el.po:1:1: error[...]": a file the user cannot edit, named by where pip put it.
    env = {**{k: v for k, v in os.environ.items() if k != "CARDGEN_HOME"}, "PYTHONPATH": str(installed)}

    def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600)

    ws = tmp_path / "ws"
    assert run("init", str(ws), cwd=tmp_path).returncode == 0
    checked = run("i18n", "check", "briefcase", "--lang", "el", "--no-fit", cwd=ws)
    assert checked.returncode == 1
    lines = checked.stdout.splitlines()
    assert lines and all(line.startswith("[shipped] cards/briefcase/locale/el.po:1:1: error[i18n-missing]: ")
                         for line in lines), checked.stdout
    assert "site-packages" not in checked.stdout and str(installed) not in checked.stdout
    note = checked.stderr.splitlines()[-1]
    assert note.startswith("note: [shipped] marks a file that comes with cardgen, read-only (in ")
    assert "'cardgen init DIR --from GAME'" in note and "'cardgen i18n update GAME --lang LANG'" in note
    # A command that names no shipped file says nothing of them.
    assert "[shipped]" not in run("validate", cwd=ws).stderr
    updated = run("i18n", "update", "briefcase", cwd=ws).stderr.splitlines()
    assert "[shipped] cards/briefcase/locale/el.po: left as it is (name it with --lang el to copy it into " \
           "the workspace)" in updated
    assert updated[-1].startswith("note: [shipped] marks a file that comes with cardgen")


# --- special files among the user's data -------------------------------------------------------

def _special(ws: Path, kind: str) -> Path:
    folder = ws / "cards" / "briefcase"
    if kind == "dangling link":
        # The user's own companies.yaml, a link to a file that is gone: it must not quietly
        # stand for the shipped companies.yaml it was meant to replace.
        path = folder / "companies.yaml"
        path.symlink_to(folder / "moved-away.yaml")
    elif kind == "link loop":
        path = folder / "loop.yaml"
        path.symlink_to(folder / "loop.yaml")
    else:
        path = folder / "pipe.yaml"
        os.mkfifo(path)
    return path


@pytest.mark.parametrize("kind, rule", [("dangling link", "file-missing"), ("link loop", "file-link-loop"),
                                        ("pipe", "file-special")])
def test_a_special_file_among_the_data_is_reported_by_its_own_name_not_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, rule: str):
    ws = overlay(tmp_path)
    path = _special(ws, kind)
    monkeypatch.chdir(ws)
    result = invoke("validate")
    assert result.exit_code == 1, result.output
    assert f"cards/briefcase/{path.name}:1:1: error[{rule}]" in result.output
    assert "moved-away" not in result.output          # the name the user has, not the link's target


@pytest.mark.parametrize("kind", ["dangling link", "pipe"])
def test_build_refuses_data_with_a_special_file_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str):
    ws = overlay(tmp_path)
    path = _special(ws, kind)
    monkeypatch.chdir(ws)
    result = invoke("build")
    assert result.exit_code != 0
    assert f"cards/briefcase/{path.name}" in result.output
    assert not list(ws.rglob("*.pdf"))


def _cardgen_in(folder: Path, command: list[str]) -> subprocess.CompletedProcess:
    """cardgen run in ``folder`` as a user runs it: its workspace found from there."""
    env = {k: v for k, v in os.environ.items() if k not in ("CARDGEN_HOME", "CARDGEN_TRACEBACK")}
    return subprocess.run([sys.executable, "-m", "cardgen", *command], cwd=folder, capture_output=True,
                          text=True, timeout=300, env={**env, "PYTHONPATH": str(REPO)})


@pytest.mark.parametrize("folder, command", [
    ("cards/briefcase", ["list", "companies"]),
    ("cards/briefcase", ["simulate", "-n", "1", "-j", "1", "-q"]),
    ("cards/briefcase/locale", ["build", "--lang", "el", "--set", "simple", "-p", "2", "-o", "out"]),
    ("cards/briefcase/locale", ["i18n", "stats"]),
])
@pytest.mark.parametrize("make", ["file", "dangling-link"])
def test_a_workspace_folder_that_is_not_one_is_an_error_not_the_shipped_folder(
        tmp_path: Path, folder: str, command: list[str], make: str):
    """A dangling link (or a file) in place of cards/briefcase/locale built with the shipped
    catalogs, and one of cards/briefcase simulated the shipped data, without a word."""
    (tmp_path / "cardgen.toml").write_text("")
    target = tmp_path / folder
    target.parent.mkdir(parents=True, exist_ok=True)
    if make == "file":
        target.write_text("")
    else:
        target.symlink_to(tmp_path / "gone")
    done = _cardgen_in(tmp_path, command)
    assert done.returncode == 1, done.stderr
    said = (f"error: {target} is not a folder (a file, a pipe, or a link that leads nowhere), so the "
            f"shipped {folder} would stand in for it; make it a folder or remove it")
    assert done.stderr.strip().splitlines() == [said]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("blocked, command, shipped", [
    ("cards", ["list", "companies"], "cards/briefcase"),
    ("cards", ["simulate", "-n", "1", "-j", "1", "-q"], "cards/briefcase"),
    ("templates/briefcase", ["preview", "buy", "-o", "out/buy.png"], "templates/briefcase/cards.yaml"),
    ("templates", ["build", "--set", "simple", "-p", "2", "-o", "out"], "templates/briefcase/cards.yaml"),
])
def test_a_file_in_place_of_a_workspace_folder_above_the_game_is_an_error_not_the_shipped_files(
        tmp_path: Path, blocked: str, command: list[str], shipped: str):
    """A file named cards (or templates, templates/briefcase) in a workspace: its data, or its
    layouts, were passed over without a word and the shipped ones printed and simulated."""
    (tmp_path / "cardgen.toml").write_text("")
    target = tmp_path / blocked
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("")
    done = _cardgen_in(tmp_path, command)
    assert done.returncode == 1, done.stderr
    said = (f"error: {target} is not a folder (a file, a pipe, or a link that leads nowhere), so the "
            f"shipped {shipped} would stand in for it; make it a folder or remove it")
    assert said in done.stderr.strip().splitlines(), done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_workspace_template_that_fails_is_one_line_at_its_place_and_writes_nothing(
        tmp_path: Path, monkeypatch):
    # {{ 1 / 0 }} in a workspace's insert template was "internal error, a defect of cardgen".
    ws = overlay(tmp_path)
    template = ws / "templates" / "briefcase" / "inserts" / "turn.yaml.j2"
    template.parent.mkdir(parents=True)
    template.write_text("[]\n{{ 1 / 0 }}\n")
    monkeypatch.chdir(ws)
    result = invoke("build", "--out", "out")
    assert result.exit_code == 1
    assert "templates/briefcase/inserts/turn.yaml.j2:2:1: error[layout]: the template fails: division by " \
           "zero" in result.output
    assert "internal error" not in result.output and not (ws / "out").exists()
