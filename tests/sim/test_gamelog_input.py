"""Hostile or broken game logs: `cardgen replay FILE` and `cardgen play --resume FILE` give one
`error:` line naming the log's line (and what is wrong there) and a non-zero exit, never a
traceback. Most logs here are the toy game's, which stands in for any game."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgen import games
from cardgen.cli import app
from cardgen.sim.gamelog import read_log

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]
BOTH = (["replay"], ["play", "--resume"])       # the two readers of a log


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    monkeypatch.setitem(games._MODULES, "toy", "tests.sim.toy")


@pytest.fixture
def lines(tmp_path: Path) -> list[dict[str, Any]]:
    """A whole toy game's log (header, decisions, end), as objects to edit."""
    saved = tmp_path / "played.jsonl"
    result = runner.invoke(app, ["play", "toy", "--seats", "high,high", "--seed", "4", "--save", str(saved)])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in saved.read_text().splitlines()]


def write(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def refused(args: list[str], path: Path) -> str:
    """The one error line of a command refusing the log at ``path``."""
    result = runner.invoke(app, [*args, str(path)], input="q\n")
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert result.output.count("\n") == 1, result.output
    return result.output.strip()


# Choices: their JSON shape when the log is read, their legality when it is replayed.

@pytest.mark.parametrize("args", BOTH)
def test_a_float_inside_a_compound_fmnyc_choice_is_refused_at_its_line(tmp_path: Path, args: list[str]):
    # Free Market: NYC's engine indexed a list with 5.0 (equal to 5, so legal by comparison).
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["simulate", "fmnyc", "--players", "2", "--games", "1", "--jobs", "1",
                                 "--log", str(logs), "-q"])
    assert result.exit_code == 0, result.output
    log = next(logs.iterdir())
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    number, row = next((n, r) for n, r in enumerate(rows, 1)
                       if isinstance(r.get("choice"), list) and any(type(c) is int for c in r["choice"]))
    row["choice"] = [float(c) if type(c) is int else c for c in row["choice"]]
    message = refused(args, write(log, rows[:number]))
    assert message.startswith(f"error: {log}:{number}: the choice [")
    assert message.endswith(".0 is not a whole number")


@pytest.mark.parametrize("args", BOTH)
def test_a_number_of_thousands_of_digits_is_one_error_line(tmp_path: Path, lines, args: list[str]):
    log = tmp_path / "game.jsonl"
    write(log, lines[:3])
    log.write_text(log.read_text().replace('"choice": ', '"choice": ' + "9" * 5000, 1))
    message = refused(args, log)
    assert message == f"error: {log}:2: not a game log's line: a number with too many digits"


def test_true_inside_a_list_choice_is_refused(tmp_path: Path, lines):
    # true == 1 in Python: [true] would pass for the list [1].
    lines[1]["choice"] = [True]
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith(":2: the choice [true] is not one a game makes: true or false stands for a "
                            "whole answer, not inside a list")


def test_an_object_as_a_choice_is_refused(tmp_path: Path, lines):
    lines[1]["choice"] = {"card": 3}
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith(':2: the choice {"card": 3} is not one a game makes: an object is no choice')


def test_an_illegal_choice_is_named_by_the_log_line_it_is_on(tmp_path: Path, lines):
    lines[3]["choice"] = 99                     # the third decision; blank lines push it to line 6
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(row) + "\n" + ("\n" if i < 2 else "") for i, row in enumerate(lines)))
    message = refused(["replay"], log)
    assert message == (f"error: {log}:6: the log no longer replays at decision 3: "
                       f"play: 99 is not one of the options")


def test_a_resumed_game_whose_choice_is_illegal_is_named_by_its_line(tmp_path: Path, lines):
    lines[1]["choice"] = 99
    log = write(tmp_path / "game.jsonl", lines[:4])
    message = refused(["play", "--resume"], log)
    assert message == (f"error: {log}:2: the saved game no longer replays at decision 1: "
                       f"play: 99 is not one of the options")


# The header's seats: checked once, for replay and --resume alike.

