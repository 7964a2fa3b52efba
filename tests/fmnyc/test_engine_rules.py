"""The Free Market: NYC engine against the rulebook (seed 004): one rule per test, each named
after the sentence or worked example it checks. A test plays one part of the rules on a game
(``Game.start``) with chosen answers, through the same ``apply`` that checks every choice."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.games.fmnyc.engine import anytime, management, zone
from cardgen.games.fmnyc.engine.delivery import delivery, sale, takeover, takeovers
from cardgen.games.fmnyc.engine.effects import perform
from cardgen.games.fmnyc.engine.game import Game
from cardgen.games.fmnyc.engine.items import gain_coins, gain_piece, transfer
from cardgen.games.fmnyc.engine.market import fill_containers, move_demand, price, roll_demand
from cardgen.games.fmnyc.engine.scoring import award_points, final_scores
from cardgen.games.fmnyc.engine.state import Truck
from cardgen.games.fmnyc.simulation import SIMULATOR
from cardgen.sim.decisions import IllegalAction
from cardgen.sim.driver import RandomPolicy, policy_seed
from tests.fmnyc.helpers import give_crates, square


def new_game(players: int = 4, seed: int = 1, rounds: int = 4, **options: Any) -> Game:
    config = SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players,
                               options={"rounds": rounds, **options})
    return SIMULATOR.new_state(config, seed, invariants=True)


def play(game: Game, steps: Any, *choices: Any) -> Game:
    """Run ``steps`` with these answers, in order; the part must then be over."""
    game.start(steps)
    for choice in choices:
        assert game.decision() is not None, f"no decision left for {choice!r}"
        game.apply(choice)
    assert game.decision() is None, f"still asks {game.decision()}"
    return game


def set_containers(game: Game, boxes: list[list[str]]) -> None:
    """The Container Site holds these crates, through the pouch."""
    for box in game.board.containers:
        game.supply.pouch.extend(box)
    game.board.containers = [[] for _ in game.board.containers]
    for box, crates in zip(game.board.containers, boxes, strict=False):
        for c in crates:
            game.supply.pouch.remove(c)
            box.append(c)


def set_coins(game: Game, seat: int, coins: int) -> None:
    s = game.seats[seat]
    game.supply.coins += s.coins - coins
    s.coins = coins


def slot(game: Game, kind: str, holding: int) -> int:
    return next(s.index for s in game.table.slots if s.kind == kind and holding in s.line)


def _parked(game: Game, seat: int, at: int, workers: int) -> Truck:
    s = game.seats[seat]
    s.held["truck"] -= 1
    game.supply.colour[seat]["worker"] -= workers
    truck = Truck(at, workers)
    s.trucks.append(truck)
    return truck


def _guarded(game: Game, seat: int, at: int, guards: int) -> None:
    zone.establish(game, seat, at)
    game.board.guards[at] = guards
    game.supply.colour[seat]["worker"] -= guards


def effects(game: Game, number: int) -> list:
    return game.table.stages[number]["effects"]


# --- Sales & Prices --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_wholesale_price_example_antiques_cost_5_demand_minus_1_fee_plus_2_is_6(players: int):
    game = new_game(players)
    game.demand["antiques"] = -1
    antiques = square(game, "antiques")
    assert game.table.squares[antiques].fee == 2
    assert game.table.price("antiques", game.demand["antiques"], antiques) == 6


def test_pawn_shop_buys_any_crate_at_its_cost_price_plus_2_whatever_the_demand():
    game = new_game()
    pawn = square(game, "pawn_shop")
    for crate in game.table.crates:
        assert game.table.sells(pawn, crate)
        assert game.table.price(crate, 3, pawn) == game.table.cost[crate] + 2


def test_a_shop_buys_only_crates_of_its_own_colour():
    game = new_game()
    jewelry = square(game, "jewelry")
    assert [c for c in game.table.crates if game.table.sells(jewelry, c)] == ["jewelry"]


@pytest.mark.parametrize(("players", "bonus"), [(3, 1), (4, 0)])
def test_pawn_shop_pays_1_extra_coin_per_deal_in_a_2_3_player_game(players: int, bonus: int):
    game = new_game(players)
    pawn = square(game, "pawn_shop")
    seat = game.seats[0]
    give_crates(game, 0, ["tools", "tools"])
    before = seat.coins
    play(game, sale(game, 0, pawn), ["tools", "tools"])
    assert seat.coins - before == 2 * (game.table.cost["tools"] + 2) + bonus


def test_demand_chip_stops_at_the_end_of_its_meter():
    game = new_game()
    low, high = game.table.demand_range
    game.demand["tools"] = high
    move_demand(game, "tools", 2)
    assert game.demand["tools"] == high
    move_demand(game, "tools", -99)
    assert game.demand["tools"] == low


# --- Set Up -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "late"), [(2, []), (3, [2]), (4, [3]), (5, [3, 4])])
def test_setup_12_coins_each_and_1_more_for_the_late_seats(players: int, late: list[int]):
    game = new_game(players)
    for s in game.seats:
        # Round 1 has played stage 1 only (no stage 2): nobody has spent or earned a coin.
        assert s.coins == 12 + (1 if s.seat in late else 0)


def test_setup_3_managers_1_truck_2_hidden_crates_each():
    game = new_game(5)
    for s in game.seats:
        assert (s.managers, s.held["truck"], len(s.crates)) == (3, 1, 2)


def test_round_one_fills_every_container_with_2_crates():
    game = new_game(4)
    assert [len(box) for box in game.board.containers] == [2] * game.table.containers


# --- Payments ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("rnd", "rate"), [(2, 2), (4, 2), (5, 3), (6, 3)])
def test_tax_per_manager_over_3_is_2_coins_in_rounds_2_to_4_and_3_from_round_5(rnd: int, rate: int):
    game = new_game(rounds=6)
    game.round = rnd
    game.seats[0].managers = 5
    before = [s.coins for s in game.seats]
    tax = next(e for e in effects(game, 2) if e["kind"] == "tax")
    play(game, management.HANDLERS["tax"](game, tax))
    assert before[0] - game.seats[0].coins == 2 * rate
    assert [s.coins for s in game.seats[1:]] == before[1:]      # 3 managers: no tax


def test_a_short_taxpayer_donates_a_crate_for_1_coin_and_owes_the_rest_until_he_earns():
    game = new_game()
    game.round = 2
    s = game.seats[0]
    s.managers = 6
    set_coins(game, 0, 2)
    give_crates(game, 0, ["tools"])                               # owes 6
    tax = next(e for e in effects(game, 2) if e["kind"] == "tax")
    play(game, management.HANDLERS["tax"](game, tax))
    assert game.tower.crates[-1] == "tools" and s.coins == 0 and s.owes() == 3
    gain_coins(game, 0, 5, "test")
    assert (s.coins, s.owes()) == (2, 0)


def test_a_taxpayer_short_of_several_coins_donates_one_crate_and_owes_the_balance():
    """Stage 2: "must donate any asset in his possession (such as a crate) for 1 coin ... If the
    deficit is more than one coin, the balance must be paid to the supply as soon as the player
    earns additional coins." (ruling tax-shortfall)"""
    game = new_game()
    game.round = 2
    s = game.seats[0]
    s.managers = 6
    set_coins(game, 0, 1)
    give_crates(game, 0, ["tools", "tools", "tools"])            # owes 6, is short of 5
    tax = next(e for e in effects(game, 2) if e["kind"] == "tax")
    play(game, management.HANDLERS["tax"](game, tax))
    assert game.tower.crates == ["tools"] and s.crates == ["tools", "tools"]
    assert (s.coins, s.owes()) == (0, 4)


def test_two_players_owing_each_other_settle_as_soon_as_either_gets_coins():
    """Stage 17: "Note: Whenever you need to pay a coin to another player and you have no coins,
    you may pay as soon as you get coins." """
    game = new_game()
    set_coins(game, 0, 0)
    set_coins(game, 1, 0)
    transfer(game, 0, 1, 2, "test")               # seat 1 owes seat 2 two coins ...
    transfer(game, 1, 0, 2, "test")               # ... and seat 2 owes seat 1 two
    gain_coins(game, 0, 1, "test")                # the coin goes round until both are paid
    assert (game.seats[0].owes(), game.seats[1].owes()) == (0, 0)
    assert (game.seats[0].coins, game.seats[1].coins) == (1, 0)


def _struck_factory(game: Game) -> int:
    """Round 2, seat 1 the partner of the Automobile Factory, on which seat 2 has put a strike:
    the seat's coins before stage 2."""
    game.round = 2
    auto = square(game, "automobile")
    zone.establish(game, 0, auto)
    gain_piece(game, 1, "strike")
    anytime.act(game, 1, ["strike", auto])
    return game.seats[0].coins


def test_a_strike_on_a_factory_cancels_its_bonus_and_stage_2_removes_every_strike():
    game = new_game()
    before = _struck_factory(game)
    play(game, management.HANDLERS["factory_bonuses"](game, {}))
    assert game.seats[0].coins == before
    play(game, management.HANDLERS["clear_strikes"](game, {}))
    assert not any(game.board.strike)
    play(game, management.HANDLERS["factory_bonuses"](game, {}))
    assert game.seats[0].coins == before + 3                      # "Collect 3 coins from the supply"


def test_canned_food_factory_collects_1_coin_from_each_opponent():
    game = new_game()
    zone.establish(game, 0, square(game, "canned_food"))
    before = [s.coins for s in game.seats]
    play(game, management.HANDLERS["factory_bonuses"](game, {}))
    assert [s.coins - b for s, b in zip(game.seats, before, strict=True)] == [3, -1, -1, -1]


def test_a_politician_disc_on_plus_1_collects_1_coin_and_one_on_minus_1_may_reload_for_1_donated():
    game = new_game()
    game.board.politician = {"mayor": [0, True], "senator": [1, False]}
    for s in (0, 1):
        game.supply.colour[s]["disc"] -= 1
    before = [s.coins for s in game.seats]
    recharge = next(e for e in effects(game, 2) if e["kind"] == "recharge_politicians")
    play(game, management.HANDLERS["recharge_politicians"](game, recharge), True)
    assert game.seats[0].coins == before[0] + 1
    assert game.seats[1].coins == before[1] - 1 and game.tower.coins == 1
    assert game.board.politician["senator"] == [1, True]


