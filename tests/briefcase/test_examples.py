"""The rulebook's worked examples, each played on the engine (rulebook, Company Cards, Fine Points)."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, OBSTACLE
from cardgen.games.briefcase.engine.state import IllegalAction

from .helpers import (
    ScriptBot,
    activate,
    check_all,
    cid,
    costing,
    end_turn,
    give,
    make_game,
    res,
    set_deck,
    set_hand,
    set_storage,
    start_turn,
)


def test_mike_converts_paper_to_steel_with_the_steel_factory():
    # Mike has an activated Steel Factory, a Personnel and a Paper, and no Steel. He converts
    # the Paper to Steel, discards the Paper and the Personnel and activates the Power Plant,
    # adding 2 Energy to his storage.
    g = make_game(set_ref="simple")
    give(g, 0, "steel_factory")
    set_storage(g, 0, personnel=1, paper=1)
    set_hand(g, 0, activate=1)
    pp = cid(g, "power_plant")
    activate(g, pp)
    p = g.players[0]
    assert p.active[pp]
    assert p.storage == [0, 0, 0, 0, 0, 2]
    assert g.res_discard[res("paper")] == 1 and g.res_discard[res("personnel")] == 1
    check_all(g)


@pytest.mark.parametrize("purchase", ["two resources", "a company costing 2",
                                      "a resource and a company costing 1"])
def test_sandra_uses_three_obstacles_as_a_buy_with_the_accounting_firm(purchase):
    # Sandra holds Obstacle, Obstacle, Obstacle, Buy and has an activated Accounting Firm: with
    # two Buy she can acquire 2 resources, or a company that costs 2, or 1 resource and a
    # company that costs 1.
    g = make_game(set_ref="simple")
    g.resource_blocks = [res("concrete"), res("paper")]
    give(g, 0, "accounting_firm")
    set_hand(g, 0, obstacle=3, buy=1)
    p = g.players[0]
    if purchase == "two resources":
        actions.buy_resource(g, res("steel"), 2)
        assert p.storage[res("steel")] == 2
    elif purchase == "a company costing 2":
        two = costing(g, 2, besides=("accounting_firm",))
        actions.buy_company(g, two)
        assert p.owned[two]
    else:
        actions.buy_resource(g, res("steel"), 1)
        one = costing(g, 1, besides=("accounting_firm",))
        actions.buy_company(g, one)
        assert p.owned[one] and p.storage[res("steel")] == 1
    assert p.hand == [0, 0, 0, 0]
    assert p.played[OBSTACLE] == 3 and p.played[BUY] == 1
    check_all(g)


def test_dimitris_removes_both_obstacles_by_activating_the_oil_refinery_twice():
    # Dimitris holds 2 Obstacle and 2 Activate; with enough resources he activates the Oil
    # Refinery twice in his turn and removes both Obstacles from the game.
    g = make_game(set_ref="faster", bots=[ScriptBot(remove_from_hand=OBSTACLE), ScriptBot()])
    oil = give(g, 0, "oil_refinery", active=False)
    cost = g.rules.companies[oil].activation
    set_storage(g, 0, **{g.rules.res_names[r]: 2 * k for r, k in enumerate(cost) if k})
    set_hand(g, 0, obstacle=2, activate=2)
    activate(g, oil)
    assert g.players[0].hand[OBSTACLE] == 1 and g.removed[OBSTACLE] == 1
    activate(g, oil)
    assert g.players[0].hand == [0, 0, 0, 0]
    assert g.removed[OBSTACLE] == 2
    check_all(g)


def test_vangelis_cycles_an_obstacle_at_the_start_of_his_turn_with_the_contractor_firm():
    # At the start of his turn Vangelis holds Obstacle, Obstacle, Buy, Activate and has an
    # activated Contractor Firm: he discards an Obstacle and draws a new card.
    g = make_game(set_ref="complex", bots=[ScriptBot(cycle_card=OBSTACLE), ScriptBot()])
    give(g, 0, "contractor_firm")
    set_hand(g, 0, obstacle=2, buy=1, activate=1)
    set_deck(g, 0, ["obstacle", "buy"])
    start_turn(g)
    p = g.players[0]
    assert p.hand == [2, 1, 1, 0]          # the Buy on top of his deck replaced an Obstacle
    assert p.discard[OBSTACLE] == 1
    check_all(g)


def test_giota_buys_steel_with_two_obstacles_through_the_logistics_company():
    g = make_game(set_ref="simple")
    g.resource_blocks = [res("concrete"), res("paper")]
    give(g, 0, "logistics_company")
    set_hand(g, 0, obstacle=2)
    actions.buy_resource(g, res("steel"))
    assert g.players[0].storage[res("steel")] == 1
    assert g.players[0].played[OBSTACLE] == 2
    check_all(g)


def test_giota_cannot_buy_a_company_with_the_logistics_company():
    g = make_game(set_ref="simple")
    give(g, 0, "logistics_company")
    set_hand(g, 0, obstacle=2)
    assert actions.company_plan(g, cid(g, "warehouses")) is None
    with pytest.raises(IllegalAction):
        actions.buy_company(g, cid(g, "warehouses"))


def test_spyros_ignores_the_steel_block_with_the_cargo_company_but_not_also_concrete():
    # Steel and Concrete are blocked. Spyros, with an activated Cargo Company and 2 Buy, 1
    # Obstacle and 1 Activate, ignores the Steel block and buys 2 Steel. He may not buy both
    # Steel and Concrete: he ignores only one resource block each turn.
    g = make_game(set_ref="simple")
    g.resource_blocks = [res("steel"), res("concrete")]
    give(g, 0, "cargo_company")
    set_hand(g, 0, buy=2, obstacle=1, activate=1)
    actions.buy_resource(g, res("steel"), 2)
    assert g.players[0].storage[res("steel")] == 2

    g2 = make_game(set_ref="simple")
    g2.resource_blocks = [res("steel"), res("concrete")]
    give(g2, 0, "cargo_company")
    set_hand(g2, 0, buy=2, obstacle=1, activate=1)
    actions.buy_resource(g2, res("steel"))
    with pytest.raises(IllegalAction, match="blocked"):
        actions.buy_resource(g2, res("concrete"))


def test_manos_puts_the_recycling_plants_production_on_top_of_his_deck_with_the_biology_lab():
    # Manos has an activated Biology Lab and a deactivated Recycling Plant. He activates the
    # Plant and puts the 1 Buy and 1 Obstacle it produces on top of his deck, in his order.
    g = make_game(set_ref="complex", bots=[ScriptBot(production_on_top=True,
                                                             production_order=[OBSTACLE, BUY]), ScriptBot()])
    give(g, 0, "biology_lab")
    plant = give(g, 0, "recycling_plant", active=False)
    assert g.rules.companies[plant].production_cards == (1, 0, 1, 0)
    set_storage(g, 0, concrete=1, steel=1, energy=1)
    set_hand(g, 0, activate=1)
    p = g.players[0]
    set_deck(g, 0, ["activate"])
    activate(g, plant)
    assert p.deck == [ACTIVATE, OBSTACLE, BUY]      # the Buy on top
    assert p.discard == [0, 0, 0, 0]
    check_all(g)


def test_nikos_puts_a_played_buy_on_top_of_his_deck_with_the_consulting_firm():
    # Nikos holds 3 Buy and 1 Obstacle and has an activated Consulting Firm. He plays his 3 Buy,
    # buys a Recycling Plant, and puts one of the played Buy cards on top of his deck.
    companies = ("steel_factory", "construction_company", "cargo_company", "shopping_mall",
                 "logistics_company", "warehouses", "accounting_firm", "insurance_company",
                 "consulting_firm", "recycling_plant", "bank", "theme_parks", "marketing_company",
                 "financial_services")
    g = make_game(set_ref=companies, bots=[ScriptBot(topdeck_pick=BUY), ScriptBot()])
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")
    give(g, 0, "consulting_firm")
    set_hand(g, 0, buy=3, obstacle=1)
    set_deck(g, 0, ["obstacle"] * 6)
    plant = cid(g, "recycling_plant")
    actions.buy_company(g, plant)
    end_turn(g)
    p = g.players[0]
    assert p.owned[plant]
    assert p.hand == [1, 0, 3, 0]           # the top-decked Buy and three Obstacles
    assert p.discard == [2, 0, 1, 0]
    check_all(g)


def test_irika_cannot_convert_her_personnel_when_targeted_by_a_media_company():
    # Fine point 2: Irika is targeted by an opponent's Media Company and must give a Personnel.
    # She has an activated Steel Factory but may not convert the Personnel to Steel to keep it.
    companies = ("steel_factory", "university", "newspaper", "warehouses", "shopping_mall",
                 "construction_company", "contractor_firm", "accounting_firm", "media_company",
                 "import_company", "consulting_firm", "marketing_company", "real_estate_agency",
                 "theme_parks")
    g = make_game(set_ref=companies)
    media = give(g, 0, "media_company", active=False)
    cost = g.rules.companies[media].activation
    set_storage(g, 0, **{g.rules.res_names[r]: k for r, k in enumerate(cost) if k})
    set_hand(g, 0, activate=1)
    give(g, 1, "steel_factory")
    set_storage(g, 1, personnel=1)
    activate(g, media)
    assert g.players[1].storage[res("personnel")] == 0
    assert g.players[0].storage[res("personnel")] == 1
    check_all(g)
