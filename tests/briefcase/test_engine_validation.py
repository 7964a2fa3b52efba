"""The engine checks every action against the state and the rules before it changes anything: a
plan a caller passes is a proposal, never trusted. Each test is named after the rule it
protects; each refused action raises IllegalAction saying why and leaves the game untouched."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import BUY, HIRE, OBSTACLE
from cardgen.games.briefcase.engine.state import GameState
from cardgen.sim.decisions import IllegalAction

from .helpers import activate, check_all, cid, every_company, give, make_game, res, set_hand, set_storage

NO_CARDS = ((0, 0, 0, 0), ())


def snapshot(g: GameState) -> tuple:
    """Everything an action may change."""
    players = tuple((tuple(p.hand), tuple(p.played), tuple(p.discard), tuple(p.deck), tuple(p.storage),
                     tuple(p.owned), tuple(p.active), p.vp_cards) for p in g.players)
    return (players, tuple(g.bank), tuple(g.market), tuple(g.res_discard), tuple(g.piles),
            tuple(g.resource_blocks), tuple(g.company_blocks), tuple(g.uses), tuple(g.ignored),
            g.company_bought, g.central_bank_vp, g.central_bank_buys, g.hires, g.blocks_moved)


def refused(g: GameState, act, *args, match: str, **kwargs) -> None:
    """``act(g, *args)`` raises IllegalAction matching ``match`` and changes nothing."""
    before = snapshot(g)
    with pytest.raises(IllegalAction, match=match):
        act(g, *args, **kwargs)
    assert snapshot(g) == before
    check_all(g)


def _level2_ready(g: GameState, seat: int = 0) -> None:
    give(g, seat, "power_plant")
    give(g, seat, "steel_factory")


# --- The reproductions of the issue ---------------------------------------------------------


def test_a_company_costs_its_buying_cost_whatever_plan_is_offered():
    g = make_game(set_ref=every_company())
    _level2_ready(g)
    # The dearest company (High-Tech Company when the issue was filed, at cost 5).
    dearest = max(g.portfolio, key=lambda ci: (g.rules.companies[ci].cost or 0, -ci))
    cost = g.rules.companies[dearest].cost
    assert cost >= 3
    set_hand(g, 0, buy=1, obstacle=3)
    refused(g, actions.buy_company, dearest, plan=((1, 0, 0, 0), ()), match=f"cost {cost} Buy")
    assert not g.players[0].owned[dearest]


def test_the_central_bank_takes_real_buy_cards_from_the_hand():
    g = make_game()
    _level2_ready(g)
    set_hand(g, 0, activate=1, obstacle=3)                 # no Buy at all
    refused(g, actions.invest, 3, plan=NO_CARDS, match="holds 0 Buy cards, not 3")
    assert g.players[0].vp_cards == 0 and g.players[0].hand[BUY] == 0


def test_the_central_bank_needs_an_activate_besides_the_invested_buy_cards():
    g = make_game()
    _level2_ready(g)
    set_hand(g, 0, buy=3, obstacle=1)
    refused(g, actions.invest, 3, plan=NO_CARDS, match="Activate")
    # Nor may the Activate be paid with the Buy cards being invested.
    set_hand(g, 0, buy=3, activate=1)
    refused(g, actions.invest, 3, plan=((1, 0, 0, 0), ()), match="Activate")
    assert actions.invest(g, 3, plan=((0, 1, 0, 0), ())) == 3


def test_a_hire_pays_half_the_activation_cost_rounded_up():
    g = make_game(set_ref=every_company())
    pp = give(g, 1, "power_plant")
    set_hand(g, 0, hire=1)
    set_storage(g, 0, steel=1)
    refused(g, actions.hire_plan, 1, pp, fee=(0,) * 6, match="pays 1 resources of its activation cost, not 0")
    refused(g, actions.hire, 1, pp, plan=(((0, 0, 0, 1), ()), ()), match="not 0")
    # A fee must come out of the activation cost: Power Plant costs Steel and Personnel.
    set_storage(g, 0, paper=1)
    refused(g, actions.hire_plan, 1, pp, fee=(0, 0, 0, 1, 0, 0), match="may include 0 Paper")
    refused(g, actions.hire, 1, pp, plan=(((0, 0, 0, 1), ()), ((3, 3, -1),)), match="may include 0 Paper")


def test_resources_are_bought_one_or_more_at_a_time():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=2)
    for n in (-2, 0, 1.5, True):
        refused(g, actions.buy_resource, res("steel"), n, match="one or more at a time")
        refused(g, actions.buy_resource, res("steel"), n, plan=NO_CARDS, match="one or more at a time")
    assert g.players[0].storage[res("steel")] == 0


# --- Siblings ---------------------------------------------------------------------------------


def test_a_payment_gives_up_only_cards_in_the_hand():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=1)
    refused(g, actions.buy_resource, res("steel"), 2, plan=((2, 0, 0, 0), ()), match="hand holds 1")
    refused(g, actions.buy_company, cid(g, "steel_factory"), plan=((2, 0, 0, 0), ()), match="hand holds 1")
    pp = cid(g, "power_plant")
    set_storage(g, 0, steel=1, personnel=1)
    refused(g, actions.activate, pp, plan=(((0, 1, 0, 0), ()), ((0, 0, -1), (1, 1, -1))),
            match="hand holds 0")


def test_a_payment_pays_exactly_the_price():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=3)
    refused(g, actions.buy_resource, res("steel"), 1, plan=((3, 0, 0, 0), ()), match="not what 1 Buy take")
    refused(g, actions.buy_resource, res("steel"), 1, plan=((1, 0, 0, 0, 0), ()), match="each of the 4 types")
    refused(g, actions.buy_resource, res("steel"), 1, plan=((-1, 2, 0, 0), ()), match="whole number")
    refused(g, actions.buy_resource, res("steel"), 1, plan="one Buy", match="card payment")


def test_an_activation_is_paid_with_resources_in_storage():
    g = make_game()
    pp = cid(g, "power_plant")
    set_hand(g, 0, activate=1)
    set_storage(g, 0, steel=1)
    plan = (((0, 1, 0, 0), ()), ((0, 0, -1), (1, 1, -1)))
    refused(g, actions.activate, pp, plan=plan, match="spends 1 Personnel, storage holds 0")
    refused(g, actions.activate, pp, plan=(plan[0], ((1, 1, -1),)), match="gives 0 Personnel")
    set_storage(g, 0, steel=2)
    refused(g, actions.activate, pp, plan=(plan[0], ((1, 1, -1), (1, 1, -1))), match="gives 0 Personnel")


def test_a_resource_pays_for_another_only_through_an_ability():
    g = make_game()
    pp = cid(g, "power_plant")
    set_hand(g, 0, activate=1)
    set_storage(g, 0, paper=1, personnel=1)
    plan = (((0, 1, 0, 0), ()), ((0, 0, -1), (3, 1, -1)))     # Paper as Steel
    refused(g, actions.activate, pp, plan=plan, match="nothing lets Paper pay for Steel")
    refused(g, actions.activate, pp, plan=(plan[0], ((0, 0, 5), (3, 1, 5))), match="without an ability")
    give(g, 0, "steel_factory")                                 # now Paper may pay for Steel
    activate(g, pp, plan)
    assert g.players[0].active[pp]


def test_only_a_company_in_the_portfolio_can_be_bought():
    g = make_game()
    set_hand(g, 0, buy=4)
    newspaper = cid(g, "newspaper")                             # not in the Simple Game
    assert newspaper not in g.portfolio
    refused(g, actions.buy_company, newspaper, match="not in the portfolio")
    refused(g, actions.buy_company, newspaper, plan=((1, 0, 0, 0), ()), match="not in the portfolio")
    refused(g, actions.buy_company, 999, match="company 999")
    refused(g, actions.buy_company, "warehouses", match='company "warehouses"')


def test_a_blocked_pile_cannot_be_bought_whatever_plan_is_offered():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=2)
    refused(g, actions.buy_resource, res("paper"), 1, plan=((1, 0, 0, 0), ()), match="blocked")
    wh = cid(g, "warehouses")
    g.company_blocks[0] = wh
    refused(g, actions.buy_company, wh, plan=((1, 0, 0, 0), ()), match="blocked")


def test_one_company_a_turn_whatever_plan_is_offered():
    g = make_game()
    set_hand(g, 0, buy=4)
    actions.buy_company(g, cid(g, "warehouses"))
    refused(g, actions.buy_company, cid(g, "logistics_company"), plan=((1, 0, 0, 0), ()),
            match="already bought")


def test_an_ability_limited_per_turn_pays_only_as_often_as_it_may():
    # Financial Services: once per turn, any decision card as a Buy.
    g = make_game(set_ref=every_company())
    fin = give(g, 0, "financial_services")
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, obstacle=2)
    refused(g, actions.buy_resource, res("steel"), 2, plan=((0, 0, 2, 0), ((fin, 2),)),
            match="may be used 1 times a turn")
    actions.buy_resource(g, res("steel"), 1, plan=((0, 0, 1, 0), ((fin, 1),)))
    refused(g, actions.buy_resource, res("steel"), 1, plan=((0, 0, 1, 0), ((fin, 1),)),
            match="used 1 times")
    # Import Company: once per turn, a resource (not Energy) as another.
    imp = give(g, 0, "import_company")
    wh = give(g, 0, "warehouses", active=False)                 # costs Steel and Concrete
    set_hand(g, 0, activate=1)
    set_storage(g, 0, paper=2)
    refused(g, actions.activate, wh, plan=(((0, 1, 0, 0), ()), ((3, 1, imp), (3, 2, imp))),
            match="may be used 1 times a turn")


def test_an_ability_pays_only_with_the_cards_it_names():
    g = make_game(set_ref=every_company())
    acc = give(g, 0, "accounting_firm")                          # 3 cards of one type as a Buy
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, obstacle=2, hire=1)
    refused(g, actions.buy_resource, res("steel"), 1, plan=((0, 0, 2, 1), ((acc, 1),)), match="of one type")
    set_hand(g, 0, obstacle=3)
    refused(g, actions.buy_resource, res("steel"), 1, plan=((0, 0, 3, 0), ((cid(g, "bank"), 1),)),
            match="Bank gives the player no ability")
    # The Logistics Company's cards pay for resources, not for companies.
    log = give(g, 0, "logistics_company")
    set_hand(g, 0, obstacle=2)
    refused(g, actions.buy_company, cid(g, "warehouses"), plan=((0, 0, 2, 0), ((log, 1),)),
            match="cannot pay Buy here")
    actions.buy_resource(g, res("steel"), 1, plan=((0, 0, 2, 0), ((log, 1),)))
    assert g.players[0].storage[res("steel")] == 1


def test_a_block_moves_to_a_legal_target_for_two_cards_of_one_type():
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, obstacle=1, hire=1)
    refused(g, actions.move_block, "resource", 0, res("concrete"), OBSTACLE, plan=((0, 0, 1, 1), ()),
            match="cannot pay the block's move")
    refused(g, actions.move_block, "resource", 0, res("concrete"), HIRE, plan=((0, 0, 1, 1), ()),
            match="cannot pay the block's move")
    set_hand(g, 0, obstacle=2)
    refused(g, actions.move_block, "both", 0, res("concrete"), OBSTACLE, match='not "both"')
    refused(g, actions.move_block, "resource", 5, res("concrete"), OBSTACLE, match="no resource block 5")
    refused(g, actions.move_block, "resource", 0, res("paper"), OBSTACLE, match="cannot move to")
    refused(g, actions.move_block, "resource", 0, float(res("concrete")), OBSTACLE, match="cannot move to")
    refused(g, actions.move_block, "company", 0, "warehouses", OBSTACLE, match="cannot move to")
    refused(g, actions.move_block, "resource", 0, res("concrete"), 7, match="card type 7")


def test_a_hire_is_of_another_players_activated_company_for_a_hire_card():
    g = make_game(set_ref=every_company())
    mall = give(g, 1, "shopping_mall")
    own = give(g, 0, "warehouses")
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, buy=1)
    fee = ((2, 2, -1), (3, 3, -1))
    refused(g, actions.hire, 1, mall, plan=(((0, 0, 0, 1), ()), fee), match="1 Hire but the hand holds 0")
    set_hand(g, 0, hire=1)
    refused(g, actions.hire, 0, own, plan=(((0, 0, 0, 1), ()), fee), match="not their own")
    refused(g, actions.hire, 7, mall, plan=(((0, 0, 0, 1), ()), fee), match="seat 7")
    give(g, 1, "shopping_mall", active=False)
    refused(g, actions.hire, 1, mall, plan=(((0, 0, 0, 1), ()), fee), match="no activated Shopping Mall")


def test_fine_point_1_a_converted_hire_payment_needs_a_real_replacement():
    g = make_game(set_ref=every_company())
    give(g, 0, "steel_factory")
    pp = give(g, 1, "power_plant")
    set_storage(g, 0, paper=1)
    g.players[1].storage[res("steel")] += g.market[res("steel")]     # no Steel anywhere else
    g.market[res("steel")] = 0
    g.resource_blocks = [res("paper")]                             # one went with the Steel
    set_hand(g, 0, hire=1)
    refused(g, actions.hire, 1, pp, plan=(((0, 0, 0, 1), ()), ((3, 1, -1),)), match="replaced by a real one")


def test_no_action_once_the_game_is_over():
    g = make_game()
    set_hand(g, 0, buy=2)
    g.over = True
    refused(g, actions.buy_company, cid(g, "warehouses"), match="game is over")
    refused(g, actions.buy_company, cid(g, "warehouses"), plan=((1, 0, 0, 0), ()), match="game is over")