# --- Merchandise Auction ---------------------------------------------------------------------
def _auction(game: Game) -> Any:
    rule = next(e for e in effects(game, 3) if e["kind"] == "auction")
    return management.HANDLERS["auction"](game, rule)


def test_the_minimum_bid_is_the_cost_price_of_both_crates():
    game = new_game()
    set_containers(game, [["tools", "jewelry"], [], [], []])
    game.start(_auction(game))
    least = game.table.cost["tools"] + game.table.cost["jewelry"]
    with pytest.raises(IllegalAction):
        game.apply([0, least - 1])
    game.apply([0, least])
    assert game.decision().tag == "outbid"


def test_an_outbid_rises_by_at_least_1_and_the_highest_bidder_pays_the_supply_for_the_lot():
    game = new_game()
    set_containers(game, [["tools", "tools"], [], [], []])
    coins = [s.coins for s in game.seats]
    game.start(_auction(game))
    game.apply([0, 6])                        # seat 1 opens at the Cost Prices
    with pytest.raises(IllegalAction):
        game.apply(6)                         # seat 2 must rise
    game.apply(8)                             # seat 2
    game.apply("pass")                        # seat 3
    game.apply("pass")                        # seat 4
    game.apply("pass")                        # seat 1: back round to seat 2, sold
    assert game.decision().tag == "auction_bonus" and game.decision().seat == 1
    game.apply(False)
    while game.decision() is not None:        # nobody opens another lot: none is full
        game.apply("pass")
    assert game.seats[1].coins == coins[1] - 8 and game.seats[1].crates[-2:] == ["tools", "tools"]
    assert game.seats[0].coins == coins[0]


def test_the_auction_winner_may_buy_1_hidden_crate_for_2_coins():
    game = new_game(2)
    set_containers(game, [["tools", "tools"], []])
    crates = len(game.seats[0].crates)
    game.start(_auction(game))
    game.apply([0, 6])
    game.apply("pass")
    game.apply(True)
    assert len(game.seats[0].crates) == crates + 3 and game.seats[0].coins == 12 - 6 - 2


def test_the_auction_goes_round_until_every_player_passes_on_opening():
    game = new_game(2)
    set_containers(game, [["tools", "tools"], ["clothing", "clothing"]])
    game.start(_auction(game))
    game.apply("pass")                        # seat 1 passes on opening ...
    game.apply([1, 6])                        # ... seat 2 opens
    game.apply("pass")                        # seat 1 does not outbid
    game.apply(False)
    assert game.decision().seat == 0 and game.decision().tag == "open_bid"   # round again


# --- Managers Assignment ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_stage_takes_one_more_manager_when_the_players_match_its_meeple(players: int):
    game = new_game(players)
    side = "2-3" if players <= 3 else "4-5"
    for number, cap in game.table.capacity.items():
        outline = game.table.stages[number]["capacity"][side]
        base = players if outline["managers"] == "all" else outline["managers"]
        assert cap == base + (outline.get("extra_at") == players)


def test_each_player_assigns_1_manager_a_turn_until_all_are_assigned():
    game = new_game(2)
    game.board.managers_on.clear()
    rule = next(e for e in effects(game, 4) if e["kind"] == "assign_managers")
    game.start(management.HANDLERS["assign_managers"](game, rule))
    seats = []
    while (d := game.decision()) is not None:
        seats.append(d.seat)
        game.apply(d.options[0])
    assert seats == [0, 1, 0, 1, 0, 1]
    assert sum(len(v) for v in game.board.managers_on.values()) == 6


def test_a_refused_choice_reads_as_the_json_a_log_holds():
    game = new_game(2)
    game.board.managers_on.clear()
    rule = next(e for e in effects(game, 4) if e["kind"] == "assign_managers")
    game.start(management.HANDLERS["assign_managers"](game, rule))
    assert game.decision().tag == "assign"
    for bad, shown in (("x", '"x"'), (None, "null"), (["x", True], '["x", true]')):
        with pytest.raises(IllegalAction) as refused:
            game.apply(bad)
        assert str(refused.value) == f"assign: {shown} is not one of the options"
    game = new_game()
    game.start(perform(game, 0, effects(game, 9)))
    with pytest.raises(IllegalAction) as refused:
        game.apply(["tools", "x"])
    assert str(refused.value) == 'demand_meters: "x" is not one of the options (or repeats)'


# --- Operation stages ---------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "strikes"), [(2, 0), (3, 0), (4, 1), (5, 1)])
def test_workers_stage_collects_a_strike_only_in_a_4_5_player_game(players: int, strikes: int):
    game = new_game(players)
    s = game.seats[0]
    before = (s.coins, s.held["worker"], len(s.crates), s.held["strike"])
    play(game, perform(game, 0, effects(game, 8)))
    assert (s.coins, s.held["worker"], len(s.crates), s.held["strike"]) == \
        (before[0] - 3, before[1] + 3, before[2] + 1, before[3] + strikes)


@pytest.mark.parametrize(("players", "to_tower"), [(3, 2), (4, 0)])
def test_market_demand_stage_donates_its_2_coins_to_the_tower_in_a_2_3_player_game(players: int,
                                                                                    to_tower: int):
    game = new_game(players)
    play(game, perform(game, 0, effects(game, 9)), [])
    assert game.tower.coins == to_tower


def test_market_demand_adjusts_up_to_3_different_meters_by_1_or_2_notches():
    game = new_game()
    game.demand = dict.fromkeys(game.demand, 0)
    game.start(perform(game, 0, effects(game, 9)))
    meters = game.decision()
    assert (meters.kind, meters.high) == ("choose_many", 3)
    game.apply(["tools", "jewelry"])
    assert sorted(game.decision().options) == [-2, -1, 1, 2]
    game.apply(2)
    game.apply(-1)
    assert (game.demand["tools"], game.demand["jewelry"]) == (2, -1)


def test_union_member_takes_the_cup_donates_a_crate_and_collects_2_purchase_orders():
    game = new_game()
    s = game.seats[2]
    give_crates(game, 2, ["tools"])
    play(game, perform(game, 2, effects(game, 5)))
    assert game.first == 2 and game.tower.crates == ["tools"] and s.held["purchase_order"] == 2
    assert game.order()[0] == 2


@pytest.mark.parametrize(("rnd", "coins"), [(1, -8), (2, -5), (3, -2), (4, 2), (6, 2)])
def test_senior_managers_hire_price_by_game_round(rnd: int, coins: int):
    game = new_game(rounds=6)
    game.round = rnd
    s = game.seats[0]
    set_coins(game, 0, 20)
    play(game, perform(game, 0, effects(game, 16)), "hire")
    assert (s.coins, s.managers) == (20 + coins, 4)


def test_senior_managers_fire_a_manager_for_11_coins():
    game = new_game()
    s = game.seats[0]
    before = s.coins
    play(game, perform(game, 0, effects(game, 16)), "fire")
    assert (s.coins, s.managers) == (before + 11, 2)


def test_fundraiser_jackpot_receives_everything_in_the_tower():
    game = new_game()
    game.tower.coins = 7
    game.supply.coins -= 7
    game.supply.pouch.remove("tools")
    game.tower.crates.append("tools")
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 17)), "jackpot")
    assert game.seats[0].coins == before + 7 and "tools" in game.seats[0].crates and not game.tower.crates


def test_truck_sales_sell_returns_a_parked_truck_with_its_workers_behind_the_screen():
    game = new_game()
    s = game.seats[0]
    _parked(game, 0, square(game, "tools"), 2)
    before = s.coins
    play(game, perform(game, 0, effects(game, 11)), "sell")
    assert (s.coins, s.trucks, s.held["worker"], s.held["strike"]) == (before + 11, [], 2, 1)


# --- Partnerships and roadblocks ---------------------------------------------------------------
def test_a_street_roadblock_collects_1_from_each_other_partner_in_its_column_and_1_from_the_supply():
    game = new_game()
    tools = square(game, "tools")
    zone.establish(game, 1, tools)
    coins = [s.coins for s in game.seats]
    zone.place_roadblock(game, 0, slot(game, "street", tools))
    assert (game.seats[0].coins - coins[0], game.seats[1].coins - coins[1]) == (2, -1)


def test_a_street_roadblock_collects_2_from_the_supply_for_its_builders_own_partnership():
    game = new_game()
    tools = square(game, "tools")
    zone.establish(game, 0, tools)
    before = game.seats[0].coins
    zone.place_roadblock(game, 0, slot(game, "street", tools))
    assert game.seats[0].coins - before == 2


def test_a_train_roadblock_collects_2_from_the_supply_for_any_partnership_in_its_row():
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    zone.establish(game, 1, tools)
    zone.establish(game, 0, jewelry)
    coins = [s.coins for s in game.seats]
    zone.place_roadblock(game, 0, slot(game, "train", tools))
    assert (game.seats[0].coins - coins[0], game.seats[1].coins - coins[1]) == (4, 0)


def test_a_new_partnership_in_a_street_roadblocks_column_pays_its_builder_1_coin_plus_1_from_supply():
    game = new_game()
    tools = square(game, "tools")
    zone.place_roadblock(game, 0, slot(game, "street", tools))
    coins = [s.coins for s in game.seats]
    zone.establish(game, 2, tools)
    assert (game.seats[0].coins - coins[0], game.seats[2].coins - coins[2]) == (2, -1)


def test_partnerships_stage_collects_2_coins_and_a_worker_and_places_2_shops():
    game = new_game()
    s = game.seats[0]
    before = s.coins
    jewelry, tools = square(game, "jewelry"), square(game, "tools")
    play(game, perform(game, 0, effects(game, 13)), "two shops", jewelry, tools)
    assert (s.coins - before, s.held["worker"]) == (2, 1)
    assert game.board.partner[jewelry] == game.board.partner[tools] == 0


def test_there_is_only_one_partnership_per_square():
    game = new_game()
    zone.establish(game, 1, square(game, "jewelry"))
    assert square(game, "jewelry") not in zone.free_squares(game, "shop")


