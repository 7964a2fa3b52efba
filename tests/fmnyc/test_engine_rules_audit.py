"""Audit of the Free Market: NYC engine against the rulebook text (seed 004), section by section:
one rule per test, for the checkable sentences that tests/fmnyc/test_engine_rules.py and
test_engine_careers.py do not already check. Each test quotes its passage.

Where the engine reads a passage otherwise than word for word, cards/fmnyc/rulings.yaml says how
and why (takeover-truck, any-time-windows); those readings are not tested here as the text."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.games.fmnyc.engine import anytime, management, zone
from cardgen.games.fmnyc.engine.delivery import delivery, takeover, takeovers
from cardgen.games.fmnyc.engine.effects import applies, perform
from cardgen.games.fmnyc.engine.game import Game
from cardgen.games.fmnyc.engine.items import gain_piece
from cardgen.games.fmnyc.engine.scoring import final_scores
from cardgen.sim.decisions import IllegalAction
from tests.fmnyc.helpers import give_crates, square
from tests.fmnyc.test_engine_rules import (
    _guarded,
    _parked,
    _politician,
    _struck_factory,
    effects,
    new_game,
    play,
    set_coins,
    set_containers,
    slot,
)


def _stage(game: Game, number: int) -> Any:
    """A management stage's effects, all of them, in the order of stages.yaml."""
    for e in effects(game, number):
        if applies(game, e):
            yield from management.HANDLERS[e["kind"]](game, e)


def _assigning(game: Game) -> Game:
    game.board.managers_on.clear()
    rule = next(e for e in effects(game, 4) if e["kind"] == "assign_managers")
    return game.start(management.HANDLERS["assign_managers"](game, rule))


# --- Contents and Set Up ------------------------------------------------------------------------
def test_setup_the_remaining_inventory_is_added_to_the_supply():
    """Set Up 4: "The remaining inventory is added to the Supply". Contents: "30 Managers (meeples,
    5 colors)", "40 Workers (mini meeples, 5 colors)", "40 Shops (5 colors)", "15 Trucks (5
    colors)", "20 Roadblocks (5 colors)", "20 Award/Politician Discs (5 colors)", "12 Strike
    tokens", "20 Purchase Orders tokens", "Coins: 30x 1, 30x 3, 20x 10, 10x 30"."""
    game = new_game(5)
    for seat in range(5):
        assert dict(game.supply.colour[seat]) == {"manager": 6 - 3, "worker": 8, "shop": 8, "truck": 3 - 1,
                                                  "roadblock": 4, "disc": 4}
    assert (game.supply.shared["strike"], game.supply.shared["purchase_order"]) == (12, 20)
    assert game.supply.coins + sum(s.coins for s in game.seats) == 30 * 1 + 30 * 3 + 20 * 10 + 10 * 30


# --- Stage 2 (Payments) ---------------------------------------------------------------------------
def test_stage_2_pays_the_factory_bonuses_before_it_removes_the_strikes():
    """Stage 2: "A. Each player with partnership at a factory receives the items or coins ..."
    then "D. All Strike tokens in the Action Zone must be returned to the Supply." Strike: "A
    partner in a factory that has a strike token on it is disabled from receiving the bonuses in
    the following Game Round, in stage 2." Played as one stage, in its printed order."""
    game = new_game()
    before = _struck_factory(game)
    play(game, _stage(game, 2))
    assert game.seats[0].coins == before                      # no bonus: the strike stood
    assert not any(game.board.strike) and game.supply.shared["strike"] == 12


# --- Stage 3 (Merchandise Auction) ------------------------------------------------------------------
def test_the_auction_winners_extra_hidden_crate_is_paid_to_the_supply():
    """Stage 3: "The winning bid is paid to the supply in exchange for the 2 crates. In addition,
    the winner is entitled to purchase 1 hidden crate from the Concealment Pouch at the cost of 2
    coins." ("these pieces will remain between the player and the stockpile")"""
    game = new_game(2)
    set_containers(game, [["tools", "tools"], []])
    supply = game.supply.coins
    game.start(management.HANDLERS["auction"](game, next(e for e in effects(game, 3)
                                                          if e["kind"] == "auction")))
    game.apply([0, 6])
    game.apply("pass")
    game.apply(True)
    assert game.supply.coins == supply + 6 + 2 and game.tower.coins == 0