@pytest.mark.parametrize("args", BOTH)
def test_a_header_naming_an_unknown_bot_is_refused(tmp_path: Path, lines, args: list[str]):
    lines[0]["bots"] = ["high", "smart"]
    message = refused(args, write(tmp_path / "game.jsonl", lines[:3]))
    assert message.endswith(":1: the header's 'bots' names 'smart' for seat 2, not a bot of toy "
                            "(random, high, you)")


@pytest.mark.parametrize("args", BOTH)
def test_a_header_with_fewer_bots_than_players_is_refused(tmp_path: Path, lines, args: list[str]):
    lines[0]["bots"] = ["high"]
    message = refused(args, write(tmp_path / "game.jsonl", lines[:3]))
    assert message.endswith(":1: the header's 'bots' names 1 seat for 2 players")


# The end line: at most one, last, and a real end.

def test_a_finished_game_without_an_end_line_says_there_is_no_end_to_compare(tmp_path: Path, lines):
    result = runner.invoke(app, ["replay", str(write(tmp_path / "game.jsonl", lines[:-1]))])
    assert result.exit_code == 0, result.output
    assert "replayed to the game's end: scores " in result.output
    assert "the log records no end to compare with" in result.output and "same end" not in result.output


def test_an_end_of_null_is_refused(tmp_path: Path, lines):
    lines[-1]["end"] = None
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert f":{len(lines)}: 'end' must be the game's end (scores, winners, turns, stalled), not null" \
        in message


def test_an_end_logged_twice_is_refused(tmp_path: Path, lines):
    message = refused(["replay"], write(tmp_path / "game.jsonl", [*lines, lines[-1]]))
    assert message.endswith(f":{len(lines) + 1}: the game's end is logged twice "
                            f"(the end is on line {len(lines)})")


@pytest.mark.parametrize("args", BOTH)
def test_a_decision_after_the_end_is_refused(tmp_path: Path, lines, args: list[str]):
    message = refused(args, write(tmp_path / "game.jsonl", [*lines[:3], lines[-1], *lines[3:-1]]))
    assert message.endswith(":5: a decision after the game's end (the end is on line 4)")


def test_an_end_whose_winner_is_no_seat_is_refused(tmp_path: Path, lines):
    lines[-1]["end"]["winners"] = [7]
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith("the end's 'winners' must be a list of seat indices from 0 to 1")


# Keys and types of the header and the decision lines.

def test_an_unknown_header_key_is_refused_with_the_key(tmp_path: Path, lines):
    lines[0]["colour"] = "red"
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith(":1: the header has no key 'colour' (keys: format, cardgen, game, seed, "
                            "players, bots, set, options)")


def test_an_unknown_decision_key_is_refused_with_its_line_and_key(tmp_path: Path, lines):
    lines[2]["note"] = "good move"
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith(":3: a decision line has no key 'note' (keys: seat, decision, choice)")


@pytest.mark.parametrize("args", BOTH)
def test_a_seat_of_true_is_refused(tmp_path: Path, lines, args: list[str]):
    lines[2]["seat"] = True                 # true == 1: it would have passed for seat index 1
    message = refused(args, write(tmp_path / "game.jsonl", lines))
    assert message.endswith(":3: 'seat' must be a seat index from 0 to 1, not true")


def test_a_seat_outside_the_table_is_refused(tmp_path: Path, lines):
    lines[1]["seat"] = 2
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith(":2: 'seat' must be a seat index from 0 to 1, not 2")


# Seats in messages are numbered from 1 (the log keeps indices from 0).

def test_a_decision_of_another_seat_is_said_with_seats_numbered_from_1(tmp_path: Path, lines):
    assert lines[1]["seat"] == 0
    lines[1]["seat"] = 1
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message.endswith(":2: the log no longer replays at decision 1: the log has seat 2 deciding "
                            '"play"; the game asks seat 1 for "play"')


# Set files: logged by their absolute path; a relative one is read from the log's folder.

def test_a_set_file_given_relative_is_logged_by_its_absolute_path(tmp_path: Path, monkeypatch):
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "mine.yaml").write_text("")
    monkeypatch.chdir(tmp_path)
    saved = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "toy", "--seats", "high,high", "--set", "sets/mine.yaml",
                                 "--save", str(saved)])
    assert result.exit_code == 0, result.output
    assert json.loads(saved.read_text().splitlines()[0])["set"] == str(tmp_path / "sets" / "mine.yaml")