# --- Delivery Action ---------------------------------------------------------------------------
def test_a_sale_on_a_partners_square_pays_the_partner_1_coin_from_the_seller_and_1_from_the_supply():
    game = new_game()
    tools = square(game, "tools")
    zone.establish(game, 1, tools)
    give_crates(game, 0, ["tools"])
    coins = [s.coins for s in game.seats]
    play(game, sale(game, 0, tools), ["tools"])
    price = game.table.price("tools", game.demand["tools"], tools)
    assert game.seats[0].coins - coins[0] == price - 1
    assert game.seats[1].coins - coins[1] == 2


def test_a_sale_on_your_own_partnership_collects_2_coins_from_the_supply():
    game = new_game()
    tools = square(game, "tools")
    zone.establish(game, 0, tools)
    give_crates(game, 0, ["tools"])
    before = game.seats[0].coins
    play(game, sale(game, 0, tools), ["tools"])
    assert game.seats[0].coins - before == game.table.price("tools", game.demand["tools"], tools) + 2


def test_a_delivery_sells_2_crates_and_1_more_for_each_purchase_order_spent():
    game = new_game()
    tools = square(game, "tools")
    s = game.seats[0]
    give_crates(game, 0, ["tools"] * 4)
    gain_piece(game, 0, "purchase_order")
    game.start(sale(game, 0, tools))
    assert game.decision().high == 3
    game.apply(["tools"] * 3)
    assert s.held["purchase_order"] == 0 and s.crates == ["tools"]


def test_a_truck_cannot_park_on_a_struck_square_or_another_truck():
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    gain_piece(game, 0, "strike")
    anytime.act(game, 0, ["strike", tools])
    _parked(game, 1, jewelry, 0)
    game.start(delivery(game, 0))                  # no workers: the route is asked first
    route = game.decision()
    assert route.tag == "delivery_route" and tools not in route.options and jewelry not in route.options


@pytest.mark.parametrize(("guards", "needed"), [(0, 1), (1, 2)])
def test_a_takeover_needs_more_workers_than_the_partner_has_on_the_square(guards: int, needed: int):
    game = new_game()
    tools = square(game, "tools")
    _guarded(game, 1, tools, guards)
    assert not takeovers(game, 0, _parked(game, 0, tools, needed - 1))
    game.seats[0].trucks[0].workers = needed
    assert takeovers(game, 0, game.seats[0].trucks[0]) == [["partnership", tools]]


def test_two_workers_guarding_a_partnership_make_it_safe():
    game = new_game()
    tools = square(game, "tools")
    _guarded(game, 1, tools, 2)
    assert not takeovers(game, 0, _parked(game, 0, tools, 2))


def test_a_takeover_discards_the_same_quantity_on_both_sides_and_the_taker_places_his_shop():
    game = new_game()
    tools = square(game, "tools")
    _guarded(game, 1, tools, 1)
    gain_piece(game, 0, "worker", 2)
    give_crates(game, 0, [])
    play(game, delivery(game, 0), 2, tools, ["partnership", tools])
    # Taker: 2 workers; defender: 1 worker and the shop.
    assert game.seats[0].trucks[0].workers == 0 and game.supply.colour[0]["worker"] == 8
    assert game.board.partner[tools] == 0 and game.board.guards[tools] == 0
    assert game.supply.colour[1]["shop"] == 8 and game.supply.colour[1]["worker"] == 8


def test_workers_on_a_truck_on_an_adjacent_square_may_defend_and_are_discarded_even_when_successful():
    game = new_game()
    tools, furniture = square(game, "tools"), square(game, "furniture")
    _guarded(game, 1, tools, 0)
    _parked(game, 1, furniture, 1)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    play(game, delivery(game, 0), 1, tools, ["partnership", tools], True)
    assert game.board.partner[tools] == 1                      # defended
    assert game.seats[1].trucks[0].workers == 0 and game.seats[0].trucks[0].workers == 0


def test_taking_over_a_partnership_in_a_roadblocks_line_pays_its_owner():
    game = new_game()
    tools = square(game, "tools")
    zone.place_roadblock(game, 2, slot(game, "street", tools))
    _guarded(game, 1, tools, 0)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = [s.coins for s in game.seats]
    play(game, delivery(game, 0), 1, tools, ["partnership", tools])
    assert (game.seats[0].coins - coins[0], game.seats[2].coins - coins[2]) == (-1, 2)


def test_a_roadblock_taken_over_is_not_paid_again_for_the_partnerships_of_its_line():
    game = new_game()
    tools = square(game, "tools")
    street = slot(game, "street", tools)
    zone.establish(game, 3, tools)
    zone.place_roadblock(game, 1, street)
    adjacent = game.table.slots[street].adjacent
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = [s.coins for s in game.seats]
    play(game, delivery(game, 0), 1, adjacent, ["roadblock", street])
    assert game.board.roadblock[street] == 0
    coins[1] += 1                                   # the loser's reparation, and nothing else
    assert [s.coins for s in game.seats] == coins


def test_the_loser_of_a_partnership_takes_1_coin_from_the_supply_for_his_slogan():
    # Reparations: "that opponent has the opportunity to say his character slogan out loud in
    # exchange for 1 coin from the supply".
    game = new_game()
    tools = square(game, "tools")
    _guarded(game, 1, tools, 0)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins, supply = game.seats[1].coins, game.supply.coins
    play(game, delivery(game, 0), 1, tools, ["partnership", tools])
    assert game.board.partner[tools] == 0
    assert (game.seats[1].coins - coins, supply - game.supply.coins) == (1, 1)


def test_a_defended_partnership_brings_no_reparation():
    game = new_game()
    tools, furniture = square(game, "tools"), square(game, "furniture")
    _guarded(game, 1, tools, 0)
    _parked(game, 1, furniture, 1)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = game.seats[1].coins
    play(game, delivery(game, 0), 1, tools, ["partnership", tools], True)
    assert game.board.partner[tools] == 1 and game.seats[1].coins == coins


# --- Politicians, strikes and awards -----------------------------------------------------------
def _politician(game: Game, seat: int, pol: str) -> None:
    game.supply.colour[seat]["disc"] -= 1
    game.board.politician[pol] = [seat, True]


def test_a_politician_is_used_once_then_waits_on_minus_1_so_never_twice_in_a_row():
    game = new_game()
    _politician(game, 0, "mayor")
    game.demand["tools"] = 0
    options = anytime.actions(game, 0)
    assert ["raise_demand", "mayor", "tools"] in options
    anytime.act(game, 0, ["raise_demand", "mayor", "tools"])
    assert game.demand["tools"] == 1 and game.board.politician["mayor"] == [0, False]
    assert not [a for a in anytime.actions(game, 0) if a[0] == "raise_demand"]


def test_a_politician_raises_a_demand_only_when_it_increases():
    game = new_game()
    _politician(game, 0, "mayor")
    game.demand["tools"] = game.table.demand_range[1]
    assert ["raise_demand", "mayor", "tools"] not in anytime.actions(game, 0)


def test_a_politician_is_used_only_while_his_requirement_is_met():
    game = new_game()
    _politician(game, 0, "commissioner")                      # needs a roadblock
    assert not [a for a in anytime.actions(game, 0) if a[0] == "raise_demand"]
    zone.place_roadblock(game, 0, 0)
    assert [a for a in anytime.actions(game, 0) if a[0] == "raise_demand"]


def test_a_politician_disc_may_move_to_the_awards_panel_but_not_back():
    game = new_game()
    _politician(game, 0, "mayor")
    anytime.act(game, 0, ["to_award", "mayor", "trucks"])
    assert game.board.nominees["trucks"] == [0] and "mayor" not in game.board.politician
    assert not [a for a in anytime.actions(game, 0) if a[0] in ("disc", "to_award")]


def test_a_placed_nomination_may_be_altered_to_a_different_award():
    game = new_game()
    game.supply.colour[0]["disc"] -= 1
    game.board.nominees["trucks"].append(0)
    assert ["renominate", "trucks", "workers"] in anytime.actions(game, 0)
    anytime.act(game, 0, ["renominate", "trucks", "workers"])
    assert (game.board.nominees["trucks"], game.board.nominees["workers"]) == ([], [0])


def test_a_player_nominates_himself_only_once_for_each_award():
    game = new_game()
    game.board.nominees["trucks"].append(0)
    game.supply.colour[0]["disc"] -= 1
    assert "trucks" not in anytime.award_places(game, 0)
    assert "trucks" in anytime.award_places(game, 1)


def test_award_first_place_takes_the_full_sum_and_second_half():
    assert award_points({0: 3, 1: 2, 2: 1}, 20) == {0: 20, 1: 10}


def test_award_tie_for_first_gives_every_winner_the_full_sum_and_no_second_place():
    assert award_points({0: 3, 1: 3, 2: 2}, 20) == {0: 20, 1: 20}


def test_award_tie_for_second_gives_every_runner_up_half():
    assert award_points({0: 4, 1: 2, 2: 2, 3: 1}, 20) == {0: 20, 1: 10, 2: 10}


def test_award_is_won_only_with_at_least_1_asset_of_its_category():
    assert award_points({0: 0, 1: 0}, 20) == {}
    assert award_points({0: 1, 1: 0}, 20) == {0: 20}


def test_a_strike_closes_its_square_for_deliveries_until_stage_2_removes_it():
    game = new_game()
    gain_piece(game, 0, "strike")
    tools = square(game, "tools")
    anytime.act(game, 0, ["strike", tools])
    game.start(delivery(game, 1))
    assert tools not in game.decision().options


def test_a_politician_may_be_used_during_a_delivery_to_move_the_delivering_truck():
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    _guarded(game, 1, tools, 0)
    _politician(game, 1, "mayor")                              # needs 1 coin: seat 2 has 12
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    game.start(delivery(game, 0))
    game.apply(1)                                              # one worker rides
    game.apply(tools)
    window = game.decision()
    assert (window.seat, window.tag) == (1, "politician")
    assert ["move_truck", "mayor", tools, jewelry] in window.options
    game.apply(["move_truck", "mayor", tools, jewelry])
    assert game.decision() is None                             # nothing to take over there
    assert game.seats[0].trucks[0].square == jewelry and game.board.partner[tools] == 1


