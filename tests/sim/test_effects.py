"""Paired company effects on common random numbers (``cardgen.sim.effects``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgen.sim.effects import (
    Effect,
    focal_run,
    focal_seat,
    paired_effect,
    paired_shifts,
    run_effect,
    seldom,
)
from cardgen.sim.result import GameResult
from cardgen.sim.runner import RunSpec
from cardgen.sim.seeds import seat_bots
from cardgen.sim.verdict import judge

EDGE = 0.2


class EdgeSimulator:
    """Two seats; one uniform draw u decides: seat 1 wins when u < 0.5, moved by EDGE toward a
    seat whose bot is "edge". So an "edge" bot against a "plain" one wins exactly EDGE more."""

    game = "edge"
    bots = ("plain", "edge")

    def prepare(self, **_: Any) -> None:
        return None

    def play(self, config: Any, seed: int, seat_bots: list[str], invariants: bool = False) -> GameResult:
        t = 0.5 + EDGE * (seat_bots[0] == "edge") - EDGE * (seat_bots[1] == "edge")
        winner = 0 if random.Random(seed).random() < t else 1
        return GameResult(seed=seed, players=2, seat_bots=list(seat_bots), turns=1, rounds=1,
                          stalled=False, end_condition="draw", scores=[0, 0], winners=[winner],
                          seat_figures=[{"edges": float(b == "edge"), "seat": float(s)}
                                        for s, b in enumerate(seat_bots)])


SIMULATOR = EdgeSimulator()


def spec(bots: list[str], games: int = 2000) -> RunSpec:
    return RunSpec(f"{__name__}:SIMULATOR", None, games, 7, bots)


def test_the_bot_listed_first_sits_where_seat_rotation_puts_it():
    bots = ["focal", "b", "c", "d"]
    assert all(seat_bots(bots, i)[focal_seat(i, 4)] == "focal" for i in range(12))


def test_paired_effect_is_the_mean_difference_with_a_normal_interval():
    e = paired_effect([1, 1, 0, 0], [0, 1, 0, 1])
    assert e.mean == 0 and e.games == 4
    assert e.low == pytest.approx(-1.96 * (2 / 3) ** 0.5 / 2) and e.high == pytest.approx(-e.low)


def test_a_paired_effects_interval_stays_within_a_whole_share_either_way():
    # Win credits are 0 to 1: the normal interval of 4 games (0.75 ± 0.98) is cut at +1.
    e = paired_effect([1, 1, 1, 0], [0, 0, 0, 0])
    assert e.mean == 0.75 and e.high == 1.0 and e.low == pytest.approx(0.75 - 1.96 * 0.5 / 2)
    e = paired_effect([0, 0, 0, 0], [1, 1, 1, 0])
    assert e.low == -1.0


def test_a_known_advantage_is_measured_with_the_right_sign_and_an_interval_covering_it():
    # base: plain as usual; variant: the same seat's bot given the edge -> base - variant = -EDGE.
    e = run_effect(spec(["plain", "plain"]), spec(["edge", "plain"]), None)
    assert e.high < 0
    assert e.low <= -EDGE <= e.high


def test_paired_runs_must_share_seed_and_games():
    with pytest.raises(ValueError):
        run_effect(spec(["plain", "plain"]), spec(["edge", "plain"], games=10), None)


SUMMARY = {"games": 100, "stalled": 0, "rounds": {"p50": 20}, "items": {},
           "wins_by_seat": [{"seat": s + 1, "win_share": 0.25, "ci95": [0.2, 0.3]} for s in range(4)]}


def test_an_effect_whose_interval_lies_wholly_above_the_band_warns_and_names_the_bot():
    v = judge({4: SUMMARY}, None, {"mine": Effect(0.12, 0.07, 0.17, 200)}, 4, "expert")
    assert v.warnings == ["4 players: mine is too strong: expert wins +12.0 points of share when it "
                          "may buy it versus never (95% CI +7.0 to +17.0, 200 paired games)"]


def test_an_effect_whose_interval_reaches_into_the_band_does_not_warn():
    assert judge({4: SUMMARY}, None, {"mine": Effect(0.12, 0.04, 0.2, 200)}, 4, "expert").warnings == []


def test_an_effect_wholly_below_the_band_is_a_trap():
    v = judge({4: SUMMARY}, None, {"pit": Effect(-0.1, -0.15, -0.06, 200)}, 4, "expert")
    assert "pit is a trap" in v.warnings[0]


def test_where_an_effect_shows_is_each_figures_mean_paired_change_largest_first():
    shifts = paired_shifts([{"a": 1, "b": 5}, {"a": 3}], [{"a": 0, "b": 1}, {"a": 1, "c": 1}])
    # a: (1 + 2) / 2; b: (4 + 0) / 2 (a figure a game lacks counts 0); c: (0 - 1) / 2
    assert shifts == (("b", 2.0), ("a", 1.5), ("c", -0.5))


def test_the_focal_seats_figures_follow_it_through_the_seats():
    base = focal_run(spec(["edge", "plain"], games=40), None)
    variant = focal_run(spec(["plain", "plain"], games=40), None)
    shifts = dict(paired_shifts(base.figures, variant.figures))
    # The first-listed bot is "edge" in every game of the base run and in none of the variant's;
    # both runs put it in the same seats, so its seat does not move at all.
    assert shifts == {"edges": 1.0, "seat": 0.0}
    assert len(base.figures) == len(base.credits) == 40


def test_a_warning_says_where_its_effect_shows_and_leaves_out_what_hardly_moved():
    e = Effect(0.2, 0.1, 0.3, 200, shifts=(("Buy cards held", 4.9), ("VP from companies", -1.42),
                                           ("Hire cards held", 0.01)))
    line = judge({}, effects={"c": e}, at=4, bot="expert").warnings[0]
    assert line.endswith("; where it shows, per game: Buy cards held +4.9, VP from companies -1.4")
    assert "too strong" in line


class GemSimulator:
    """Two seats. A "toy" bot picks up the gem in 2% of games, one told to go for it always,
    one told to avoid it never; holding it is a trap (its holder's chance to win falls from
    one half to one sixth)."""

    game = "gem"
    bots = ("toy",)

    def effect_subjects(self, config: Any) -> dict[str, str]:
        return {"gem": "gem"}

    def play(self, config: Any, seed: int, seat_bots: list[str], invariants: bool = False) -> GameResult:
        rng = random.Random(seed)
        # Every seat draws whatever its bot: the same games stay the same games.
        draws = [rng.random() for _ in seat_bots]
        holds = [b.endswith("/favour=gem") or (u < 0.02 and not b.endswith("/avoid=gem"))
                 for b, u in zip(seat_bots, draws, strict=True)]
        weights = [0.2 if h else 1.0 for h in holds]
        winner = 0 if rng.random() * sum(weights) < weights[0] else 1
        return GameResult(seed=seed, players=2, seat_bots=list(seat_bots), turns=1, rounds=1,
                          stalled=False, end_condition="done", scores=[0, 0], winners=[winner],
                          items={"gem": {"bought": sum(holds), "owners": [s for s in (0, 1) if holds[s]]}})


GEMS = GemSimulator()


def gem_spec(bots: list[str], games: int = 1000) -> RunSpec:
    return RunSpec(f"{__name__}:GEMS", None, games, 3, bots)


def test_never_taking_an_item_moves_the_win_share_no_more_than_the_share_of_games_it_was_taken_in():
    # The paired runs play the same games until the bot would take the item: only those games
    # can differ, so a bot that seldom takes it cannot show an effect beyond that share.
    usual = focal_run(gem_spec(["toy", "toy"]), None)
    never = focal_run(gem_spec(["toy/avoid=gem", "toy"]), None)
    e = paired_effect(usual.credits, never.credits)
    assert 0 < usual.held("gem") < 0.05 * 1000 and never.held("gem") == 0
    assert abs(e.mean) <= usual.held("gem") / 1000
    assert seldom(usual.held("gem"), 1000, 0.05) and not seldom(50, 1000, 0.05)


def test_an_item_taken_too_seldom_to_leave_the_band_is_judged_going_for_it():
    from types import SimpleNamespace

    from cardgen.commands.check_set import _effects

    plan = SimpleNamespace(spec=gem_spec(["toy", "toy"], games=400))
    usual, going, _ = _effects(GEMS, plan, {"items": {}}, "toy", 400, 1, {}, "buy")
    held = usual["gem"].held
    assert 0 < held < 0.05 * 400 and not usual["gem"].outside(0.05)   # as usual: blind to it
    assert going["gem"].high < -0.05 and going["gem"].held == 400       # going for it: a trap
    v = judge({2: SUMMARY | {"items": {"gem": {"bought": held}}}}, None, usual, 2, "toy", favoured=going)
    assert any(w.startswith(f"gem is a trap: toy buys it in only {held} of 400 games at 2 players, and going "
                            "for it") for w in v.warnings), v.warnings
