"""The bots: legal complete games, interaction, reproducibility, and the expert's edge; bots
are policies that see observations, never the state."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

import pytest

from cardgen.games.briefcase.bots import BOTS, make_bot
from cardgen.games.briefcase.bots.base import Policy
from cardgen.games.briefcase.engine import scoring
from cardgen.games.briefcase.engine.observation import Observation
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY
from cardgen.games.briefcase.engine.state import GameState
from cardgen.games.briefcase.simulation import SIMULATOR, Config
from cardgen.sim import driver
from cardgen.sim.decisions import Decision

from .helpers import cid, give, make_game, only_for_sale, play_turn, set_deck, set_hand
from .test_engine_fuzz import fingerprint

SETS = ("simple", "faster", "complex", "light_interaction", "heavy_interaction", None)


@lru_cache(maxsize=32)
def _config(set_ref, players) -> Config:
    return SIMULATOR.prepare(players=players, set_ref=set_ref, bots=["greedy"] * players, options={})


def _game(set_ref, bots, seed, invariants=True, policies=None, setup=None) -> GameState:
    """A whole game through the shared driver, each seat's policy seeded as ``simulate`` seeds it;
    ``setup`` changes the game at its first decision."""
    config = _config(set_ref, len(bots))
    g = SIMULATOR.new_state(config, seed, invariants)
    if setup is not None:
        setup(g)
    driver.drive(g, policies or [SIMULATOR.policy(b, s, driver.policy_seed(seed, s))
                                 for s, b in enumerate(bots)])
    return g


def test_the_bots_are_random_greedy_and_expert():
    assert tuple(BOTS) == ("random", "greedy", "expert")
    assert BOTS["random"] is driver.RandomPolicy          # the shared random policy
    assert all(issubclass(BOTS[b], Policy) for b in ("greedy", "expert"))
    with pytest.raises(ValueError, match="known: random, greedy, expert"):
        make_bot("clever")


def test_bots_see_observations_never_the_state():
    seen: list[Any] = []

    class Spy:
        def __init__(self, inner: Any):
            self.inner = inner

        def decide(self, observation: Any, decision: Decision) -> Any:
            seen.append(copy.deepcopy(observation))     # the seat's observation is updated in place
            return self.inner.decide(observation, decision)

    g = _game("simple", ["greedy", "expert"], seed=3,
              policies=[Spy(make_bot("greedy", 1)), Spy(make_bot("expert", 2))])
    assert g.over and seen
    assert all(type(o) is Observation for o in seen)
    assert all(o.players[o.seat].hand is not None for o in seen)
    assert all(p.hand is None for o in seen for p in o.players if p.seat != o.seat)


def test_a_bots_randomness_is_its_own_not_the_games():
    # The same seeds give the same game; another policy seed changes the random player's
    # choices, not the game's chance: both games start from the same deal.
    def game(policy_seed: int) -> GameState:
        return _game("simple", ["random", "greedy"], seed=8,
                     policies=[make_bot("random", policy_seed), make_bot("greedy", 0)])

    assert fingerprint(game(1)) == fingerprint(game(1))
    assert fingerprint(game(1)) != fingerprint(game(2))
    config = SIMULATOR.prepare(players=2, set_ref="simple", bots=["random"] * 2, options={})
    deals = [[list(p.hand) for p in SIMULATOR.new_state(config, 8).players] for _ in range(2)]
    assert deals[0] == deals[1]


@pytest.mark.parametrize("bot", ["greedy", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_finish_legal_games_on_every_set(bot, players):
    for i, set_ref in enumerate(SETS):
        g = _game(set_ref, [bot] * players, seed=100 * players + i)
        assert not g.stalled and g.end_condition in ("resources", "companies", "buy_cards")
        assert any(g.activations) and any(g.bought)


def test_mixed_bots_use_the_interactive_companies():
    totals = {"hires": 0, "deactivations": 0, "cards_removed": 0, "blocks_moved": 0, "central_bank": 0}
    # The rarest is a deactivation: the Brokerage Firm (cost 4) is bought in few games and
    # activated in fewer (3 times in 400 games of these bots with one expert going for it, and
    # never once the bots' buying value counted a company activated once as such), so that
    # expert starts with one, not yet activated. Play until every ability has been used, up to
    # 400 games.
    for seed in range(400):
        if all(totals.values()):
            break
        seats = ["expert/favour=brokerage_firm", "greedy", "random", "greedy"]
        seats = seats[seed % 4:] + seats[:seed % 4]
        broker = seats.index("expert/favour=brokerage_firm")
        g = _game("heavy_interaction", seats, seed,
                  setup=lambda g, s=broker: give(g, s, "brokerage_firm", active=False))
        assert not g.stalled
        totals["hires"] += g.hires
        totals["deactivations"] += g.deactivations
        totals["cards_removed"] += sum(g.removed)
        totals["blocks_moved"] += g.blocks_moved
        totals["central_bank"] += g.central_bank_buys
    assert all(totals.values()), totals


@pytest.mark.parametrize("bot", ["greedy", "expert"])
def test_the_same_seed_gives_the_same_game_with_heuristic_bots(bot):
    a = _game(None, [bot, "random", bot, "greedy"], seed=5, invariants=False)
    b = _game(None, [bot, "random", bot, "greedy"], seed=5, invariants=False)
    assert fingerprint(a) == fingerprint(b)


def test_the_expert_beats_greedy_players_two_against_two():
    # Fixed seeds: this measures, it does not sample anew each run. The benchmark's --duel
    # measures more games on every set.
    credit = 0.0
    games = 60
    for i in range(games):
        experts = (0, 2) if i % 2 == 0 else (1, 3)
        seats = ["expert" if s in experts else "greedy" for s in range(4)]
        g = _game(SETS[i % len(SETS)], seats, seed=4000 + i, invariants=False)
        scores = [scoring.score(g, p) for p in g.players]
        winners = scoring.winners(g, scores)
        credit += sum(1 for w in winners if w in experts) / len(winners)
    assert credit / games > 0.6


@pytest.mark.parametrize("triggered", [False, True])
def test_the_expert_keeps_a_reserve_of_buy_cards_until_the_end_is_triggered(triggered):
    g = make_game(2, "simple", bots=[make_bot("expert"), make_bot("greedy")])
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")                   # two activated level-1: the Bank is open
    set_hand(g, 0, buy=2, activate=1)
    set_deck(g, 0, ["obstacle"] * 6)              # the only Buy cards it owns are in hand
    g.bank[BUY] = 3                               # late in the game
    if triggered:
        g.end_condition = "buy_cards"             # this is its last turn
    play_turn(g)
    assert g.players[0].vp_cards == (2 if triggered else 0)


def test_the_expert_values_a_produced_activate_card_less_once_it_holds_enough():
    # Every Activate card a company makes stays in the deck; past what the player can use, one
    # more clogs its hands (a cheap Activate-maker activated again and again fills the deck).
    from cardgen.games.briefcase.engine.observation import fresh_observation
    from cardgen.games.briefcase.engine.rules import ACTIVATE

    g = make_game(2, "simple", bots=[make_bot("expert"), make_bot("greedy")])
    warehouses = give(g, 0, "warehouses", active=False)
    steel = give(g, 0, "steel_factory", active=False)      # makes no Activate card
    bot = make_bot("expert")
    style, need = bot.style, bot.tables(g.observation(0)).activate_need
    assert need > 1 and g.rules.companies[warehouses].production_cards[ACTIVATE] == 1

    def values(activate_cards: int) -> tuple[float, float]:
        set_hand(g, 0, activate=1)
        set_deck(g, 0, ["activate"] * (activate_cards - 1))
        obs = fresh_observation(g, 0)       # the cards were set by hand, past the cache's marks
        assert obs.me.cards[ACTIVATE] == activate_cards
        return (bot.activation_value(obs, obs.me, warehouses, False),
                bot.activation_value(obs, obs.me, steel, False))

    short, enough = values(need - 1), values(need)
    assert short[0] - enough[0] == pytest.approx(style.card[ACTIVATE])
    assert short[1] == enough[1]


def test_the_expert_moves_a_company_block_off_the_company_it_would_buy_and_buys_it():
    # "A player cannot purchase a resource or a company that is blocked." "A player may play
    # any 2 decision cards of the same type to move a block card from a resource or a company
    # card to another." Two Obstacles free the company; the two Buy cards then buy it.
    def turn(blocked: int | None) -> GameState:
        g = make_game(4, "heavy_interaction", bots=[make_bot("expert")] + [make_bot("greedy")] * 3)
        give(g, 0, "power_plant")
        give(g, 0, "paper_mill")                  # two activated level-1: level 2 is open
        if blocked is not None:
            g.company_blocks = [blocked]
        set_hand(g, 0, buy=2, obstacle=2)
        set_deck(g, 0, ["obstacle"] * 6)
        play_turn(g)
        return g

    free = turn(None)                             # what it buys when nothing is blocked
    wanted = next(ci for ci in free.players[0].companies if ci not in (cid(free, "power_plant"),
                                                                        cid(free, "paper_mill")))
    g = turn(wanted)
    assert g.players[0].owned[wanted]
    assert g.company_blocks != [wanted] and g.company_blocks[0] in g.portfolio


def test_the_expert_values_card_conversions_more_where_companies_make_obstacle_cards():
    # "Player may use 3 cards of the same type as a Buy or Activate card." Obstacle cards (6 of
    # a starting deck's 12) are useful mostly when converted; companies that make more of them
    # make a conversion worth more. The greedy player values it the same everywhere.
    from cardgen.games.briefcase.engine.observation import fresh_observation
    from cardgen.games.briefcase.engine.rules import OBSTACLE

    def value(set_ref: str, bot_name: str) -> tuple[float, int]:
        g = make_game(4, set_ref)
        obs = fresh_observation(g, 0)
        makers = sum(1 for ci in g.portfolio if g.rules.companies[ci].production_cards[OBSTACLE])
        return make_bot(bot_name).company_value(obs, obs.me, cid(g, "accounting_firm")), makers

    (none, no_makers), (some, makers) = value("light_interaction", "expert"), value("complex", "expert")
    assert no_makers == 0 and makers > 0
    assert some > none
    assert value("light_interaction", "greedy")[0] == value("complex", "greedy")[0]


@pytest.mark.parametrize("set_ref", ["simple", "faster", "complex", "light_interaction", "heavy_interaction"])
def test_the_expert_blocks_only_a_company_the_leading_rival_may_buy(set_ref):
    # "A player may only purchase a 2nd level company card (red frame) if he has activated at
    # least two 1st level (orange frame) company cards": at the start no rival may buy one, so
    # a block there would stop nobody.
    from cardgen.games.briefcase.engine.observation import fresh_observation

    g = make_game(4, set_ref)
    obs = fresh_observation(g, 0)
    target = make_bot("expert").rival_target(obs, obs.me)
    assert target is not None
    rival_buy_cards = max(obs.players[o].cards[BUY] for o in obs.opponents(0))
    assert g.rules.companies[target].level == 1
    assert g.rules.companies[target].cost <= rival_buy_cards


def test_the_expert_values_a_company_less_when_the_resources_its_activation_needs_run_out():
    # "Companies must be activated ... by paying the resources shown" and a company scores its
    # VP only once activated: bought when the market's pile of a resource it needs is nearly
    # gone, it may never be activated (rivals empty the pile first). The greedy player does not
    # look at the piles.
    from cardgen.games.briefcase.engine.observation import fresh_observation
    from cardgen.games.briefcase.model import RESOURCES

    steel = RESOURCES.index("steel")
    g = make_game(4, "complex")
    needs = next(ci for ci in g.portfolio if g.rules.companies[ci].activation[steel] >= 2)
    size = g.market[steel]
    expert, greedy = make_bot("expert"), make_bot("greedy")

    def values(left: int, stored: int = 0) -> tuple[float, float]:
        g.market[steel] = left
        g.players[0].storage[steel] = stored
        obs = fresh_observation(g, 0)
        return expert.company_value(obs, obs.me, needs), greedy.company_value(obs, obs.me, needs)

    full, gone = values(size), values(0)
    missing = g.rules.companies[needs].activation[steel]
    assert full[0] - gone[0] == pytest.approx(expert.style.scarcity * missing)
    assert expert.style.scarcity > 0
    assert full[1] == gone[1]
    # Steel already in the player's storage is not missing.
    assert values(0, stored=missing)[0] == pytest.approx(full[0])


def test_the_expert_activates_the_power_plant_first_when_its_companies_need_energy_it_lacks():
    # "Companies must be activated ... by paying the resources shown"; the market sells no
    # Energy (it has no price), and the Power Plant is what makes it ("production: 2 Energy").
    # An owned company that needs Energy is activated only after the Power Plant has made
    # some, so while storage lacks it the Power Plant goes before a company the expert would
    # otherwise activate first; with the Energy in storage the order is the usual one.
    import dataclasses

    from cardgen.games.briefcase.bots.expert import ExpertBot
    from cardgen.games.briefcase.engine.observation import fresh_observation
    from cardgen.games.briefcase.model import RESOURCES

    class WithoutSupply(ExpertBot):
        style = dataclasses.replace(ExpertBot.style, supply=0.0)

    energy = RESOURCES.index("energy")
    g = make_game(4, "heavy_interaction")
    assert g.rules.buy_cost[energy] is None
    media = give(g, 0, "media_company", active=False)
    construction = give(g, 0, "construction_company", active=False)
    power_plant = cid(g, "power_plant")
    assert g.rules.companies[media].activation[energy] > 0

    def order(bot: ExpertBot, stored: int) -> list[int]:
        g.players[0].storage[energy] = stored
        obs = fresh_observation(g, 0)
        targets = bot.targets(obs, obs.me, False)
        return [ci for ci in targets if ci in (power_plant, construction)]

    assert order(make_bot("expert"), 0) == [power_plant, construction]
    assert order(make_bot("expert"), 1) == [construction, power_plant]
    assert order(WithoutSupply(), 0) == [construction, power_plant]


def test_the_expert_counts_a_resource_used_as_energy_as_a_supply_of_energy():
    # The Recycling Plant: "A player may use any resource as {energy}." Its owner pays Energy
    # with resources the market sells, so Energy it has not stored is not lacking and the
    # Power Plant keeps its usual place; without the ability it goes ahead of the others.
    from cardgen.games.briefcase.engine.observation import fresh_observation
    from cardgen.games.briefcase.model import RESOURCES

    energy = RESOURCES.index("energy")
    bot = make_bot("expert")

    def order(recycling: bool) -> list[str]:
        g = make_game(4, "complex")
        refinery = give(g, 0, "oil_refinery", active=False)
        assert g.rules.companies[refinery].activation[energy] > 0
        for other in ("accounting_firm", "logistics_company"):
            give(g, 0, other, active=False)
        if recycling:
            give(g, 0, "recycling_plant")
        g.players[0].storage[energy] = 0
        obs = fresh_observation(g, 0)
        names = [g.rules.companies[ci].id for ci in bot.targets(obs, obs.me, False)]
        return [n for n in names if n in ("power_plant", "accounting_firm", "logistics_company")]

    assert order(recycling=False)[0] == "power_plant"
    assert order(recycling=True)[-1] == "power_plant"


@pytest.mark.parametrize("enough_activate_cards", [False, True])
def test_the_expert_buys_a_company_for_its_points_when_its_activation_spends_more_than_it_makes(
        enough_activate_cards):
    # A company worth 3 VP (the Biology Lab, changed by the test) that makes one Activate card
    # from four resources: each activation spends more than it makes, so the expert activates
    # it once, for its points, and a single activation is what buying it costs, not one every
    # turn. With two Buy cards and nothing else left to buy, it buys it, also when it holds as
    # many Activate cards as it started with (the one the company would make is worth nothing:
    # lost once, not every turn).
    import dataclasses

    from cardgen.games.briefcase.engine.rules import N_CARDS
    from cardgen.games.briefcase.model import RESOURCES

    from .helpers import rules_for

    rules = rules_for("complex")
    lab = rules.company_index["biology_lab"]
    companies = list(rules.companies)
    companies[lab] = dataclasses.replace(
        companies[lab], cost=2, vp=3, activation=tuple(int(r in ("personnel", "steel", "concrete", "energy"))
                                                       for r in RESOURCES),
        activation_total=4, production_cards=tuple(int(t == ACTIVATE) for t in range(N_CARDS)),
        production_res=(0,) * len(RESOURCES))
    rules = dataclasses.replace(rules, companies=tuple(companies))
    g = make_game(4, bots=[make_bot("expert")] + [make_bot("greedy")] * 3, rules=rules)
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")                   # two activated level-1: level 2 is open
    only_for_sale(g, lab)
    set_hand(g, 0, buy=2)
    activate = g.rules.starting_deck[ACTIVATE] if enough_activate_cards else 0
    set_deck(g, 0, ["activate"] * activate + ["obstacle"] * 6)
    play_turn(g)
    assert g.players[0].owned[lab]


def test_the_expert_buys_the_cargo_company_for_buying_past_a_resource_block():
    # "Each turn a player may ignore one resource block when buying cards from the resource
    # market": the two resource blocks stay on the market all game, so the Cargo Company is
    # worth more than the Warehouses' larger storage, at the same cost and points.
    g = make_game(4, bots=[make_bot("expert")] + [make_bot("greedy")] * 3)
    cargo, warehouses = cid(g, "cargo_company"), cid(g, "warehouses")
    assert g.resource_blocks                      # the Simple Game's blocks are in play
    c, w = g.rules.companies[cargo], g.rules.companies[warehouses]
    assert (c.cost, c.vp, c.level) == (w.cost, w.vp, w.level) == (1, 1, 1)   # the data this compares
    give(g, 0, "steel_factory")
    only_for_sale(g, cargo, warehouses)
    set_hand(g, 0, buy=1)
    play_turn(g)
    assert g.players[0].owned[cargo] and not g.players[0].owned[warehouses]
