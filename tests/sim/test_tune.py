"""`cardgen tune`: the search finds a known optimum on a toy market, moves only authored values,
and the command writes a company-changes file that a workspace applies. Few games each: no test
depends on the machine's speed."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data import schema
from cardgen.sim.result import GameResult
from cardgen.sim.tune import Joint, Part, Run, Settings, State, Tuner

runner = CliRunner()


# --- A toy market with one company and a known optimum --------------------------------------
# Two players; each seat buys the gadget with probability (6 - cost) / 4 (never at 6 or more),
# unless its bot avoids it. The winner is drawn with weights: an owner weighs 1 + 2·(3 - cost)
# at cost 1 or 2, 1 from cost 3 on. So the gadget is too strong below 3, fair from 3 to 5, and
# dead weight (never bought) from 6: tune must stop at 3 coming from below, at 5 from above.

class ToySimulator:
    game = "toy-market"
    bots = ("toy",)

    def play(self, config: dict, seed: int, seat_bots: list[str], invariants: bool = False) -> GameResult:
        rng = random.Random(seed)
        cost = config["cost"]
        chance = max(0.0, min(1.0, (6 - cost) / 4))
        # Every seat draws whether or not it may buy: the same games stay the same games.
        owns = [rng.random() < chance and not bot.endswith("/avoid=gadget") for bot in seat_bots]
        weights = [1 + 2 * max(0, 3 - cost) if own else 1 for own in owns]
        winner = 0 if rng.random() * sum(weights) < weights[0] else 1
        rounds = config.get("rounds_per_cost", 0) * cost or 1     # a toy whose length follows the cost
        return GameResult(seed=seed, players=2, seat_bots=list(seat_bots), turns=2 * rounds, rounds=rounds,
                          stalled=False, end_condition="done", scores=[int(s == winner) for s in (0, 1)],
                          winners=[winner], items={"gadget": {
                              "bought": sum(owns), "activated": sum(owns), "in_portfolio": 1,
                              "owners": [s for s in (0, 1) if owns[s]]}})


TOY = ToySimulator()


@dataclass(frozen=True)
class ToyKnob:
    company: str
    name: str
    field: str
    value: int
    low: int = 1
    high: int = 12
    stronger: int = -1          # a cost: dearer is weaker
    max_move: int = 2


@dataclass
class ToySubject:
    cost: int
    set_name: str = "Toy"
    rounds_per_cost: int = 0
    play_time: tuple | None = None
    companies: dict = field(default_factory=lambda: {"gadget": "Gadget"})
    fixed: dict = field(default_factory=dict)
    groups: dict = field(default_factory=dict)

    @property
    def knobs(self) -> tuple[ToyKnob, ...]:
        return (ToyKnob("gadget", "Gadget", "cost", self.cost),)

    def config(self, players: int, values: dict) -> dict:
        return {"cost": values.get(("gadget", "cost"), self.cost), "rounds_per_cost": self.rounds_per_cost}

    def allows(self, values: dict) -> bool:
        return True


def toy_tune(cost: int, budget: int = 6000) -> tuple:
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TOY", "toy", [2], 200, 1, budget)
    outcome = Tuner(ToySubject(cost), settings, None, log=log.append).tune()
    return outcome, log


def test_an_overpowered_company_is_made_dearer_until_its_effect_is_inside_the_band():
    outcome, log = toy_tune(1)
    assert outcome.changes == {("gadget", "cost"): 3}
    assert outcome.before.effect("gadget").low > 0.05          # too strong at cost 1
    assert abs(outcome.after.effect("gadget").mean) <= 0.05
    assert outcome.before_verdict.word == "WARN" and outcome.after_verdict.word == "OK"
    fresh_before, fresh_after = outcome.fresh          # judged again on games never searched on
    seeds = [state.parts["Toy"].runs[2].summary["seed"] for state in (fresh_before, outcome.before)]
    assert seeds[0] != seeds[1]
    assert fresh_after.total() < fresh_before.total()
    assert [v.word for v in outcome.fresh_verdicts] == ["WARN", "OK"]
    tried = [(r["from"], r["to"], r["kept"]) for r in log if r["event"] == "try"]
    assert tried[:2] == [(1, 2, True), (2, 3, True)]


def test_the_search_is_the_same_on_a_process_pool():
    from cardgen.sim.runner import local_executor

    _, alone = toy_tune(1)
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TOY", "toy", [2], 200, 1, 6000, workers=2)
    with local_executor(2) as pool:
        Tuner(ToySubject(1), settings, pool, log=log.append).tune()
    assert log == alone


def test_sets_tuned_together_share_a_company_s_numbers_and_sum_its_distances():
    _, alone = toy_tune(1)
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TOY", "toy", [2], 200, 1, 12000)
    tuner = Tuner([ToySubject(1, "A"), ToySubject(1, "B")], settings, None, log=log.append)
    outcome = tuner.tune()
    assert tuner.joint.set_name == "A, B" and outcome.changes == {("gadget", "cost"): 3}
    tried = [r for r in log if r["event"] == "try"]
    single = [r for r in alone if r["event"] == "try"]
    # The same games in both sets: every distance is twice the one set's.
    assert [r["distance_before"] for r in tried] == [2 * r["distance_before"] for r in single]
    assert outcome.after_verdict.word == "OK"


def test_a_move_that_changes_the_game_s_length_beyond_the_drift_bound_is_refused():
    # The gadget is too strong at cost 2, but at cost 3 the games are 50% longer (10 rounds a
    # cost point, more than LENGTH_DRIFT): the search keeps the set's length, proposes nothing.
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TOY", "toy", [2], 200, 1, 6000)
    outcome = Tuner(ToySubject(2, rounds_per_cost=10), settings, None, log=log.append).tune()
    assert outcome.before.effect("gadget").low > 0.05
    assert outcome.changes == {}
    tried = [r for r in log if r["event"] == "try"]
    assert tried and all(not r["kept"] for r in tried)
    assert "changes the game's length: 2 players, 30.0 rounds on average against the data's 20.0" \
        in tried[0]["reason"]


def test_a_game_that_states_its_play_time_is_held_to_it_rather_than_to_the_data_length():
    # The same toy, cost 2 too strong, its games 40 turns (20 minutes at 30 s a turn) and 60 at
    # cost 3 (30 minutes): half as long again as the data's, which LENGTH_DRIFT refuses, but
    # within a quarter of a 25-minute box; and a quarter past a 20-minute one.
    settings = Settings("tests.sim.test_tune:TOY", "toy", [2], 200, 1, 6000)
    boxed = Tuner(ToySubject(2, rounds_per_cost=10, play_time=(25, 30.0)), settings, None).tune()
    assert boxed.changes == {("gadget", "cost"): 3}
    log: list[dict] = []
    short = Tuner(ToySubject(2, rounds_per_cost=10, play_time=(20, 30.0)), settings, None,
                  log=log.append).tune()
    assert short.changes == {}
    reason = next(r["reason"] for r in log if r["event"] == "try")
    assert reason == ("changes the game's length: 2 players, 30 minutes on average at 30 s a turn, "
                      "where the 20-minute play time allows within 25% of it")


# A company the bot never buys (it would at 5 VP or more): bought anyway, at 2 players its owner
# wins with weight VP/3 against 1, so it is a trap below 3 VP and fair at 3.
class TrapSimulator:
    game = "toy-trap"
    bots = ("toy",)

    def play(self, config: dict, seed: int, seat_bots: list[str], invariants: bool = False) -> GameResult:
        rng = random.Random(seed)
        vp = config["vp"]
        owns = [bot.endswith("/favour=gadget") or (vp >= 5 and not bot.endswith("/avoid=gadget"))
                for bot in seat_bots]
        weights = [vp / 3 if own else 1 for own in owns]
        winner = 0 if rng.random() * sum(weights) < weights[0] else 1
        return GameResult(seed=seed, players=2, seat_bots=list(seat_bots), turns=2, rounds=1,
                          stalled=False, end_condition="done", scores=[int(s == winner) for s in (0, 1)],
                          winners=[winner], items={"gadget": {
                              "bought": sum(owns), "activated": sum(owns), "in_portfolio": 1,
                              "owners": [s for s in (0, 1) if owns[s]]}})


TRAP = TrapSimulator()


@dataclass
class TrapSubject:
    set_name: str = "Trap"
    play_time: tuple | None = None
    companies: dict = field(default_factory=lambda: {"gadget": "Gadget"})
    fixed: dict = field(default_factory=dict)
    groups: dict = field(default_factory=dict)
    knobs: tuple = (ToyKnob("gadget", "Gadget", "vp", 1, 0, 12, stronger=1),)

    def config(self, players: int, values: dict) -> dict:
        return {"vp": values.get(("gadget", "vp"), 1)}

    def allows(self, values: dict) -> bool:
        return True


def test_a_company_nobody_buys_that_is_a_trap_going_for_it_is_made_stronger_step_by_step():
    # Bought share says nothing here (0% until 5 VP); going for it, check-set's test of such a
    # company, moves with every step: VP 1 loses about 25 points, 2 about 10, 3 nothing.
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TRAP", "toy", [2], 400, 1, 20000)
    outcome = Tuner(TrapSubject(), settings, None, log=log.append).tune()
    assert outcome.before.going_effect("gadget").high < -0.05
    assert outcome.changes == {("gadget", "vp"): 3}
    assert abs(outcome.after.going_effect("gadget").mean) <= 0.05
    assert outcome.after.share("gadget") == 0                       # still never bought
    assert any(w.startswith("Gadget is a trap") for w in outcome.before_verdict.warnings)
    assert not any(w.startswith("Gadget") for w in outcome.after_verdict.warnings)
    kept = [(r["from"], r["to"]) for r in log if r["event"] == "try" and r["kept"]]
    assert kept == [(1, 2), (2, 3)]


def test_an_overpriced_company_nobody_buys_is_made_cheaper():
    outcome, _ = toy_tune(6)
    assert outcome.before.share("gadget") == 0
    assert outcome.changes == {("gadget", "cost"): 5}
    assert outcome.after.share("gadget") > 0.1


@dataclass
class MislabelledToySubject(ToySubject):
    """The toy market with its cost knob's direction wrong: a lower cost said to be weaker."""

    @property
    def knobs(self) -> tuple[ToyKnob, ...]:
        return (ToyKnob("gadget", "Gadget", "cost", self.cost, low=0, stronger=1),)


