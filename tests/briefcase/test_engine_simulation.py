"""The simulator adapter that ``cardgen simulate`` and ``check-set`` drive."""

from __future__ import annotations

import pickle

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games import game_simulator
from cardgen.games.briefcase.simulation import COUNTERS, SIMULATOR
from cardgen.problems import DataError
from cardgen.sim.driver import drive, policy_seed
from tests.conftest import REPO


def _prepare(players=4, set_ref="simple", bots=("greedy",) * 4, **options):
    return SIMULATOR.prepare(players=players, set_ref=set_ref, bots=list(bots), options=options)


def test_the_simulator_is_registered_for_briefcase():
    sim = game_simulator("briefcase")
    assert sim is SIMULATOR and sim.game == "briefcase"
    assert sim.bots == ("random", "greedy", "expert")


@pytest.mark.parametrize("ref", ["simple", "Simple Game", "HEAVY_INTERACTION", None, "random"])
def test_prepare_accepts_official_sets_by_id_or_name_and_random_portfolios(ref):
    config = _prepare(set_ref=ref)
    if ref in (None, "random"):
        assert config.rules.portfolio is None
    else:
        assert len(config.rules.portfolio) == 14


def test_prepare_accepts_a_custom_set_file_and_its_config_pickles():
    config = _prepare(set_ref=str(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml"))
    assert "startup_incubator" in {config.rules.companies[c].id for c in config.rules.portfolio}
    again = pickle.loads(pickle.dumps(config))
    assert SIMULATOR.play(again, 3, ["greedy"] * 4) == SIMULATOR.play(config, 3, ["greedy"] * 4)


@pytest.mark.parametrize("kwargs,message", [
    ({"set_ref": "Gold Rush"}, "no company set named 'Gold Rush'"),
    ({"set_ref": "/no/such/set.yaml"}, "no company set file"),
    ({"players": 5}, "2 to 4 players, not 5"),
    ({"bots": ["greedy", "clever", "greedy", "greedy"]}, "unknown Briefcase bot 'clever'"),
    ({"max_rounds": 0}, "max_rounds must be a positive whole number"),
    ({"max_rounds": "3"}, 'max_rounds must be a positive whole number, not "3"'),
])
def test_prepare_refuses_bad_input_with_one_clear_line(kwargs, message):
    with pytest.raises(ValueError, match=message) as info:
        _prepare(**kwargs)
    assert "\n" not in str(info.value)


def test_prepare_reports_a_broken_set_file_as_data_problems(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: briefcase\nkind: company-set\nname: Broken\ncompanies: [Newspaper, Nope]\n")
    with pytest.raises(DataError):
        _prepare(set_ref=str(bad))


def test_play_reports_a_complete_game():
    config = _prepare()
    r = SIMULATOR.play(config, 42, ["greedy", "expert", "greedy", "random"], invariants=True)
    assert not r.stalled and r.end_condition in ("resources", "companies", "buy_cards")
    assert r.players == 4 and r.seat_bots == ["greedy", "expert", "greedy", "random"]
    assert r.rounds == r.turns // 4 and r.turns % 4 == 0        # every player had as many turns
    assert len(r.scores) == 4 and r.winners and set(r.winners) <= {0, 1, 2, 3}
    assert max(r.scores) == r.scores[r.winners[0]]
    assert set(r.counters) == set(COUNTERS)
    assert set(r.items) == {c.id for c in config.rules.companies if c.starting} | {
        config.rules.companies[c].id for c in config.rules.portfolio}
    assert r.items["power_plant"]["owners"] == [0, 1, 2, 3] and "bought" not in r.items["power_plant"]
    bought = sum(v.get("bought", 0) for v in r.items.values())
    owned = sum(len(v["owners"]) for k, v in r.items.items() if k != "power_plant")
    assert bought == owned > 0


def test_each_seats_figures_add_up_to_its_score_and_count_the_cards_it_is_seen_to_hold():
    config = _prepare()
    seats = ["greedy", "expert", "greedy", "random"]
    state = SIMULATOR.new_state(config, 42, invariants=True)
    drive(state, [SIMULATOR.policy(b, s, policy_seed(42, s)) for s, b in enumerate(seats)])
    r = SIMULATOR.result(state, 42, seats)
    assert r == SIMULATOR.play(config, 42, seats, invariants=True) and len(r.seat_figures) == 4
    for seat, f in enumerate(r.seat_figures):
        # Game End: companies, abilities, Victory Point cards and stored resources are the score.
        assert sum(v for k, v in f.items() if k.startswith("VP from")) == r.scores[seat]
        seen = state.observation(seat).players[seat]
        assert [f[f"{t} cards held"] for t in ("Buy", "Activate", "Obstacle", "Hire")] == list(seen.cards)
        assert f["companies activated"] == sum(seen.active)


def test_a_game_that_hits_the_cap_is_reported_stalled():
    r = SIMULATOR.play(_prepare(max_rounds=2), 1, ["greedy"] * 4)
    assert r.stalled and r.end_condition is None and r.winners == [] and r.turns == 8


def test_the_same_seed_gives_the_same_result():
    config = _prepare(set_ref=None)
    seats = ["expert", "greedy"] * 2
    assert SIMULATOR.play(config, 9, seats) == SIMULATOR.play(config, 9, seats)
    assert SIMULATOR.play(config, 9, ["greedy"] * 4) != SIMULATOR.play(config, 10, ["greedy"] * 4)


GREEK = REPO.parent / "shared" / "seeds" / "001_1d7eb21fd1ee9a24.txt"


def test_the_play_time_on_the_box_is_a_fact_and_the_turn_time_authored():
    import yaml

    from cardgen.games.briefcase.load import load_briefcase

    game, _ = load_briefcase()
    data = yaml.safe_load((REPO / "cards/briefcase/game.yaml").read_text())
    assert f"{game.target_minutes}min" in data["facts"]["target_minutes"]
    assert "seconds_per_turn" in data["authored"] and "seconds_per_turn" not in data["facts"]


def test_the_player_counts_on_the_box_are_facts_and_the_default_count_authored():
    # The box line "2-4 45min 12+" prints the counts; no text recommends one, so 4 is cardgen's.
    import yaml

    from cardgen.games.briefcase.load import load_briefcase

    game, _ = load_briefcase()
    players = yaml.safe_load((REPO / "cards/briefcase/game.yaml").read_text())["players"]
    assert players["facts"]["min"] == players["facts"]["max"]
    assert f"{game.min_players}-{game.max_players} " in players["facts"]["min"]
    assert players["authored"] == ["default"] and "default" not in players["facts"]
    result = CliRunner().invoke(app, ["validate", "briefcase", "--provenance"])
    assert "game.yaml" in result.output and "players default = 4" in result.output


@pytest.mark.skipif(not GREEK.exists(), reason="the rulebook text is not beside the repository")
def test_the_play_time_quotes_the_greek_edition():
    import yaml

    data = yaml.safe_load((REPO / "cards/briefcase/game.yaml").read_text())
    assert data["facts"]["target_minutes"] in GREEK.read_text(encoding="utf-8")


def test_the_summary_gives_the_table_time_against_the_play_time_on_the_box():
    from cardgen.games.briefcase.load import load_briefcase
    from cardgen.games.briefcase.simulation import summary_lines
    from cardgen.sim.stats import Summary

    game, _ = load_briefcase()
    config = SIMULATOR.prepare(players=4, set_ref="simple", bots=["greedy"] * 4, options={})
    summary = Summary("briefcase", 4, 1, ["greedy"] * 4)
    for seed in range(4):
        summary.add(SIMULATOR.play(config, seed, ["greedy"] * 4))
    s = summary.result({})
    [line] = summary_lines(s)
    minutes = s["turns"]["p50"] * game.seconds_per_turn / 60
    assert f"at {game.seconds_per_turn} s a turn: median {minutes:.0f} min" in line
    assert f"of the {game.target_minutes}-minute play time on the box" in line
    slow = summary_lines(s, {"seconds_per_turn": 6 * game.seconds_per_turn})
    assert slow[1].startswith("  warning: at 4 players the median game runs")
