"""Free Market: NYC through the shared simulator: games end at every player count and round
count with the invariants on, the options are checked, the bots play legally and the heuristic
plays better than chance, and ``cardgen simulate fmnyc`` reports what a designer needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.fmnyc.simulation import SIMULATOR, SUPPLIES
from cardgen.sim.driver import RandomPolicy, drive, play_game, policy_seed
from cardgen.sim.seeds import game_seed


def config(players: int, **options: object):
    return SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players, options=options)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_at_every_player_count_with_the_invariants_on(players: int):
    cfg = config(players)
    for i in range(12):
        result = play_game(SIMULATOR, cfg, game_seed(7, i), ["random"] * players, invariants=True)
        assert not result.stalled and result.winners and result.rounds == 4


@pytest.mark.parametrize("rounds", [4, 5, 6])
def test_a_game_ends_after_the_chosen_number_of_game_rounds(rounds: int):
    result = play_game(SIMULATOR, config(3, rounds=rounds), 3, ["random"] * 3, invariants=True)
    assert result.rounds == rounds and result.end_condition == f"{rounds} rounds"


def test_a_round_count_the_rules_do_not_offer_is_refused():
    with pytest.raises(ValueError, match="Game Rounds"):
        config(4, rounds=7)


def test_the_career_option_is_the_full_or_the_quick_draft():
    assert config(4, career=True).career == "full" and config(4, career="quick").career == "quick"
    with pytest.raises(ValueError, match="full or quick"):
        config(4, career="some")


def test_a_career_option_that_is_not_one_reads_as_a_log_holds_it():
    # A game log's header may hold any value: it is quoted as JSON, not as Python ('some', [1]).
    with pytest.raises(ValueError, match='not "some"$'):
        config(4, career="some")
    with pytest.raises(ValueError, match=r"not \[1\]$"):
        config(4, career=[1])


@pytest.mark.parametrize("draft", ["full", "quick"])
def test_random_games_with_career_cards_and_stocks_end_with_the_invariants_on(draft: str):
    for players in (2, 5):
        cfg = config(players, career=draft, stocks=True)
        for i in range(4):
            result = play_game(SIMULATOR, cfg, game_seed(11, i), ["random"] * players, invariants=True)
            assert not result.stalled
            assert sum(1 for name in result.items if name.startswith("career ")) == 2 * players


def test_stocks_are_bought_and_traded_when_the_add_on_is_on():
    cfg = config(4, stocks=True)
    bought = sum(play_game(SIMULATOR, cfg, game_seed(2, i), ["random"] * 4, invariants=True)
                 .counters.get("stocks_bought", 0) for i in range(6))
    assert bought > 0
    without = play_game(SIMULATOR, config(4), 1, ["random"] * 4)
    assert without.counters.get("stocks_bought", 0) == 0


def test_the_safety_cap_stops_a_game_and_counts_it_stalled():
    result = play_game(SIMULATOR, config(4, max_decisions=50), 1, ["random"] * 4)
    assert result.stalled and not result.winners and result.turns == 50


def test_scores_start_at_200_and_a_shared_top_worth_is_a_shared_win():
    cfg = config(2)
    for i in range(10):
        state = SIMULATOR.new_state(cfg, game_seed(4, i))
        drive(state, [RandomPolicy(policy_seed(game_seed(4, i), s)) for s in range(2)])
        assert all(p["start"] == 200 for p in state.parts)
        assert state.winners() == [s for s, v in enumerate(state.scores) if v == max(state.scores)]


def test_another_seats_crates_show_only_as_a_count():
    state = SIMULATOR.new_state(config(3), 5)
    seen = state.observation(1)
    assert seen.crates == tuple(sorted(state.seats[1].crates))
    assert seen.seats[0].crates == len(state.seats[0].crates)
    assert not any(isinstance(v, list) for v in seen.seats[0])


def test_the_heuristic_bot_wins_more_than_its_fair_share_against_random_bots():
    cfg = config(4)
    credit, games = 0.0, 30
    for i in range(games):
        seats = ["heuristic", "random"] * 2 if i % 2 else ["random", "heuristic"] * 2
        result = play_game(SIMULATOR, cfg, game_seed(9, i), seats)
        credit += sum(1 / len(result.winners) for w in result.winners if seats[w] == "heuristic")
    assert credit / games > 0.75          # fair share of two seats in four: 0.5


def test_simulate_fmnyc_reports_stage_use_income_and_supply_exhaustion(tmp_path: Path):
    out = tmp_path / "s.json"
    result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "5", "--games", "12", "--jobs", "1",
                                      "--bots", "random", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["stalled"] == 0 and data["completed"] == 12
    counters = data["counters"]
    assert {f"ran_out:{item}" for item in SUPPLIES} <= set(counters)
    assert "income:sales" in counters and "score_spread" in counters
    assert any(name.startswith("15 ") for name in data["items"])
    assert "ran_out:crate" in result.output
    assert "play time at 12 s a decision" in result.output
    assert "supplies that ran out (share of games):" in result.output


def test_the_summary_is_byte_identical_whatever_the_jobs(tmp_path: Path):
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"{jobs}.json"
        result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "4", "--games", "10",
                                          "--jobs", jobs, "--career", "--stocks", "--json", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_simulate_fmnyc_takes_the_round_count_and_the_stocks_add_on():
    result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "3", "--games", "4", "--jobs", "1",
                                      "--bots", "random", "--rounds", "6", "--stocks"])
    assert result.exit_code == 0, result.output
    assert "6 rounds 4" in result.output and "stocks_bought" in result.output


def test_the_summary_says_which_options_of_the_game_were_played(tmp_path: Path):
    # A saved summary of a 6-round game with stocks read as one of the default game.
    out = tmp_path / "s.json"
    result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "2", "--games", "2", "--jobs", "1",
                                      "--bots", "random", "--rounds", "6", "--stocks", "--career", "quick",
                                      "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].endswith(", options --rounds 6 --stocks --career quick")
    assert json.loads(out.read_text(encoding="utf-8"))["options"] == {"rounds": 6, "stocks": True,
                                                                      "career": "quick"}
    plain = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "2", "--games", "2", "--jobs", "1",
                                     "--bots", "random", "--json", str(out)])
    assert "options" not in plain.output.splitlines()[0]
    assert "options" not in json.loads(out.read_text(encoding="utf-8"))


def test_a_game_option_of_another_game_is_a_usage_error():
    result = CliRunner().invoke(app, ["simulate", "startup", "--players", "3", "--games", "4",
                                      "--rounds", "5"])
    assert result.exit_code == 2 and "--rounds is not an option of startup" in result.output


def test_the_planner_wins_more_than_its_fair_share_against_three_heuristic_bots():
    cfg = config(4)
    credit, games = 0.0, 40
    for i in range(games):
        seats = ["heuristic"] * 4
        seats[i % 4] = "planner"
        result = play_game(SIMULATOR, cfg, game_seed(13, i), seats)
        credit += sum(1 / len(result.winners) for w in result.winners if seats[w] == "planner")
    assert credit / games > 0.4          # fair share of one seat in four: 0.25


def test_check_set_judges_a_file_of_career_cards_by_their_win_rate_when_held(tmp_path: Path):
    cards = tmp_path / "my-careers.yaml"
    cards.write_text((Path(__file__).resolve().parents[2] / "cards/fmnyc/careers.yaml").read_text())
    result = CliRunner().invoke(app, ["check-set", str(cards), "--games", "6", "--jobs", "1", "--no-effects"])
    assert result.exit_code == 0, result.output
    assert "bot planner in every seat" in result.output
    assert "win rate when held" in result.output and "career " in result.output


def test_simulate_with_a_career_file_plays_its_cards(tmp_path: Path):
    cards = tmp_path / "my-careers.yaml"
    text = (Path(__file__).resolve().parents[2] / "cards/fmnyc/careers.yaml").read_text()
    cards.write_text(text.replace("title: Heir", "title: Rich Uncle"))
    cfg = SIMULATOR.prepare(players=5, set_ref=str(cards), bots=["random"] * 5, options={})
    assert cfg.career == "full"
    titles = {c["title"] for c in cfg.model.careers}
    assert "Rich Uncle" in titles and "Heir" not in titles
    result = play_game(SIMULATOR, cfg, 1, ["random"] * 5, invariants=True)
    kept = {name.removeprefix("career ") for name in result.items if name.startswith("career ")}
    assert len(kept) == 10 and kept <= titles


def test_each_seats_figures_are_its_score_by_part_of_the_count():
    cfg = config(3)
    r = SIMULATOR.play(cfg, game_seed(1, 0), ["random"] * 3)
    assert not r.stalled and len(r.seat_figures) == 3
    start = cfg.table.score_start
    for seat, f in enumerate(r.seat_figures):
        assert set(f) == {"score from coins", "score from stocks", "score from assets",
                          "score from awards", "score from careers"}
        assert start + sum(f.values()) == r.scores[seat]


def test_the_heuristic_bot_moves_a_rivals_truck_off_the_square_it_would_sell_at_with_its_politician():
    """Before parking (``route_politician``), a bot holding a charged politician clears the
    square where its crates sell best, and sends the rival's truck where it threatens nothing."""
    from cardgen.games.fmnyc.bots import HeuristicBot
    from cardgen.games.fmnyc.engine.delivery import delivery
    from cardgen.games.fmnyc.engine.state import Truck
    from tests.fmnyc.helpers import give_crates, square

    game = SIMULATOR.new_state(config(4), 1, invariants=True)
    pawn = square(game, "pawn_shop")                            # where tools sell best at the start
    game.seats[1].held["truck"] -= 1
    game.seats[1].trucks.append(Truck(pawn, 0))
    game.supply.colour[0]["disc"] -= 1
    game.board.politician["mayor"] = [0, True]                  # needs 1 coin: seat 1 has 12
    give_crates(game, 0, ["tools", "tools"])
    game.start(delivery(game, 0))
    asked = game.decision()
    assert (asked.seat, asked.tag) == (0, "route_politician")
    move = HeuristicBot().decide(game.observation(0), asked)
    assert move[:3] == ["move_truck", "mayor", pawn] and game.board.partner[move[3]] is None