def test_a_step_that_moves_away_from_the_band_is_not_followed_by_a_bigger_one():
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TOY", "toy", [2], 200, 1, 6000)
    outcome = Tuner(MislabelledToySubject(2), settings, None, log=log.append).tune()
    tried = [(r["from"], r["to"], r["reason"]) for r in log if r["event"] == "try"]
    # Too strong at cost 2; cost 1 makes it stronger still, beyond noise: cost 0 is not tried.
    assert [(a, b) for a, b, _ in tried] == [(2, 1)]
    assert tried[0][2].startswith("moved away from the band") and outcome.changes == {}


def test_a_set_inside_its_bands_is_left_alone_and_the_budget_bounds_the_games():
    outcome, _ = toy_tune(4)
    assert outcome.changes == {} and outcome.trials == 0
    with pytest.raises(ValueError, match="--budget 300 is too small"):
        toy_tune(4, budget=300)
    # Room for the measurements, the end kept back (each company's going-for-it run counted,
    # whether or not it is needed) and one candidate: the games played stay within it.
    outcome, log = toy_tune(1, budget=2800)
    assert outcome.games <= 2800 and outcome.trials == 1
    assert [r["event"] for r in log][-4:] == ["budget spent", "after", "fresh before", "fresh after"]


# Two gadgets of one kind, each bought as the one gadget of the toy market is, an owner's
# weight 1 + 2·(3 - cost) for each it owns: both too strong at cost 1, fair at 3.
class TwinSimulator:
    game = "toy-twins"
    bots = ("toy",)

    def play(self, config: dict, seed: int, seat_bots: list[str], invariants: bool = False) -> GameResult:
        rng = random.Random(seed)
        owns = {c: [rng.random() < max(0.0, min(1.0, (6 - cost) / 4)) and not bot.endswith(f"/avoid={c}")
                    for bot in seat_bots] for c, cost in config.items()}
        weights = [1 + sum(2 * max(0, 3 - config[c]) for c in owns if owns[c][s]) for s in (0, 1)]
        winner = 0 if rng.random() * sum(weights) < weights[0] else 1
        return GameResult(seed=seed, players=2, seat_bots=list(seat_bots), turns=2, rounds=1,
                          stalled=False, end_condition="done", scores=[int(s == winner) for s in (0, 1)],
                          winners=[winner],
                          items={c: {"bought": sum(o), "activated": sum(o), "in_portfolio": 1,
                                     "owners": [s for s in (0, 1) if o[s]]} for c, o in owns.items()})


