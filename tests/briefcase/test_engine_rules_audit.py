"""Audit of the Briefcase engine against the English rulebook (seed 000), sentence by sentence:
one rule per test, for the checkable sentences and worked examples that the other tests of
tests/briefcase do not already check, or check only in part. Each test quotes its passage.

Where the text is silent or the editions disagree, cards/briefcase/rulings.yaml gives the reading
cardgen plays (test_engine_rulings.py has one test per authored reading); those readings are not
tested again here."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions, scoring
from cardgen.games.briefcase.engine.rules import BUY, HIRE, OBSTACLE
from cardgen.sim.decisions import IllegalAction

from .helpers import (
    ScriptBot,
    activate,
    bots,
    check_all,
    cid,
    every_company,
    game_data,
    give,
    make_game,
    pay_for,
    play_turn,
    res,
    set_deck,
    set_hand,
    set_storage,
)


def _game(players: int = 2, **answers):
    """A game whose portfolio holds every company of the box, seat 0 answering ``answers``."""
    seats = [ScriptBot(**answers)] + [ScriptBot() for _ in range(players - 1)]
    return make_game(players, set_ref=every_company(), bots=seats)


# --- Contents ---------------------------------------------------------------------------------
def test_contents_97_company_cards_of_30_companies_29_randomizers():
    """Contents: "97 Company Cards (30 Companies)", "29 Company Randomizer Cards"; "Randomizer
    cards: Each company has a corresponding randomizer card" (the Power Plant, which every player
    starts with, is not chosen: 29)."""
    data = game_data()
    assert len(data.companies) == 30
    assert sum(c.box_copies for c in data.companies.values()) == 97
    assert len(data.randomizers) == 29
    assert {c.id for c in data.companies.values()} - {c.id for c in data.randomizers} == {"power_plant"}


def test_contents_blocks_victory_points_and_storage_cards():
    """Contents: "2 Resource Block Cards", "2 Company Block Cards", "20 Victory Point Cards", "4
    Resource Storage Cards"; "There are 4 block cards in the game, two for resources and two for
    companies"."""
    data = game_data()
    assert {b.blocks: b.count for b in data.blocks.values()} == {"resource": 2, "company": 2}
    assert data.vp_cards == 20 and data.storage_cards == 4


# --- A. Play decision cards: Buy ------------------------------------------------------------------
def test_one_company_a_turn_counts_anew_the_next_turn():
    """"Players may purchase only 1 company card during their turn": one in each of his turns,
    not one in the game."""
    g = make_game()
    set_hand(g, 0, buy=4)
    actions.buy_company(g, cid(g, "warehouses"))
    play_turn(g)                                   # the rest of seat 0's turn
    play_turn(g)                                   # seat 1
    set_hand(g, 0, buy=4)
    actions.buy_company(g, cid(g, "logistics_company"))
    p = g.players[0]
    assert p.owned[cid(g, "warehouses")] and p.owned[cid(g, "logistics_company")]
    check_all(g)


def test_the_last_card_of_a_second_basic_pile_triggers_the_end_in_that_turn():
    """"The game ends as soon as one of the following conditions is met: There are only 2 types
    of resources remaining in the resource market." "When the game end is triggered, play
    continues until all players have played an equal number of turns": the purchase that empties a
    second basic pile, in the starting player's turn, ends the game after his right-hand
    neighbour's turn."""
    g = make_game(2)
    g.resource_blocks = []
    g.market[res("personnel")] = 0
    set_storage(g, 0)
    g.market[res("steel")] = 1
    set_hand(g, 0, buy=1)
    actions.buy_resource(g, res("steel"))
    play_turn(g)                                   # the rest of seat 0's turn
    assert g.end_condition == "resources" and not g.over
    play_turn(g)                                   # seat 1: right of the starting player
    assert g.over and g.turns == 2


# --- A. Play decision cards: Activate -------------------------------------------------------------
@pytest.mark.parametrize("company", ["shopping_mall", "theme_parks", "high_tech_company"])
def test_a_company_with_no_special_ability_only_produces(company):
    """Shopping Mall, Theme Parks, High-Tech Company: "No special ability." Activating one
    flips it and adds its production to the discard pile; nothing else of the player changes and
    no one is asked anything."""
    g = _game()
    ci = give(g, 0, company, active=False)
    pay_for(g, 0, company)
    set_hand(g, 0, activate=1)
    p = g.players[0]
    fields = ("hand_size", "storage_limit", "res_conv", "res_limited", "card_convs", "start_draw",
              "start_cycle", "extra_draws", "ignore_blocks", "deck_top", "topdeck", "endgame")
    before = {f: getattr(p, f) for f in fields}
    activate(g, ci)
    assert p.active[ci]
    assert {f: getattr(p, f) for f in fields} == before
    made = g.rules.companies[ci].production_cards
    assert p.discard == list(made) and sum(p.storage) == 0
    assert bots(g)[0].calls == []
    check_all(g)


def test_a_second_activation_of_one_company_is_not_a_second_first_level_company():
    """"Once a player has activated at least two different 1st level company cards he is
    allowed to invest in the Central Bank": activating one company twice counts once."""
    g = _game()
    sf = give(g, 0, "steel_factory", active=False)        # the Power Plant stays deactivated
    pay_for(g, 0, "steel_factory", times=2)
    set_hand(g, 0, activate=3, buy=1)
    activate(g, sf)
    activate(g, sf)
    assert actions.central_bank_plan(g, 1) is None
    with pytest.raises(IllegalAction, match="Central Bank needs 2"):
        actions.invest(g, 1)


