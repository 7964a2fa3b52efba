"""Company abilities not covered by the worked examples (rulebook, Company Card Descriptions),
one effect kind or rule per test; and a custom company playing with no code change."""

from __future__ import annotations

import random

import pytest

from cardgen.games.briefcase.engine import actions, cards, compile_rules, effects, new_game, payment, scoring
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, OBSTACLE
from cardgen.sim.decisions import IllegalAction

from .helpers import (
    ScriptBot,
    activate,
    bots,
    check_all,
    cid,
    end_turn,
    every_company,
    give,
    make_game,
    pay_for,
    play_turn,
    res,
    set_deck,
    set_hand,
    set_storage,
    start_turn,
)


def _game(players=2, **answers):
    bots = [ScriptBot(**answers)] + [ScriptBot() for _ in range(players - 1)]
    return make_game(players, set_ref=every_company(), bots=bots)


@pytest.mark.parametrize("company,target", [("university", "personnel"), ("paper_mill", "paper"),
                                            ("construction_company", "concrete"),
                                            ("steel_factory", "steel")])
def test_any_resource_as_one_resource(company, target):
    g = _game()
    give(g, 0, company)
    need = tuple(1 if r == res(target) else 0 for r in range(6))
    set_storage(g, 0, energy=1)
    from cardgen.games.briefcase.engine import payment
    plan = payment.plan_payment(g.players[0], need, g.uses, g.rules.free_pay)
    assert plan == ((res("energy"), res(target), -1),)


def test_without_the_ability_a_resource_cannot_pay_for_another():
    g = _game()
    set_storage(g, 0, energy=1)
    from cardgen.games.briefcase.engine import payment
    assert payment.plan_payment(g.players[0], (1, 0, 0, 0, 0, 0), g.uses, g.rules.free_pay) is None


def test_a_deactivated_company_loses_its_ongoing_ability():
    g = _game()
    give(g, 0, "warehouses", active=False)
    assert g.players[0].storage_limit == 5
    give(g, 0, "warehouses", active=True)
    assert g.players[0].storage_limit == 8


def test_shipping_company_takes_two_resources_from_the_discard_pile_but_not_those_just_paid():
    g = _game(take_from_discard=[1])                  # the one Steel offered
    ship = give(g, 0, "shipping_company", active=False)  # costs Steel and Paper
    pay_for(g, 0, "shipping_company")
    g.res_discard[res("steel")] = 1
    g.market[res("steel")] -= 1
    set_hand(g, 0, activate=1)
    activate(g, ship)
    p = g.players[0]
    # Only the Steel that was there before: the Steel and Paper just paid stay.
    assert p.storage[res("steel")] == 1 and p.storage[res("paper")] == 0
    assert g.res_discard[res("steel")] == 1 and g.res_discard[res("paper")] == 1
    [asked] = bots(g)[0].asked("take_from_discard")
    assert list(asked.options) == [res("steel")] and asked.high == 1    # not the Paper just paid
    check_all(g)


@pytest.mark.parametrize("takes", [3, 2])
def test_shipping_company_takes_at_most_two(takes):
    g = _game(take_from_discard=[2] * takes)
    ship = give(g, 0, "shipping_company", active=False)
    pay_for(g, 0, "shipping_company")
    g.res_discard[res("concrete")] = 3
    g.market[res("concrete")] -= 3
    set_hand(g, 0, activate=1)
    if takes > 2:
        with pytest.raises(IllegalAction, match="take_from_discard: choose between 0 and 2, not 3"):
            activate(g, ship)
        return
    activate(g, ship)
    assert g.players[0].storage[res("concrete")] == 2 and g.res_discard[res("concrete")] == 1


def test_law_firm_makes_each_opponent_discard_a_buy_or_an_activate():
    g = _game(players=4, opponent_discard=ACTIVATE)
    law = give(g, 0, "law_firm", active=False)
    pay_for(g, 0, "law_firm")
    set_hand(g, 0, activate=1)
    set_hand(g, 1, buy=1, activate=1, obstacle=2)    # both: the activating player chooses
    set_hand(g, 2, buy=2, obstacle=2)                # only Buy
    set_hand(g, 3, obstacle=3, hire=1)               # neither
    activate(g, law)
    assert g.players[1].hand == [1, 0, 2, 0] and g.players[1].discard[ACTIVATE] == 1
    assert g.players[2].hand == [1, 0, 2, 0] and g.players[2].discard[BUY] == 1
    assert g.players[3].hand == [0, 0, 3, 1]
    [asked] = bots(g)[0].asked("opponent_discard")       # only the opponent holding both
    assert asked.seat == 0 and tuple(asked.options) == (BUY, ACTIVATE) and "seat 2" in asked.prompt
    check_all(g)


