"""Hire decision cards (rulebook, "Hire" Decision Cards; Fine point 1's exception; ruling
hire-gives-production-only)."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import BUY, HIRE
from cardgen.games.briefcase.engine.state import IllegalAction

from .helpers import (
    ScriptBot,
    bots,
    check_all,
    every_company,
    give,
    hire,
    hire_with_energy,
    make_game,
    res,
    set_hand,
    set_storage,
)


def _hire_game(**owner_answers):
    g = make_game(set_ref=every_company(), bots=[ScriptBot(), ScriptBot(**owner_answers)])
    return g


def test_hiring_pays_the_owner_half_the_activation_cost_rounded_up():
    g = _hire_game()
    parks = give(g, 1, "theme_parks")          # costs 2 Concrete, 1 Personnel, 1 Energy: pays 2
    assert actions.hire_fee(g.rules.companies[parks]) == 2
    mall = give(g, 1, "shopping_mall")         # costs Concrete, Paper, Energy: 3 -> pays 2
    assert actions.hire_fee(g.rules.companies[mall]) == 2
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    assert g.players[1].storage[res("concrete")] == 1 and g.players[1].storage[res("paper")] == 1
    assert sum(g.players[0].storage) == 0 and g.hires == 1
    check_all(g)


def test_the_hirer_chooses_which_of_the_cost_resources_to_pay():
    g = _hire_game()
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 0, concrete=1, paper=1, energy=1)
    set_hand(g, 0, hire=1)
    fee = tuple(1 if r in (res("concrete"), res("energy")) else 0 for r in range(6))
    plan = actions.hire_plan(g, 1, mall, fee=fee)
    hire(g, 1, mall, plan)
    assert g.players[1].storage[res("energy")] == 1 and g.players[1].storage[res("concrete")] == 1
    assert g.players[0].storage[res("paper")] == 1


def test_the_hirer_gets_the_full_production_and_not_the_ability():
    g = _hire_game()
    bank = give(g, 1, "bank")                   # produces a Buy and an Activate; hand size +1
    set_storage(g, 0, paper=2)
    set_hand(g, 0, hire=1)
    hire(g, 1, bank)
    assert g.players[0].discard == [1, 1, 0, 0]
    assert g.players[0].hand_size == 4 and g.players[1].active[bank]
    assert g.players[1].discard == [0, 0, 0, 0]


def test_hiring_a_power_plant_puts_its_energy_in_the_hirers_storage():
    g = _hire_game()
    pp = give(g, 1, "power_plant")
    set_storage(g, 0, steel=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, pp)
    assert g.players[0].storage[res("energy")] == 2 and g.players[1].storage[res("steel")] == 1


def test_the_owner_may_refuse_the_payment_which_is_discarded():
    g = _hire_game(keep_hire_payment=[])
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    assert sum(g.players[1].storage) == 0
    assert g.res_discard[res("concrete")] == 1 and g.res_discard[res("paper")] == 1
    assert g.players[0].discard[BUY] == 1           # the hire happens all the same
    check_all(g)


def test_the_owner_may_deny_any_of_the_paid_resources_and_keep_the_rest():
    g = _hire_game(keep_hire_payment=[res("paper")])
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    assert g.players[1].storage[res("paper")] == 1 and g.players[1].storage[res("concrete")] == 0
    assert g.res_discard[res("concrete")] == 1 and g.res_discard[res("paper")] == 0
    [asked] = bots(g)[1].asked("keep_hire_payment")        # the owner's decision
    assert asked.seat == 1 and asked.kind == "choose_many"
    assert list(asked.options) == [res("concrete"), res("paper")] and (asked.low, asked.high) == (0, 2)
    check_all(g)


@pytest.mark.parametrize("keep", [[1, 1], [4], "all", None])
def test_the_owner_keeps_only_resources_that_were_paid(keep):
    g = _hire_game(keep_hire_payment=keep)
    pp = give(g, 1, "power_plant")
    set_storage(g, 0, steel=1)
    set_hand(g, 0, hire=1)
    with pytest.raises(IllegalAction, match="keep_hire_payment"):
        hire(g, 1, pp)


def test_only_another_players_activated_company_can_be_hired():
    g = _hire_game()
    mall = give(g, 1, "shopping_mall", active=False)
    own = give(g, 0, "warehouses")
    set_storage(g, 0, concrete=2, paper=2)
    set_hand(g, 0, hire=1)
    assert actions.hire_plan(g, 1, mall) is None
    assert actions.hire_plan(g, 0, own) is None
    with pytest.raises(IllegalAction):
        hire(g, 1, mall)


def test_hiring_needs_a_hire_card():
    g = _hire_game()
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, buy=2)
    assert actions.hire_plan(g, 1, mall) is None


def test_fine_point_1_a_converted_hire_payment_is_replaced_from_the_discard_pile():
    g = _hire_game()
    give(g, 0, "steel_factory")
    pp = give(g, 1, "power_plant")                  # pays 1: Steel or Personnel
    set_storage(g, 0, paper=1)
    g.res_discard[res("steel")] = 1                  # a Steel card in the discard pile
    g.market[res("steel")] -= 1
    set_hand(g, 0, hire=1)
    market_steel = g.market[res("steel")]
    hire(g, 1, pp, actions.hire_plan(g, 1, pp, fee=(0, 1, 0, 0, 0, 0)))
    assert g.players[1].storage[res("steel")] == 1   # a real Steel, not the Paper
    assert g.res_discard[res("steel")] == 0 and g.res_discard[res("paper")] == 1
    assert g.market[res("steel")] == market_steel
    check_all(g)


def test_fine_point_1_the_replacement_comes_from_the_market_when_the_discard_pile_has_none():
    g = _hire_game()
    give(g, 0, "steel_factory")
    pp = give(g, 1, "power_plant")
    set_storage(g, 0, paper=1)
    set_hand(g, 0, hire=1)
    market_steel = g.market[res("steel")]
    hire(g, 1, pp, actions.hire_plan(g, 1, pp, fee=(0, 1, 0, 0, 0, 0)))
    assert g.players[1].storage[res("steel")] == 1 and g.market[res("steel")] == market_steel - 1
    check_all(g)


def test_fine_point_1_a_conversion_without_a_replacement_cannot_pay_a_hire():
    g = _hire_game()
    give(g, 0, "steel_factory")
    pp = give(g, 1, "power_plant")
    set_storage(g, 0, paper=1)
    g.players[1].storage[res("steel")] += g.market[res("steel")]   # no Steel anywhere else
    g.market[res("steel")] = 0
    set_hand(g, 0, hire=1)
    assert actions.hire_plan(g, 1, pp, fee=(0, 1, 0, 0, 0, 0)) is None
    assert actions.hire_plan(g, 1, pp) is None       # Paper cannot pay Personnel either


def test_a_hire_card_may_come_from_the_marketing_company():
    g = _hire_game()
    give(g, 0, "marketing_company")
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, buy=2)
    hire(g, 1, mall)
    assert g.players[0].played[BUY] == 2 and g.players[0].played[HIRE] == 0


def test_an_owner_paid_outside_his_turn_keeps_to_his_storage_limit():
    """"A player may not store more than 5 resource cards in his player area"; only "during
    his turn, a player may exceed his storage limit". A hire's payment comes in another
    player's turn, so the owner discards down to the limit at once, choosing which."""
    g = _hire_game(storage_discard=[res("steel"), res("steel")])
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 1, steel=5, energy=2)           # at the limit; Energy does not count
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    owner = g.players[1]
    assert owner.storage[res("concrete")] == 1 and owner.storage[res("paper")] == 1
    assert owner.storage[res("steel")] == 3 and owner.storage[res("energy")] == 2
    assert g.res_discard[res("steel")] == 2
    [asked] = bots(g)[1].asked("storage_discard")
    assert asked.seat == 1 and (asked.low, asked.high) == (2, 2)
    check_all(g)


