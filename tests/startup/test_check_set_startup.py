"""check-set on the startup game: which tactic or answer decides games. The game has no card
sets, so `cardgen check-set startup` checks its data whole; each card played for an effect or
as an answer gets a paired effect (the heuristic bot as usual versus never using it)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.startup.simulation import SIMULATOR
from cardgen.sim.driver import play_game
from cardgen.sim.effects import avoiding, favouring


def _config(players: int = 4):
    return SIMULATOR.prepare(players=players, set_ref=None, bots=["heuristic"] * players, options={})


def test_a_bot_told_to_avoid_a_card_never_uses_it_and_one_told_to_favour_it_uses_it_more():
    config = _config()
    avoided = favoured = usual = 0
    for seed in range(12):
        others = ["heuristic"] * 3
        never = play_game(SIMULATOR, config, seed, [avoiding("heuristic", "poach"), *others])
        assert 0 not in never.items["poach"]["users"]
        avoided += 0 in never.items["poach"]["users"]
        usual += 0 in play_game(SIMULATOR, config, seed, ["heuristic", *others]).items["poach"]["users"]
        favoured += 0 in play_game(SIMULATOR, config, seed,
                                   [favouring("heuristic", "poach"), *others]).items["poach"]["users"]
    assert avoided == 0 and favoured >= usual and favoured > 0


def test_growth_cards_are_banked_only_and_have_no_use_to_measure():
    subjects = SIMULATOR.effect_subjects(_config())
    assert "poach" in subjects and "not_for_sale" in subjects
    assert "series_a" not in subjects and "cto" not in subjects


def test_check_set_startup_names_each_card_effect_with_its_interval(tmp_path: Path):
    out = tmp_path / "startup.json"
    result = CliRunner().invoke(app, ["check-set", "startup", "--games", "30", "--effect-games", "20",
                                      "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "card effects at 5 players (heuristic may play it vs never plays it" in result.output
    assert "Poach:" in result.output and "used " in result.output
    # The game checked whole is named once in the verdict line, not "startup (startup)".
    assert ": startup, 30 games at each of 3, 4, 5 players" in result.output
    data = json.loads(out.read_text())
    assert data["game"] == "startup" and data["players"] == [3, 4, 5]
    names = {it["name"] for it in data["effects"]["items"]}
    assert {"Poach", "Not For Sale", "Strategic Alliance"} <= names
    assert all(len(it["ci95_points"]) == 2 for it in data["effects"]["items"])


def test_a_bot_that_cannot_be_told_to_avoid_a_card_is_refused_before_any_game():
    result = CliRunner().invoke(app, ["check-set", "startup", "--bots", "random", "--games", "5"])
    assert result.exit_code == 2
    assert result.output.startswith("error: the random bot cannot be told to avoid a card")
    assert "simulating" not in result.output


def test_a_game_checked_whole_with_another_game_named_is_a_usage_error():
    result = CliRunner().invoke(app, ["check-set", "startup", "--game", "briefcase", "--games", "5"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: startup is a game checked whole; --game briefcase names another"


def test_a_set_named_for_a_game_checked_whole_says_to_check_the_game_itself():
    result = CliRunner().invoke(app, ["check-set", "simple", "--game", "startup", "--games", "5"])
    assert result.exit_code == 2
    assert result.output.strip() == ("error: startup has no card sets to name: check it whole with "
                                     "'cardgen check-set startup'")
