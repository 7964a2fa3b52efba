"""Career cards (Add-on 2) against the rulebook's Cards Setup and Card Symbols table: the draft
and each timing symbol, one rule per test, on the placeholder cards of careers.yaml."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.games.fmnyc.engine import anytime, careers, management, zone
from cardgen.games.fmnyc.engine.delivery import sale
from cardgen.games.fmnyc.engine.effects import perform
from cardgen.games.fmnyc.engine.game import Game
from cardgen.games.fmnyc.engine.items import gain_piece
from cardgen.games.fmnyc.engine.scoring import final_scores
from cardgen.games.fmnyc.engine.state import Truck
from cardgen.games.fmnyc.simulation import SIMULATOR
from tests.fmnyc.helpers import give_crates, square


def new_game(players: int = 4, career: Any = None, rounds: int = 4) -> Game:
    options: dict[str, Any] = {"rounds": rounds}
    if career:
        options["career"] = career
    config = SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players, options=options)
    return SIMULATOR.new_state(config, 3, invariants=True)


def holding(game: Game, seat: int, *cards: str) -> Game:
    game.seats[seat].careers = list(cards)
    return game


def card_actions(game: Game, seat: int) -> list:
    return [a for a in anytime.actions(game, seat) if a[0] == "career"]


def test_the_draft_deals_6_keeps_2_and_passes_4_to_the_left_once_per_player_then_keeps_2():
    game = new_game(3, career="full")
    first = game.decision()
    assert (first.tag, first.low, first.high, len(first.options)) == ("career_draft", 2, 2, 6)
    hands = [sorted(h) for h in game.drafting]
    passed = [c for c in hands[0] if c not in hands[0][:2]]
    for _ in range(3):                         # the first of three passes
        d = game.decision()
        game.apply(list(d.options[:2]))
    assert set(passed) <= set(game.drafting[1])    # the first seat's four went to the seat on its left
    tags = []
    while (d := game.decision()) is not None and d.tag.startswith("career"):
        tags.append(d.tag)
        game.apply(list(d.options[:2]))
    assert tags == ["career_draft"] * 6 + ["career_keep"] * 3
    assert all(len(s.careers) == 2 for s in game.seats) and len(game.career_box) == 30 - 6


def test_the_quick_draft_keeps_2_of_the_first_6():
    game = new_game(4, career="quick")
    tags = []
    while (d := game.decision()) is not None and d.tag.startswith("career"):
        tags.append(d.tag)
        game.apply(list(d.options[:2]))
    assert tags == ["career_keep"] * 4 and all(len(s.careers) == 2 for s in game.seats)


def test_a_first_round_card_is_performed_in_the_first_round_only_and_once():
    game = holding(new_game(), 0, "heir")
    assert card_actions(game, 0) == [["career", "heir"]]
    before = game.seats[0].coins
    game.start(careers.perform_card(game, 0, "heir"))
    assert game.seats[0].coins == before + 6 and not card_actions(game, 0)
    game = holding(new_game(), 0, "heir")
    game.round = 2
    assert not card_actions(game, 0)


def test_a_once_each_round_from_round_2_card_waits_for_round_2_then_works_once_a_round():
    game = holding(new_game(), 0, "recruiter")
    assert not card_actions(game, 0)
    game.round = 2
    game.start(careers.perform_card(game, 0, "recruiter"))
    assert game.seats[0].held["worker"] == 1 and not card_actions(game, 0)
    game.round = 3
    assert card_actions(game, 0) == [["career", "recruiter"]]


def test_a_single_use_card_is_discarded_after_its_use():
    game = holding(new_game(), 2, "strikebreaker")
    game.start(careers.perform_card(game, 2, "strikebreaker"))
    assert game.first == 2 and game.seats[2].careers == [] and "strikebreaker" in game.career_box


def test_an_any_time_card_may_be_used_again_while_it_can_be_paid():
    game = holding(new_game(), 0, "money_changer")
    for _ in range(2):
        assert card_actions(game, 0) == [["career", "money_changer"]]
        crates = len(game.seats[0].crates)
        game.start(careers.perform_card(game, 0, "money_changer"))
        if game.decision() is not None:
            game.apply(game.decision().options[0])
        assert len(game.seats[0].crates) == crates - 1
    assert not card_actions(game, 0)               # no crate left to sell


def test_a_manager_hired_for_coins_after_stage_17_is_paid_in_full():
    # a Career card of one's own hiring a manager for 3 coins, used in the at-any-time window
    # after stage 17, stopped the game with KeyError: 18 (the discount looked up stage 18)
    game = new_game()
    game.stage = 18
    coins, managers = game.seats[0].coins, game.seats[0].managers
    game.start(perform(game, 0, [{"kind": "hire_manager", "by_round": {1: -3}, "last_holds": True}]))
    assert (game.seats[0].coins, game.seats[0].managers) == (coins - 3, managers + 1)


def test_a_stage_card_follows_its_stage_when_the_holders_manager_performs_it():
    game = holding(new_game(), 0, "customs_broker")
    before = game.seats[0].coins
    game.start(careers.after_stage(game, 0, 6))    # Air Freight
    assert game.seats[0].coins == before + 2
    game.start(careers.after_stage(game, 0, 7))    # not its stage
    assert game.seats[0].coins == before + 2


def test_tax_advisor_pays_tax_only_on_managers_over_4():
    game = holding(new_game(), 0, "tax_advisor")
    game.round = 2
    game.seats[0].managers = game.seats[1].managers = 5
    coins = [s.coins for s in game.seats]
    tax = next(e for e in game.table.stages[2]["effects"] if e["kind"] == "tax")
    game.start(management.HANDLERS["tax"](game, tax))
    assert (coins[0] - game.seats[0].coins, coins[1] - game.seats[1].coins) == (2, 4)


def test_industrialist_collects_the_automobile_factorys_bonus_twice_from_round_2():
    game = holding(new_game(), 0, "industrialist")
    zone.establish(game, 0, next(q.index for q in game.table.squares if q.what == "automobile"))
    for rnd, bonus in ((1, 3), (2, 6)):
        game.round = rnd
        before = game.seats[0].coins
        game.start(management.HANDLERS["factory_bonuses"](game, {}))
        assert game.seats[0].coins - before == bonus


def test_importer_pays_1_coin_less_for_each_lot_from_round_2():
    game = holding(new_game(2), 0, "importer")
    game.round, game.stage = 2, 3
    for box in game.board.containers:
        game.supply.pouch.extend(box)
        box.clear()
    game.supply.pouch.remove("tools")
    game.supply.pouch.remove("tools")
    game.board.containers[0].extend(["tools", "tools"])
    before = game.seats[0].coins
    rule = next(e for e in game.table.stages[3]["effects"] if e["kind"] == "auction")
    game.start(management.HANDLERS["auction"](game, rule))
    game.apply([0, 6])
    game.apply("pass")
    game.apply(False)
    assert before - game.seats[0].coins == 5


def test_security_chiefs_roadblocks_count_1_more_guard():
    from cardgen.games.fmnyc.engine.delivery import roadblock_guards

    game = holding(new_game(), 1, "security_chief")
    zone.place_roadblock(game, 1, 0)
    zone.place_roadblock(game, 2, 1)
    assert (roadblock_guards(game, 0), roadblock_guards(game, 1)) == (1, 0)


def test_the_collector_adds_3_worth_for_each_antiques_crate_at_the_end():
    game = holding(new_game(), 0, "collector")
    s = game.seats[0]
    game.supply.pouch.extend(s.crates)
    s.crates = []
    for _ in range(2):
        game.supply.pouch.remove("antiques")
        s.crates.append("antiques")
    _, parts = final_scores(game)
    assert parts[0]["careers"] == 6 and parts[1]["careers"] == 0


def test_the_pawnbroker_collects_2_more_coins_at_the_pawn_shop_once_a_round():
    from cardgen.games.fmnyc.engine.delivery import sale

    game = holding(new_game(), 0, "pawnbroker")
    pawn = next(q.index for q in game.table.squares if q.kind == "pawn_shop")
    s = game.seats[0]
    game.supply.pouch.extend(s.crates)
    s.crates = []
    for _ in range(2):
        game.supply.pouch.remove("tools")
        s.crates.append("tools")
    price = game.table.cost["tools"] + 2
    for bonus in (2, 0):
        before = s.coins
        game.start(sale(game, 0, pawn))
        game.apply(["tools"])
        assert s.coins - before == price + bonus


@pytest.mark.parametrize(("cards", "allowed"), [((), False), (("lobbyist",), True)])
def test_the_lobbyist_uses_the_senator_without_his_requirement_once_a_round(cards: tuple, allowed: bool):
    game = holding(new_game(), 0, *cards)
    game.supply.colour[0]["disc"] -= 1
    game.board.politician["senator"] = [0, True]          # needs a partnership: seat 1 has none
    uses = [a for a in anytime.actions(game, 0) if a[0] == "raise_demand"]
    assert bool(uses) == allowed


def test_the_engineer_is_asked_before_paying_for_its_extra_factory_partnership():
    game = holding(new_game(), 0, "engineer")
    game.start(careers.after_stage(game, 0, 13))
    assert game.decision().tag == "career_stage"
    game.apply(True)
    factory = game.decision()
    assert factory.tag == "partnership:factory"
    game.apply(factory.options[0])
    assert game.board.partner[factory.options[0]] == 0


def test_a_card_that_acts_is_performed_with_the_stage_effects_vocabulary():
    game = holding(new_game(), 0, "contractor")
    game.start(perform(game, 0, game.table.stages[7]["effects"]))
    game.apply(game.decision().options[0])
    assert sum(1 for p in game.board.roadblock if p == 0) == 1
    game.start(careers.after_stage(game, 0, 7))
    game.apply(game.decision().options[0])
    assert sum(1 for p in game.board.roadblock if p == 0) == 2


# --- Each placeholder card's text (careers.yaml; the rulebook prints no card) ----------------------
def test_the_developer_establishes_1_shop_partnership_in_round_1():
    """Real Estate Developer: "Round 1 only: establish 1 shop partnership in the Action Zone." """
    game = holding(new_game(), 0, "developer")
    game.start(careers.perform_card(game, 0, "developer"))
    jewelry = square(game, "jewelry")
    assert game.decision().tag == "partnership:shop"
    game.apply(jewelry)
    assert game.board.partner[jewelry] == 0 and not card_actions(game, 0)


def test_the_fleet_owner_takes_a_second_truck_in_round_1():
    """Fleet Owner: "Round 1 only: take a second truck from the supply." """
    game = holding(new_game(), 0, "fleet_owner")
    game.start(careers.perform_card(game, 0, "fleet_owner"))
    assert game.seats[0].held["truck"] == 2


def test_the_union_organizer_takes_1_strike_once_a_round_from_round_2():
    """Union Organizer: "Once per round, from round 2: take 1 strike from the supply." """
    game = holding(new_game(), 0, "union_organizer")
    game.round = 2
    game.start(careers.perform_card(game, 0, "union_organizer"))
    assert game.seats[0].held["strike"] == 1 and not card_actions(game, 0)


def test_the_economist_moves_one_market_demand_chip_1_notch_either_way():
    """Economist: "Once per round, from round 2: move one Market Demand Chip 1 notch either way." """
    game = holding(new_game(), 0, "economist")
    game.round = 2
    game.demand["tools"] = 0
    game.start(careers.perform_card(game, 0, "economist"))
    assert game.decision().high == 1
    game.apply(["tools"])
    assert sorted(game.decision().options) == [-1, 1]
    game.apply(-1)
    assert game.demand["tools"] == -1


def test_the_warehouse_keeper_pays_4_coins_for_1_hidden_crate():
    """Warehouse Keeper: "Any time: pay 4 coins to the supply for 1 hidden crate." """
    game = holding(new_game(), 0, "warehouse_keeper")
    s = game.seats[0]
    coins, crates = s.coins, len(s.crates)
    game.start(careers.perform_card(game, 0, "warehouse_keeper"))
    assert (s.coins, len(s.crates)) == (coins - 4, crates + 1)


def test_the_detective_pays_2_coins_to_remove_a_strike():
    """Detective: "Any time: pay 2 coins to the supply to remove a strike from the Action Zone." """
    game = holding(new_game(), 0, "detective")
    tools = square(game, "tools")
    gain_piece(game, 1, "strike")
    anytime.act(game, 1, ["strike", tools])
    before = game.seats[0].coins
    assert card_actions(game, 0) == [["career", "detective"]]
    game.start(careers.perform_card(game, 0, "detective"))
    assert not game.board.strike[tools] and game.seats[0].coins == before - 2


def test_the_dispatcher_moves_your_parked_truck_to_a_free_square_once_a_round():
    """Dispatcher: "Once per round (not during a Delivery Action): move your truck to a free
    square." """
    game = holding(new_game(), 0, "dispatcher")
    tools, jewelry = square(game, "tools"), square(game, "jewelry")
    s = game.seats[0]
    s.held["truck"] -= 1
    s.trucks.append(Truck(tools))
    game.start(careers.perform_card(game, 0, "dispatcher"))
    assert [tools, jewelry] in game.decision().options
    game.apply([tools, jewelry])
    assert s.trucks[0].square == jewelry and not card_actions(game, 0)


