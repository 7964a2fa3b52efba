"""The open rule questions the engine decides where the Briefcase texts are silent or disagree:
one test per authored ruling of ``cards/briefcase/rulings.yaml``, named after it
(``test_<ruling id>``), which sets up a state and asserts the engine's reading, so a change of
reading fails here and is recorded in the ruling too. Where an older test already asserts part
of a reading, the test names it instead of repeating it."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions, scoring, turn
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, OBSTACLE
from cardgen.sim.decisions import IllegalAction
from tests.rule_texts import SEEDS, authored_rulings, unquoted, untested

from .helpers import (
    ScriptBot,
    activate,
    bots,
    check_all,
    cid,
    end_turn,
    every_company,
    give,
    hire,
    hire_with_energy,
    make_game,
    pay_for,
    play_turn,
    res,
    set_deck,
    set_hand,
    set_storage,
)

# The rule texts the rulings quote: English, Greek and Chinese.
TEXTS = [SEEDS / name for name in ("000_146cdd37e17880ca.txt", "001_1d7eb21fd1ee9a24.txt",
                                   "003_cdc009075b0e2488.txt")]


def _game(players=2, **answers):
    return make_game(players, set_ref=every_company(),
                     bots=[ScriptBot(**answers)] + [ScriptBot() for _ in range(players - 1)])


def test_every_authored_ruling_has_its_rule_test():
    rulings = authored_rulings("briefcase")
    assert len(rulings) >= 5
    assert untested(rulings, {name for name in globals() if name.startswith("test_")}) == []


@pytest.mark.skipif(not all(t.exists() for t in TEXTS), reason="the rule texts are not beside the repository")
def test_every_authored_ruling_quotes_the_rule_texts_word_for_word():
    assert unquoted(authored_rulings("briefcase"), TEXTS) == []


def test_oil_refinery_removal_required():
    """"A player selects one unused decision card from his hand. This card is then removed from
    the game": he is asked which card, with no "none" among the options, and it is removed.
    test_engine_abilities' test_oil_refinery_removal_is_a_choice_of_an_unused_card removes
    the chosen card of another type."""
    g = _game(remove_from_hand=ACTIVATE)
    oil = give(g, 0, "oil_refinery", active=False)
    pay_for(g, 0, "oil_refinery")
    set_hand(g, 0, activate=2, obstacle=2)
    activate(g, oil)
    assert g.removed == [0, 1, 0, 0] and g.players[0].hand == [0, 0, 2, 0]
    [asked] = bots(g)[0].asked("remove_from_hand")
    assert asked.options == (ACTIVATE, OBSTACLE)
    check_all(g)


def test_oil_refinery_removes_nothing_from_an_empty_hand():
    g = _game()
    oil = give(g, 0, "oil_refinery", active=False)
    pay_for(g, 0, "oil_refinery")
    set_hand(g, 0, activate=1)
    activate(g, oil)
    assert g.removed == [0, 0, 0, 0] and not bots(g)[0].asked("remove_from_hand")
    check_all(g)


def test_level_one_companies_activated_now():
    """"Has activated two 1st level companies" counts the 1st-level companies activated now:
    once a Brokerage Firm deactivates one of the two, the 2nd level and the Central Bank close
    until it is activated again."""
    g = _game(deactivate_pick=lambda decision: decision.options[0])
    broker = give(g, 0, "brokerage_firm", active=False)
    pay_for(g, 0, "brokerage_firm")
    set_hand(g, 0, activate=1)
    give(g, 1, "power_plant")                        # permanent: never the one deactivated
    wh = give(g, 1, "warehouses")
    parks = cid(g, "theme_parks")
    g.current = 1
    set_hand(g, 1, buy=4, activate=1)
    assert actions.company_problem(g, parks) is None
    assert actions.central_bank_problem(g, 1) is None
    g.current = 0
    activate(g, broker)
    assert not g.players[1].active[wh]
    g.current = 1                                    # seat 2's next turn
    assert "level-1" in actions.company_problem(g, parks)
    assert "level-1" in actions.central_bank_problem(g, 1)
    pay_for(g, 1, "warehouses")
    activate(g, wh)                                  # activated again: both open again
    assert actions.company_problem(g, parks) is None
    assert actions.central_bank_problem(g, 1) is None
    check_all(g)


def test_converted_cards_move_blocks():
    """"Any 2 decision cards of the same type" move a block, and a card an ability lets the
    player use as another type counts as one of that type (here the Financial Services' one
    card a turn as a Buy), for a resource block as for a company block; the Logistics
    Company's pair, which is only "if a player wants to buy resources", does not."""
    g = _game()
    g.resource_blocks = [res("steel"), res("paper")]
    give(g, 0, "financial_services")
    set_hand(g, 0, buy=1, activate=1)
    actions.move_block(g, "resource", 0, res("concrete"), BUY)
    assert g.resource_blocks == [res("concrete"), res("paper")]
    assert g.players[0].played == [1, 1, 0, 0]
    # Once a turn: a second move needs two real cards of a type.
    set_hand(g, 0, buy=1, activate=1)
    assert actions.block_plan(g, BUY) is None and actions.block_plan(g, ACTIVATE) is None

    g = _game(players=3)                             # one company block, beside the portfolio
    give(g, 0, "marketing_company")                  # 2 cards of a type as one of any type
    set_hand(g, 0, activate=1, obstacle=2)
    wh = cid(g, "warehouses")
    actions.move_block(g, "company", 0, wh, ACTIVATE)
    assert g.company_blocks == [wh] and g.players[0].played == [0, 1, 2, 0]

    g = _game()
    g.resource_blocks = [res("steel"), res("paper")]
    give(g, 0, "logistics_company")
    set_hand(g, 0, buy=1, obstacle=2)
    assert actions.block_plan(g, BUY) is None
    with pytest.raises(IllegalAction):
        actions.move_block(g, "resource", 0, res("concrete"), BUY)
    check_all(g)