def test_express_delivery_purchasing_collects_4_hidden_crates_keeps_3_and_returns_1():
    game = new_game()
    give_crates(game, 0, [])
    pouch = len(game.supply.pouch)
    game.start(perform(game, 0, effects(game, 10)))
    game.apply("purchasing")
    back = game.decision()
    assert (back.tag, back.low, back.high, len(back.options)) == ("return_crates", 1, 1, 4)
    game.apply([back.options[0]])
    assert len(game.seats[0].crates) == 3 and len(game.supply.pouch) == pouch - 3


def test_air_freight_may_perform_the_same_action_twice():
    game = new_game()
    give_crates(game, 0, ["tools", "jewelry"])
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 6)), "sell", "tools", "sell")
    assert game.seats[0].coins == before + 1 + game.table.cost["tools"] + game.table.cost["jewelry"]


def test_gala_honoring_places_at_least_1_disc_and_may_keep_1_behind_the_screen():
    game = new_game()
    game.start(perform(game, 0, effects(game, 14)))
    first = game.decision()
    assert "skip" not in first.options
    game.apply(["award", "trucks"])
    assert "skip" in game.decision().options
    game.apply("skip")
    assert game.board.nominees["trucks"] == [0] and game.seats[0].held["disc"] == 1
    assert game.tower.coins == 3


def test_fundraiser_donates_2_coins_to_perform_another_stage():
    game = new_game()
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 17)), "donate", 11, "both")   # Truck Sales: keep it
    assert game.tower.coins == 2 and game.seats[0].coins == before - 2 + 5


def test_fundraiser_performs_one_of_stages_5_to_16_that_the_seat_can_pay():
    game = new_game()
    give_crates(game, 0, [])
    game.start(perform(game, 0, effects(game, 17)))
    game.apply("donate")
    offered = game.decision().options
    assert 17 not in offered and 16 in offered
    assert 5 not in offered and 12 not in offered          # each pays a crate: it has none


@pytest.mark.parametrize(("players", "containers"), [(2, 2), (3, 3), (4, 4), (5, 5)])
def test_a_container_with_a_meeple_number_is_used_only_at_that_many_players_or_more(players: int,
                                                                                   containers: int):
    assert len(new_game(players).board.containers) == containers


@pytest.mark.parametrize(("players", "automobile"), [(2, False), (3, True), (4, True)])
def test_a_square_with_a_meeple_number_is_used_only_at_that_many_players_or_more(players: int,
                                                                                automobile: bool):
    game = new_game(players)
    assert any(q.what == "automobile" for q in game.table.squares) == automobile


@pytest.mark.parametrize(("players", "streets"), [(4, 4), (5, 5)])
def test_the_fifth_street_roadblock_is_used_only_at_5_players(players: int, streets: int):
    game = new_game(players)
    assert sum(1 for s in game.table.slots if s.kind == "street") == streets


@pytest.mark.parametrize(("players", "places"), [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_an_award_admits_one_more_nomination_when_the_players_match_its_added_circle(players: int,
                                                                                      places: int):
    assert new_game(players).table.award_places["partnerships"] == places


# --- Set Up and stage 1, continued ------------------------------------------------------------
def test_setup_puts_all_56_crates_in_the_concealment_pouch():
    """Set Up 2: "Put all the crates (56) in the Concealment Pouch and mix well." """
    game = new_game(5)
    assert sum(game.table.crate_count.values()) == 56
    dealt = sum(len(s.crates) for s in game.seats) + sum(len(box) for box in game.board.containers)
    assert len(game.supply.pouch) + dealt == 56 and not game.tower.crates


def test_setup_places_every_market_demand_chip_at_0(monkeypatch: pytest.MonkeyPatch):
    """Set Up 5: "Place a Market Demand Chip at "0" on each of the 7 Market Demand Meters." """
    monkeypatch.setattr(management, "roll_demand", lambda game: None)     # stage 1 B not rolled
    game = new_game()
    assert game.demand == dict.fromkeys(game.table.crates, 0) and len(game.demand) == 7


def test_setup_places_the_game_round_chip_at_level_1():
    """Set Up 6: "Place the Game Round Chip at level 1 on the Game Round Meter." """
    assert new_game().round == 1


def test_stage_1_rolls_the_market_demand_die_once_for_each_meter():
    """Stage 1 B: "Roll the Market Demand Die. Depending on the result, move a Market Demand Chip
    one notch ... Repeat and roll the Market Demand Die for each Market Demand Meter." """
    game = new_game()
    game.demand = dict.fromkeys(game.demand, 0)
    rolls: list[int] = []

    class Die:
        def randrange(self, faces: int) -> int:
            rolls.append(faces)
            return len(rolls) % 2 * 3             # faces 3 ("-") and 0 ("+") by turns

    game.rng = Die()
    roll_demand(game)
    assert rolls == [6] * 7
    assert [game.demand[c] for c in game.table.crates] == [-1, 1, -1, 1, -1, 1, -1]


def test_stage_1_tops_a_container_holding_1_crate_up_with_only_1():
    """Stage 1 C: "if the container is empty, place 2 randomly selected crates from the
    Concealment Pouch; if there is one crate in the container, place only one." """
    game = new_game()
    set_containers(game, [["tools"], [], ["jewelry", "jewelry"], []])
    pouch = len(game.supply.pouch)
    fill_containers(game, 2)
    assert [len(box) for box in game.board.containers] == [2, 2, 2, 2]
    assert game.board.containers[0][0] == "tools" and game.board.containers[2] == ["jewelry", "jewelry"]
    assert len(game.supply.pouch) == pouch - 5


def test_the_first_game_round_skips_stage_2():
    """Stage 2: "Note: On the first Game Round, skip this stage and move to stage 3." """
    game = new_game()
    zone.establish(game, 0, square(game, "automobile"))          # 3 coins at stage 2
    _politician(game, 0, "mayor")                                # 1 coin at stage 2, on +1
    before = game.seats[0].coins
    game.start(game._play())
    assert (game.round, game.stage, game.decision().tag) == (1, 3, "open_bid")
    assert game.seats[0].coins == before


@pytest.mark.parametrize(("factory", "item"), [("cement", "worker"), ("textile", "crate"),
                                               ("steel", "purchase_order")])
def test_cement_textile_and_steel_factories_give_1_worker_1_hidden_crate_1_purchase_order(factory: str,
                                                                                        item: str):
    """Factory Partnership: "Cement Factory - Collect 1 worker", "Textile Factory - Collect 1
    hidden crate", "Steel Factory - Collect 1 purchase order"."""
    game = new_game()
    s = game.seats[0]
    zone.establish(game, 0, square(game, factory))

    def count() -> int:
        return len(s.crates) if item == "crate" else s.held[item]

    before = count()
    play(game, management.HANDLERS["factory_bonuses"](game, {}))
    assert count() == before + 1


# --- Merchandise Auction, continued -----------------------------------------------------------
def test_the_first_player_with_the_cup_begins_the_auction():
    """Stage 3: "The first player (with the cup) begins the auction by placing a bid on a pair of
    crates in the Container Site." """
    game = new_game()
    game.first = 2
    set_containers(game, [["tools", "tools"], [], [], []])
    game.start(_auction(game))
    assert (game.decision().seat, game.decision().tag) == (2, "open_bid")


def test_a_bidder_may_bid_only_what_he_can_cash():
    """Stage 3: "Any player may outbid if desired (not according to the Round of Turns, as long as
    he can cash it)." """
    game = new_game(2)
    set_containers(game, [["tools", "tools"], []])
    set_coins(game, 1, 7)
    game.start(_auction(game))
    with pytest.raises(IllegalAction):
        game.apply([0, 13])                    # seat 1 holds 12
    game.apply([0, 6])
    with pytest.raises(IllegalAction):
        game.apply(8)                          # seat 2 holds 7
    game.apply(7)
    assert game.decision().tag == "outbid" and game.decision().seat == 0


def test_a_player_who_passed_on_opening_may_still_outbid():
    """Stage 3: "Each player may declare "PASS" on his turn to make an initial bid. This player is
    still permitted to outbid an opponent's initial bid." """
    game = new_game(2)
    set_containers(game, [["tools", "tools"], []])
    game.start(_auction(game))
    game.apply("pass")                         # seat 1 passes on opening
    game.apply([0, 6])                         # seat 2 opens
    assert (game.decision().seat, game.decision().tag) == (0, "outbid")
    game.apply(7)
    game.apply("pass")                         # seat 2 does not raise: sold to seat 1
    assert (game.decision().seat, game.decision().tag) == (0, "auction_bonus")
    game.apply(False)
    assert game.seats[0].crates[-2:] == ["tools", "tools"]


def test_not_all_containers_must_be_bid_on():
    """Stage 3: "The Round of Turns continues to go around until no players wish to make an
    initial bid on a container. Not all containers must be bid on." """
    game = new_game(2)
    set_containers(game, [["tools", "tools"], ["clothing", "clothing"]])
    coins = [s.coins for s in game.seats]
    play(game, _auction(game), "pass", "pass")
    assert game.board.containers == [["tools", "tools"], ["clothing", "clothing"]]
    assert [s.coins for s in game.seats] == coins


# --- Managers Assignment and the operation stages' order ------------------------------------------
def test_a_stage_open_to_all_players_takes_one_manager_of_each():
    """Stage 4: "All players can assign a manager." (ruling same-stage-managers: one each)"""
    game = new_game(2)
    standard = game.table.number_of("standard_delivery")
    assert standard in game.table.all_stage
    game.board.managers_on.clear()
    rule = next(e for e in effects(game, 4) if e["kind"] == "assign_managers")
    game.start(management.HANDLERS["assign_managers"](game, rule))
    game.apply(standard)                       # seat 1
    assert standard in game.decision().options           # seat 2 may join it
    game.apply(standard)
    assert game.decision().seat == 0 and standard not in game.decision().options


def test_managers_on_the_same_stage_act_in_the_round_of_turns():
    """Operation Stages: "On stages in which multiple managers are assigned, the order is
    determined by the Round of Turns." """
    game = new_game()
    game.first = 2
    senior = game.table.number_of("senior_managers")
    game.board.managers_on = {senior: [0, 2]}            # seat 1 assigned first
    game.start(game._operation(senior))
    assert (game.decision().seat, game.decision().tag) == (2, f"choose:{senior}")
    game.apply("fire")
    assert (game.decision().seat, game.decision().tag) == (0, f"choose:{senior}")


def test_a_stage_with_no_manager_is_skipped():
    """Operation Stages: "If no managers are assigned to a particular stage, then that stage is
    skipped." """
    game = new_game()
    game.board.managers_on = {}
    play(game, game._operation(game.table.number_of("fundraiser")))
    assert not game.counters["stage:17"] and not any(game.used[s][17] for s in range(4))


def test_at_any_time_actions_are_offered_only_from_stage_5_and_after_stage_17():
    """Concepts: "At any time -- Action may be performed during or outside of a player's turn, but
    between stages 5-17." Stage 17: "After completing stage 17, allow all players to perform "at
    any time" actions before moving on to the next Game Round." """
    game = new_game(seed=3)
    bots = [RandomPolicy(policy_seed(3, s)) for s in range(4)]
    stages = set()
    while (d := game.decision()) is not None:
        if d.tag == "any_time":
            stages.add(game.stage)
        game.apply(bots[d.seat].decide(game.observation(d.seat), d))
    assert min(stages) >= 5 and 18 in stages           # 18: the moment after stage 17


# --- Operation stages, continued -------------------------------------------------------------------
def test_air_freight_collects_1_coin_1_strike_and_1_purchase_order():
    """Air Freight (6): "Collect 1 coin + 1 strike + 1 purchase order." """
    game = new_game()
    s = game.seats[0]
    give_crates(game, 0, [])
    before = (s.coins, s.held["strike"], s.held["purchase_order"])
    play(game, perform(game, 0, effects(game, 6)), "skip")
    assert (s.coins, s.held["strike"], s.held["purchase_order"]) == (before[0] + 1, before[1] + 1,
                                                                     before[2] + 1)


def test_air_freight_exchanges_one_of_your_crates_for_any_crate_at_the_container_site():
    """Air Freight (6): "Exchange 1 of your crates for any crate at the Container Site." """
    game = new_game()
    give_crates(game, 0, ["tools"])
    set_containers(game, [["jewelry", "clothing"], [], [], []])
    play(game, perform(game, 0, effects(game, 6)), "exchange", [0, "jewelry"], "skip")
    assert game.seats[0].crates == ["jewelry"]
    assert sorted(game.board.containers[0]) == ["clothing", "tools"]


def test_air_freight_buys_a_crate_at_the_container_site_for_its_basic_cost():
    """Air Freight (6): "Buy a crate at the Container Site for its basic cost" (ruling basic-cost:
    its Cost Price)."""
    game = new_game()
    give_crates(game, 0, [])
    set_containers(game, [["jewelry", "clothing"], [], [], []])
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 6)), "buy", [0, "clothing"], "skip")
    assert game.seats[0].crates == ["clothing"] and game.board.containers[0] == ["jewelry"]
    assert game.seats[0].coins == before + 1 - game.table.cost["clothing"]