def test_media_company_takes_one_personnel_from_each_opponent():
    g = _game(players=3)
    media = give(g, 0, "media_company", active=False)
    pay_for(g, 0, "media_company")
    set_hand(g, 0, activate=1)
    set_storage(g, 1, personnel=2)
    set_storage(g, 2, steel=2)
    activate(g, media)
    assert g.players[0].storage[res("personnel")] == 1
    assert g.players[1].storage[res("personnel")] == 1 and g.players[2].storage[res("steel")] == 2


def test_brokerage_firm_deactivates_a_first_level_company_of_each_opponent_but_not_a_power_plant():
    g = _game(players=3)
    broker = give(g, 0, "brokerage_firm", active=False)
    pay_for(g, 0, "brokerage_firm")
    set_hand(g, 0, activate=1)
    give(g, 1, "power_plant")
    wh = give(g, 1, "warehouses")
    give(g, 1, "bank")                                # level 2: not a target
    give(g, 2, "power_plant")                        # only a Power Plant: nothing to deactivate
    activate(g, broker)
    assert not g.players[1].active[wh] and g.players[1].storage_limit == 5
    assert g.players[1].active[cid(g, "bank")]
    assert g.players[2].active[cid(g, "power_plant")]
    [asked] = bots(g)[0].asked("deactivate_pick")        # seat 1's Warehouses, or none
    assert tuple(asked.options) == (wh, None) and "seat 2" in asked.prompt


def test_a_deactivated_company_scores_nothing_until_activated_again():
    g = _game()
    wh = give(g, 1, "warehouses", active=False)
    assert scoring.breakdown(g, g.players[1])["companies"] == 0
    g.current = 1
    pay_for(g, 1, "warehouses")
    set_hand(g, 1, activate=1)
    activate(g, wh)
    assert scoring.breakdown(g, g.players[1])["companies"] == g.rules.companies[wh].vp


def test_investment_company_counts_every_buy_card_owned():
    g = _game()
    give(g, 0, "investment_company")
    set_hand(g, 0, buy=2)
    set_deck(g, 0, ["buy", "obstacle"], discard={"buy": 3})
    assert effects.endgame_vp(g, g.players[0]) == 6


def test_venture_capital_firm_counts_buy_in_the_production_of_activated_companies():
    # "1 victory point for each Buy appearing in the production of all activated companies":
    # the productions are authored numbers, so the count is taken from the data.
    g = _game()
    activated = ("venture_capital_firm", "investment_company", "warehouses", "newspaper")
    for company in activated:
        give(g, 0, company)
    give(g, 0, "steel_factory", active=False)        # deactivated: not counted
    set_hand(g, 0)
    set_deck(g, 0, [])                                # no Buy card owned: the Investment Company adds 0
    buys = [g.rules.companies[cid(g, c)].production_cards[BUY] for c in activated]
    assert sum(buys) > 0 and g.rules.companies[cid(g, "steel_factory")].production_cards[BUY] > 0
    assert effects.endgame_vp(g, g.players[0]) == sum(buys)


def test_contractor_firm_cycles_only_once_per_turn():
    g = _game(cycle_card=OBSTACLE)
    give(g, 0, "contractor_firm")
    set_hand(g, 0, obstacle=4)
    set_deck(g, 0, ["obstacle"] * 5)
    start_turn(g)
    assert g.players[0].discard[OBSTACLE] == 1 and sum(g.players[0].hand) == 4


def test_contractor_firm_is_optional():
    g = _game(cycle_card=None)
    give(g, 0, "contractor_firm")
    set_hand(g, 0, obstacle=4)
    start_turn(g)
    assert g.players[0].discard == [0, 0, 0, 0]


def test_oil_refinery_removal_is_a_choice_of_an_unused_card():
    g = _game(remove_from_hand=HIRE)
    oil = give(g, 0, "oil_refinery", active=False)
    pay_for(g, 0, "oil_refinery")
    set_hand(g, 0, activate=1, hire=1)
    activate(g, oil)
    assert g.removed == [0, 0, 0, 1] and g.players[0].hand == [0, 0, 0, 0]
    check_all(g)


