"""`cardgen simulate` end to end, on the toy dice game registered for the test."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardgen import games
from cardgen.cli import app

runner = CliRunner()
REQUIRED = {"game", "players", "games", "completed", "stalled", "seed", "turns", "rounds",
            "end_conditions", "wins_by_seat", "scores", "items"}


@pytest.fixture(autouse=True)
def dice_game(monkeypatch):
    monkeypatch.setitem(games._MODULES, "dice", "tests.sim.dice")


def simulate(*args: str):
    return runner.invoke(app, ["simulate", "dice", "--players", "3", "--games", "120", *args])


def test_json_summary_has_every_required_field(tmp_path):
    out = tmp_path / "s.json"
    result = simulate("--seed", "3", "--jobs", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert REQUIRED <= set(data)
    assert data["games"] == 120 and data["seed"] == 3
    assert {"mean", "p50", "p90", "max"} == set(data["rounds"])
    assert all("ci95" in w for w in data["wins_by_seat"])


def test_json_is_byte_identical_whatever_the_jobs(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert simulate("--jobs", "1", "--json", str(a)).exit_code == 0
    assert simulate("--jobs", "2", "--json", str(b)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_readable_summary_names_stalls_and_seats():
    result = simulate("--jobs", "1", "--seed", "9")
    assert "completed" in result.output and "stalled" in result.output
    assert "seat 3:" in result.output


def test_unknown_bot_is_a_one_line_usage_error():
    result = simulate("--bots", "low,hgh,low")
    assert result.exit_code == 2
    assert "unknown bot 'hgh'" in result.output
    assert "Traceback" not in result.output


def test_wrong_number_of_bots_is_a_usage_error():
    result = simulate("--bots", "low,high")
    assert result.exit_code == 2 and "names 2 bots for 3 players" in result.output


def test_unknown_game_is_a_usage_error():
    result = runner.invoke(app, ["simulate", "chess", "--games", "5"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_unreachable_scheduler_is_one_clear_line():
    pytest.importorskip("dask.distributed")
    result = simulate("--scheduler", "tcp://127.0.0.1:9", "--games", "5")
    assert result.exit_code == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output


def test_json_into_a_folder_is_one_line_and_exit_1(tmp_path):
    result = simulate("--jobs", "1", "--json", str(tmp_path))
    assert result.exit_code == 1
    assert "cannot write" in result.output and "it is a folder" in result.output
    assert isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("args, message", [
    (["--seconds-per-turn", "-3"], "--seconds-per-turn must be more than 0"),
    (["--seconds-per-turn", "0"], "--seconds-per-turn must be more than 0"),
    (["--jobs", "-2"], "--jobs"),
])
def test_impossible_numbers_are_usage_errors(args, message):
    result = simulate(*args)
    assert result.exit_code == 2
    assert message in result.output