def test_infrastructure_collects_3_coins_and_1_roadblock_placed_at_once():
    """Infrastructure (7): "Collect 3 Coins." "Collect 1 roadblock. Must be immediately placed in
    the Action Zone." """
    game = new_game()
    before, stock = game.seats[0].coins, game.supply.colour[0]["roadblock"]
    game.start(perform(game, 0, effects(game, 7)))
    assert game.decision().tag == "roadblock_slot" and "skip" not in game.decision().options
    game.apply(game.decision().options[0])
    assert game.decision() is None
    assert game.seats[0].coins == before + 3 and game.board.roadblock.count(0) == 1
    assert game.supply.colour[0]["roadblock"] == stock - 1 and not game.seats[0].held["roadblock"]


def test_express_delivery_pays_3_coins_to_the_supply():
    """Express Delivery (10): "Pay 3 coins to the supply." """
    game = new_game()
    before, supply = game.seats[0].coins, game.supply.coins
    game.start(perform(game, 0, effects(game, 10)))
    assert set(game.decision().options) == {"delivery", "purchasing"}     # paid first
    assert (game.seats[0].coins, game.supply.coins) == (before - 3, supply + 3)


def test_express_delivery_may_perform_the_delivery_action():
    """Express Delivery (10): "Perform 1 of the 2 following actions: 1. Delivery Action." """
    game = new_game()
    tools = square(game, "tools")
    give_crates(game, 0, ["tools"])
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 10)), "delivery", tools, ["tools"])
    assert game.seats[0].trucks[0].square == tools and game.seats[0].crates == []
    assert game.seats[0].coins == before - 3 + game.table.price("tools", game.demand["tools"], tools)


def test_truck_sales_buys_1_truck_and_2_workers_for_6_coins():
    """Truck Sales (11): "Buy 1 truck + 2 workers from the supply for 6 coins." """
    game = new_game()
    s = game.seats[0]
    before = (s.coins, s.held["truck"], s.held["worker"])
    play(game, perform(game, 0, effects(game, 11)), "buy")
    assert (s.coins, s.held["truck"], s.held["worker"]) == (before[0] - 6, before[1] + 1, before[2] + 2)


def test_truck_sales_both_keeps_the_truck_collecting_5_coins_1_strike_and_2_workers():
    """Truck Sales (11): "Perform both actions above: Keep your truck, collecting 5 coins. Collect
    1 strike + 2 workers." """
    game = new_game()
    s = game.seats[0]
    before = (s.coins, s.held["truck"], s.held["worker"], s.held["strike"])
    play(game, perform(game, 0, effects(game, 11)), "both")
    assert (s.coins, s.held["truck"], s.held["worker"], s.held["strike"]) == \
        (before[0] + 5, before[1], before[2] + 2, before[3] + 1)


def test_truck_sales_both_needs_a_truck_to_sell():
    """Truck Sales (11): "Perform both actions above: Keep your truck": the first of them sells a
    truck, so a seat with none is offered only the purchase."""
    game = new_game()
    s = game.seats[0]
    game.supply.colour[0]["truck"] += s.held["truck"] + len(s.trucks)
    s.held["truck"], s.trucks = 0, []
    game.start(perform(game, 0, effects(game, 11)))
    assert list(game.decision().options) == ["buy", "skip"]


def test_purchase_order_stage_pays_3_coins_and_1_crate_for_3_purchase_orders_and_1_strike():
    """Purchase Order (12): "Pay 3 coins + 1 crate to the supply." "Collect 3 Purchase Orders + 1
    strike." """
    game = new_game()
    s = game.seats[0]
    give_crates(game, 0, ["tools"])
    before = s.coins
    play(game, perform(game, 0, effects(game, 12)))
    assert (s.coins, s.crates, s.held["purchase_order"], s.held["strike"]) == (before - 3, [], 3, 1)
    assert "tools" in game.supply.pouch


def test_partnerships_stage_may_place_1_factory_and_1_shop():
    """Partnerships (13): "Collect 2 coins + 1 worker + 1 of the following: 1 factory + 1 shop.
    2 shops." """
    game = new_game()
    auto, jewelry = square(game, "automobile"), square(game, "jewelry")
    play(game, perform(game, 0, effects(game, 13)), "factory and shop", auto, jewelry)
    assert game.board.partner[auto] == game.board.partner[jewelry] == 0


def test_standard_delivery_sells_on_a_square_without_a_partnership():
    """Standard Delivery (15): "Note: you may sell crates on any available square with or without
    a shop." """
    game = new_game()
    tools = square(game, "tools")
    give_crates(game, 0, ["tools"])
    before = game.seats[0].coins
    play(game, perform(game, 0, effects(game, 15)), tools, ["tools"])
    assert game.board.partner[tools] is None and game.seats[0].crates == []
    assert game.seats[0].coins == before + game.table.price("tools", game.demand["tools"], tools)


# --- Sales & Prices, continued --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_the_additional_fee_is_1_for_the_top_row_and_2_for_the_bottom_row(players: int):
    """Additional Fees: "the extra fee is +1 for the top row and +2 for the bottom row." """
    game = new_game(players)
    shops = [q for q in game.table.squares if q.kind == "shop"]
    assert {q.row for q in shops} == {"top", "bottom"}
    for q in shops:
        fee = 1 if q.row == "top" else 2
        assert game.table.price(q.what, 0, q.index) == game.table.cost[q.what] + fee


def test_a_market_demand_move_recalibrates_the_wholesale_price():
    """Market Demand (9): "Calibrate Wholesale Price Cubes accordingly." (Cost Price + Market
    Demand + Additional Fees = Wholesale Price)"""
    game = new_game()
    tools = square(game, "tools")
    game.demand["tools"] = 0
    before = price(game, "tools", tools)
    play(game, perform(game, 0, effects(game, 9)), ["tools"], 2)
    assert price(game, "tools", tools) == before + 2


def test_pawn_shop_example_sells_1_orange_and_1_purple_crate_in_one_delivery():
    """Pawn Shop: "you may sell 1 orange crate and 1 purple crate at the pawn shop in a single
    Delivery Action." "each crate will be sold at its Cost Price + 2 Coins." """
    game = new_game()
    pawn = square(game, "pawn_shop")
    give_crates(game, 0, ["industry", "clothing"])          # orange and purple
    before = game.seats[0].coins
    play(game, sale(game, 0, pawn), ["clothing", "industry"])
    cost = game.table.cost
    assert game.seats[0].coins == before + cost["industry"] + 2 + cost["clothing"] + 2


def test_a_partnership_may_be_established_at_the_pawn_shop():
    """Pawn Shop: "The pawn shop operates similarly to the other shops in the game. The same rules
    apply regarding partnerships, takeovers, and deliveries." """
    game = new_game()
    pawn = square(game, "pawn_shop")
    play(game, perform(game, 0, effects(game, 13)), "two shops", pawn, square(game, "tools"))
    assert game.board.partner[pawn] == 0