def test_hire_energy_to_owner():
    """Energy in a hire's fee is given to the owner like any paid resource, and does not count
    against his storage limit; only refused Energy goes back to its pile (test_engine_hire's
    test_refused_energy_in_a_hire_fee_returns_to_its_pile)."""
    g = make_game(set_ref=every_company())
    c, fee = hire_with_energy(g, 1)
    set_storage(g, 1, steel=5)                       # at the limit of 5
    energy = g.market[res("energy")]
    hire(g, 1, c.index, actions.hire_plan(g, 1, c.index, fee=tuple(fee)))
    owner = g.players[1]
    assert owner.storage[res("energy")] == 1 and g.market[res("energy")] == energy
    kept = sum(fee) - 1                              # the fee's other resources
    if kept:                                         # over the limit: one of those goes
        [asked] = bots(g)[1].asked("storage_discard")
        assert res("energy") not in asked.options and (asked.low, asked.high) == (kept, kept)
    assert owner.storage[res("energy")] == 1
    check_all(g)


def test_end_every_company_pile_empty():
    """"No more company cards available to buy" holds when every pile of the portfolio is
    empty (test_engine_turn's test_game_ends_when_no_company_cards_are_left_to_buy): one card
    left, even blocked or of a level nobody may buy yet, keeps the game going."""
    g = make_game(3)
    left = next(c for c in g.portfolio if g.rules.companies[c].level == 2)
    for c in g.portfolio:
        if c != left:
            g.piles[c] = 0
    g.company_blocks = [left]                        # blocked, and nobody has a level-1 company
    assert all(actions.open_level(g, p) == 1 for p in g.players)
    for _ in range(6):
        play_turn(g)
    assert g.end_condition is None and not g.over
    g.company_blocks = []
    g.piles[left] = 0
    play_turn(g)
    assert g.end_condition == "companies"


def test_biology_lab_all_or_nothing():
    """The Biology Lab puts "the production" on top of the draw pile as a whole: one yes or no
    for all the cards an activation produces, never some on top and the rest to the discard
    pile. test_examples' Manos test puts both on top, in the player's order."""
    g = _game(production_on_top=False)
    give(g, 0, "biology_lab")
    plant = give(g, 0, "recycling_plant", active=False)
    made = g.rules.companies[plant].production_cards
    assert sum(made) >= 2                            # a production of two cards or more
    pay_for(g, 0, "recycling_plant")
    set_hand(g, 0, activate=1)
    set_deck(g, 0, [])
    activate(g, plant)
    assert g.players[0].deck == [] and g.players[0].discard == list(made)
    [asked] = bots(g)[0].asked("production_on_top")
    assert asked.kind == "yes_no"
    check_all(g)