TWINS = TwinSimulator()


@dataclass
class TwinSubject:
    groups: dict
    set_name: str = "Twins"
    play_time: tuple | None = None
    companies: dict = field(default_factory=lambda: {"left": "Left", "right": "Right"})
    fixed: dict = field(default_factory=dict)
    knobs: tuple = (ToyKnob("left", "Left", "cost", 1), ToyKnob("right", "Right", "cost", 1))

    def config(self, players: int, values: dict) -> dict:
        return {k.company: values.get((k.company, "cost"), k.value) for k in self.knobs}

    def allows(self, values: dict) -> bool:
        return True


def twin_tune(groups: dict) -> tuple:
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TWINS", "toy", [2], 200, 1, 20000)
    return Tuner(TwinSubject(groups), settings, None, log=log.append).tune(), log


def test_companies_of_one_kind_that_are_all_too_strong_are_made_dearer_together():
    outcome, log = twin_tune({"gadgets": ("left", "right")})
    assert outcome.before.effect("left").low > 0.05 and outcome.before.effect("right").low > 0.05
    assert outcome.changes == {("left", "cost"): 3, ("right", "cost"): 3}
    kept = [r for r in log if r["event"] == "try" and r["kept"]]
    assert [(r["companies"], r["from"], r["to"]) for r in kept] == [
        (["Left", "Right"], [1, 1], [2, 2]), (["Left", "Right"], [2, 2], [3, 3])]
    assert all(abs(outcome.after.effect(c).mean) <= 0.05 for c in ("left", "right"))