def test_the_jeweler_collects_1_more_coin_per_jewelry_crate_sold_to_a_shop_each_time():
    """Jeweler: "Each time you sell Jewelry crates to a shop, collect 1 more coin per crate."
    (whenever possible: "Can occur multiple times in a single Game Round")"""
    game = holding(new_game(), 0, "jeweler")
    jewelry, pawn = square(game, "jewelry"), square(game, "pawn_shop")
    s = game.seats[0]
    give_crates(game, 0, ["jewelry"] * 4)
    for where, crates, bonus in ((jewelry, 2, 2), (jewelry, 1, 1), (pawn, 1, 0)):
        before = s.coins
        game.start(sale(game, 0, where))
        game.apply(["jewelry"] * crates)
        each = game.table.price("jewelry", game.demand["jewelry"], where)
        assert s.coins - before == crates * each + bonus


def test_the_courier_sells_1_more_crate_at_express_delivery_only():
    """Courier: "At Express Delivery: your Delivery Action may sell 1 more crate." """
    game = holding(new_game(), 0, "courier")
    tools = square(game, "tools")
    give_crates(game, 0, ["tools"] * 4)
    for stage, most in (("express_delivery", 3), ("standard_delivery", 2)):
        game.stage = game.table.number_of(stage)
        game.start(sale(game, 0, tools))
        assert game.decision().high == most


