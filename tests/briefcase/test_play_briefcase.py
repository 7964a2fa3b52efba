"""`cardgen play briefcase`: a person plays Briefcase at the terminal against the bots, to the end
of a game, from what their seat may see; the saved log replays to the same end."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()
# "1" is the first option of every decision (ending the turn in step A); "y" answers a yes/no.
ANSWERS = "1\ny\n" * 1500
CUSTOM_SET = Path(__file__).resolve().parents[2] / "cards" / "briefcase" / "examples" / "custom-set.yaml"


def test_a_person_plays_briefcase_to_the_end_and_the_saved_game_replays(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "briefcase", "--seats", "you,greedy", "--seed", "3",
                                 "--save", str(saved)], input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert "game over after" in result.output and "won by seat" in result.output
    # The table as the person's seat sees it, then the question with numbered options.
    assert "resource market:" in result.output and "Decision Bank:" in result.output
    assert "seat 1 (you): Power Plant" in result.output and "your hand:" in result.output
    assert "1. end your turn" in result.output
    lines = [json.loads(line) for line in saved.read_text().splitlines()]
    assert lines[0]["game"] == "briefcase" and lines[0]["bots"] == ["you", "greedy"]
    assert {entry["seat"] for entry in lines[1:-1]} == {0, 1}
    replayed = runner.invoke(app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output
    assert "same end" in replayed.output


def test_what_the_person_is_shown_holds_no_other_hand(tmp_path: Path):
    result = runner.invoke(app, ["play", "briefcase", "--seats", "you,greedy", "--seed", "5"],
                           input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert "seat 2's hand" not in result.output       # only a Law Firm shows a hand, and not here
    assert "seat 2: Power Plant" in result.output and "in hand" in result.output


def test_a_designer_plays_a_custom_set_against_the_expert_bot():
    result = runner.invoke(app, ["play", "briefcase", "--set", str(CUSTOM_SET), "--seats", "you,expert",
                                 "--seed", "2"], input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert "Startup Incubator" in result.output          # the set's own new company is in play
    assert "game over after" in result.output