def test_without_a_group_the_same_companies_are_moved_one_at_a_time():
    outcome, log = twin_tune({})
    assert outcome.changes == {("left", "cost"): 3, ("right", "cost"): 3}
    assert all("company" in r and "companies" not in r for r in log if r["event"] == "try")


def test_a_group_moves_only_its_companies_that_lean_its_way():
    # Right at cost 4 adds nothing to its owner's chances (effect 0): a group's step dearer
    # leaves it alone, and one company alone is not a group's move.
    log: list[dict] = []
    settings = Settings("tests.sim.test_tune:TWINS", "toy", [2], 200, 1, 20000)
    subject = TwinSubject({"gadgets": ("left", "right")},
                          knobs=(ToyKnob("left", "Left", "cost", 1), ToyKnob("right", "Right", "cost", 4)))
    outcome = Tuner(subject, settings, None, log=log.append).tune()
    assert outcome.changes == {("left", "cost"): 3}
    assert all("companies" not in r for r in log if r["event"] == "try")


# --- Briefcase: what may move -----------------------------------------------------------------

def test_only_authored_costs_and_vp_of_shipped_companies_are_knobs():
    from cardgen.games.briefcase.tuning import subject

    complex_set = subject("complex", [4])
    knobs = {(k.company, k.field) for k in complex_set.knobs}
    assert ("recycling_plant", "vp") in knobs
    assert ("recycling_plant", "cost") not in knobs        # printed in the rulebook: a fact
    simple = subject("simple", [2, 3, 4])
    moving = {(k.company, k.field) for k in simple.knobs}
    assert {("shopping_mall", "cost"), ("shopping_mall", "vp")} <= moving
    assert all(k.field in ("cost", "vp") or k.field.startswith(("activation.", "production."))
               for k in simple.knobs)
    assert "power_plant" not in {k.company for k in simple.knobs}   # a starting company, its Energy a fact
    custom = subject(str(Path(__file__).parents[2] / "cards/briefcase/examples/custom-set.yaml"), [4])
    assert "startup_incubator" in custom.fixed
    assert "startup_incubator" not in {k.company for k in custom.knobs}


def test_companies_of_one_level_that_make_the_same_cards_are_one_kind():
    from cardgen.games.briefcase.tuning import subject

    faster = subject("faster", [4])
    kind = {cid: (c.level, frozenset(c.production)) for cid, c in faster.game.companies.items()
            if cid in faster.companies and cid not in faster.fixed}
    grouped = [cid for ids in faster.groups.values() for cid in ids]
    assert len(grouped) == len(set(grouped))                       # a company is of one kind
    for ids in faster.groups.values():
        assert len(ids) > 1 and len({kind[c] for c in ids}) == 1
    alone = set(kind) - set(grouped)
    assert all(sum(k == kind[c] for k in kind.values()) == 1 for c in alone)
    assert {"newspaper", "university", "paper_mill", "contractor_firm"} <= \
        set(faster.groups["level-1 companies making Buy cards"])


def test_production_knobs_count_each_card_type_a_company_makes_a_buy_card_and_an_obstacle():
    from cardgen.games.briefcase.tuning import subject

    faster = subject("faster", [4])
    oil = {k.field: k for k in faster.knobs if k.company == "oil_refinery"}
    made = faster.game.company("oil_refinery").production
    produced = {f.removeprefix("production.") for f in oil if f.startswith("production.")}
    assert produced == set(made) | {"buy", "obstacle"}
    for t in produced:
        k = oil[f"production.{t}"]
        assert k.value == made.get(t, 0) and k.max_move == 1
        assert k.stronger == (-1 if t == "obstacle" else 1)     # an Obstacle clogs its owner's deck
    assert oil["cost"].stronger == -1 and oil["vp"].stronger == 1
    complex_set = subject("complex", [4])                       # its production is a fact
    assert not [k for k in complex_set.knobs if k.company == "recycling_plant" and "production" in k.field]


