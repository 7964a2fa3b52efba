"""Buy decision cards: companies and resources (rulebook, "Buy" Decision cards, Fine point 5)."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import BUY
from cardgen.games.briefcase.engine.state import IllegalAction

from .helpers import (
    activate,
    check_all,
    cid,
    costing,
    every_company,
    give,
    make_game,
    res,
    set_hand,
    set_storage,
)


def test_buying_a_company_costs_its_buying_cost_in_buy_cards():
    g = make_game()
    mall = cid(g, "shopping_mall")
    assert g.rules.companies[mall].cost == 3
    set_hand(g, 0, buy=2, activate=2)
    assert actions.company_plan(g, mall) is None
    set_hand(g, 0, buy=3)
    pile = g.piles[mall]
    actions.buy_company(g, mall)
    p = g.players[0]
    assert p.owned[mall] and not p.active[mall]          # placed deactivated
    assert g.piles[mall] == pile - 1 and p.played[BUY] == 3
    check_all(g)


def test_only_one_company_may_be_bought_per_turn():
    g = make_game()
    set_hand(g, 0, buy=4)
    actions.buy_company(g, cid(g, "warehouses"))
    with pytest.raises(IllegalAction, match="already bought"):
        actions.buy_company(g, cid(g, "logistics_company"))


def test_level_two_company_needs_two_activated_level_one_companies():
    g = make_game()
    parks = cid(g, "theme_parks")
    set_hand(g, 0, buy=4)
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory", active=False)
    assert "level-1" in actions.company_problem(g, parks)
    give(g, 0, "steel_factory", active=True)
    actions.buy_company(g, parks)
    assert g.players[0].owned[parks]


def test_a_player_may_not_buy_the_same_company_twice():
    g = make_game()
    give(g, 0, "warehouses", active=False)
    set_hand(g, 0, buy=2)
    with pytest.raises(IllegalAction, match="already owns"):
        actions.buy_company(g, cid(g, "warehouses"))


def test_a_blocked_company_cannot_be_bought():
    g = make_game()
    wh = cid(g, "warehouses")
    g.company_blocks[0] = wh
    set_hand(g, 0, buy=2)
    with pytest.raises(IllegalAction, match="blocked"):
        actions.buy_company(g, wh)


def test_a_company_with_an_empty_pile_cannot_be_bought():
    g = make_game()
    wh = cid(g, "warehouses")
    g.piles[wh] = 0
    set_hand(g, 0, buy=2)
    assert actions.company_plan(g, wh) is None


def test_basic_resources_cost_one_buy_each():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=3)
    actions.buy_resource(g, res("steel"), 2)
    actions.buy_resource(g, res("concrete"))
    assert g.players[0].storage[:4] == [0, 2, 1, 0]
    with pytest.raises(IllegalAction):
        actions.buy_resource(g, res("steel"))
    check_all(g)


def test_a_blocked_resource_cannot_be_bought():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=2)
    with pytest.raises(IllegalAction, match="blocked"):
        actions.buy_resource(g, res("paper"))


def test_energy_cannot_be_bought():
    g = make_game()
    set_hand(g, 0, buy=2)
    assert actions.resource_problem(g, res("energy")) == "energy cannot be bought"


def test_imported_is_for_sale_only_once_a_basic_pile_is_exhausted_and_costs_two_buys():
    g = make_game()
    set_hand(g, 0, buy=4)
    assert "exhausted" in actions.resource_problem(g, res("imported"))
    g.market[res("steel")] = 0
    set_hand(g, 0, buy=1)
    assert actions.resource_plan(g, res("imported")) is None
    set_hand(g, 0, buy=2)
    actions.buy_resource(g, res("imported"))
    assert g.players[0].storage[res("imported")] == 1 and g.players[0].played[BUY] == 2


def test_exhausting_a_basic_pile_removes_a_random_resource_block_and_a_second_the_other():
    g = make_game(players=2)
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=10)
    actions.buy_resource(g, res("steel"), 9)
    assert len(g.resource_blocks) == 2
    actions.buy_resource(g, res("steel"), 1)             # the 10th and last Steel
    assert len(g.resource_blocks) == 1 and g.resource_blocks_removed == 1
    g.bank[BUY] += g.players[0].played[BUY]               # reuse the played Buy cards
    g.players[0].played[BUY] = 0
    set_hand(g, 0, buy=10)
    actions.buy_resource(g, res("concrete"), 10)
    assert g.resource_blocks == [] and g.resource_blocks_removed == 2
    check_all(g)


def test_the_removed_resource_block_is_chosen_at_random():
    removed = set()
    for seed in range(20):
        g = make_game(players=2, seed=seed)
        g.resource_blocks = [res("paper"), res("personnel")]
        set_hand(g, 0, buy=10)
        actions.buy_resource(g, res("steel"), 10)
        removed.add(({res("paper"), res("personnel")} - set(g.resource_blocks)).pop())
    assert removed == {res("paper"), res("personnel")}


def test_fine_point_5_resources_and_a_company_in_the_same_turn():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=4)
    actions.buy_resource(g, res("steel"), 2)
    actions.buy_company(g, cid(g, "steel_factory"))
    assert g.players[0].owned[cid(g, "steel_factory")] and g.players[0].storage[res("steel")] == 2


def test_financial_services_pays_a_company_with_one_other_card_once_per_turn():
    g = make_game(set_ref=every_company())
    give(g, 0, "financial_services")
    set_hand(g, 0, buy=1, obstacle=3)
    actions.buy_company(g, costing(g, 2))                # a Buy and an Obstacle
    g.resource_blocks = [res("paper"), res("personnel")]
    assert actions.resource_plan(g, res("steel")) is None  # used once this turn already
    check_all(g)


def test_marketing_company_turns_two_cards_of_one_type_into_any_card():
    g = make_game(set_ref=every_company())
    give(g, 0, "marketing_company")
    set_hand(g, 0, obstacle=2, hire=1)
    plan = actions.company_plan(g, cid(g, "warehouses"))
    assert plan is not None and plan[0] == (0, 0, 2, 0)
    set_storage(g, 0, steel=1, personnel=1)
    set_hand(g, 0, obstacle=2)
    activate(g, cid(g, "power_plant"))            # two Obstacles as an Activate
    assert g.players[0].active[cid(g, "power_plant")]


def test_the_same_cards_may_not_be_grouped_with_mixed_types():
    g = make_game(set_ref=every_company())
    give(g, 0, "accounting_firm")
    set_hand(g, 0, obstacle=2, hire=1)
    assert actions.company_plan(g, cid(g, "warehouses")) is None


def test_exhausting_imported_removes_no_resource_block():
    """"When a resource (except Imported resources) is exhausted, one resource block must be
    removed": buying the last Imported card leaves the blocks in play."""
    g = make_game(players=2)
    g.resource_blocks = [res("paper"), res("personnel")]
    g.players[1].storage[res("steel")] += g.market[res("steel")]     # Imported for sale ...
    g.market[res("steel")] = 0
    g.resource_blocks.pop()                                           # ... and its block gone
    g.players[1].storage[res("imported")] += g.market[res("imported")] - 1
    g.market[res("imported")] = 1
    set_hand(g, 0, buy=2)
    actions.buy_resource(g, res("imported"))
    assert g.market[res("imported")] == 0 and g.resource_blocks == [res("paper")]
    check_all(g)