def test_biology_lab_not_on_hire():
    """A hire is no activation: the Biology Lab's owner who hires a company gets its production
    on his discard pile, and is not asked to put it on top of his draw pile."""
    g = _game(production_on_top=True)
    give(g, 0, "biology_lab")
    plant = give(g, 1, "recycling_plant")
    c = g.rules.companies[plant]
    made = c.production_cards
    set_storage(g, 0, **{g.rules.res_names[r]: k for r, k in enumerate(c.activation) if k})
    set_hand(g, 0, hire=1)
    set_deck(g, 0, [])
    hire(g, 1, plant)
    assert g.players[0].deck == [] and g.players[0].discard == list(made)
    assert not bots(g)[0].asked("production_on_top")
    check_all(g)


def test_hire_gives_production_only():
    """A hire gives the production and nothing else: a per-activation ability (here the Media
    Company's, which would take a Personnel from each opponent) does not act for the hiring
    player. test_engine_hire's test_the_hirer_gets_the_full_production_and_not_the_ability
    shows an ongoing ability (the Bank's hand size) staying with its owner."""
    g = _game()
    media = give(g, 1, "media_company")
    c = g.rules.companies[media]
    set_storage(g, 0, **{g.rules.res_names[r]: k for r, k in enumerate(c.activation) if k})
    set_storage(g, 1, personnel=2)
    set_hand(g, 0, hire=1)
    set_deck(g, 0, [])
    hire(g, 1, media)
    assert g.players[0].discard == list(c.production_cards)
    assert g.players[0].storage[res("personnel")] == 0
    assert g.players[1].storage[res("personnel")] == 2 and g.players[1].active[media]
    check_all(g)


def test_investment_company_deck():
    """"Each Buy card in his decision deck" counts every Buy card the player owns at the end
    of the game: draw pile, discard pile and hand (test_engine_abilities'
    test_investment_company_counts_every_buy_card_owned counts them one by one)."""
    g = _game()
    give(g, 0, "investment_company")
    set_hand(g, 0, buy=1)
    set_deck(g, 0, ["buy", "obstacle"], discard={"buy": 2, "activate": 1})
    breakdown = scoring.breakdown(g, g.players[0])
    assert breakdown["abilities"] == 4                # 1 in hand, 1 in the draw pile, 2 discarded
    set_deck(g, 0, [], discard={"buy": 3})            # none left in the draw pile
    assert scoring.breakdown(g, g.players[0])["abilities"] == 4


def test_energy_pile_empty():
    """A Power Plant takes what is left of the Energy pile, and nothing from an empty one,
    as fine point 4 says for decision cards; the activation still happens (test_engine_activate's
    test_power_plant_gets_what_is_left_of_an_empty_energy_pile: one card left)."""
    g = make_game()
    pp = cid(g, "power_plant")
    assert g.rules.companies[pp].production_res[res("energy")] >= 1
    pay_for(g, 0, "power_plant")
    set_storage(g, 1, energy=g.market[res("energy")])   # every Energy card stored
    set_hand(g, 0, activate=1)
    activate(g, pp)
    assert g.players[0].active[pp] and g.players[0].storage[res("energy")] == 0
    assert g.market[res("energy")] == 0
    check_all(g)


def test_end_resource_types():
    """"Only 2 types of resources remaining" counts the four basic piles: an empty Energy pile
    does not bring the end nearer, and Imported still for sale does not keep the game going
    (test_engine_turn's test_game_ends_when_only_two_resource_types_remain_in_the_market)."""
    g = make_game(3)
    g.market[res("steel")] = 0
    g.market[res("energy")] = 0
    assert turn.end_condition(g) is None             # Personnel, Concrete, Paper left
    g.market[res("personnel")] = 0
    assert g.market[res("imported")] > 0 and actions.basic_exhausted(g)
    assert turn.end_condition(g) == "resources"      # Concrete, Paper (and Imported) left


def test_block_targets():
    """A block moves only to a pile with cards left and no other block on it, for a resource
    block as for a company block (test_engine_blocks'
    test_a_block_must_move_to_a_different_unblocked_target: the blocked piles)."""
    g = _game()                                      # 2 players: two company blocks
    g.resource_blocks = [res("steel"), res("paper")]
    set_storage(g, 1, concrete=g.market[res("concrete")])   # Concrete exhausted
    set_hand(g, 0, obstacle=2)
    assert actions.block_targets(g, "resource", 0) == [res("personnel")]
    with pytest.raises(IllegalAction):
        actions.move_block(g, "resource", 0, res("concrete"), OBSTACLE)
    a, b, c = g.portfolio[:3]
    g.company_blocks = [a, -1]
    g.piles[b] = 0                                   # an empty company pile
    targets = actions.block_targets(g, "company", 1)
    assert a not in targets and b not in targets and c in targets
    for target in (a, b):
        with pytest.raises(IllegalAction):
            actions.move_block(g, "company", 1, target, OBSTACLE)
    actions.move_block(g, "company", 1, c, OBSTACLE)
    assert g.company_blocks == [a, c]