def test_a_company_keeps_producing_at_least_one_card():
    from cardgen.games.briefcase.tuning import subject

    s = subject("faster", [4])
    c = s.game.company("oil_refinery")
    nothing = {("oil_refinery", f"production.{t}"): 0 for t in c.production}
    assert not s.allows(nothing)
    assert s.allows({**nothing, ("oil_refinery", "production.buy"): 1})


def test_activation_knobs_count_each_resource_a_company_needs_and_each_it_could_need():
    from cardgen.games.briefcase.tuning import subject

    simple = subject("simple", [4])
    steel = {k.field: k for k in simple.knobs if k.company == "steel_factory"}
    needs = simple.game.company("steel_factory").activation
    fields = [f for f in steel if f.startswith("activation.")]
    assert {f.removeprefix("activation.") for f in fields} == {"personnel", "steel", "concrete", "paper",
                                                               "energy"}
    assert set(fields[:len(needs)]) == {f"activation.{r}" for r in needs}   # what it needs, first
    for f in fields:
        k = steel[f]
        assert k.value == needs.get(f.removeprefix("activation."), 0) and k.max_move == 1
        assert k.stronger == -1                 # one resource more makes an activation dearer
    assert list(steel).index(fields[0]) > list(steel).index("vp")             # after cost and VP
    assert list(steel).index(fields[-1]) < list(steel).index("production.buy")
    power = {k.field for k in simple.knobs if k.company == "power_plant"}
    assert not power            # the Power Plant's activation is printed in the rulebook example


def test_an_activation_keeps_needing_at_least_one_resource():
    from cardgen.games.briefcase.tuning import subject

    s = subject("simple", [4])
    needs = s.game.company("steel_factory").activation
    nothing = {("steel_factory", f"activation.{r}"): 0 for r in needs}
    assert not s.allows(nothing)
    assert s.allows({**nothing, ("steel_factory", "activation.energy"): 1})


def test_an_activation_candidate_compiles_into_the_rules():
    from cardgen.games.briefcase.tuning import subject

    s = subject("simple", [4])
    i = s.config(4, {}).rules.company_index["steel_factory"]
    before = s.config(4, {}).rules.companies[i]
    paper = s.game.company("steel_factory").activation.get("paper", 0)
    after = s.config(4, {("steel_factory", "activation.paper"): paper + 1}).rules.companies[i]
    assert after.activation_total == before.activation_total + 1
    assert sum(a != b for a, b in zip(after.activation, before.activation, strict=True)) == 1
    assert after.production_cards == before.production_cards and after.cost == before.cost


def test_a_production_candidate_compiles_into_the_rules():
    from cardgen.games.briefcase.engine.rules import BUY
    from cardgen.games.briefcase.tuning import subject

    s = subject("faster", [4])
    i = s.config(4, {}).rules.company_index["oil_refinery"]
    before = s.config(4, {}).rules.companies[i].production_cards
    more = {("oil_refinery", "production.buy"): before[BUY] + 1}
    after = s.config(4, more).rules.companies[i].production_cards
    assert after[BUY] == before[BUY] + 1
    assert [n for t, n in enumerate(after) if t != BUY] == [n for t, n in enumerate(before) if t != BUY]


def test_a_candidate_changes_the_compiled_rules_and_nothing_else():
    from cardgen.games.briefcase.tuning import subject

    s = subject("simple", [4])
    shipped = s.game.company("bank").cost
    base, tuned = s.config(4, {}), s.config(4, {("bank", "cost"): shipped + 1})
    i = base.rules.company_index["bank"]
    assert (base.rules.companies[i].cost, tuned.rules.companies[i].cost) == (shipped, shipped + 1)
    assert s.game.company("bank").cost == shipped


def _part(focal: list[float], avoid: list[float]) -> Part:
    n = len(focal)
    # Bought, and owned by the first bot, in every game (as a real run counts them).
    return Part({4: Run({}, focal, {"x": [1] * n, "y": [1] * n}, {"x": [1] * n, "y": [1] * n},
                        {"x": n, "y": n})},
                {"x": avoid, "y": list(focal)})