# --- Stage 4 (Managers Assignment) --------------------------------------------------------------------
def test_a_stage_with_1_outline_takes_only_1_manager():
    """Stage 4: "The number of managers that may be assigned to a particular stage is indicated
    above each stage: 1 manager can be assigned." """
    game = new_game(4)
    union = game.table.number_of("union_member")
    assert game.table.capacity[union] == 1
    _assigning(game)
    game.apply(union)                                     # seat 1
    assert game.decision().seat == 1 and union not in game.decision().options


def test_a_stage_with_2_outlines_takes_only_2_managers():
    """Stage 4: "2 managers can be assigned." """
    game = new_game(4)
    express = game.table.number_of("express_delivery")
    assert game.table.capacity[express] == 2
    _assigning(game)
    game.apply(express)                                   # seat 1
    game.apply(express)                                   # seat 2
    assert game.decision().seat == 2 and express not in game.decision().options


# --- Operation stages ---------------------------------------------------------------------------------
def test_union_member_makes_its_player_open_the_next_stages_round_of_turns():
    """Union Member (5): "Gives you the first player cup, indicating that you are now the first
    player in the Round of Turns." Operation Stages: "On stages in which multiple managers are
    assigned, the order is determined by the Round of Turns." """
    game = new_game()
    union, standard = game.table.number_of("union_member"), game.table.number_of("standard_delivery")
    give_crates(game, 2, ["tools"])
    game.board.managers_on = {union: [2], standard: [0, 2]}
    play(game, game._operation(union))
    assert game.first == 2
    game.start(game._operation(standard))
    assert game.decision().seat == 2


def test_air_freight_repeated_exchange_may_take_from_a_different_container():
    """Air Freight (6): "Exchange 1 of your crates for any crate at the Container Site (if this
    action is repeated, you may exchange from a different container)." """
    game = new_game()
    give_crates(game, 0, ["tools", "jewelry"])
    set_containers(game, [["clothing", "clothing"], ["furniture", "furniture"], [], []])
    play(game, perform(game, 0, effects(game, 6)),
         "exchange", "tools", [0, "clothing"], "exchange", "jewelry", [1, "furniture"])
    assert sorted(game.seats[0].crates) == ["clothing", "furniture"]
    assert sorted(game.board.containers[0]) == ["clothing", "tools"]
    assert sorted(game.board.containers[1]) == ["furniture", "jewelry"]


def test_air_freight_repeated_buy_may_take_from_a_different_container():
    """Air Freight (6): "Buy a crate at the Container Site for its basic cost (if this action is
    repeated, you may buy from a different container)." """
    game = new_game()
    give_crates(game, 0, [])
    set_containers(game, [["clothing", "clothing"], ["furniture", "furniture"], [], []])
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 6)), "buy", [0, "clothing"], "buy", [1, "furniture"])
    cost = game.table.cost
    assert sorted(game.seats[0].crates) == ["clothing", "furniture"]
    assert game.seats[0].coins == before + 1 - cost["clothing"] - cost["furniture"]


def test_market_demand_adjusts_3_different_meters_not_one_twice():
    """Market Demand (9): "Adjust up to 3 different Market Demand Meters of your choice by 1-2
    notches clockwise or counterclockwise." """
    game = new_game()
    game.start(perform(game, 0, effects(game, 9)))
    with pytest.raises(IllegalAction):
        game.apply(["tools", "tools"])
    with pytest.raises(IllegalAction):
        game.apply(["tools", "jewelry", "clothing", "furniture"])


def test_express_delivery_performs_only_1_of_its_2_actions():
    """Express Delivery (10): "Perform 1 of the 2 following actions: 1. Delivery Action. 2.
    Purchasing action" """
    game = new_game()
    give_crates(game, 0, ["tools"])
    game.start(perform(game, 0, effects(game, 10)))
    game.apply("purchasing")
    game.apply([game.decision().options[0]])
    assert game.decision() is None and game.seats[0].trucks == []


def test_partnerships_must_be_placed_in_the_action_zone_immediately():
    """Partnerships (13): "These must be placed in the Action Zone immediately." """
    game = new_game()
    game.start(perform(game, 0, effects(game, 13)))
    game.apply("two shops")
    for _ in range(2):
        asked = game.decision()
        assert asked.tag == "partnership:shop" and "skip" not in asked.options
        game.apply(asked.options[0])
    assert game.decision() is None and game.board.partner.count(0) == 2
    assert game.seats[0].held["shop"] == 0