# --- Partnerships and roadblocks, continued ------------------------------------------------------
def test_a_sale_of_several_crates_pays_the_partner_once():
    """Shop Partnership: "Anytime a sale is made for 1 or more crates on a square in which you are
    a partner (you have a shop), collect 1 coin from the seller + 1 coin from the supply." """
    game = new_game()
    tools = square(game, "tools")
    zone.establish(game, 1, tools)
    give_crates(game, 0, ["tools", "tools"])
    coins = [s.coins for s in game.seats]
    play(game, sale(game, 0, tools), ["tools", "tools"])
    assert game.seats[1].coins - coins[1] == 2
    assert game.seats[0].coins - coins[0] == 2 * price(game, "tools", tools) - 1


def test_a_new_partnership_of_your_own_in_your_street_roadblocks_column_collects_2_from_the_supply():
    """Roadblocks: "When new partnerships are established in that column ... If it's your
    partnership collect 2 coins from the supply." """
    game = new_game()
    tools = square(game, "tools")
    zone.place_roadblock(game, 0, slot(game, "street", tools))
    before = game.seats[0].coins
    zone.establish(game, 0, tools)
    assert game.seats[0].coins - before == 2


def test_a_new_partnership_in_a_train_roadblocks_row_collects_2_from_the_supply_whoever_owns_it():
    """Roadblocks: "When new partnerships are established in that row, collect 2 coins from the
    supply regardless if they are yours or opponents'." """
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    zone.place_roadblock(game, 0, slot(game, "train", tools))
    coins = [s.coins for s in game.seats]
    zone.establish(game, 1, tools)
    assert (game.seats[0].coins - coins[0], game.seats[1].coins - coins[1]) == (2, 0)
    zone.establish(game, 0, jewelry)
    assert game.seats[0].coins - coins[0] == 4


def test_taking_over_a_partnership_in_your_own_roadblocks_line_collects_2_from_the_supply():
    """Takeovers: "If you have a roadblock in that column/row, collect 2 coins from the supply." """
    game = new_game()
    tools = square(game, "tools")
    zone.place_roadblock(game, 0, slot(game, "street", tools))
    _guarded(game, 1, tools, 0)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = [s.coins for s in game.seats]
    play(game, delivery(game, 0), 1, tools, ["partnership", tools])
    assert game.board.partner[tools] == 0
    # The loser's 1 is his slogan's reparation.
    assert (game.seats[0].coins - coins[0], game.seats[1].coins - coins[1]) == (2, 1)


@pytest.mark.parametrize(("guards", "needed"), [(0, 1), (1, 2)])
def test_a_roadblock_is_taken_over_from_the_adjacent_square_with_more_workers_than_its_guards(
        guards: int, needed: int):
    """Takeovers: "You can also take over a roadblock. The same rules apply: workers can guard a
    roadblock, and more workers must be brought to the roadblock in order to take it over." """
    game = new_game()
    street = slot(game, "street", square(game, "tools"))
    zone.place_roadblock(game, 1, street)
    game.board.rb_guards[street] = guards
    game.supply.colour[1]["worker"] -= guards
    truck = _parked(game, 0, game.table.slots[street].adjacent, needed - 1)
    assert ["roadblock", street] not in takeovers(game, 0, truck)
    truck.workers = needed
    game.supply.colour[0]["worker"] -= 1
    assert ["roadblock", street] in takeovers(game, 0, truck)


# --- Guarding with Workers --------------------------------------------------------------------------
def test_at_most_2_workers_guard_a_partnership_or_ride_a_truck():
    """Workers (8): "You may assign a maximum of 2 workers on a truck, or on a square in which you
    have a shop, factory, roadblock." """
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    zone.establish(game, 0, tools)
    _parked(game, 0, jewelry, 0)
    gain_piece(game, 0, "worker", 5)
    for _ in range(2):
        anytime.act(game, 0, ["guard", tools])
        anytime.act(game, 0, ["load", jewelry])
    options = anytime.actions(game, 0)
    assert ["guard", tools] not in options and ["load", jewelry] not in options
    assert game.board.guards[tools] == 2 and game.seats[0].trucks[0].workers == 2


def test_workers_may_be_collected_back_behind_the_screen():
    """Workers (8): "You may also collect your workers back behind your player's screen." """
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    _guarded(game, 0, tools, 1)
    _parked(game, 0, jewelry, 1)
    options = anytime.actions(game, 0)
    assert ["unguard", tools] in options and ["unload", jewelry] in options
    anytime.act(game, 0, ["unguard", tools])
    anytime.act(game, 0, ["unload", jewelry])
    assert game.seats[0].held["worker"] == 2 and game.board.guards[tools] == 0


def test_nobody_moves_workers_once_a_delivery_is_under_way():
    """Guarding: "No player can move workers as soon as the Delivery Action is underway, with the
    exception of bringing workers from an adjacent square to defend a takeover." """
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    zone.establish(game, 1, jewelry)
    gain_piece(game, 1, "worker", 2)
    _politician(game, 1, "mayor")
    assert ["guard", jewelry] in anytime.actions(game, 1)
    give_crates(game, 0, [])
    game.start(delivery(game, 0))
    game.apply(tools)
    window = game.decision()
    assert (window.seat, window.tag) == (1, "politician")
    assert all(o == "pass" or o[0] in anytime.POLITICIAN_USES for o in window.options)


# --- Strikes and politicians, continued ---------------------------------------------------------------
def test_a_strike_may_be_placed_on_any_square_with_or_without_a_partnership():
    """Strike: "A strike token may be placed at any time on any square in the Action Zone,
    regardless if there are existing partnerships on it or not." """
    game = new_game()
    zone.establish(game, 1, square(game, "tools"))
    gain_piece(game, 0, "strike")
    struck = [a[1] for a in anytime.actions(game, 0) if a[0] == "strike"]
    assert struck == list(range(len(game.table.squares)))


def test_a_politician_may_remove_any_strike_in_the_action_zone():
    """Politicians: "2. Remove any existing strike in the Action Zone." """
    game = new_game()
    tools = square(game, "tools")
    _politician(game, 0, "mayor")
    gain_piece(game, 1, "strike")
    anytime.act(game, 1, ["strike", tools])
    assert ["remove_strike", "mayor", tools] in anytime.actions(game, 0)
    anytime.act(game, 0, ["remove_strike", "mayor", tools])
    assert not game.board.strike[tools] and game.supply.shared["strike"] == game.table.shared["strike"]


def test_each_politician_holds_only_one_players_disc():
    """Politicians: "each politician can contain only one player disk"."""
    game = new_game()
    _politician(game, 1, "mayor")
    gain_piece(game, 0, "disc")
    places = anytime.disc_places(game, 0)
    assert ["politician", "mayor"] not in places and ["politician", "senator"] in places


def test_multiple_politicians_may_be_used_one_after_another():
    """Politicians: "You may use multiple politicians in a row. For example, move the Market Demand
    Meter by 1 notch and then use a different politician to move it by another notch." """
    game = new_game()
    _politician(game, 0, "mayor")
    _politician(game, 0, "senator")
    zone.establish(game, 0, square(game, "jewelry"))           # the Senator's requirement
    game.demand["tools"] = 0
    anytime.act(game, 0, ["raise_demand", "mayor", "tools"])
    assert ["raise_demand", "senator", "tools"] in anytime.actions(game, 0)
    anytime.act(game, 0, ["raise_demand", "senator", "tools"])
    assert game.demand["tools"] == 2


def test_in_an_at_any_time_window_a_player_uses_two_politicians_in_a_row_but_not_one_twice():
    """Politicians: "You may use multiple politicians in a row. [...] However, you may not use
    the same politician twice in a row." Played through a window, the others passing."""
    game = new_game()
    _politician(game, 0, "mayor")
    _politician(game, 0, "senator")
    zone.establish(game, 0, square(game, "jewelry"))           # the Senator's requirement
    game.demand["tools"] = 0
    script = [["raise_demand", "mayor", "tools"], ["raise_demand", "senator", "tools"]]
    game.start(anytime.window(game))
    while (decision := game.decision()) is not None:
        if decision.seat != 0:
            game.apply(anytime.PASS)
            continue
        if not script:                                  # both used: neither is offered again
            assert not [o for o in decision.options if o != anytime.PASS and o[1] in ("mayor", "senator")]
            game.apply(anytime.PASS)
            continue
        assert script[0] in decision.options
        game.apply(script.pop(0))
    assert not script and game.demand["tools"] == 2


# --- Game End and Scoring ------------------------------------------------------------------------------
def test_awards_are_given_only_to_nominated_players():
    """Awards: "Awards can only be given to nominated players." """
    game = new_game()
    gain_piece(game, 1, "truck", 2)                                # seat 2 holds the most trucks
    game.supply.colour[0]["disc"] -= 1
    game.board.nominees["trucks"].append(0)
    _, parts = final_scores(game)
    assert parts[0]["awards"] == game.table.award_sum["trucks"] and parts[1]["awards"] == 0


def test_the_awards_ceremony_starts_with_the_most_valuable_award_partnerships():
    """Scoring 7: "Awards Ceremony: start with the most valuable award (Partnerships), declare the
    winners of each award." """
    for players in (2, 4):
        table = new_game(players).table
        sums = [table.award_sum[a] for a in table.awards]
        assert table.awards[0] == "partnerships" and sums == sorted(sums, reverse=True)


def test_scoring_starts_at_200_and_adds_coins_and_the_value_of_assets_collected_from_the_action_zone():
    """Scoring: "All players place their Score Trackers on the Score Track on "200"", "Each player
    collects their assets from the Action Zone", "Each player counts his coins", "calculates the
    total net worth of their remaining assets according to the Scoring Value"."""
    game = new_game()
    s = game.seats[0]
    give_crates(game, 0, ["tools"])
    zone.establish(game, 0, square(game, "jewelry"))
    _parked(game, 0, square(game, "tools"), 0)
    scores, parts = final_scores(game)
    values = game.table.values
    assert (parts[0]["start"], parts[0]["coins"]) == (200, s.coins)
    assert parts[0]["assets"] == values["crate"] + values["truck"] + values["shop"]
    assert scores[0] == 200 + s.coins + parts[0]["assets"]