def test_a_set_name_is_logged_as_it_is(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    saved = tmp_path / "game.jsonl"
    assert runner.invoke(app, ["play", "toy", "--seats", "high,high", "--set", "Some Set",
                               "--save", str(saved)]).exit_code == 0
    assert json.loads(saved.read_text().splitlines()[0])["set"] == "Some Set"


def test_a_relative_set_path_in_a_log_is_read_from_the_logs_folder(tmp_path: Path, lines):
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "mine.yaml").write_text("")
    lines[0]["set"] = "sets/mine.yaml"
    log = read_log(write(tmp_path / "game.jsonl", lines))
    assert log.set_ref == str(tmp_path / "sets" / "mine.yaml")


@pytest.mark.parametrize("args", BOTH)
def test_a_relative_set_file_missing_from_the_logs_folder_is_one_clear_line(tmp_path: Path, lines,
                                                                             args: list[str]):
    lines[0]["set"] = "sets/mine.yaml"
    message = refused(args, write(tmp_path / "game.jsonl", lines))
    assert message.endswith(f":1: the header's set file 'sets/mine.yaml' is not in the log's folder "
                            f"({tmp_path / 'sets' / 'mine.yaml'}): a relative set path in a log is read "
                            f"from there; give it from there or as an absolute path")


def test_a_game_logged_with_a_relative_set_file_replays_from_another_folder(tmp_path: Path, monkeypatch):
    # Free Market: NYC takes a file of Career cards as its "set"; before, its log named it
    # relative to where simulate ran, and replay elsewhere said the game "has no card sets".
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    work.mkdir()
    elsewhere.mkdir()
    (work / "careers.yaml").write_bytes((REPO / "cards/fmnyc/careers.yaml").read_bytes())
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["simulate", "fmnyc", "--players", "2", "--games", "1", "--jobs", "1",
                                 "--set", "careers.yaml", "--log", "logs", "-q"])
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(elsewhere)
    replayed = runner.invoke(app, ["replay", str(next((work / "logs").iterdir()))])
    assert replayed.exit_code == 0, replayed.output
    assert "same end" in replayed.output


def test_a_nan_in_a_choice_is_refused(tmp_path: Path, lines):
    # Python's JSON reader takes NaN, which JSON has not; it is no whole number either.
    rows = [json.dumps(row) for row in lines]
    rows[1] = '{"seat": 0, "decision": "play", "choice": [NaN]}'
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(rows) + "\n")
    message = refused(["replay"], log)
    assert message.endswith(":2: the choice [nan] is not one a game makes: nan is not a whole number")


@pytest.mark.parametrize("options", [None, [], "", 0])
def test_header_options_that_are_not_an_object_are_refused(tmp_path: Path, lines, options: Any):
    """They were taken as no options: Free Market: NYC's log then failed far away, mis-said."""
    lines[0]["options"] = options
    message = refused(["replay"], write(tmp_path / "game.jsonl", lines))
    assert message == (f"error: {tmp_path / 'game.jsonl'}:1: the header's 'options' must be an object, "
                       f"not {json.dumps(options)}")


def test_a_key_given_twice_on_a_line_is_refused(tmp_path: Path, lines):
    """JSON readers keep one of the two: the log would say two things and replay one."""
    log = write(tmp_path / "game.jsonl", lines)
    text = log.read_text().splitlines()
    text[0] = text[0][:-1] + ', "seed": 5}'
    log.write_text("\n".join(text) + "\n")
    assert refused(["replay"], log) == f"error: {log}:1: the key 'seed' is given twice"


@pytest.mark.parametrize(("header", "message"), [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"players": 5, "bots": ["high"] * 5}, "the toy game is for 2 to 4 players, not 5"),
])
@pytest.mark.parametrize("args", BOTH)
def test_what_the_header_names_wrongly_is_placed_at_the_header(tmp_path: Path, lines, args: list[str],
                                                               header: dict[str, Any], message: str):
    lines[0].update(header)
    log = write(tmp_path / "game.jsonl", lines[:1])
    assert refused(args, log).startswith(f"error: {log}:1: {message}")