def test_gala_honoring_places_a_disc_on_a_politicians_plus_1_circle():
    """Gala Honoring (14): "Collect 2 Award/Politician Disks for placement on Politicians' Panel
    and/or Awards Panel." Politicians: "a politician disk is placed on the +1 circle of the
    politician of choice"."""
    game = new_game()
    play(game, perform(game, 0, effects(game, 14)), ["politician", "mayor"], "skip")
    assert game.board.politician["mayor"] == [0, True]
    assert any(a[1] == "mayor" for a in anytime.politician_uses(game, 0))      # loaded: usable


# --- Roadblocks -------------------------------------------------------------------------------------
def test_a_street_roadblock_collects_from_every_partner_already_in_its_column():
    """Roadblocks: "Street Roadblock - impacts column of squares beneath it. Collect 1 coin from
    any player that already has a partnership in the column + 1 coin from the supply." """
    game = new_game()
    jewelry, antiques = square(game, "jewelry"), square(game, "antiques")
    zone.establish(game, 1, jewelry)
    zone.establish(game, 2, antiques)
    coins = [s.coins for s in game.seats]
    zone.place_roadblock(game, 0, slot(game, "street", jewelry))
    assert [s.coins - c for s, c in zip(game.seats, coins, strict=True)] == [4, -1, -1, 0]


def test_a_street_roadblock_impacts_only_the_column_beneath_it():
    """Roadblocks: "Street Roadblock - impacts column of squares beneath it." """
    game = new_game()
    zone.establish(game, 1, square(game, "electronics"))
    coins = [s.coins for s in game.seats]
    zone.place_roadblock(game, 0, slot(game, "street", square(game, "jewelry")))
    assert [s.coins for s in game.seats] == coins


def test_a_train_roadblock_impacts_only_the_row_to_its_right():
    """Roadblocks: "Train Roadblock - impacts row of squares to its right." """
    game = new_game()
    zone.establish(game, 1, square(game, "antiques"))          # bottom row
    coins = [s.coins for s in game.seats]
    zone.place_roadblock(game, 0, slot(game, "train", square(game, "jewelry")))   # top row
    assert [s.coins for s in game.seats] == coins


def test_a_roadblock_taken_over_collects_for_partnerships_established_after_the_takeover():
    """Roadblocks: "Note: If you are taking over an opponent's roadblock, you are not entitled to
    be paid for pre-established partnerships in that column/row" -- the new constructer is paid
    as any other ("When new partnerships are established in that column, collect 1 coin from that
    player and 1 coin from the supply")."""
    game = new_game()
    tools = square(game, "tools")
    street = slot(game, "street", tools)
    zone.place_roadblock(game, 1, street)
    truck = _parked(game, 0, game.table.slots[street].adjacent, 1)
    play(game, takeover(game, 0, truck, "roadblock", street))
    assert game.board.roadblock[street] == 0
    coins = [s.coins for s in game.seats]
    zone.establish(game, 2, square(game, "canned_food"))       # same column as Tools
    assert [s.coins - c for s, c in zip(game.seats, coins, strict=True)] == [2, 0, -1, 0]


# --- Delivery Action: takeovers ---------------------------------------------------------------------
def _take_over_unguarded(game: Game, what: str, workers: int) -> int:
    """Seat 1's truck, with ``workers`` riding, takes over seat 2's unguarded partnership at the
    square of ``what``; that square."""
    target = square(game, what)
    _guarded(game, 1, target, 0)
    gain_piece(game, 0, "worker", workers)
    give_crates(game, 0, [])
    play(game, delivery(game, 0), workers, target, ["partnership", target])
    return target


def test_a_takeover_with_2_workers_against_no_guard_discards_1_worker_as_the_shop_is_1_item():
    """Takeovers: "If they have 0 workers on the square, then 1 worker is needed. Once workers are
    used for a takeover, they must be discarded along with the overtaken workers/shop. Note: The
    quantity of the discarded items of both sides is always the same." """
    game = new_game()
    tools = _take_over_unguarded(game, "tools", 2)
    assert game.board.partner[tools] == 0
    assert game.seats[0].trucks[0].workers == 1 and game.supply.colour[0]["worker"] == 8 - 2 + 1