def test_the_headhunter_hires_for_3_coins_less():
    """Headhunter: "At Senior Managers: hiring costs you 3 coins less." """
    game = holding(new_game(), 0, "headhunter")
    game.stage = game.table.number_of("senior_managers")
    before = game.seats[0].coins
    game.start(perform(game, 0, game.table.stages[game.stage]["effects"]))
    game.apply("hire")
    assert game.seats[0].coins == before - (8 - 3) and game.seats[0].managers == 4


def test_the_smuggler_draws_3_hidden_crates_keeps_2_then_is_discarded():
    """Smuggler: "Once, then discard: draw 3 hidden crates, keep 2 and return 1 to the pouch." """
    game = holding(new_game(), 0, "smuggler")
    crates = len(game.seats[0].crates)
    game.start(careers.perform_card(game, 0, "smuggler"))
    back = game.decision()
    assert (back.tag, back.low, len(back.options)) == ("return_crates", 1, 3)
    game.apply([back.options[0]])
    assert len(game.seats[0].crates) == crates + 2 and "smuggler" not in game.seats[0].careers


def test_the_city_hall_insider_assigns_a_manager_to_a_full_fundraiser_once():
    """City Hall Insider: "Once, then discard: assign a manager to Fundraiser even when it is
    full." """
    game = holding(new_game(2), 1, "insider")
    fundraiser = game.table.number_of("fundraiser")
    game.board.managers_on.clear()
    rule = next(e for e in game.table.stages[4]["effects"] if e["kind"] == "assign_managers")
    game.start(management.HANDLERS["assign_managers"](game, rule))
    game.apply(fundraiser)                                   # seat 1 fills it
    assert fundraiser in game.decision().options             # seat 2 holds the card
    game.apply(fundraiser)
    assert game.board.managers_on[fundraiser] == [0, 1] and "insider" not in game.seats[1].careers
    game.apply(next(o for o in game.decision().options if o != fundraiser))
    assert fundraiser not in game.decision().options         # spent