def test_an_owner_within_his_storage_limit_is_not_asked_to_discard():
    """Only resources over the limit are discarded: an owner with room keeps the whole fee."""
    g = _hire_game()
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 1, steel=3)
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    assert sum(g.players[1].storage) == 5
    assert not bots(g)[1].asked("storage_discard")


def test_an_even_activation_cost_is_halved_exactly():
    """"Half of the activation cost rounded up": an even cost needs no rounding (4 -> 2)."""
    g = _hire_game()
    even = next(c for c in g.rules.companies if c.activation_total % 2 == 0 and c.activation_total > 2
                and not c.starting)
    ci = give(g, 1, even.id)
    pay = {g.rules.res_names[r]: k for r, k in enumerate(even.activation) if k}
    set_storage(g, 0, **pay)                       # the whole cost: the hirer pays half of it
    set_hand(g, 0, hire=1)
    hire(g, 1, ci)
    assert sum(g.players[1].storage) == even.activation_total // 2
    assert sum(g.players[0].storage) == even.activation_total - even.activation_total // 2


def test_refused_energy_in_a_hire_fee_returns_to_its_pile():
    """The owner's refused resources "are discarded immediately"; "Energy is always returned
    to its original pile"."""
    g = _hire_game(keep_hire_payment=[])
    c, fee = hire_with_energy(g, 1)
    energy = g.market[res("energy")]
    hire(g, 1, c.index, actions.hire_plan(g, 1, c.index, fee=tuple(fee)))
    assert g.market[res("energy")] == energy + 1 and g.res_discard[res("energy")] == 0
    assert sum(g.players[1].storage) == 0
    check_all(g)


def test_a_hire_replacement_taking_the_last_market_card_removes_a_resource_block():
    """Fine point 1: a converted hire payment is replaced "from the resource market" when the
    discard pile has none; "When a resource (except Imported resources) is exhausted, one
    resource block must be removed from the game at random", however it ran out."""
    g = make_game(3, set_ref=every_company())
    g.resource_blocks = [res("paper"), res("concrete")]
    give(g, 0, "steel_factory")
    pp = give(g, 1, "power_plant")                   # pays 1: Steel or Personnel
    set_storage(g, 0, paper=1)
    g.players[2].storage[res("steel")] += g.market[res("steel")] - 1   # one Steel left to take
    g.market[res("steel")] = 1
    set_hand(g, 0, hire=1)
    hire(g, 1, pp, actions.hire_plan(g, 1, pp, fee=(0, 1, 0, 0, 0, 0)))
    assert g.players[1].storage[res("steel")] == 1 and g.market[res("steel")] == 0
    assert len(g.resource_blocks) == 1 and g.resource_blocks_removed == 1
    check_all(g)


def test_the_owner_cannot_deny_the_hiring_only_the_payment():
    """"Players may not deny the hiring of their companies. They may however choose to deny
    receiving any of the paid resources": the owner is asked which resources to keep, never
    whether the hire happens."""
    g = _hire_game(keep_hire_payment=[])
    mall = give(g, 1, "shopping_mall")
    set_storage(g, 0, concrete=1, paper=1)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    assert [tag for tag, _d in bots(g)[1].calls] == ["keep_hire_payment"]
    made = g.rules.companies[mall].production_cards
    assert g.players[0].discard == list(made)         # the hirer got the full production
    assert g.players[0].played[HIRE] == 1
    check_all(g)
