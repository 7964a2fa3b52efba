"""`cardgen simulate` end to end, on the toy dice game registered for the test."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from cardgen import games
from cardgen.cli import app
from cardgen.commands import MAX_GAMES, check_game_count

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


def test_jobs_beyond_the_cores_start_one_process_a_core(monkeypatch):
    # -j 9999 once started over a thousand processes and exhausted the machine's memory.
    from contextlib import contextmanager

    from cardgen.sim import runner as sim_runner

    started = []

    @contextmanager
    def recording(jobs):
        started.append(jobs)
        yield None                                  # play in this process

    monkeypatch.setattr(sim_runner, "default_jobs", lambda: 2)
    monkeypatch.setattr(sim_runner, "local_executor", recording)
    assert simulate("--jobs", "9999").exit_code == 0
    assert simulate("--jobs", "1").exit_code == 0
    assert simulate().exit_code == 0
    assert started == [2, 1, 2]
    assert sim_runner.worker_count(9999, "tcp://cluster:8786") == 9999     # a cluster's own size


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


def test_a_log_folder_that_cannot_be_written_is_one_line_before_any_game(tmp_path):
    (tmp_path / "file").write_text("")
    result = runner.invoke(app, ["simulate", "briefcase", "--games", "3", "--jobs", "1",
                                 "--log", str(tmp_path / "file" / "logs")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip().startswith("error: --log cannot write") and "games/s" not in result.output


@pytest.mark.parametrize("args, message", [
    (["--seconds-per-turn", "-3"], "--seconds-per-turn must be a number of seconds above 0"),
    (["--seconds-per-turn", "0"], "--seconds-per-turn must be a number of seconds above 0"),
    (["--jobs", "-2"], "--jobs"),
])
def test_impossible_numbers_are_usage_errors(args, message):
    result = simulate(*args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.fixture
def no_game_may_be_played(monkeypatch):
    """Input errors must stop before the first game: playing one fails the test."""
    from tests.sim.dice.simulation import DiceSimulator

    def play(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(DiceSimulator, "play", play)


def one_error_line(result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, AssertionError)
    (line,) = [line for line in result.output.splitlines() if line.startswith("error:")]
    return line


@pytest.mark.parametrize("address", ["garbage", "file:///x", "tcp://host:99999", "tcp://host:1/path"])
def test_a_scheduler_that_is_no_address_is_a_usage_error_before_any_game(address, no_game_may_be_played):
    line = one_error_line(simulate("--scheduler", address), 2)
    assert line.startswith(f"error: --scheduler '{address}' is not a Dask scheduler address")
    assert "tcp://HOST:PORT" in line


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN"])
def test_a_number_that_is_not_finite_is_refused(value, no_game_may_be_played):
    line = one_error_line(simulate("--seconds-per-turn", value), 2)
    assert "--seconds-per-turn must be a number of seconds above 0 and at most 3600" in line


@pytest.mark.parametrize("value", [str(MAX_GAMES + 1), str(10**15)])
def test_more_games_than_the_limit_is_a_usage_error_naming_it_before_any_game(value, no_game_may_be_played):
    """10**15 games were accepted and played until stopped."""
    line = one_error_line(simulate("--games", value), 2)
    assert line.startswith("error: --games must be at most 1,000,000 ")


def test_the_limit_itself_is_a_count_of_games_allowed():
    check_game_count("--games", MAX_GAMES)        # raises typer.Exit when refused


@pytest.mark.parametrize("value", ["3601", "1e308"])
def test_seconds_per_turn_above_an_hour_are_refused(value, no_game_may_be_played):
    """1e308 seconds a turn printed a play time of 'inf min'."""
    line = one_error_line(simulate("--seconds-per-turn", value), 2)
    assert "at most 3600" in line


@pytest.mark.parametrize("args, message", [
    (["--json", "summary-dir/"], "'summary-dir/' names a folder: name a file in it"),
    (["--json", ""], "is empty: name a file"),
    (["--log", ""], "is empty: name a folder"),
    (["--plot", ""], "is empty: name a folder"),
])
def test_an_output_path_that_names_no_file_or_folder_is_refused(args, message, tmp_path, monkeypatch,
                                                                 no_game_may_be_played):
    """--json summary-dir/ wrote a file named summary-dir; --log '' logged into the current folder."""
    monkeypatch.chdir(tmp_path)
    line = one_error_line(simulate(*args), 2)
    assert message in line
    assert list(tmp_path.iterdir()) == []


def test_the_json_is_strict_utf8(tmp_path):
    out = tmp_path / "s.json"
    assert simulate("--jobs", "1", "--seconds-per-turn", "37.5", "--json", str(out)).exit_code == 0

    def refuse(constant: str):
        raise ValueError(f"{constant} is not JSON")

    data = json.loads(out.read_bytes().decode("utf-8"), parse_constant=refuse)
    assert data["seconds_per_turn"] == 37.5 and data["play_minutes"]["p50"] > 0


@pytest.mark.parametrize("option, where, reason", [
    ("--json", "folder", "it is a folder"),
    ("--json", "/dev/null", "it is not a regular file"),
    ("--json", "fifo", "it is not a regular file"),
    ("--json", "file/out.json", "file is a file, not a folder"),
    ("--json", "/proc/cardgen-test/out.json", "no file can be made in /proc"),
    ("--plot", "file", "file is a file, not a folder"),
    ("--plot", "/dev/null", "/dev/null is a device, pipe or socket, not a folder"),
    ("--plot", "charts", "dice-3p-seats.png: it is a folder"),
    ("--plot", "pipes", "dice-3p-items.png: it is not a regular file"),
    ("--plot", "/proc/cardgen-test", "no file can be made in /proc"),
])
def test_an_unwritable_destination_fails_before_any_game(tmp_path, option, where, reason,
                                                          no_game_may_be_played):
    if option == "--plot":
        pytest.importorskip("matplotlib")
    (tmp_path / "file").write_text("")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "charts" / "dice-3p-seats.png").mkdir(parents=True)    # in a chart's way
    (tmp_path / "pipes").mkdir()
    os.mkfifo(tmp_path / "pipes" / "dice-3p-items.png")
    line = one_error_line(simulate("--jobs", "1", option, str(tmp_path / where)), 1)
    assert line.startswith("error: cannot write") and reason in line


def test_bots_repeat_in_order_to_fill_the_seats(tmp_path):
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["simulate", "dice", "--players", "4", "--games", "20", "--jobs", "1",
                                 "--bots", "low,high", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["bots"] == ["low", "high", "low", "high"]


@pytest.mark.parametrize("players, bots, expected", [
    (4, "low,high,low", "--bots names 3 bots for 4 players; give 1, 2 or 4 names"),
    (3, "low,high", "--bots names 2 bots for 3 players; give 1 or 3 names"),
    (4, "low,high,low,high,low", "--bots names 5 bots for 4 players; give 1, 2 or 4 names"),
])
def test_a_number_of_bots_that_cannot_fill_the_seats_says_what_can(players, bots, expected,
                                                                   no_game_may_be_played):
    result = runner.invoke(app, ["simulate", "dice", "--players", str(players), "--bots", bots])
    assert one_error_line(result, 2) == f"error: {expected}"


def test_an_unknown_bot_gets_a_suggestion_the_bots_and_the_default(no_game_may_be_played):
    line = one_error_line(simulate("--bots", "hihg"), 2)
    assert line == "error: unknown bot 'hihg' (did you mean 'high'?); dice bots: low, high (default: high)"


def test_a_very_long_unknown_bot_is_quoted_short_and_the_bots_still_said(no_game_may_be_played):
    # A 3,000-character name filled the line's 1,000 characters: the bots to give were cut off.
    line = one_error_line(simulate("--bots", "b" * 3000), 2)
    assert line.startswith("error: unknown bot 'bbbb") and len(line) < 200
    assert line.endswith("; dice bots: low, high (default: high)")


def test_seats_are_numbered_from_1_in_the_text_and_the_json_beside_the_fair_share(tmp_path):
    out = tmp_path / "s.json"
    result = simulate("--jobs", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert [w["seat"] for w in data["wins_by_seat"]] == [1, 2, 3]
    assert data["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert "seat 1:" in result.output and "seat 0:" not in result.output
    assert "fair 33.3%" in result.output


def test_a_seat_with_one_win_says_one_win(tmp_path):
    # It said "1 wins".
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["simulate", "dice", "--players", "2", "--games", "1", "--jobs", "1",
                                 "--json", str(out)])
    assert result.exit_code == 0, result.output
    seats = json.loads(out.read_text())["wins_by_seat"]
    for w in seats:
        line = next(x for x in result.output.splitlines() if x.strip().startswith(f"seat {w['seat']}:"))
        assert f"; {w['wins']} win{'s' * (w['wins'] != 1)}, " in line, line
    assert any(w["wins"] == 1 for w in seats) or all(w["shared_wins"] for w in seats)
    assert "1 wins" not in result.output


def test_the_company_ranking_shows_intervals_and_how_many_were_cut():
    from cardgen.sim.report import summary_lines

    summary = {"game": "dice", "games": 10, "players": 2, "seed": 1, "bots": ["a"], "completed": 10,
               "stalled": 0, "turns": {"mean": 1, "p50": 1, "p90": 1, "max": 1},
               "rounds": {"mean": 1, "p50": 1, "p90": 1, "max": 1}, "end_conditions": {}, "ties": 0,
               "wins_by_seat": [], "wins_by_bot": {}, "scores": {"mean": 1, "p50": 1, "max": 1,
                                                                 "winner_mean": 1},
               "items": {f"c{i}": {"owned": 5, "win_rate_when_owned": {"win_share": i / 20,
                                                                         "ci95": [0.0, 0.9]}}
                         for i in range(11)},
               "counters": {}}
    lines = summary_lines(summary, top=8)
    assert "    c10: 50.0%  (95% CI 0.0%-90.0%) of 5 owners" in lines
    assert "    and 3 more (all in --json)" in lines


def _all_stalled(game: str, players: int = 4) -> dict:
    """The summary of three games all stopped by the safety cap."""
    from cardgen.sim.result import GameResult
    from cardgen.sim.stats import summarise

    stalled = [GameResult(seed=i, players=players, seat_bots=["a"] * players, turns=500, rounds=125,
                          stalled=True, end_condition=None, scores=[0] * players, winners=[])
               for i in range(3)]
    return summarise(game, players, 1, ["a"] * players, stalled)


def test_a_summary_with_no_finished_game_says_so_instead_of_zeros():
    from cardgen.sim.report import NO_GAME_FINISHED, summary_lines

    lines = summary_lines(_all_stalled("dice"))
    assert lines[1:] == [
        "  completed 0, stalled 3  <- games stopped by the safety cap: a rules or bot defect",
        NO_GAME_FINISHED]


def test_a_game_s_own_table_time_is_left_out_when_no_game_finished():
    from cardgen.sim.report import game_summary_lines

    assert game_summary_lines("startup", _all_stalled("startup"), {}) == []


def test_every_counter_of_a_shipped_game_has_a_meaning_and_is_always_reported():
    from cardgen.games.briefcase import simulation as briefcase
    from cardgen.games.startup import simulation as startup

    for module in (briefcase, startup):
        # Reported at zero too: a counter the summary and the README explain never goes missing.
        assert set(module.COUNTERS) == set(module.COUNTER_MEANINGS)


def test_every_counter_of_free_market_nyc_a_run_reports_has_a_meaning():
    # Its counters named per thing (income:stage:11, route:pawn_shop) are explained by family.
    result = runner.invoke(app, ["simulate", "fmnyc", "--players", "3", "--games", "4", "--jobs", "1", "-q"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    events = lines[lines.index("  events a game:") + 1:]
    counters = [line for line in events if line.startswith("    ") and ": " in line]
    assert counters and all(line.rstrip().endswith(")") for line in counters), \
        [line for line in counters if not line.rstrip().endswith(")")]


def test_simulate_names_companies_as_printed_not_by_id():
    result = runner.invoke(app, ["simulate", "--games", "60", "--jobs", "1", "-q", "--set", "simple"])
    assert result.exit_code == 0, result.output
    owned = result.output.split("win rate when owned (highest first):")[1].splitlines()[1:4]
    assert owned and all("_" not in line.split(":")[0] for line in owned), owned


@pytest.mark.parametrize("game", ["dice", "briefcase"])
def test_the_play_time_is_printed_once(game):
    # The dice game states no time: the common line gives it. Briefcase gives its own line,
    # against the time printed on its box, and the common one is left out.
    result = runner.invoke(app, ["simulate", game, "--players", "2", "--games", "6", "--jobs", "1",
                                 "--seconds-per-turn", "40"])
    assert result.exit_code == 0, result.output
    timed = [line for line in result.output.splitlines() if "40 s a turn" in line]
    assert len(timed) == 1, timed
    assert ("play time on the box" in timed[0]) == (game == "briefcase")


@pytest.mark.parametrize("command", [["simulate", "startup", "-n", "2", "-q"], ["play", "fmnyc"]])
def test_a_player_count_beyond_the_game_is_a_usage_error_even_a_huge_one(command):
    # 10**20 players overflowed the list of seats (an internal error).
    result = runner.invoke(app, [*command, "--players", str(10**20)], input="")
    assert result.exit_code == 2 and f"players, not {10**20}" in result.output, result.output


def test_play_seats_as_many_players_as_the_game_needs_at_least():
    # startup is for 3 to 5: play without --players used to ask for 2 and refuse itself.
    result = runner.invoke(app, ["play", "startup"], input="q\n")
    assert result.exit_code == 0 and "stopped" in result.output, result.output