def test_final_nominations_follow_the_round_of_turns_and_go_on_the_awards_panel():
    """Game End: "give an opportunity to players who wish to make final nominations on the Awards
    panel (according to the Round of Turns). Then proceed to score." """
    game = new_game()
    game.first = 2
    for seat in (0, 2):
        gain_piece(game, seat, "disc")
    game.start(anytime.final_nominations(game))
    d = game.decision()
    assert (d.seat, d.tag) == (2, "final_nomination")
    assert all(o == "pass" or o[:2] == ["disc", "award"] for o in d.options)
    game.apply(["disc", "award", "trucks"])
    game.apply("pass")
    assert game.decision().seat == 0 and game.board.nominees["trucks"] == [2]


# --- Stocks (Add-on 1) -------------------------------------------------------------------------------
def _assigning(game: Game) -> Game:
    game.board.managers_on.clear()
    rule = next(e for e in effects(game, 4) if e["kind"] == "assign_managers")
    return game.start(management.HANDLERS["assign_managers"](game, rule))


def _stocks(decision: Any) -> list:
    return [o for o in decision.options if isinstance(o, list) and o[0] == "stock"]


def test_a_stock_is_bought_at_stage_4_by_sacrificing_an_assignment_turn():
    """Stocks: "To purchase a stock, a player must sacrifice his turn during the Round of Turns
    while assigning managers ... Players that purchase stock will still have the opportunity to
    assign their managers in the next Round of Turns"."""
    game = _assigning(new_game(2, stocks=True))
    offer = _stocks(game.decision())
    assert offer and game.decision().seat == 0
    sid = offer[0][1]
    before = game.seats[0].coins
    game.apply(offer[0])
    assert game.seats[0].stocks == [sid] and sid not in game.supply.stocks
    assert game.seats[0].coins == before - int(game.stock(sid)["purchase_cost"])
    assert game.decision().seat == 1 and not game.board.managers_on
    seats = []
    while (d := game.decision()) is not None:
        seats.append(d.seat)
        game.apply(next(o for o in d.options if isinstance(o, int)))
    assert seats.count(0) == 3 and list(game.board.managers_on.values()) != []


def test_a_player_may_purchase_only_1_stock_per_game_round():
    """Stocks: "A player may only purchase 1 stock per Game Round." """
    game = _assigning(new_game(2, stocks=True))
    game.apply(_stocks(game.decision())[0])               # seat 1 buys
    game.apply(game.decision().options[0])                # seat 2 assigns
    assert game.decision().seat == 0 and not _stocks(game.decision())
    game.round = 2
    game.board.managers_on.clear()
    game = _assigning(game)
    assert _stocks(game.decision())


def test_stocks_can_only_be_purchased_at_stage_4():
    """Stocks: "Stocks can only be purchased at stage 4 of each round during the manager
    assignments." """
    game = new_game(stocks=True)
    set_coins(game, 0, 40)
    assert game.supply.stocks and not [a for a in anytime.actions(game, 0) if "stock" in a[0]]


def test_a_stock_traded_in_early_pays_its_early_trade_value():
    """Stocks: "2. Early Trade Value -- the amount received if stock is sold before the game is
    complete." """
    game = new_game(stocks=True)
    sid = game.supply.stocks[0]
    game.buy_stock(0, sid)
    before = game.seats[0].coins
    anytime.act(game, 0, ["trade_stock", sid])
    assert game.seats[0].coins == before + int(game.stock(sid)["early_trade"])
    assert game.seats[0].stocks == [] and sid in game.supply.stocks


def test_a_stock_kept_to_the_end_scores_its_end_game_value():
    """Stocks: "Those who purchase stocks and do not trade it in early, get the full value when
    calculating the score at the end." """
    game = new_game(stocks=True)
    sid = game.supply.stocks[0]
    game.buy_stock(0, sid)
    _, parts = final_scores(game)
    assert parts[0]["stocks"] == int(game.stock(sid)["end_game"]) and parts[1]["stocks"] == 0



def test_a_player_with_every_manager_assigned_may_still_buy_a_stock_on_a_later_turn():
    """Stocks: "Tip: It may be beneficial to buy stock during last the manager's assignment in
    order not to lose your valuable turn." (ruling stock-turn: "a player with no managers left to
    assign may still use a turn of the Round of Turns to buy")"""
    game = new_game(2, stocks=True)
    gain_piece(game, 1, "manager")                # seat 2 has 4 managers, seat 1 has 3
    _assigning(game)
    for _ in range(6):                            # three Rounds of Turns: seat 1 is done
        game.apply(next(o for o in game.decision().options if isinstance(o, int)))
    d = game.decision()
    assert (d.seat, d.tag) == (0, "stock_turn") and _stocks(d) and "pass" in d.options
    game.apply(_stocks(d)[0])
    assert game.seats[0].stocks and game.decision().seat == 1
    game.apply(next(o for o in game.decision().options if isinstance(o, int)))
    assert game.decision() is None                # every manager assigned: stage 4 is over


def test_a_stock_may_be_traded_in_early_during_the_management_stages():
    """Stocks: "The early trade in of stock may be made at any time during the game, including
    the Management Stages." """
    game = new_game(stocks=True)
    sid = game.supply.stocks[0]
    game.buy_stock(0, sid)
    before = game.seats[0].coins
    game.start(game._play())
    d = game.decision()
    assert (d.seat, d.tag, game.stage) == (0, "stock_trade", 1) and ["trade_stock", sid] in d.options
    game.apply(["trade_stock", sid])
    assert game.seats[0].coins == before + int(game.stock(sid)["early_trade"])


# --- sentences without a test of their own (audit against the text) -----------------------------
def test_market_demand_stage_pays_2_coins_to_the_supply_and_collects_1_purchase_order():
    """Market Demand (9): "Pay 2 coins to the supply (in a 2-3 player game, donate 2 coins to the
    tower)." "Collect 1 purchase order." """
    game = new_game(4)
    s = game.seats[0]
    before, supply, orders = s.coins, game.supply.coins, s.held["purchase_order"]
    play(game, perform(game, 0, effects(game, 9)), [])
    assert (s.coins, game.supply.coins, game.tower.coins) == (before - 2, supply + 2, 0)
    assert s.held["purchase_order"] == orders + 1


def test_a_bid_is_for_2_crates_from_the_same_container():
    """Stage 3: "The bid must be placed for 2 crates from the same container. You may not mix and
    match between crates from different containers." A container holding 1 crate is no lot."""
    game = new_game()
    set_containers(game, [["tools"], ["jewelry"], ["clothing", "clothing"], []])
    game.start(_auction(game))
    opening = game.decision()
    assert opening.tag == "open_bid"
    assert [o[0] for o in opening.options if o != "pass"] == [2]


@pytest.mark.parametrize("rounds", [4, 5, 6])
def test_a_game_plays_its_4_5_or_6_game_rounds_of_17_stages_then_scores(rounds: int):
    """Game End: "A classic game ends after 4 Game Rounds -- in the 4th round after stage 17, the
    gameplay is complete." Game Duration Options: "5 and 6 round games are possible"."""
    game = new_game(2, seed=5, rounds=rounds)
    bots = [RandomPolicy(policy_seed(5, s)) for s in range(2)]
    assigned = []
    while (d := game.decision()) is not None:
        if d.tag == "assign" and game.round not in assigned:
            assigned.append(game.round)
        game.apply(bots[d.seat].decide(game.observation(d.seat), d))
    assert assigned == list(range(1, rounds + 1)) and game.round == rounds
    assert game.finished and len(game.scores) == 2


def test_no_at_any_time_action_while_gala_honoring_is_played():
    """Gala Honoring (14): "Note: you must follow the Round of Turns, At Any Time action is not
    allowed." Politicians: "When the Gala Honoring stage is played, the other players may not
    reallocate their politicians." """
    game = new_game()
    gala = game.table.number_of("gala_honoring")
    for seat in range(4):
        gain_piece(game, seat, "strike")                  # something to do at any time
    _politician(game, 2, "mayor")
    game.board.managers_on = {gala: [0, 1]}
    game.start(game._operation(gala))
    tags = []
    while (d := game.decision()) is not None:
        tags.append(d.tag)
        game.apply("pass" if d.tag == "any_time" else ("skip" if "skip" in d.options else d.options[0]))
    first = tags.index("place_disc")
    assert "any_time" in tags[:first]                     # the window before the stage
    assert set(tags[first:]) == {"place_disc"}            # none while it is played
    assert game.tower.coins == 6


def test_workers_on_a_truck_on_a_diagonal_square_cannot_defend_a_takeover():
    """Takeovers: "has workers on a truck on a directly adjacent square (horizontal or vertical, not
    diagonal) then they are permitted to move their workers". """
    game = new_game()
    tools, pawn = square(game, "tools"), square(game, "pawn_shop")
    assert pawn not in game.table.squares[tools].neighbours          # diagonal on the 4-5 side
    _guarded(game, 1, tools, 0)
    _parked(game, 1, pawn, 2)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    play(game, delivery(game, 0), 1, tools, ["partnership", tools])   # no defence is asked
    assert game.board.partner[tools] == 0 and game.seats[1].trucks[0].workers == 2


def test_a_politician_moves_any_opponents_truck_with_or_without_workers_but_not_your_own():
    """Politicians: "Move any opponents truck to a different square (whether or not the truck has
    workers on it)." """
    game = new_game()
    tools, jewelry, clothing = square(game, "tools"), square(game, "jewelry"), square(game, "clothing")
    _politician(game, 0, "mayor")
    _parked(game, 0, clothing, 0)
    _parked(game, 1, tools, 2)
    _parked(game, 2, jewelry, 0)
    moves = [a for a in anytime.actions(game, 0) if a[0] == "move_truck"]
    assert {a[2] for a in moves} == {tools, jewelry}
    anytime.act(game, 0, ["move_truck", "mayor", tools, square(game, "furniture")])
    assert game.seats[1].trucks[0].square == square(game, "furniture")
    assert game.seats[1].trucks[0].workers == 2