# --- A. Play decision cards: Hire -----------------------------------------------------------------
def test_hire_cards_come_into_play_only_through_production():
    """"Hire cards can be acquired during the game through the production of some companies":
    no player starts with one, and activating a company that produces Hire puts it in his
    discard pile."""
    g = _game()
    assert all(p.cards_owned()[HIRE] == 0 for p in g.players)
    producers = [c for c in g.rules.companies if c.production_cards[HIRE]]
    assert producers and not any(c.starting for c in game_data().companies.values()
                                 if c.production.get("hire"))
    c = producers[0]
    give(g, 0, c.id, active=False)
    pay_for(g, 0, c.id)
    set_hand(g, 0, activate=1)
    activate(g, c.index)
    assert g.players[0].discard[HIRE] == c.production_cards[HIRE]


# --- Block and Unblock --------------------------------------------------------------------------
def test_unblocking_steel_moves_its_block_onto_concrete_or_personnel():
    """Example: "In order to unblock Steel, a player must move the block card onto either
    Concrete or Personnel" (the other block is on Paper). test_engine_blocks checks the targets
    and the move onto Concrete; here the move onto Personnel, after which Steel, unblocked, can
    be bought."""
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    assert sorted(actions.block_targets(g, "resource", 0)) == sorted([res("concrete"), res("personnel")])
    set_hand(g, 0, obstacle=2, buy=1)
    actions.move_block(g, "resource", 0, res("personnel"), OBSTACLE)
    assert sorted(g.resource_blocks) == sorted([res("personnel"), res("paper")])
    actions.buy_resource(g, res("steel"))
    assert g.players[0].storage[res("steel")] == 1
    check_all(g)


# --- C. Draw --------------------------------------------------------------------------------------
def test_the_bank_raises_the_hand_limit_by_one():
    """Bank: "The player's hand limit is increased by 1. When drawing new cards at the beginning
    of his turn, a player may draw one additional card" (ruling extra-card-draw: in the Draw
    step)."""
    g = make_game(bots=[ScriptBot(extra_draw=True), ScriptBot()])
    give(g, 0, "bank")
    set_hand(g, 0)
    set_deck(g, 0, ["obstacle"] * 8)
    play_turn(g)
    assert sum(g.players[0].hand) == 5 and len(g.players[0].deck) == 3
    check_all(g)


# --- Final scoring --------------------------------------------------------------------------------
@pytest.mark.parametrize("company", ["real_estate_agency", "investment_company", "venture_capital_firm"])
def test_only_an_activated_company_offers_its_end_of_game_points(company):
    """"Players add any Victory points offered by their activated companies' abilities": a
    deactivated Real Estate Agency, Investment Company or Venture Capital Firm offers none."""
    g = _game()
    give(g, 0, "power_plant")
    give(g, 0, "steel_factory")                     # produces a Buy: counted by the Venture Capital Firm
    give(g, 0, company, active=False)
    assert scoring.breakdown(g, g.players[0])["abilities"] == 0
    give(g, 0, company, active=True)
    assert scoring.breakdown(g, g.players[0])["abilities"] > 0


def test_the_most_victory_points_wins_before_any_tie_break():
    """"The player with the most victory points is the winner": leftover resources only break a
    tie."""
    g = make_game(2)
    set_storage(g, 0, steel=3)                     # 0 VP, 3 left over
    g.players[1].vp_cards = 1                      # 1 VP, none left over
    scores = [scoring.score(g, p) for p in g.players]
    assert scores == [0, 1] and scoring.winners(g, scores) == [1]


# --- Company Card Descriptions ----------------------------------------------------------------------
def test_each_law_firm_activation_makes_each_opponent_discard_again():
    """Law Firm: "Each time a player activates a Law Firm, all his opponents must discard either a
    Buy or an Activate card from their hand": activated twice in a turn, twice."""
    g = _game()
    law = give(g, 0, "law_firm", active=False)
    pay_for(g, 0, "law_firm", times=2)
    set_hand(g, 0, activate=2)
    set_hand(g, 1, buy=2, obstacle=2)
    activate(g, law)
    activate(g, law)
    assert g.players[1].hand == [0, 0, 2, 0] and g.players[1].discard[BUY] == 2
    check_all(g)


def test_cargo_companys_ignored_block_holds_for_every_purchase_of_that_resource_in_the_turn():
    """Cargo Company: "Each turn a player may ignore one resource block when buying cards from
    the resource market"; Spyros "plays 2 Buys from his hand and he buys 2 Steel": the ignored
    block stays ignored for each purchase of that turn, bought one at a time."""
    g = make_game(set_ref="simple")
    g.resource_blocks = [res("steel"), res("concrete")]
    give(g, 0, "cargo_company")
    set_hand(g, 0, buy=3)
    actions.buy_resource(g, res("steel"))
    actions.buy_resource(g, res("steel"))
    assert g.players[0].storage[res("steel")] == 2
    with pytest.raises(IllegalAction, match="blocked"):
        actions.buy_resource(g, res("concrete"))


def test_the_accounting_firm_makes_an_activate_from_three_cards_of_one_type():
    """Accounting Firm: "Player may use 3 cards of the same type as a Buy or Activate card": three
    Obstacles play as the Activate that activates a company."""
    g = _game()
    give(g, 0, "accounting_firm")
    sf = give(g, 0, "steel_factory", active=False)
    pay_for(g, 0, "steel_factory")
    set_hand(g, 0, obstacle=3)
    activate(g, sf)
    p = g.players[0]
    assert p.active[sf] and p.played == [0, 0, 3, 0] and p.hand == [0, 0, 0, 0]
    check_all(g)
