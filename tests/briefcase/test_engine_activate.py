"""Activate decision cards: companies and the Central Bank (rulebook, "Activate" decision card,
Fine points 1, 3 and 4)."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, OBSTACLE
from cardgen.games.briefcase.engine.state import IllegalAction

from .helpers import (
    activate,
    check_all,
    cid,
    end_turn,
    every_company,
    give,
    make_game,
    pay_for,
    play_turn,
    res,
    set_hand,
    set_storage,
    start_turn,
)


def test_activation_pays_the_cost_to_the_discard_pile_and_flips_the_company():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory")
    set_hand(g, 0, activate=1)
    activate(g, sf)
    p = g.players[0]
    assert p.active[sf] and sum(p.storage) == 0
    assert g.res_discard[res("personnel")] == 1 and g.res_discard[res("concrete")] == 1
    assert p.played[ACTIVATE] == 1
    check_all(g)


def test_spent_energy_returns_to_its_pile():
    g = make_game()
    cargo = give(g, 0, "cargo_company", active=False)
    set_storage(g, 0, paper=1, energy=1)
    set_hand(g, 0, activate=1)
    before = g.market[res("energy")]
    activate(g, cargo)
    assert g.market[res("energy")] == before + 1 and g.res_discard[res("energy")] == 0


def test_production_goes_to_the_discard_pile():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory")
    set_hand(g, 0, activate=1)
    bank = g.bank[BUY]
    activate(g, sf)
    assert g.players[0].discard[BUY] == 1 and g.bank[BUY] == bank - 1


def test_power_plant_produces_two_energy_into_storage():
    g = make_game()
    set_storage(g, 0, steel=1, personnel=1)
    set_hand(g, 0, activate=1)
    activate(g, cid(g, "power_plant"))
    assert g.players[0].storage[res("energy")] == 2 and g.players[0].discard == [0, 0, 0, 0]


def test_a_company_may_be_activated_again_in_the_same_turn():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory", times=2)
    set_hand(g, 0, activate=2)
    activate(g, sf)
    activate(g, sf)
    assert g.players[0].discard[BUY] == 2 and g.activations[sf] == 2


def test_activation_needs_an_activate_card():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory")
    set_hand(g, 0, buy=3)
    with pytest.raises(IllegalAction):
        activate(g, sf)


def test_activation_needs_the_resources():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    set_storage(g, 0, personnel=1, paper=1)
    set_hand(g, 0, activate=1)
    assert actions.activation_plan(g, sf) is None


def test_an_ability_is_usable_right_after_its_first_activation():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory", paper=1, personnel=1)
    set_hand(g, 0, activate=2)
    activate(g, sf)
    activate(g, cid(g, "power_plant"))    # Paper as Steel
    assert g.players[0].storage[res("energy")] == 2


def test_fine_point_1_a_converted_resource_is_discarded_not_replaced():
    g = make_game()
    give(g, 0, "steel_factory")
    set_storage(g, 0, paper=1, personnel=1)
    set_hand(g, 0, activate=1)
    steel = g.market[res("steel")]
    activate(g, cid(g, "power_plant"))
    assert g.market[res("steel")] == steel and g.res_discard[res("steel")] == 0
    assert g.res_discard[res("paper")] == 1


def test_any_resource_conversions_include_energy_and_imported():
    g = make_game()
    give(g, 0, "steel_factory")
    set_storage(g, 0, energy=1, personnel=1)
    set_hand(g, 0, activate=1)
    activate(g, cid(g, "power_plant"))    # Energy as Steel
    assert g.players[0].storage[res("energy")] == 2


def test_imported_pays_as_any_resource_except_energy():
    g = make_game()
    cargo = give(g, 0, "cargo_company", active=False)  # costs Paper and Energy
    set_storage(g, 0, imported=2)
    set_hand(g, 0, activate=1)
    assert actions.activation_plan(g, cargo) is None   # no Energy
    set_storage(g, 0, imported=1, energy=1)
    activate(g, cargo)
    assert g.res_discard[res("imported")] == 1


def test_recycling_plant_pays_energy_with_any_resource():
    g = make_game(set_ref=every_company())
    give(g, 0, "recycling_plant")
    cargo = give(g, 0, "cargo_company", active=False)
    set_storage(g, 0, paper=2)
    set_hand(g, 0, activate=1)
    activate(g, cargo)
    assert g.res_discard[res("paper")] == 2


def test_import_company_converts_one_resource_per_turn():
    g = make_game(set_ref=every_company())
    give(g, 0, "import_company")
    wh = give(g, 0, "warehouses", active=False)       # costs Concrete and Steel
    set_storage(g, 0, concrete=4)
    set_hand(g, 0, activate=2)
    activate(g, wh)                            # Concrete + Concrete as Steel
    assert g.players[0].active[wh]
    assert actions.activation_plan(g, wh) is None      # no second conversion this turn
    end_turn(g)
    for _ in range(g.n - 1):
        play_turn(g)
    start_turn(g)
    set_hand(g, 0, activate=1)
    assert actions.activation_plan(g, wh) is not None  # a new turn, a new use


def test_a_conversion_search_finds_a_payment_a_greedy_exact_match_misses():
    # Shipping Company costs Steel and Paper; the player has Steel and Energy. Paying Steel with
    # the Steel leaves Energy, which nothing turns into Paper; instead the Steel pays Paper
    # through the Import Company and the Energy pays Steel through the Steel Factory.
    g = make_game(set_ref=every_company())
    give(g, 0, "import_company")
    give(g, 0, "steel_factory")
    ship = give(g, 0, "shipping_company", active=False)
    set_storage(g, 0, steel=1, energy=1)
    set_hand(g, 0, activate=1)
    activate(g, ship)
    assert g.players[0].active[ship] and sum(g.players[0].storage) == 0
    assert g.res_discard[res("steel")] == 1 and g.market[res("energy")] == 24


def test_fine_point_4_production_from_an_empty_bank_pile_gives_nothing():
    g = make_game()
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory")
    set_hand(g, 0, activate=1)
    g.bank[BUY] = 0
    activate(g, sf)
    assert g.players[0].active[sf] and g.players[0].discard[BUY] == 0


def test_power_plant_gets_what_is_left_of_an_empty_energy_pile():
    g = make_game()
    set_storage(g, 0, steel=1, personnel=1)
    set_storage(g, 1, energy=23)
    set_hand(g, 0, activate=1)
    activate(g, cid(g, "power_plant"))
    assert g.players[0].storage[res("energy")] == 1 and g.market[res("energy")] == 0
    check_all(g)


def test_central_bank_needs_two_activated_level_one_companies():
    g = make_game()
    set_hand(g, 0, activate=1, buy=2)
    give(g, 0, "power_plant")
    assert actions.central_bank_plan(g, 2) is None
    give(g, 0, "steel_factory")
    assert actions.central_bank_plan(g, 2) is not None


def test_central_bank_removes_buy_cards_from_the_game_for_victory_point_cards():
    g = make_game()
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")
    set_hand(g, 0, activate=1, buy=3)
    assert actions.invest(g, 3) == 3
    p = g.players[0]
    assert p.vp_cards == 3 and g.central_bank_vp == 7 and g.central_bank_buys == 3
    assert p.hand == [0, 0, 0, 0] and p.played == [0, 1, 0, 0]
    check_all(g)


def test_central_bank_gives_victory_points_while_they_last_then_cannot_be_activated():
    g = make_game()
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")
    g.central_bank_vp = 2
    g.players[1].vp_cards = 8                       # the others went to seat 1
    set_hand(g, 0, activate=2, buy=3)
    assert actions.invest(g, 3) == 2
    assert g.players[0].hand[BUY] == 1 and g.central_bank_vp == 0
    assert actions.central_bank_plan(g, 1) is None
    check_all(g)


def test_fine_point_3_the_central_bank_takes_only_real_buy_cards():
    g = make_game(set_ref=every_company())
    give(g, 0, "power_plant")
    give(g, 0, "financial_services")
    give(g, 0, "steel_factory")
    set_hand(g, 0, activate=1, obstacle=2)
    assert actions.central_bank_plan(g, 1) is None


def test_the_central_banks_activate_may_come_from_an_ability():
    g = make_game()
    give(g, 0, "power_plant")
    give(g, 0, "accounting_firm")
    set_hand(g, 0, obstacle=3, buy=2)
    actions.invest(g, 2)
    assert g.players[0].vp_cards == 2 and g.players[0].played[OBSTACLE] == 3


def test_fine_point_4_no_hire_card_left_gives_nothing():
    """Fine point 4: "If at some point a player must take an Activate, Hire or Obstacle card and
    there is none available, then he doesn't get anything and the game continues"."""
    g = make_game(set_ref=every_company())
    # A company producing Hire cards (productions are authored: found in the data).
    maker = next(c for c in g.rules.companies if c.production_cards[HIRE] and c.level == 1)
    ci = give(g, 0, maker.id, active=False)
    pay_for(g, 0, maker.id)
    set_hand(g, 0, activate=1)
    g.removed[HIRE] += g.bank[HIRE]                  # every Hire card out of the bank
    g.bank[HIRE] = 0
    activate(g, ci)
    assert g.players[0].active[ci] and g.players[0].discard[HIRE] == 0
    assert not g.over
    check_all(g)