def test_biology_lab_production_may_still_go_to_the_discard_pile():
    g = _game(production_on_top=False)
    give(g, 0, "biology_lab")
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory")
    set_hand(g, 0, activate=1)
    set_deck(g, 0, [])
    activate(g, sf)
    assert g.players[0].deck == [] and g.players[0].discard[BUY] == 1


def test_consulting_firm_tops_only_a_played_card():
    g = _game(topdeck_pick=ACTIVATE)
    give(g, 0, "consulting_firm")
    set_hand(g, 0, activate=1, buy=1)                 # nothing played
    set_deck(g, 0, ["obstacle"] * 6)
    end_turn(g)
    assert g.players[0].hand == [0, 0, 4, 0]


def test_power_plant_cannot_be_deactivated():
    g = _game()
    pp = give(g, 1, "power_plant")
    assert g.rules.companies[pp].permanent
    broker = give(g, 0, "brokerage_firm", active=False)
    pay_for(g, 0, "brokerage_firm")
    set_hand(g, 0, activate=1)
    activate(g, broker)
    assert g.players[1].active[pp]


def test_a_custom_company_plays_with_no_code_change():
    # The example set's Startup Incubator: "Once per turn a player may use any resource as Steel".
    from cardgen.games.briefcase.load import load_briefcase
    from tests.conftest import REPO

    data, custom = load_briefcase(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml")
    rules = compile_rules(data, custom)
    g = new_game(rules, 2, random.Random(0))
    give(g, 0, "startup_incubator")
    set_storage(g, 0, paper=2, personnel=2)
    set_hand(g, 0, activate=2)
    pp = cid(g, "power_plant")
    activate(g, pp)                             # Paper as Steel
    assert g.players[0].storage[res("energy")] == 2
    assert actions.activation_plan(g, pp) is None        # once per turn
    check_all(g)


def test_brokerage_firm_deactivating_warehouses_brings_the_owner_back_to_five_at_once():
    """Warehouses: "A player can store up to 8 resource cards (instead of 5)". Once the
    Brokerage Firm deactivates it, the limit is 5 again, and "A player may not store more than
    5 resource cards" outside his own turn: the owner discards the extra cards at once."""
    g = make_game(2, set_ref=every_company(),
                  bots=[ScriptBot(), ScriptBot(storage_discard=[res("paper")] * 2)])
    broker = give(g, 0, "brokerage_firm", active=False)
    pay_for(g, 0, "brokerage_firm")
    set_hand(g, 0, activate=1)
    wh = give(g, 1, "warehouses")
    set_storage(g, 1, steel=4, paper=3, energy=3)
    activate(g, broker)
    victim = g.players[1]
    assert not victim.active[wh]
    assert victim.storage[res("steel")] == 4 and victim.storage[res("paper")] == 1
    assert victim.storage[res("energy")] == 3                 # Energy is excluded from the limit
    assert g.res_discard[res("paper")] == 2
    [asked] = bots(g)[1].asked("storage_discard")
    assert asked.seat == 1
    check_all(g)


def test_cargo_company_ignores_one_resource_block_again_each_turn():
    """Cargo Company: "Each turn a player may ignore one resource block": the block ignored
    in one turn does not use up the next turn's."""
    g = _game()
    g.resource_blocks = [res("steel"), res("concrete")]
    give(g, 0, "cargo_company")
    set_hand(g, 0, buy=2)
    actions.buy_resource(g, res("steel"))
    assert "blocked" in actions.resource_problem(g, res("concrete"))   # one block a turn
    end_turn(g)
    g.current = 0                                    # the player's next turn
    start_turn(g)
    set_hand(g, 0, buy=1)
    actions.buy_resource(g, res("concrete"))
    assert g.players[0].storage[res("concrete")] == 1
    check_all(g)


def test_import_company_never_converts_energy():
    """Import Company: "any resource (except Energy) as any resource (except Energy)":
    Energy neither pays for another resource nor is paid for by one."""
    g = _game()
    give(g, 0, "import_company")
    p = g.players[0]
    steel = tuple(1 if r == res("steel") else 0 for r in range(6))
    energy = tuple(1 if r == res("energy") else 0 for r in range(6))
    set_storage(g, 0, energy=1)
    assert payment.plan_payment(p, steel, g.uses, g.rules.free_pay) is None
    set_storage(g, 0, paper=1)
    assert payment.plan_payment(p, energy, g.uses, g.rules.free_pay) is None
    assert payment.plan_payment(p, steel, g.uses, g.rules.free_pay) is not None  # Paper as Steel


def test_accounting_firm_pays_only_a_buy_or_an_activate():
    """Accounting Firm: "Player may use 3 cards of the same type as a Buy or Activate card":
    not as an Obstacle or a Hire."""
    g = _game()
    give(g, 0, "accounting_firm")
    set_hand(g, 0, buy=3)
    p = g.players[0]
    assert cards.plan_cards(p, g.uses, 1, ACTIVATE) is not None
    assert cards.plan_cards(p, g.uses, 1, HIRE) is None
    assert cards.plan_cards(p, g.uses, 1, OBSTACLE) is None


def test_logistics_company_takes_two_cards_of_the_same_type():
    """Logistics Company: "he may use 2 cards of the same type instead of a Buy"."""
    g = _game()
    g.resource_blocks = [res("paper"), res("personnel")]
    give(g, 0, "logistics_company")
    set_hand(g, 0, obstacle=1, hire=1)
    assert actions.resource_plan(g, res("steel")) is None
    set_hand(g, 0, hire=2)
    actions.buy_resource(g, res("steel"))
    assert g.players[0].storage[res("steel")] == 1 and g.players[0].played[HIRE] == 2


def test_fine_point_2_a_law_firm_target_cannot_convert_cards_to_discard():
    """Fine point 2: "Players may not use company abilities to convert decision cards ... when
    targeted by other players' company abilities": a Law Firm's target with a Marketing Company
    and no Buy or Activate discards nothing (it cannot turn two Obstacles into one)."""
    g = _game()
    law = give(g, 0, "law_firm", active=False)
    pay_for(g, 0, "law_firm")
    set_hand(g, 0, activate=1)
    give(g, 1, "marketing_company")
    set_hand(g, 1, obstacle=2, hire=2)
    activate(g, law)
    assert g.players[1].hand == [0, 0, 2, 2] and g.players[1].discard == [0, 0, 0, 0]
    assert not bots(g)[0].asked("opponent_discard")


def test_media_company_taking_is_the_players_choice():
    """Media Company: "A player may take one Personnel card from each opponent's storage"."""
    g = _game(players=3, take_from_opponent=lambda decision: "seat 3" in decision.prompt)
    media = give(g, 0, "media_company", active=False)
    pay_for(g, 0, "media_company")
    set_hand(g, 0, activate=1)
    set_storage(g, 1, personnel=1)
    set_storage(g, 2, personnel=1)
    activate(g, media)
    assert g.players[1].storage[res("personnel")] == 1          # declined
    assert g.players[2].storage[res("personnel")] == 0
    assert g.players[0].storage[res("personnel")] == 1
    assert len(bots(g)[0].asked("take_from_opponent")) == 2


def test_brokerage_firm_deactivation_is_the_players_choice():
    """Brokerage Firm: "he may choose to deactivate one 1st-level company from each opponent"."""
    g = _game(deactivate_pick=None)
    broker = give(g, 0, "brokerage_firm", active=False)
    pay_for(g, 0, "brokerage_firm")
    set_hand(g, 0, activate=1)
    wh = give(g, 1, "warehouses")
    activate(g, broker)
    assert g.players[1].active[wh] and bots(g)[0].asked("deactivate_pick")


def test_newspaper_draw_is_the_players_choice():
    """Newspaper: "he may draw one additional card from his decision deck"."""
    g = _game(use_start_draw=False)
    give(g, 0, "newspaper")
    set_hand(g, 0, obstacle=4)
    set_deck(g, 0, ["buy"] * 3)
    start_turn(g)
    assert sum(g.players[0].hand) == 4 and len(g.players[0].deck) == 3
    assert bots(g)[0].asked("use_start_draw")


def test_consulting_firm_top_decking_is_the_players_choice():
    """Consulting Firm: "a player may choose one of those cards and put it on top"."""
    g = _game(topdeck_pick=None)
    give(g, 0, "consulting_firm")
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=1, obstacle=3)
    set_deck(g, 0, ["obstacle"] * 4)
    actions.buy_resource(g, res("steel"))
    end_turn(g)
    p = g.players[0]
    assert p.hand == [0, 0, 4, 0] and p.discard == [1, 0, 3, 0]
    assert bots(g)[0].asked("topdeck_pick")


