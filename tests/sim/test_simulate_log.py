"""`cardgen simulate --log DIR`: every game's decisions as JSON Lines that `cardgen replay` plays
again to the same end; stalled games are logged even without --log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen import games
from cardgen.cli import app
from cardgen.sim.gamelog import FORMAT
from tests.conftest import REPO
from tests.sim.toy import simulation as toy

runner = CliRunner()


def test_every_game_is_logged_and_replays_to_the_same_end(tmp_path: Path):
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["simulate", "startup", "--players", "3", "--games", "3", "--jobs", "1",
                                 "--seed", "7", "--log", str(logs), "-q"])
    assert result.exit_code == 0, result.output
    files = sorted(logs.iterdir())
    assert len(files) == 3
    for file in files:
        head = json.loads(file.read_text().splitlines()[0])
        assert head["game"] == "startup" and head["players"] == 3
        replayed = runner.invoke(app, ["replay", str(file)])
        assert replayed.exit_code == 0, replayed.output
        assert "same end" in replayed.output


def test_stalled_games_are_logged_without_being_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(games._MODULES, "toy", "tests.sim.toy")
    monkeypatch.setattr(toy, "CAP", 1)                  # every game stops at the safety cap
    (tmp_path / "cardgen.toml").write_text("")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["simulate", "toy", "--players", "2", "--games", "2", "--jobs", "1", "-q"])
    assert result.exit_code == 0, result.output
    assert "logged the 2 stalled games in output/stalled-games" in result.output
    assert len(list((tmp_path / "output" / "stalled-games").iterdir())) == 2


def test_a_game_without_decision_points_cannot_be_logged(tmp_path: Path, monkeypatch):
    monkeypatch.setitem(games._MODULES, "dice", "tests.sim.dice")   # a simulator that only plays whole games
    result = runner.invoke(app, ["simulate", "dice", "--games", "2", "--log", str(tmp_path / "l")])
    assert result.exit_code == 2 and "cannot log its games yet" in result.output


def test_a_log_nested_too_deeply_is_one_line(tmp_path: Path):
    log = tmp_path / "deep.jsonl"
    log.write_text("[" * 100_000)
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    first = result.output.strip().splitlines()[0]
    assert first.endswith("deep.jsonl:1: not a game log's line: nested too deeply")


@pytest.mark.parametrize("game, options, message", [
    ("briefcase", {"max_round": 3},
     "briefcase has no option 'max_round' (options: seconds_per_turn, max_rounds)"),
    ("briefcase", {"max_rounds": "3"},
     "the option 'max_rounds' of briefcase must be a whole number from 1 to 1,000,000, not \"3\""),
    ("briefcase", {"max_rounds": 10 ** 18}, "from 1 to 1,000,000, not 1000000000000000000"),
    ("startup", {"max_turns": True}, "must be a whole number from 1 to 1,000,000, not true"),
    ("fmnyc", {"max_decisions": 0}, "must be a whole number from 1 to 1,000,000, not 0"),
    ("startup", {"seconds_per_turn": [1]}, "must be a number of seconds above 0 and at most 3600, not [1]"),
    ("startup", {"seconds_per_turn": 1e308}, "above 0 and at most 3600, not 1e+308"),
    ("fmnyc", {"rounds": {"a": 1}},
     "the option 'rounds' of fmnyc must be a whole number above 0, not {\"a\": 1}"),
])
def test_a_log_whose_options_the_game_does_not_take_is_refused_not_replayed_without_them(
        tmp_path: Path, game, options, message):
    # An edited or foreign header would replay another game than it says, or crash the engine.
    log = tmp_path / "game.jsonl"
    players = {"briefcase": 2, "startup": 3, "fmnyc": 2}[game]
    head = {"format": FORMAT, "game": game, "seed": 1, "players": players,
            "bots": [("greedy" if game == "briefcase" else "heuristic")] * players, "set": None,
            "options": options}
    log.write_text(json.dumps(head) + "\n")
    for args in (["replay", str(log)], ["play", "--resume", str(log)]):
        result = runner.invoke(app, args, input="q\n")
        assert result.exit_code != 0 and isinstance(result.exception, SystemExit), result.output
        assert message in result.output and "Traceback" not in result.output


def test_a_log_whose_set_file_became_another_kind_of_file_is_one_line(tmp_path: Path):
    # The set file a log names was replaced by a valid file of another kind: one line, naming
    # both, not the game's data "having problems" (there are none, and validate finds none).
    mine = tmp_path / "mine.yaml"
    mine.write_bytes((REPO / "cards/briefcase/examples/custom-set.yaml").read_bytes())
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["simulate", "briefcase", "--games", "1", "--jobs", "1", "--set", str(mine),
                                 "--log", str(logs), "-q"])
    assert result.exit_code == 0, result.output
    mine.write_bytes((REPO / "cards/briefcase/rulings.yaml").read_bytes())
    log = next(logs.iterdir())
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 2
    assert replayed.output.splitlines() == [
        f"error: {log}:1: {mine} is not a Briefcase company set file: it says 'game: briefcase' and "
        "'kind: rulings', where a set file says 'game: briefcase' and 'kind: company-set'"]