def test_central_bank_needs_two_activated_level_one_companies_not_a_level_two():
    """"Once a player has activated at least two different 1st level company cards he is
    allowed to invest in the Central Bank": an activated 2nd-level company does not count."""
    g = make_game(set_ref=every_company())
    give(g, 0, "power_plant")
    give(g, 0, "bank")
    set_hand(g, 0, activate=1, buy=2)
    assert actions.central_bank_plan(g, 2) is None
    with pytest.raises(IllegalAction, match="level-1"):
        actions.invest(g, 2)


def test_fine_point_3_the_marketing_company_makes_no_buy_for_the_central_bank():
    """Fine point 3: "Company abilities that allow other types of decision cards to be used as
    Buy cards, may not be used for the Central Bank" (two Obstacles as a Buy)."""
    g = make_game(set_ref=every_company())
    give(g, 0, "power_plant")
    give(g, 0, "warehouses")
    give(g, 0, "marketing_company")
    set_hand(g, 0, activate=1, obstacle=2)
    assert actions.central_bank_plan(g, 1) is None
    with pytest.raises(IllegalAction, match="Buy cards"):
        actions.invest(g, 1)
    assert g.players[0].vp_cards == 0


def test_central_bank_invests_real_buy_cards_and_uses_the_others_for_the_activate():
    """The Central Bank: "play an Activate card ... and discard ... Buy cards": with a
    Marketing Company, two Obstacles may make the Activate while the Buy cards are invested."""
    g = make_game(set_ref=every_company())
    give(g, 0, "power_plant")
    give(g, 0, "warehouses")
    give(g, 0, "marketing_company")
    set_hand(g, 0, buy=2, obstacle=2)
    assert actions.invest(g, 2) == 2
    assert g.players[0].played == [0, 0, 2, 0] and g.central_bank_buys == 2
    check_all(g)


@pytest.mark.parametrize("kind", [ACTIVATE, OBSTACLE])
def test_fine_point_4_no_activate_or_obstacle_card_left_gives_nothing(kind):
    """Fine point 4: "If at some point a player must take an Activate, Hire or Obstacle card
    and there is none available, then he doesn't get anything and the game continues": the
    rest of the production still comes."""
    g = make_game(set_ref=every_company())
    # A company producing that card type (productions are authored: found in the data).
    maker = next(c for c in g.rules.companies if c.production_cards[kind] and c.level == 1
                 and not c.per_activation)
    ci = give(g, 0, maker.id, active=False)
    pay_for(g, 0, maker.id)
    set_hand(g, 0, activate=1)
    g.removed[kind] += g.bank[kind]                   # every card of the kind out of the bank
    g.bank[kind] = 0
    bank = list(g.bank)
    activate(g, ci)
    p = g.players[0]
    assert p.active[ci] and p.discard[kind] == 0
    for t in range(4):
        if t != kind:
            assert p.discard[t] == maker.production_cards[t] and g.bank[t] == bank[t] - p.discard[t]
    assert not g.over
    check_all(g)
