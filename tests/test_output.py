"""Atomic output: complete files with ordinary permissions, nothing left behind on failure."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from cardgen.output import OutputError, check_writable, json_bytes, write_all_atomic, write_atomic


def test_written_file_has_the_permissions_of_a_plain_open(tmp_path):
    target = tmp_path / "deck.pdf"
    write_atomic(target, b"%PDF-1.4")
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    assert target.read_bytes() == b"%PDF-1.4"


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_a_folder_in_the_way_is_an_output_error_naming_the_file(tmp_path):
    target = tmp_path / "deck.pdf"
    target.mkdir()
    with pytest.raises(OutputError, match=r"cannot write .*deck\.pdf: it is a folder"):
        write_atomic(target, b"%PDF-1.4")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_a_file_where_a_folder_should_be_is_an_output_error(tmp_path):
    (tmp_path / "out").write_bytes(b"")
    with pytest.raises(OutputError, match=r"cannot write .*deck\.pdf: .*out is a file, not a folder"):
        write_atomic(tmp_path / "out" / "pdf" / "deck.pdf", b"%PDF-1.4")


def test_an_output_error_is_an_os_error(tmp_path):
    # Callers that catch OSError (a failed write of any kind) keep working.
    assert issubclass(OutputError, OSError)


def test_check_writable_leaves_nothing_behind_and_makes_no_folder(tmp_path):
    check_writable(tmp_path / "deck.pdf")
    check_writable(tmp_path / "new" / "folders" / "deck.pdf")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make, reason", [
    (lambda p: p.mkdir(), "it is a folder"),
    (lambda p: os.mkfifo(p), "it is not a regular file"),
    (lambda p: p.symlink_to("/dev/null"), "it is a symbolic link"),
])
def test_check_writable_refuses_what_write_atomic_would_refuse(tmp_path, make, reason):
    target = tmp_path / "out.json"
    make(target)
    with pytest.raises(OutputError, match=reason):
        check_writable(target)
    with pytest.raises(OutputError, match=reason):
        write_atomic(target, b"{}")


def _loop(folder: Path) -> Path:
    (folder / "a").symlink_to(folder / "b")
    (folder / "b").symlink_to(folder / "a")
    return folder / "a"


@pytest.mark.parametrize("name, reason", [
    (lambda p: p / ("x" * 300 + ".json"), "a name in it is longer than 255 bytes"),
    (lambda p: p / ("d" * 256) / "out.json", "a name in it is longer than 255 bytes"),
    (lambda p: _loop(p) / "out.json", "is a symbolic link that leads nowhere"),
    (lambda p: p / "gone" / "out.json", "is a symbolic link that leads nowhere"),
])
def test_a_name_the_file_system_refuses_is_an_output_error_not_a_crash(tmp_path, name, reason):
    """A 300-character --json name or a --log folder that is a symlink loop was an internal error."""
    (tmp_path / "gone").symlink_to(tmp_path / "missing")
    target = name(tmp_path)
    with pytest.raises(OutputError, match=reason):
        check_writable(target)
    with pytest.raises(OutputError, match=reason):
        write_atomic(target, b"{}")


@pytest.mark.parametrize("name", ["a\x00b.json", "sub\x00dir/out.json"])
def test_a_name_with_a_nul_is_an_output_error_not_a_crash(tmp_path, name):
    """play's 's FILE' reads the name from its input, where a NUL can be: Python refuses it with
    ValueError, which reached the user as an internal error."""
    target = tmp_path / name
    for write in (check_writable, lambda p: write_atomic(p, b"{}")):
        with pytest.raises(OutputError, match="holds a NUL character"):
            write(target)
    assert list(tmp_path.iterdir()) == []


def test_the_same_file_twice_in_one_write_is_refused_and_nothing_is_written(tmp_path):
    (tmp_path / "sub").mkdir()
    first, again = tmp_path / "x.md", tmp_path / "sub" / ".." / "x.md"
    with pytest.raises(OutputError, match="the same file is named for two outputs"):
        write_all_atomic([(tmp_path / "other.md", b"1"), (first, b"2"), (again, b"3")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"]


def test_a_failed_write_removes_the_folders_it_made_and_keeps_the_others(tmp_path):
    """An export that filled the disk said 'nothing written' and left its new folder behind."""
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "in the way").mkdir()
    files = [(tmp_path / "new" / "sub" / "a.png", b"1"), (tmp_path / "kept" / "b.png", b"2"),
             (tmp_path / "kept" / "in the way", b"3")]
    with pytest.raises(OutputError, match="it is a folder"):
        write_all_atomic(files)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept"]
    assert [p.name for p in (tmp_path / "kept").iterdir()] == ["in the way"]


def test_check_writable_refuses_a_folder_no_file_can_be_made_in(tmp_path):
    if Path("/proc/self").exists():
        target = Path("/proc/cardgen-test/out.json")     # refuses even root
    elif os.geteuid() != 0:
        (tmp_path / "locked").mkdir(mode=0o500)
        target = tmp_path / "locked" / "out.json"
    else:
        pytest.skip("no folder here refuses a new file")
    with pytest.raises(OutputError, match="no file can be made in"):
        check_writable(target)


def test_json_is_strict_utf8_with_a_final_newline():
    assert json_bytes({"name": "Zürich ✓"}) == '{\n  "name": "Zürich ✓"\n}\n'.encode()
    assert json_bytes([1, "é"], indent=None) == '[1, "é"]\n'.encode()
    for number in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError):
            json_bytes({"x": number})


def test_json_holds_a_name_that_is_not_utf8_as_escapes_that_read_back_to_it():
    # A --set file's name is recorded in game logs and check-set's JSON; its lone surrogates
    # made the UTF-8 encoding fail after the whole run.
    name = os.fsdecode(b"/sets/caf\xe9.yaml")
    written = json_bytes({"set": name}, indent=None)
    assert written == b'{"set": "/sets/caf\\udce9.yaml"}\n'
    assert json.loads(written.decode("utf-8")) == {"set": name}


def test_every_json_cardgen_writes_goes_through_json_bytes():
    # json.dumps elsewhere would let NaN or a locale's encoding into a file or the output;
    # these two only quote a value inside a message.
    allowed = {"output.py", "schema.py", "effects.py"}
    root = Path(__file__).resolve().parents[1] / "cardgen"
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py")
                 if "json.dump" in p.read_text(encoding="utf-8") and p.name not in allowed]
    assert offenders == []


# Every command that writes an output while it reads a set ({set}) and the game's data.
READING_RUNS = [
    ["simulate", "-n", "1", "-j", "1", "-q", "--set", "{set}", "--json", "{out}"],
    ["check-set", "{set}", "-n", "1", "-j", "1", "-q", "--no-effects", "--json", "{out}"],
    ["tune", "-n", "2", "--set", "{set}", "--report", "{out}"],
    ["preview", "buy", "--set", "{set}", "--out", "{out}"],
    ["play", "--set", "{set}", "--save", "{out}"],
]


@pytest.mark.parametrize("args", READING_RUNS)
@pytest.mark.parametrize("named", ["as read", "by another way", "as the file a read link leads to"])
def test_an_output_that_is_the_set_file_read_is_refused_and_the_set_kept(tmp_path, monkeypatch, args, named):
    # simulate --set x.yaml --json x.yaml replaced the user's set file with the run's JSON (check-set
    # too; preview --out with a PNG, tune --out or --report at the end of the tune, play --save
    # with the game's log).
    from typer.testing import CliRunner

    from cardgen.cli import app
    from tests.conftest import REPO

    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    mine = tmp_path / "mine.yaml"
    original = (REPO / "cards/briefcase/examples/custom-set.yaml").read_bytes()
    mine.write_bytes(original)
    (tmp_path / "link.yaml").symlink_to("mine.yaml")
    read, out = {"as read": ("mine.yaml", "mine.yaml"), "by another way": ("mine.yaml", "sub/../mine.yaml"),
                 "as the file a read link leads to": ("link.yaml", str(mine))}[named]
    result = CliRunner().invoke(app, [a.format(set=read, out=out) for a in args], input="q\n")
    assert result.exit_code == 1, result.output
    (line,) = [x for x in result.output.splitlines() if x.startswith("error:")]
    assert line.endswith(": it is the set file this run reads; give the output a file of its own"), line
    assert mine.read_bytes() == original


GAME_FILE = (": it is one of the game's files (its data, catalogs, layouts, pictures or schemas, or "
             "the workspace's cardgen.toml); give the output a file of its own")


@pytest.mark.parametrize("args", READING_RUNS)
@pytest.mark.parametrize("target", ["cards/briefcase/my-set.yaml",
                                    "cards/briefcase/../briefcase/my-set.yaml",
                                    "templates/briefcase/cards.yaml",
                                    "cards/briefcase/locale/el.po",
                                    # What every run reads, whatever the game: simulate --json
                                    # cardgen.toml and play --save cardgen.toml replaced the
                                    # workspace's settings (every later command: not valid TOML),
                                    # preview --out schemas/layout.schema.json its schema.
                                    "cardgen.toml",
                                    "schemas/layout.schema.json"])
def test_an_output_that_is_a_file_of_the_game_in_the_workspace_is_refused_and_the_file_kept(
        tmp_path, monkeypatch, args, target):
    # check-set "My Set" --json cards/briefcase/my-set.yaml replaced the set it had found by name
    # with the run's JSON: a set named, not given as a file, is read from the game's data files.
    # preview --out templates/briefcase/cards.yaml replaced the workspace's layout with the PNG,
    # and --out cards/briefcase/locale/el.po its catalog (the others, with JSON, a report, a log).
    from typer.testing import CliRunner

    from cardgen.cli import app
    from cardgen.data import schema
    from tests.conftest import REPO

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    monkeypatch.setenv("CARDGEN_HOME", str(tmp_path))
    schema.clear_caches()
    mine = tmp_path / target
    if not mine.exists():                           # a copy of the shipped file, in the workspace
        mine.parent.mkdir(parents=True, exist_ok=True)
        mine.write_bytes((REPO / target).read_bytes())
    original = mine.read_bytes()
    result = runner.invoke(app, [a.format(set="My Set", out=target) for a in args], input="q\n")
    (line,) = [x for x in result.output.splitlines() if x.startswith("error:")]
    if target.split("/")[0] in ("cards", "templates", "schemas") and args[0] != "tune":
        # Refused before anything else: no output goes among the game data (tune's changes file
        # is meant for cards/GAME/, and its report is checked as the game's file it would replace).
        assert result.exit_code == 2, result.output
        assert "which cardgen reads as game data; name a file outside it" in line, line
    else:
        assert result.exit_code == 1, result.output
        assert line.endswith(GAME_FILE), line
    assert mine.read_bytes() == original


def test_preview_over_its_own_font_file_is_refused_and_the_font_kept(tmp_path, monkeypatch):
    # preview buy --font my.ttf --out my.ttf replaced the user's font with the PNG.
    from typer.testing import CliRunner

    from cardgen.cli import app
    from tests.conftest import REPO

    monkeypatch.chdir(tmp_path)
    font = tmp_path / "my.ttf"
    font.write_bytes((REPO / "cardgen" / "render" / "fontfiles" / "DejaVuSans.ttf").read_bytes())
    original = font.read_bytes()
    result = CliRunner().invoke(app, ["preview", "buy", "--font", "my.ttf", "--out", "./my.ttf"])
    assert result.exit_code == 1, result.output
    assert ("error: cannot write my.ttf: it is the --font file this run reads; give the output a file "
            "of its own") in result.output
    assert font.read_bytes() == original


def _workspace(tmp_path, monkeypatch):
    """An overlay workspace in ``tmp_path`` (its set: cards/briefcase/my-set.yaml), in use."""
    from typer.testing import CliRunner

    from cardgen.cli import app
    from cardgen.data import schema

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    monkeypatch.setenv("CARDGEN_HOME", str(tmp_path))
    schema.clear_caches()
    return runner, app


def test_saving_at_the_table_over_a_data_file_of_the_game_is_refused_and_the_game_goes_on(
        tmp_path, monkeypatch):
    # 's cards/briefcase/my-set.yaml' at the table replaced the workspace's set with the game's log.
    runner, app = _workspace(tmp_path, monkeypatch)
    mine = tmp_path / "cards" / "briefcase" / "my-set.yaml"
    original = mine.read_bytes()
    result = runner.invoke(app, ["play", "--set", "My Set"],
                           input="s cards/briefcase/my-set.yaml\ns game.jsonl\nq\n")
    assert result.exit_code == 0, result.output
    assert f"cannot write cards/briefcase/my-set.yaml{GAME_FILE}" in result.output
    assert mine.read_bytes() == original
    assert (tmp_path / "game.jsonl").is_file()       # the game went on, and saved elsewhere


def test_resume_with_save_over_the_set_file_of_the_log_is_refused_and_the_set_kept(tmp_path, monkeypatch):
    # The --save check looked at --set (none) and not at the resumed log's set file, which the
    # game's log then replaced.
    runner, app = _workspace(tmp_path, monkeypatch)
    from cardgen.data import schema

    (tmp_path / "cards" / "briefcase" / "my-set.yaml").rename(tmp_path / "mine.yaml")
    schema.clear_caches()
    original = (tmp_path / "mine.yaml").read_bytes()
    assert runner.invoke(app, ["play", "--set", "mine.yaml"], input="s game.jsonl\nq\n").exit_code == 0
    result = runner.invoke(app, ["play", "--resume", "game.jsonl", "--save", "mine.yaml"], input="q\n")
    assert result.exit_code == 1, result.output
    assert result.output.strip() == ("error: --save cannot write mine.yaml: it is the set file this "
                                     "run reads; give the output a file of its own")
    assert (tmp_path / "mine.yaml").read_bytes() == original