def test_storage_limit_outside_turn():
    """A hired company's owner, paid in another player's turn, discards down to the limit at
    once, choosing which, while the player whose turn it is may stay over it until his turn
    ends (test_engine_hire's test_an_owner_paid_outside_his_turn_keeps_to_his_storage_limit;
    a deactivated Warehouses: test_engine_abilities'
    test_brokerage_firm_deactivating_warehouses_brings_the_owner_back_to_five_at_once)."""
    g = make_game(set_ref=every_company(),
                  bots=[ScriptBot(), ScriptBot(storage_discard=[res("steel")] * 2)])
    mall = give(g, 1, "shopping_mall")               # costs Concrete, Paper, Energy: pays 2
    set_storage(g, 1, steel=5)
    set_storage(g, 0, concrete=1, paper=1, personnel=5, steel=2)
    set_hand(g, 0, hire=1)
    hire(g, 1, mall)
    assert g.current == 0
    assert g.players[1].storage[res("steel")] == 3 and sum(g.players[1].storage) == 5
    [asked] = bots(g)[1].asked("storage_discard")
    assert asked.seat == 1
    assert sum(g.players[0].storage) == 7 and not bots(g)[0].asked("storage_discard")
    end_turn(g)                                      # his turn ends: down to 5
    assert sum(g.players[0].storage) == 5
    check_all(g)


def test_start_of_turn_order():
    """The player orders his start-of-turn abilities, and the Newspaper's "no more than one Buy
    card" is judged when it acts: a Buy the Contractor Firm draws first stops it
    (test_engine_turn's test_newspaper_and_contractor_firm_act_in_the_order_the_player_chooses:
    a Buy it discards first makes the hand qualify)."""
    g = _game(cycle_card=OBSTACLE)
    news, contractor = give(g, 0, "newspaper"), give(g, 0, "contractor_firm")
    bots(g)[0].answers["start_order"] = [contractor, news]
    set_hand(g, 0, buy=1, obstacle=3)
    set_deck(g, 0, ["obstacle", "buy"])               # the Contractor Firm draws the Buy
    turn.start_turn(g, lambda decision: bots(g)[0].answer(g, decision))
    p = g.players[0]
    assert p.hand == [2, 0, 2, 0] and len(p.deck) == 1
    assert not bots(g)[0].asked("use_start_draw")
    check_all(g)


def test_central_bank_last_cards():
    """Investing more Buy cards than the Central Bank has Victory Point cards left takes only as
    many as there are cards, one for each; the others stay in the hand (and test_engine_activate's
    test_central_bank_gives_victory_points_while_they_last_then_cannot_be_activated)."""
    g = _game()
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")
    g.central_bank_vp = 1
    g.players[1].vp_cards = 9
    set_hand(g, 0, activate=1, buy=3)
    assert actions.invest(g, 3) == 1
    p = g.players[0]
    assert p.vp_cards == 1 and p.hand[BUY] == 2 and g.central_bank_buys == 1 and g.central_bank_vp == 0
    check_all(g)


def test_cargo_ignored_block_moved():
    """The block the Cargo Company ignored stays ignored where the player moves it, the same
    turn; another block is still not ignored."""
    g = _game()
    give(g, 0, "cargo_company")
    steel, paper, concrete = res("steel"), res("paper"), res("concrete")
    g.resource_blocks = [steel, concrete]
    set_hand(g, 0, buy=3, obstacle=2)
    actions.buy_resource(g, steel)                       # the Steel block ignored
    actions.move_block(g, "resource", 0, paper, OBSTACLE)
    assert g.resource_blocks == [paper, concrete]
    actions.buy_resource(g, paper)                       # the same block, moved: still ignored
    assert g.players[0].storage[steel] == 1 and g.players[0].storage[paper] == 1
    with pytest.raises(IllegalAction, match="blocked"):
        actions.buy_resource(g, concrete)                # a second block is not
    check_all(g)
