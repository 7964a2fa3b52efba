"""Career cards (Add-on 2) against the rulebook's Cards Setup and Card Symbols table: the draft
and each timing symbol, one rule per test, on the placeholder cards of careers.yaml."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.games.fmnyc.engine import anytime, careers, management, zone
from cardgen.games.fmnyc.engine.effects import perform
from cardgen.games.fmnyc.engine.game import Game
from cardgen.games.fmnyc.engine.scoring import final_scores
from cardgen.games.fmnyc.simulation import SIMULATOR


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