def test_taking_over_a_partnership_pays_each_roadblock_of_its_column_and_row():
    """Takeovers: "When taking over a partnership, if there is a roadblock in that column/row,
    then you must pay that player(s) 1 coin." The Possible Ways to Profit: "Exception for Train
    Roadblocks: always collect the 2 coins from the supply." A street roadblock (seat 3) and a
    train roadblock (seat 4) over the same square are both paid."""
    game = new_game()
    tools = square(game, "tools")
    zone.place_roadblock(game, 2, slot(game, "street", tools))
    zone.place_roadblock(game, 3, slot(game, "train", tools))
    _guarded(game, 1, tools, 0)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = [s.coins for s in game.seats]
    play(game, delivery(game, 0), 1, tools, ["partnership", tools])
    # seat 2's +1 is his slogan's reparation
    assert [s.coins - c for s, c in zip(game.seats, coins, strict=True)] == [-1, 1, 2, 2]


def test_two_workers_guarding_a_roadblock_make_it_safe():
    """Guarding with Workers: "If there are 2 workers guarding a partnership or roadblock (not on a
    truck), that place is safe and cannot be taken over." """
    game = new_game()
    street = slot(game, "street", square(game, "tools"))
    zone.place_roadblock(game, 1, street)
    game.board.rb_guards[street] = 2
    game.supply.colour[1]["worker"] -= 2
    truck = _parked(game, 0, game.table.slots[street].adjacent, 2)
    assert ["roadblock", street] not in takeovers(game, 0, truck)


def test_1_or_2_workers_may_guard_a_roadblock_and_be_taken_back():
    """Guarding with Workers: "Each player can assign and reallocate their workers at any time to
    the following locations: ... 1-2 workers near a roadblock ... Retract workers back to Player's
    Screen" """
    game = new_game()
    street = slot(game, "street", square(game, "tools"))
    zone.place_roadblock(game, 0, street)
    gain_piece(game, 0, "worker", 3)
    for _ in range(2):
        assert ["guard_roadblock", street] in anytime.actions(game, 0)
        anytime.act(game, 0, ["guard_roadblock", street])
    assert ["guard_roadblock", street] not in anytime.actions(game, 0)
    assert game.board.rb_guards[street] == 2
    anytime.act(game, 0, ["unguard_roadblock", street])
    assert game.board.rb_guards[street] == 1 and game.seats[0].held["worker"] == 2


# --- Politicians and awards ------------------------------------------------------------------------
def test_the_politician_requiring_1_coin_cannot_be_used_with_no_coin():
    """Politicians: "For example, one of the politicians requires you to have 1 coin or more in
    order to use him. You will be able to use them as long as you still meet the displayed
    requirements." """
    game = new_game()
    assert game.table.requires["mayor"] == {"coin": 1}
    _politician(game, 0, "mayor")
    game.demand["tools"] = 0
    set_coins(game, 0, 0)
    assert not anytime.politician_uses(game, 0)
    set_coins(game, 0, 1)
    assert ["raise_demand", "mayor", "tools"] in anytime.politician_uses(game, 0)


def test_a_politician_disc_on_minus_1_may_also_move_to_the_awards_panel():
    """Politicians: "At any time, you may reallocate the disk from the Politicians' Panel on +1 or
    -1 to the Awards Panel, but not the other way around." """
    game = new_game()
    _politician(game, 0, "mayor")
    game.board.politician["mayor"][1] = False            # used: on -1
    assert ["to_award", "mayor", "trucks"] in anytime.actions(game, 0)
    anytime.act(game, 0, ["to_award", "mayor", "trucks"])
    assert game.board.nominees["trucks"] == [0] and "mayor" not in game.board.politician


def test_an_award_takes_no_more_nominations_than_its_circles():
    """Awards: "Displayed above each award on the panel, are circles that represent the number of
    nominations permitted for that award." """
    game = new_game(4)
    assert game.table.award_places["partnerships"] == 2
    for seat in (1, 2):
        game.supply.colour[seat]["disc"] -= 1
        game.board.nominees["partnerships"].append(seat)
    gain_piece(game, 0, "disc")
    assert "partnerships" not in anytime.award_places(game, 0)
    assert ["disc", "award", "partnerships"] not in anytime.actions(game, 0)


# --- Operation stages: "perform 1 of", imperative ------------------------------------------------
# The text makes a stage's choice optional only where it says "may" (Air Freight, Truck Sales):
# ruling choice-required.
def test_partnerships_collects_1_of_its_two_options_and_must_place_it():
    """Partnerships (13): "Collect 2 coins + 1 worker + 1 of the following: 1 factory + 1 shop. 2
    shops. These must be placed in the Action Zone immediately." """
    game = new_game()
    game.start(perform(game, 0, effects(game, 13)))
    assert set(game.decision().options) == {"factory and shop", "two shops"}