def test_the_philanthropist_adds_6_worth_for_a_place_in_the_partnerships_award():
    """Philanthropist: "End of game: +6 worth if you win a place in the Partnerships award." """
    game = holding(new_game(), 0, "philanthropist")
    _, parts = final_scores(game)
    assert parts[0]["careers"] == 0                          # not nominated
    zone.establish(game, 0, square(game, "jewelry"))
    game.supply.colour[0]["disc"] -= 1
    game.board.nominees["partnerships"].append(0)
    _, parts = final_scores(game)
    assert parts[0]["careers"] == 6


def test_the_fleet_manager_adds_2_worth_for_each_truck_owned():
    """Fleet Manager: "End of game: +2 worth for each truck you own." """
    game = holding(new_game(), 0, "fleet_manager")
    s = game.seats[0]
    s.held["truck"] -= 1
    s.trucks.append(Truck(square(game, "tools")))          # parked: still owned
    gain_piece(game, 0, "truck")
    _, parts = final_scores(game)
    assert parts[0]["careers"] == 2 * 2


def test_the_detective_is_not_offered_while_no_strike_stands():
    """Detective: "pay 2 coins to the supply to remove a strike": with no strike in the Action
    Zone there is nothing to pay for."""
    game = holding(new_game(), 0, "detective")
    assert not any(game.board.strike) and not card_actions(game, 0)


def test_the_dispatcher_is_not_offered_without_a_parked_truck():
    """Dispatcher: "move your truck to a free square": a truck behind the screen is not on the
    board, so there is nothing to move."""
    game = holding(new_game(), 0, "dispatcher")
    assert not game.seats[0].trucks and not card_actions(game, 0)


def test_the_spin_doctor_collects_1_more_coin_for_each_reparation():
    from cardgen.games.fmnyc.engine.delivery import delivery

    game = holding(new_game(), 1, "spin_doctor")
    tools = square(game, "tools")
    zone.establish(game, 1, tools)
    gain_piece(game, 0, "worker", 1)
    give_crates(game, 0, [])
    coins = game.seats[1].coins
    game.start(delivery(game, 0))
    for choice in (1, tools, ["partnership", tools]):
        game.apply(choice)
    assert game.decision() is None
    assert game.board.partner[tools] == 0 and game.seats[1].coins - coins == 2