def test_a_company_too_strong_in_one_set_and_a_trap_in_another_is_reported_set_by_set():
    # Pooled over its sets the Oil Refinery once read +0.1 points while it was +11.7 in the
    # Complex Game and about -8 in the Heavy Interaction Game: the report says each.
    from cardgen.commands.tune import _by_set_lines
    from cardgen.sim.tune import _figures

    strong = _part([1.0] * 10 + [0.0] * 30, [1.0] * 5 + [0.0] * 35)     # +12.5 points
    trap = _part([1.0] * 5 + [0.0] * 35, [1.0] * 10 + [0.0] * 30)       # -12.5 points
    state = State({}, {"Complex Game": strong, "Heavy Interaction Game": trap})
    assert abs(state.effect("x").mean) < 1e-9                             # pooled: nothing to see
    assert {k: round(e.mean, 3) for k, e in state.by_set("x").items()} == {
        "Complex Game": 0.125, "Heavy Interaction Game": -0.125}
    assert state.pulled_both_ways("x") and not state.pulled_both_ways("y")
    assert [v[0] for v in _figures(state, "x")["effect_by_set"].values()] == [0.125, -0.125]   # the log
    one_way = State({}, {"Complex Game": strong, "Heavy Interaction Game": _part([0.0] * 40, [0.0] * 40)})
    assert not one_way.pulled_both_ways("x")

    @dataclass
    class Named:
        companies: dict = field(default_factory=lambda: {"x": "Oil Refinery", "y": "Bank"})

    text = "\n".join(_by_set_lines(Named(), state, state, 4))
    assert "| Oil Refinery | +12.5 → +12.5 | -12.5 → -12.5 |" in text
    assert "Pulled both ways" in text
    assert "Oil Refinery (Complex Game +12.5, Heavy Interaction Game -12.5)" in text
    assert "Bank (" not in text
    # Where the bot never buys it, a set's figure is going for it, as check-set judges it there.
    never = _part([0.0] * 40, [0.0] * 40)
    never.runs[4].bought["x"] = [0] * 40
    never.runs[4].held["x"] = 0
    never.going["x"] = ([1.0] * 8 + [0.0] * 32, 30)                      # -> +20.0 points
    mixed = State({}, {"Complex Game": never, "Heavy Interaction Game": trap})
    assert round(mixed.by_set("x")["Complex Game"].mean, 3) == 0.2 and mixed.pulled_both_ways("x")
    assert "| Oil Refinery | going +20.0 → going +20.0 | -12.5 → -12.5 |" in "\n".join(
        _by_set_lines(Named(), mixed, mixed, 4))


# --- The command --------------------------------------------------------------------------------

@pytest.fixture
def overlay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "cardgen.toml").write_text("")
    (tmp_path / "cards" / "briefcase").mkdir(parents=True)
    monkeypatch.setenv("CARDGEN_HOME", str(tmp_path))
    schema.clear_caches()
    return tmp_path