def test_senior_managers_hires_or_fires_one_manager():
    """Senior Managers (16): "Hire or fire one manager" """
    game = new_game()
    game.start(perform(game, 0, effects(game, 16)))
    assert set(game.decision().options) == {"hire", "fire"}


def test_fundraiser_performs_one_of_its_two_actions():
    """Fundraiser (17): "Perform one of the following actions: 1. Jackpot! ... 2. Donate 2 coins to
    the tower. Perform any stage between stages 5-16." """
    game = new_game()
    game.start(perform(game, 0, effects(game, 17)))
    assert set(game.decision().options) == {"jackpot", "donate"}


def test_express_delivery_performs_1_of_its_2_actions_once_paid():
    """Express Delivery (10): "Pay 3 coins to the supply. Perform 1 of the 2 following actions: 1.
    Delivery Action. 2. Purchasing action" """
    game = new_game()
    game.start(perform(game, 0, effects(game, 10)))
    assert set(game.decision().options) == {"delivery", "purchasing"}


# --- More passages: takeovers, payments, stocks, the winner ---------------------------------------
def test_a_factory_partnership_is_taken_over_like_a_shop():
    """Takeovers: "move your truck with 1-2 workers on it to an occupied square to carry out the
    takeover of the opponent's partnership." Reparations: "takes over an opponent's partnership
    (shop/factory)". """
    game = new_game()
    auto = _take_over_unguarded(game, "automobile", 1)
    assert game.board.partner[auto] == 0


def test_a_defence_that_brings_the_guards_level_discards_as_many_workers_on_each_side():
    """Takeovers: "If a player does not have enough workers to defend a square undergoing a
    takeover but has workers on a truck on a directly adjacent square ... they are permitted to
    move their workers (without the truck) from the adjacent square to defend the takeover. Once a
    worker is used to defend a takeover, he is discarded." "Note: The quantity of the discarded
    items of both sides is always the same." 2 attackers against 1 guard + 1 defender."""
    game = new_game()
    tools, furniture = square(game, "tools"), square(game, "furniture")
    _guarded(game, 1, tools, 1)
    _parked(game, 1, furniture, 1)
    gain_piece(game, 0, "worker", 2)
    give_crates(game, 0, [])
    play(game, delivery(game, 0), 2, tools, ["partnership", tools], True)
    assert game.board.partner[tools] == 1 and game.board.guards[tools] == 0
    assert game.seats[1].trucks[0].workers == 0 and game.seats[0].trucks[0].workers == 0
    assert game.supply.colour[0]["worker"] == game.supply.colour[1]["worker"] == 8


def test_tax_is_paid_to_the_supply():
    """Stage 2 C: "Players with 4 or more pay tax to the supply" """
    game = new_game()
    game.round = 2
    game.seats[0].managers = 4
    supply = game.supply.coins
    tax = next(e for e in effects(game, 2) if e["kind"] == "tax")
    play(game, management.HANDLERS["tax"](game, tax))
    assert game.supply.coins == supply + 2 and game.tower.coins == 0


def test_a_stocks_purchase_cost_is_paid_to_the_supply():
    """Stocks: "1. Purchase Cost -- the amount paid to supply to buy the stock." """
    game = new_game(stocks=True)
    sid = game.supply.stocks[0]
    supply = game.supply.coins
    game.buy_stock(0, sid)
    assert game.supply.coins == supply + int(game.stock(sid)["purchase_cost"])


def test_the_player_with_the_highest_worth_is_crowned_the_winner():
    """Scoring: "The player with the highest worth according to the Score Trackers is crowned the
    winner." """
    game = new_game()
    set_coins(game, 2, 40)
    game.scores, game.parts = final_scores(game)              # score the game as it stands
    game.finished = True
    assert game.winners() == [2]


def test_the_printed_stages_say_may_where_the_choice_may_be_declined():
    """Air Freight (6): "You may perform 2 of the following 3 actions"; Express Delivery (10):
    "Perform 1 of the 2 following actions": the board and the aids print what the engine plays
    (ruling choice-required)."""
    from cardgen.games.fmnyc.phrases import sentence

    game = new_game()
    chosen = {n: next(e for e in effects(game, n) if e["kind"] == "choose") for n in (6, 10, 11, 13, 16, 17)}
    assert sentence(chosen[6]).startswith("You may choose 2 (the same one twice allowed): ")
    assert sentence(chosen[11]).startswith("You may choose 1: ")
    for n in (10, 13, 16, 17):
        assert sentence(chosen[n]).startswith("Choose 1: "), n