def test_an_activated_company_keeps_its_ongoing_ability_in_later_turns():
    """"Once activated for the first time, the company remains activated ... and therefore the
    company's ability remains in effect": Warehouses still holds 8 after a round of turns."""
    g = _game()
    wh = give(g, 0, "warehouses", active=False)
    pay_for(g, 0, "warehouses", steel=4, paper=4)
    set_hand(g, 0, activate=1)
    activate(g, wh)
    for _ in range(g.n):
        play_turn(g)
    assert g.current == 0 and g.players[0].active[wh]
    assert sum(g.players[0].storage) == 8


def test_a_per_activation_ability_acts_only_when_its_company_is_activated():
    """"Per Activation abilities: The ability of the card applies only for the time that this
    card was activated": an activated Media Company takes nothing in later turns."""
    g = _game()
    give(g, 0, "media_company")
    set_storage(g, 1, personnel=2)
    for _ in range(2 * g.n):
        play_turn(g)
    assert g.players[1].storage[res("personnel")] == 2 and g.players[0].storage[res("personnel")] == 0
    assert not bots(g)[0].asked("take_from_opponent")


def test_law_firm_looks_at_the_opponents_hands_in_clockwise_order():
    """Law Firm: "The player looks at each opponents hand in clockwise order and if a player
    has both, chooses which card must be discarded": from the seat after his own, round the
    table (here seat 3 of 4 activates it: seats 4, 1, 2)."""
    g = _game(players=4)
    g.current = 2
    law = give(g, 2, "law_firm", active=False)
    pay_for(g, 2, "law_firm")
    set_hand(g, 2, activate=1)
    for seat in (0, 1, 3):
        set_hand(g, seat, buy=1, activate=1)
    chooser = bots(g)[2]
    activate(g, law)
    asked = chooser.asked("opponent_discard")
    assert [d.prompt.split("seat ")[1].split(" ")[0] for d in asked] == ["4", "1", "2"]
    assert all(d.seat == 2 for d in asked)
    for seat in (0, 1, 3):
        assert sum(g.players[seat].hand) == 1 and sum(g.players[seat].discard) == 1
    check_all(g)