def test_a_level_two_company_needs_two_activated_level_one_companies_not_a_level_two():
    """"A player may only purchase a 2nd level company card (red frame) if he has activated at
    least two 1st level (orange frame) company cards": an activated 2nd-level company is not
    one of them."""
    g = make_game(set_ref=every_company())
    give(g, 0, "power_plant")
    give(g, 0, "bank")                                # level 2
    parks = cid(g, "theme_parks")
    set_hand(g, 0, buy=4)
    assert "level-1" in actions.company_problem(g, parks)
    give(g, 0, "warehouses")
    assert actions.company_problem(g, parks) is None


def test_a_logistics_company_pair_buys_imported_only_twice_over():
    """Imported costs 2 Buy; the Logistics Company's 2 cards of one type stand in for one Buy,
    so an Imported takes two pairs."""
    g = make_game(set_ref=every_company())
    g.players[1].storage[res("steel")] += g.market[res("steel")]
    g.market[res("steel")] = 0
    g.resource_blocks = [res("paper")]
    give(g, 0, "logistics_company")
    set_hand(g, 0, obstacle=2, hire=1)
    assert actions.resource_plan(g, res("imported")) is None
    set_hand(g, 0, obstacle=2, hire=2)
    actions.buy_resource(g, res("imported"))
    assert g.players[0].storage[res("imported")] == 1 and g.players[0].played == [0, 0, 2, 2]


def test_marketing_company_takes_two_cards_of_the_same_type_not_a_mixed_pair():
    """Marketing Company: "A player may use 2 decision cards of the same type as one decision
    card of any type": an Obstacle and a Hire are not such a pair."""
    g = make_game(set_ref=every_company())
    give(g, 0, "marketing_company")
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, obstacle=1, hire=1)
    assert actions.resource_plan(g, res("steel")) is None
    with pytest.raises(IllegalAction):
        actions.buy_resource(g, res("steel"))
    set_hand(g, 0, hire=2)
    actions.buy_resource(g, res("steel"))
    assert g.players[0].storage[res("steel")] == 1 and g.players[0].played == [0, 0, 0, 2]
    check_all(g)


def test_a_resource_is_bought_only_while_its_market_pile_has_cards():
    """"A player may purchase any number of resources from the market": only the cards the
    pile holds (the rest of the box is not used, Setup); an exhausted pile sells nothing."""
    g = make_game(players=2)
    g.resource_blocks = [res("paper"), res("personnel")]
    g.players[1].storage[res("steel")] += g.market[res("steel")] - 2
    g.market[res("steel")] = 2
    set_hand(g, 0, buy=4)
    with pytest.raises(IllegalAction, match="market has 2"):
        actions.buy_resource(g, res("steel"), 3)
    actions.buy_resource(g, res("steel"), 2)
    assert g.market[res("steel")] == 0 and g.players[0].storage[res("steel")] == 2
    assert actions.resource_plan(g, res("steel")) is None
    with pytest.raises(IllegalAction, match="market has 0"):
        actions.buy_resource(g, res("steel"))
    assert g.players[0].hand[BUY] == 2
    check_all(g)