@pytest.mark.parametrize("args", BOTH)
def test_an_empty_log_name_is_a_usage_error(args: list[str]):
    """'' was read as the current folder: 'error: .: not a regular file'."""
    result = runner.invoke(app, [*args, ""])
    assert result.exit_code == 2 and "is empty: name a file" in result.output


@pytest.mark.parametrize(("make", "said"), [
    (lambda p: p.mkdir(), "is a directory, not a game log written by cardgen"),
    (lambda p: os.mkfifo(p),
     "not a regular file (a device, pipe or socket); give a game log written by cardgen"),
    # It said "Too many levels of symbolic links", the system's words.
    (lambda p: p.symlink_to(p.name), "symbolic link loop (the link leads back to itself)"),
    (lambda p: p.symlink_to("gone.jsonl"), "no such file (a symbolic link to a file that does not exist)"),
])
@pytest.mark.parametrize("args", BOTH)
def test_a_log_path_that_is_no_file_says_what_it_is_as_every_file_read(tmp_path: Path, args: list[str],
                                                                       make, said: str):
    log = tmp_path / "game.jsonl"
    make(log)
    assert refused(args, log) == f"error: {log}: {said}"


def test_a_file_over_the_size_of_any_game_log_is_refused_before_it_is_read(tmp_path: Path):
    """A 60 MB file under the old 64 MiB cap took 20 s and a gigabyte to be refused."""
    from cardgen.sim.gamelog import MAX_LOG_BYTES

    log = tmp_path / "huge.jsonl"
    with log.open("wb") as out:
        out.truncate(MAX_LOG_BYTES + 1)          # sparse: no time or disk to make it
    assert refused(["replay"], log) == f"error: {log}: larger than 8 MiB; not a game log"


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="needs /proc")
def test_a_file_whose_size_says_nothing_is_read_no_further_than_the_limit(monkeypatch):
    # A file of /proc says its size is 0: it passed the size check and was read whole, however
    # long (and a FIFO put in a log's place after the check blocked the read).
    from cardgen.sim import gamelog

    monkeypatch.setattr(gamelog, "MAX_LOG_BYTES", 64)
    with pytest.raises(gamelog.LogError, match="larger than 0 MiB; not a game log"):
        read_log(Path("/proc/self/status"))


def test_a_log_an_editor_saved_with_a_byte_order_mark_replays(tmp_path: Path, lines):
    # Editors on Windows start a UTF-8 file with U+FEFF; it is no part of the first line's JSON
    # (Python's reader refused it as 'Unexpected UTF-8 BOM (decode using utf-8-sig)').
    path = tmp_path / "bom.jsonl"
    path.write_text("\ufeff" + "".join(json.dumps(row) + "\n" for row in lines), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output


def test_a_line_separator_inside_a_string_is_no_line_end(tmp_path: Path, lines):
    """JSON strings may hold U+2028 unescaped, and cardgen writes them so; the reader split lines
    there too (str.splitlines), refused the log as broken JSON and counted its lines wrong."""
    rows = [{**lines[0], "cardgen": "0.1\u2028\u2029\x85"}, *lines[1:]]
    path = tmp_path / "sep.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\r\n" for row in rows), encoding="utf-8")
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0
    rows[2] = {**rows[2], "seat": "x"}
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    assert refused(["replay"], path).startswith(f"error: {path}:3: 'seat' must be")


@pytest.mark.parametrize("name", ["odd\u2028set.yaml", os.fsdecode(b"caf\xe9.yaml")],
                         ids=["line-separator", "not-utf8"])
def test_a_game_with_an_oddly_named_set_file_is_saved_and_replays(tmp_path: Path, name: str):
    """A line separator in the name was written and then refused as broken JSON; a name that is
    not UTF-8 ended the game (and simulate --log) in an internal error when the log was saved."""
    odd = tmp_path / name
    odd.write_bytes((REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml").read_bytes())
    saved = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--set", str(odd), "--seats", "greedy,greedy", "--save", str(saved)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 0 and "same end" in result.output, result.output