def test_the_heuristic_bot_puts_its_second_gala_honoring_disc_on_a_politician_it_can_use():
    from cardgen.games.fmnyc.bots import HeuristicBot
    from cardgen.games.fmnyc.engine.effects import perform

    game = SIMULATOR.new_state(config(4), 1, invariants=True)
    game.start(perform(game, 0, game.table.stages[14]["effects"]))
    bot, placed = HeuristicBot(), []
    while (asked := game.decision()) is not None:
        choice = bot.decide(game.observation(asked.seat), asked)
        if asked.tag == "place_disc":
            placed.append(choice)
        game.apply(choice)
    assert [p[0] for p in placed] == ["award", "politician"]
    assert game.board.politician[placed[1][1]] == [0, True]


def _struck_factory_window(factory: str, rnd: int):
    """Seat 1 partners ``factory``, which a rival struck; the mayor is seat 1's, charged; the
    window after stage 17 of round ``rnd`` asks seat 1 first."""
    from cardgen.games.fmnyc.engine import anytime
    from tests.fmnyc.helpers import square

    game = SIMULATOR.new_state(config(4), 1, invariants=True)
    q = square(game, factory)
    game.board.partner[q] = 0
    game.seats[0].held["manager"] -= 1             # the partnership's manager, from behind the screen
    game.board.strike[q] = True
    game.supply.shared["strike"] -= 1
    game.supply.colour[0]["disc"] -= 1
    game.board.politician["mayor"] = [0, True]      # needs 1 coin: seat 1 has 12
    game.round, game.stage, game.first = rnd, 18, 0
    game.start(anytime.window(game))
    asked = game.decision()
    assert (asked.seat, asked.tag) == (0, "any_time")
    return game, q, asked


def test_the_heuristic_bot_lifts_a_strike_from_its_factory_when_the_bonus_is_worth_the_politician():
    """After stage 17, a strike on its Automobile Factory would cost it 3 coins at the next
    stage 2; the mayor's use costs his coin there and 1 to recharge: it lifts the strike."""
    from cardgen.games.fmnyc.bots import HeuristicBot

    game, q, asked = _struck_factory_window("automobile", 1)
    assert HeuristicBot().decide(game.observation(0), asked) == ["remove_strike", "mayor", q]


def test_the_heuristic_bot_leaves_a_strike_that_frees_less_than_the_politician_costs():
    """The Cement Factory's bonus (1 worker, Scoring Value 1) is worth less than the mayor's
    coin and recharge; and after the last round's stage 17 no bonus is left to free."""
    from cardgen.games.fmnyc.bots import HeuristicBot

    game, q, asked = _struck_factory_window("cement", 1)
    assert HeuristicBot().decide(game.observation(0), asked)[0] != "remove_strike"
    game, q, asked = _struck_factory_window("automobile", config(4).rounds)
    assert HeuristicBot().decide(game.observation(0), asked)[0] != "remove_strike"