def test_loading_takes_workers_from_the_screen_or_the_action_zone():
    """Delivery Action, 1. Loading: "take your truck and load 0-2 workers (from your Player's
    Screen or the Action Zone) on it". A guard of your partnership and a worker on your other
    truck board the delivering truck."""
    game = new_game()
    jewelry, tools, clothing = square(game, "jewelry"), square(game, "tools"), square(game, "clothing")
    _guarded(game, 0, jewelry, 2)
    _parked(game, 0, clothing, 1)
    _guarded(game, 1, tools, 1)
    give_crates(game, 0, [])
    s = game.seats[0]
    s.held["truck"] += 1                            # a second truck, behind the screen
    game.supply.colour[0]["truck"] -= 1
    assert s.held["worker"] == 0
    game.start(delivery(game, 0))
    game.apply(-1)                                  # the truck behind the screen
    load = game.decision()
    assert load.tag == "delivery_load_zone"
    assert set(map(tuple, load.options[1:])) == {("partnership", jewelry), ("truck", clothing)}
    game.apply(["partnership", jewelry])
    game.apply(["truck", clothing])
    game.apply(tools)                               # the route
    game.apply(["partnership", tools])              # 2 workers against 1 guard
    assert game.decision() is None
    assert game.board.partner[tools] == 0 and game.board.guards[jewelry] == 1
    assert [t.workers for t in s.trucks] == [0, 0]


def test_a_delivery_that_stays_home_moves_no_worker_from_the_action_zone():
    """Delivery Action: the steps are "Not all ... mandatory": loading from the Action Zone and
    then staying home leaves every worker where it was."""
    game = new_game()
    jewelry = square(game, "jewelry")
    _guarded(game, 0, jewelry, 2)
    game.start(delivery(game, 0))
    game.apply(["partnership", jewelry])
    game.apply(["partnership", jewelry])            # both guards
    game.apply("stay home")
    assert game.decision() is None and game.board.guards[jewelry] == 2 and game.seats[0].trucks == []


def test_taking_over_a_partnership_in_a_train_roadblocks_row_pays_its_owner_2_from_the_supply():
    """The Possible Ways to Profit from the Action Zone: "Exception for Train Roadblocks: always
    collect the 2 coins from the supply." (Roadblocks: a train roadblock collects "2 coins from
    the supply regardless if they are yours or opponents'"; the taker pays nothing.)"""
    game = new_game()
    tools = square(game, "tools")
    zone.place_roadblock(game, 2, slot(game, "train", tools))
    _guarded(game, 1, tools, 0)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = [s.coins for s in game.seats]
    play(game, delivery(game, 0), 1, tools, ["partnership", tools])
    assert (game.seats[0].coins - coins[0], game.seats[2].coins - coins[2]) == (0, 2)


def test_a_politician_not_loaded_at_stage_2_cannot_be_used():
    """Stage 2 B: "Remember! A politician who is not loaded at this stage (the disc is at -1),
    cannot be used." """
    game = new_game()
    game.round = 2
    game.board.politician = {"mayor": [0, False]}
    game.supply.colour[0]["disc"] -= 1
    game.demand["tools"] = 0
    recharge = next(e for e in effects(game, 2) if e["kind"] == "recharge_politicians")
    play(game, management.HANDLERS["recharge_politicians"](game, recharge), False)   # not reloaded
    assert game.board.politician["mayor"] == [0, False]
    assert not [a for a in anytime.actions(game, 0) if a[0] in anytime.POLITICIAN_USES]


def test_a_partnership_at_the_pawn_shop_is_taken_over_by_the_same_rules():
    """Pawn Shop: "The same rules apply regarding partnerships, takeovers, and deliveries." """
    game = new_game()
    pawn = square(game, "pawn_shop")
    _guarded(game, 1, pawn, 1)
    assert not takeovers(game, 0, _parked(game, 0, pawn, 1))
    game.seats[0].trucks[0].workers = 2
    assert takeovers(game, 0, game.seats[0].trucks[0]) == [["partnership", pawn]]


# --- Audit against the rule text (seed 004), sentence by sentence --------------------------------
def test_truck_sales_both_returns_a_truck_parked_in_the_action_zone_behind_the_screen():
    """Truck Sales (11): "Perform both actions above: Keep your truck, collecting 5 coins. Collect 1
    strike + 2 workers." "Note: If the truck was in the Action Zone, return it behind your Player's
    Screen." """
    game = new_game()
    s = game.seats[0]
    _parked(game, 0, square(game, "tools"), 1)
    before = (s.coins, s.held["worker"], s.held["strike"])
    play(game, perform(game, 0, effects(game, 11)), "both")
    assert s.trucks == [] and s.held["truck"] == 1
    assert (s.coins, s.held["worker"], s.held["strike"]) == (before[0] + 5, before[1] + 1 + 2, before[2] + 1)


def test_truck_sales_sells_the_truck_the_player_chooses():
    """Truck Sales (11): "Sell a truck to the supply for 11 coins + 1 strike": a seat with a truck
    behind its screen and one parked chooses which it sells."""
    game = new_game()
    s = game.seats[0]
    tools = square(game, "tools")
    _parked(game, 0, tools, 0)
    gain_piece(game, 0, "truck")                     # a second truck, behind the screen
    game.start(perform(game, 0, effects(game, 11)))
    game.apply("sell")
    asked = game.decision()
    assert asked.tag == "pay_truck" and set(asked.options) == {tools, "screen"}
    game.apply(tools)
    assert game.decision() is None
    assert s.trucks == [] and s.held["truck"] == 1


def test_truck_sales_buy_needs_a_truck_of_the_players_colour_in_the_supply():
    """Truck Sales (11): "Buy 1 truck + 2 workers from the supply for 6 coins": with all 3 trucks of
    his colour (15 Trucks, 5 colors) already his, there is none to buy; selling one and buying it
    back ("both") still works."""
    game = new_game()
    gain_piece(game, 0, "truck", 2)
    assert game.supply.colour[0]["truck"] == 0
    game.start(perform(game, 0, effects(game, 11)))
    assert list(game.decision().options) == ["sell", "both", "skip"]


def test_the_loser_of_a_roadblock_takes_1_coin_from_the_supply_for_his_slogan():
    """Reparations: "The moment a player takes over an opponent's partnership (shop/factory) or
    roadblock, that opponent has the opportunity to say his character slogan out loud in exchange
    for 1 coin from the supply." """
    game = new_game()
    street = game.table.slots[0]
    zone.place_roadblock(game, 1, street.index)
    truck = _parked(game, 0, street.adjacent, 1)
    before = game.seats[1].coins
    play(game, takeover(game, 0, truck, "roadblock", street.index))
    assert game.board.roadblock[street.index] == 0 and game.seats[1].coins == before + 1


def test_the_route_may_use_a_politician_to_move_an_opponents_truck_off_the_square():
    """Delivery Action, Route: "park your truck in any available square in the Action Zone. Note:
    If the square is occupied (with an opponent's truck on it), you may move his truck in 2 ways:
    utilize a politician or implement a takeover." """
    game = new_game()
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    _parked(game, 1, tools, 0)
    _politician(game, 0, "mayor")                               # needs 1 coin: seat 1 has 12
    give_crates(game, 0, ["tools"])
    game.start(delivery(game, 0))
    asked = game.decision()
    assert (asked.seat, asked.tag) == (0, "route_politician")
    game.apply(["move_truck", "mayor", tools, jewelry])
    assert game.seats[1].trucks[0].square == jewelry
    assert tools in game.decision().options                    # the route: the square is free
    game.apply(tools)
    game.apply(["tools"])
    assert game.seats[0].trucks[0].square == tools and game.seats[0].crates == []


def test_after_a_lot_is_sold_the_next_player_in_turn_from_the_first_player_opens():
    """Stage 3: "The next player in turn (clockwise from the first player) bids on a container of
    his choice." The turn passes from the opener, whoever won his lot."""
    game = new_game()
    game.first = 1
    set_containers(game, [["tools", "tools"], ["clothing", "clothing"], [], []])
    game.start(_auction(game))
    game.apply([0, 6])                         # seat 2 (the first player) opens
    game.apply("pass")                         # seat 3
    game.apply(7)                              # seat 4 outbids
    game.apply("pass")                         # seat 1
    game.apply("pass")                         # seat 2
    game.apply("pass")                         # seat 3: sold to seat 4
    game.apply(False)                          # no extra hidden crate
    assert (game.decision().seat, game.decision().tag) == (2, "open_bid")   # seat 3 opens next
    assert game.board.containers[0] == []


def test_managers_are_assigned_only_to_stages_5_to_17():
    """Stage 4: "each player (in turn) assigns 1 manager to any stage of choice between stages
    5-17." """
    game = new_game(5)
    game.board.managers_on.clear()
    rule = next(e for e in effects(game, 4) if e["kind"] == "assign_managers")
    game.start(management.HANDLERS["assign_managers"](game, rule))
    assert sorted(game.decision().options) == list(range(5, 18))


def test_the_trucks_award_example_the_nominee_with_the_most_trucks_wins_it():
    """Awards: "if you nominate yourself for the trucks award, and by the end of the game you have
    the most trucks amongst the pool of nominees, then you win the award" (2nd place: half)."""
    game = new_game()
    gain_piece(game, 0, "truck", 2)                           # seat 1: 3 trucks
    for seat in (0, 1):                                        # seat 2: 1 truck
        game.supply.colour[seat]["disc"] -= 1
        game.board.nominees["trucks"].append(seat)
    _, parts = final_scores(game)
    full = game.table.award_sum["trucks"]
    assert (parts[0]["awards"], parts[1]["awards"]) == (full, full // 2)


def test_a_bid_is_said_out_loud_so_every_player_sees_the_standing_bid():
    """Stage 3: "The bid must be said out loud." Every seat's observation shows the lot, the
    standing bid and its bidder, while another seat's crates stay hidden."""
    game = new_game()
    set_containers(game, [["tools", "tools"], [], [], []])
    game.start(_auction(game))
    game.apply([0, 6])                         # seat 1 opens
    game.apply(8)                              # seat 2 outbids
    for seat in range(4):
        seen = game.observation(seat)
        assert seen.focus == (0, 8, 1) and seen.containers[0] == ("tools", "tools")
        assert seen.seats[0].crates == len(game.seats[0].crates)   # a count, not the colours
