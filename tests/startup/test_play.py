"""The startup game at the terminal (``cardgen play``): a seat's view and every option read as
text, and a game played from scripted answers replays from its log to the same end."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.startup.engine import Action
from cardgen.games.startup.simulation import SIMULATOR
from tests.startup.table import ally, bank, hand, table

runner = CliRunner()
# Answers that fit every kind of decision sooner or later: a wrong one is asked again.
ANSWERS = "1\ny\n1 2\n" * 600


def test_the_options_of_a_turn_read_as_card_plays():
    game, _ = table(3)
    cto = bank(game, 1, "cto")[0]
    ally(game, 0, 2)
    poach, _ = hand(game, 0, "poach", "pr_crisis")
    hand(game, 2, "seed_round")
    asked = game.asks(game.engine.card_plays(0))
    labels = [asked.label(i) for i in range(len(asked.options))]
    assert "bank Poach ($10M)" in labels and "Poach on seat 2's CTO" in labels
    assert "PR Crisis on seat 3" in labels and labels[-1] == "stop playing cards this turn"
    assert "offer Poach to your ally (seat 3) for a card of theirs" in labels
    assert asked.options[labels.index("Poach on seat 2's CTO")] == Action("use", poach, 1, cto)


def test_an_attacked_seat_sees_the_attack_and_its_answers_by_name():
    game, _ = table(3)
    bank(game, 1, "series_a")
    crisis = hand(game, 0, "pr_crisis")[0]
    hand(game, 1, "crisis_pr_team")
    asked = game.asks(game.engine.perform(0, Action("use", crisis, 1)))
    assert asked.tag == "react"
    assert [asked.label(i) for i in range(len(asked.options))] == ["Crisis PR Team", "let the attack through"]
    lines = SIMULATOR.describe(game.observation(1))
    assert "attack: seat 1 plays PR Crisis on seat 2" in lines
    assert "your hand: Crisis PR Team" in lines
    assert any(line.startswith("seat 2 (you): ") and "$150M" in line and "bank: Series A" in line
               for line in lines)


def test_a_game_played_at_the_terminal_replays_from_its_log(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "startup", "--seats", "you,heuristic,random", "--seed", "5",
                                 "--save", str(saved)], input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert "seat 1 (you): Play a card (or stop):" in result.output and "game over after" in result.output
    assert "Action(" not in result.output and "Observation(" not in result.output
    replayed = runner.invoke(app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output
    assert "same end" in replayed.output