def test_tune_writes_its_report_and_log(overlay: Path):
    out = overlay / "proposal.yaml"
    result = runner.invoke(app, ["tune", "--set", "simple", "-p", "4", "-n", "6", "--budget", "900",
                                 "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    report = (overlay / "proposal-tune-report.md").read_text()
    assert "| Steel Factory |" in report and "Verdict before:" in report     # by name, not id
    records = [json.loads(line) for line in (overlay / "proposal-tune-log.jsonl").read_text().splitlines()]
    assert records[0]["event"] == "before" and "after" in [r["event"] for r in records]
    tried = [r for r in records if r["event"] == "try"]
    assert tried and all(r["field"] in ("cost", "vp") or r["field"].startswith(("activation.", "production."))
                         for r in tried)
    # Six games a run generalise to little: what the search keeps rarely holds on fresh games,
    # and then nothing is proposed and no changes file is written.
    assert ("nothing to propose" in result.output) != out.exists()


def test_quiet_tunes_without_a_progress_bar_even_on_a_terminal(overlay: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    from cardgen.commands import simulate, tune

    shown: list[bool] = []
    real = tune._Bar

    def bar(budget: int, show: bool) -> object:
        shown.append(show)
        return real(budget, False)

    monkeypatch.setattr(simulate, "on_terminal", lambda: True)
    monkeypatch.setattr(tune, "_Bar", bar)
    result = runner.invoke(app, ["tune", "--set", "simple", "-p", "4", "-n", "6", "--budget", "900",
                                 "-j", "1", "-o", str(overlay / "proposal.yaml"), "--quiet"])
    assert result.exit_code == 0, result.output
    assert shown == [False]
    assert "tuning Simple Game" not in result.output         # nor the line saying what is tuned


def test_sets_tuned_together_write_a_proposed_production(overlay: Path, monkeypatch: pytest.MonkeyPatch):
    # The search itself is the toy's to test; here its result is one production change, and the
    # command writes the report and the changes file for the joint (which has no data of its own).
    from dataclasses import replace

    from cardgen.games.briefcase.tuning import subject

    shipped = subject("faster", [4]).game.company("oil_refinery").production.get("buy", 0)
    real = Tuner.tune
    buy = ("oil_refinery", "production.buy")
    monkeypatch.setattr(Tuner, "tune", lambda self: replace(real(self), changes={buy: shipped + 1},
                                                            withheld={}))
    out = overlay / "joint.yaml"
    result = runner.invoke(app, ["tune", "--set", "faster", "--set", "heavy_interaction", "-p", "4",
                                 "-n", "4", "--budget", "2000", "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    doc = yaml.safe_load(out.read_text())
    [entry] = doc["changes"]
    assert entry["company"] == "Oil Refinery" and entry["production"]["buy"] == shipped + 1
    report = (overlay / "joint-tune-report.md").read_text()
    assert "| Oil Refinery |" in report and f"production.buy {shipped} → **{shipped + 1}**" in report


def test_moves_not_proposed_are_named_above_the_report_s_table_not_inside_it(
        overlay: Path, monkeypatch: pytest.MonkeyPatch):
    from dataclasses import replace

    real = Tuner.tune
    monkeypatch.setattr(Tuner, "tune", lambda self: replace(real(self), changes={},
                                                            withheld={("oil_refinery", "vp"): 2}))
    out = overlay / "withheld.yaml"
    result = runner.invoke(app, ["tune", "--set", "faster", "-p", "4", "-n", "4", "--budget", "2000",
                                 "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = (overlay / "withheld-tune-report.md").read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| company |"))
    assert any(line.startswith("Not proposed:") for line in lines[:header])
    table = lines[header:lines.index("", header)] if "" in lines[header:] else lines[header:]
    # A Markdown table is one block of rows: the header, its rule, then a row per company.
    assert table[1].startswith("|---") and len(table) > 3 and all(row.startswith("|") for row in table)


def test_a_workspace_s_earlier_changes_of_a_company_are_carried_into_the_proposed_file(
        overlay: Path, monkeypatch: pytest.MonkeyPatch):
    # A second tune on top of a first one's result: the company it moves again keeps the
    # activation and production the first gave it (mappings as read, written back as YAML).
    from dataclasses import replace

    (overlay / "cards" / "briefcase" / "tuned-1.yaml").write_text(
        "game: briefcase\nkind: company-changes\nwhy: a first tune\nchanges:\n"
        "- company: Oil Refinery\n  activation: {energy: 1}\n  production: {buy: 1}\n")
    real = Tuner.tune
    monkeypatch.setattr(Tuner, "tune", lambda self: replace(real(self), changes={("oil_refinery", "vp"): 2},
                                                            withheld={}))
    out = overlay / "second.yaml"
    result = runner.invoke(app, ["tune", "--set", "faster", "-p", "4", "-n", "4", "--budget", "2000",
                                 "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    [entry] = yaml.safe_load(out.read_text())["changes"]
    assert entry == {"company": "Oil Refinery", "activation": {"energy": 1}, "production": {"buy": 1},
                     "vp": 2}


def test_the_proposed_file_validates_and_a_workspace_applies_it(overlay: Path):
    from cardgen.games.briefcase.load import resolve_set
    from cardgen.games.briefcase.tuning import changes_document, subject

    s = subject("simple", [4])
    doc = changes_document(s, {("bank", "cost"): 3, ("theme_parks", "vp"): 5, ("bank", "vp"): 1}, "test")
    assert [e["company"] for e in doc["changes"]] == ["Bank", "Theme Parks"]       # by name
    (overlay / "cards" / "briefcase" / "tuned.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    assert runner.invoke(app, ["validate"]).exit_code == 0
    game, _ = resolve_set("simple")
    assert (game.company("Bank").cost, game.company("Bank").vp, game.company("Theme Parks").vp) == (3, 1, 5)


def test_a_proposed_production_is_the_whole_production_and_a_workspace_applies_it(overlay: Path):
    from cardgen.games.briefcase.load import resolve_set
    from cardgen.games.briefcase.tuning import changes_document, subject

    s = subject("faster", [4])
    made = dict(s.game.company("oil_refinery").production)
    doc = changes_document(s, {("oil_refinery", "production.buy"): made.get("buy", 0) + 1}, "test")
    assert doc["changes"] == [{"company": "Oil Refinery",
                               "production": {**made, "buy": made.get("buy", 0) + 1}}]
    joint = Joint((subject("simple", [4]), s))          # --set all: the sets tuned together
    assert changes_document(joint, {("oil_refinery", "production.buy"): made.get("buy", 0) + 1},
                            "test") == doc
    (overlay / "cards" / "briefcase" / "tuned.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    assert runner.invoke(app, ["validate"]).exit_code == 0
    game, _ = resolve_set("faster")
    assert dict(game.company("Oil Refinery").production) == {**made, "buy": made.get("buy", 0) + 1}


def test_a_proposed_activation_is_the_whole_activation_and_a_workspace_applies_it(overlay: Path):
    from cardgen.games.briefcase.load import resolve_set
    from cardgen.games.briefcase.tuning import changes_document, subject

    s = subject("simple", [4])
    needs = dict(s.game.company("steel_factory").activation)
    first = next(iter(needs))
    values = {("steel_factory", "activation.paper"): needs.get("paper", 0) + 1,
              ("steel_factory", f"activation.{first}"): needs[first] - 1}
    expected = {r: n for r, n in {**needs, "paper": needs.get("paper", 0) + 1,
                                  first: needs[first] - 1}.items() if n}
    doc = changes_document(s, values, "test")
    assert doc["changes"] == [{"company": "Steel Factory", "activation": expected}]
    (overlay / "cards" / "briefcase" / "tuned.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    assert runner.invoke(app, ["validate"]).exit_code == 0
    game, _ = resolve_set("simple")
    assert dict(game.company("Steel Factory").activation) == expected


@pytest.mark.parametrize("args, message", [
    (["--set", "Simpel Game"], "no company set named 'Simpel Game'"),
    (["-p", "2,9"], "--players '2,9': the game is for 2 to 4 players"),
    (["-p", "two"], "--players 'two' is not a list of whole numbers"),
    (["-n", "1"], "--games must be at least 2"),
    (["-n", "1000001"], "--games must be at most 1,000,000"),
    (["--budget", "10"], "--budget 10 is too small: measuring the set once"),
    (["--set", "all", "--budget", "10"], "--budget 10 is too small: measuring the 5 sets once"),
    (["--set", "all", "--set", "simple"], "--set all tunes every official set together: give it alone"),
    (["--budget", "10000001"], "--budget must be at most 10,000,000"),
    (["--bots", "expret"], "unknown bot 'expret'"),
    (["--bots", "random", "-p", "4", "--budget", "400"], "the random bot cannot be told to avoid a company"),
    # "tune needs a simulator and a set of companies": the startup game has a simulator
    (["startup"], "tune searches the authored numbers of a company set's companies, which only "
                  "Briefcase has; 'cardgen check-set' judges startup's cards"),
])
def test_bad_input_is_one_error_line_and_exit_2(args: list[str], message: str):
    result = runner.invoke(app, ["tune", "-n", "4", "-j", "1", *args])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines


def test_an_unwritable_out_stops_before_any_game(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = runner.invoke(app, ["tune", "-n", "4", "-j", "1", "-o", str(blocker / "x.yaml")])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and lines[0].startswith("error: cannot write")


@pytest.mark.parametrize("second", ["--report", "--log"])
def test_one_file_named_for_two_outputs_stops_before_any_game(tmp_path: Path, second: str):
    """--out x.yaml --report x.yaml wrote the changes file over the report and said it wrote both."""
    target = tmp_path / "x.yaml"
    result = runner.invoke(app, ["tune", "-n", "4", "-j", "1", "-o", str(target),
                                 second, str(tmp_path / "sub" / ".." / "x.yaml")])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1, lines
    assert "the same file is named for two outputs" in lines[0]
    assert not target.exists() and not (tmp_path / "sub").exists()


def test_a_run_with_nothing_to_propose_says_an_earlier_proposal_is_not_its_own(overlay: Path):
    # The earlier run's file stayed at --out, beside this run's report, as if it were its
    # proposal; it is not removed (a file of the user's), and the run says whose it is.
    out = overlay / "proposal.yaml"
    out.write_text("game: briefcase\n", encoding="utf-8")
    result = runner.invoke(app, ["tune", "--set", "simple", "-p", "4", "-n", "6", "--budget", "900",
                                 "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "nothing to propose" in result.output      # (six games a run: see the test above)
    assert f"note: {out} is not written; the file there is an earlier run's proposal" in result.output
    assert out.read_text(encoding="utf-8") == "game: briefcase\n"