def test_brokerage_firm_deactivates_one_first_level_company_of_every_opponent():
    """Brokerage Firm: "he may choose to deactivate one 1st-level company from each
    opponent": one company of each opponent, not more, and not only the first opponent's."""
    g = _game(players=3)
    broker = give(g, 0, "brokerage_firm", active=False)
    pay_for(g, 0, "brokerage_firm")
    set_hand(g, 0, activate=1)
    for seat in (1, 2):
        give(g, seat, "warehouses")
        give(g, seat, "cargo_company")
    activate(g, broker)
    for seat in (1, 2):
        opp = g.players[seat]
        still = [ci for ci in (cid(g, "warehouses"), cid(g, "cargo_company")) if opp.active[ci]]
        assert len(still) == 1, f"seat {seat + 1} keeps {len(still)} of its two companies"
    assert len(bots(g)[0].asked("deactivate_pick")) == 2
    assert g.deactivations == 2
    check_all(g)


def test_cargo_company_ignores_a_resource_block_not_a_company_block():
    """Cargo Company: "ignore one resource block when buying cards from the resource
    market": a blocked company stays blocked."""
    g = _game(players=3)
    give(g, 0, "cargo_company")
    wh = cid(g, "warehouses")
    g.company_blocks = [wh]
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, buy=4)
    assert "blocked" in actions.company_problem(g, wh)
    with pytest.raises(IllegalAction, match="blocked"):
        actions.buy_company(g, wh)
    actions.buy_resource(g, res("steel"))              # the resource block is ignored
    assert g.players[0].storage[res("steel")] == 1 and not g.players[0].owned[wh]
    check_all(g)


def test_financial_services_makes_a_buy_and_no_other_card():
    """Financial Services: "a player may use any decision card as a Buy": not as an Activate,
    an Obstacle or a Hire."""
    g = _game()
    give(g, 0, "financial_services")
    set_hand(g, 0, obstacle=1)
    p = g.players[0]
    assert cards.plan_cards(p, g.uses, 1, BUY) is not None
    for t in (ACTIVATE, HIRE):
        assert cards.plan_cards(p, g.uses, 1, t) is None
    set_hand(g, 0, buy=1)
    assert cards.plan_cards(p, g.uses, 1, OBSTACLE) is None
    set_storage(g, 0, steel=1, personnel=1)
    with pytest.raises(IllegalAction):
        activate(g, cid(g, "power_plant"))             # a Buy made Activate: not allowed
