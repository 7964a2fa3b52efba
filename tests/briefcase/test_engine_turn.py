"""Turn steps, the storage limit, the end of the game and final scoring (rulebook, Playing the
Game and Game End)."""

from __future__ import annotations

import random

import pytest

from cardgen.games.briefcase.engine import actions, cards, scoring
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, OBSTACLE

from .helpers import (
    ScriptBot,
    activate,
    bots,
    check_all,
    cid,
    end_turn,
    give,
    make_game,
    play_game,
    play_turn,
    res,
    set_deck,
    set_hand,
    set_storage,
    start_turn,
)


def test_a_player_plays_any_number_of_cards_in_any_order():
    g = make_game()
    g.resource_blocks = [res("paper"), res("steel")]
    give(g, 0, "steel_factory")
    set_hand(g, 0, buy=3, activate=1)
    pp = cid(g, "power_plant")
    actions.buy_resource(g, res("personnel"))
    actions.buy_resource(g, res("concrete"))
    activate(g, pp)                    # Steel Factory: Concrete paid as Steel
    actions.buy_resource(g, res("concrete"))
    p = g.players[0]
    assert p.played == [3, 1, 0, 0] and p.storage[res("concrete")] == 1
    assert p.storage[res("energy")] == 2


def test_a_player_may_play_no_cards_and_discards_the_whole_hand():
    g = make_game()
    set_hand(g, 0, buy=2, obstacle=2)
    set_deck(g, 0, ["activate"] * 5)
    play_turn(g)
    p = g.players[0]
    assert p.discard == [2, 0, 2, 0] and p.hand == [0, 4, 0, 0]


def test_discard_step_puts_played_and_unplayed_cards_on_the_discard_pile():
    g = make_game()
    g.resource_blocks = [res("paper"), res("personnel")]
    set_hand(g, 0, buy=1, obstacle=3)
    set_deck(g, 0, ["activate"] * 5)
    start_turn(g)
    actions.buy_resource(g, res("steel"))
    end_turn(g)
    assert g.players[0].discard == [1, 0, 3, 0] and g.players[0].played == [0, 0, 0, 0]


def test_draw_step_reshuffles_the_discard_pile_when_the_deck_runs_out():
    g = make_game()
    set_hand(g, 0, buy=1)
    set_deck(g, 0, ["activate", "activate"], discard={"obstacle": 3})
    play_turn(g)
    p = g.players[0]
    # Two Activates from the deck, then two of the reshuffled Obstacle + Buy cards.
    assert sum(p.hand) == 4 and p.hand[ACTIVATE] == 2
    assert sum(p.discard) == 0 and len(p.deck) == 2
    check_all(g)


def test_reshuffle_orders_the_cards_as_the_standard_shuffle_does():
    # The engine's own shuffle keeps a seed's games as they were with random.shuffle.
    for seed in range(50):
        for n in range(30):
            ours, standard = list(range(n)), list(range(n))
            rng, reference = random.Random(seed), random.Random(seed)
            cards.shuffle(rng, ours)
            reference.shuffle(standard)
            assert ours == standard
            assert rng.random() == reference.random()      # the generator left in the same state


def test_hand_size_bonus_applies_in_the_draw_step():
    g = make_game()
    give(g, 0, "insurance_company")
    set_hand(g, 0)
    set_deck(g, 0, ["obstacle"] * 8)
    assert sum(g.players[0].hand) == 0          # no extra card at once
    play_turn(g)
    assert sum(g.players[0].hand) == 5


def test_two_hand_size_bonuses_add_up():
    g = make_game()
    give(g, 0, "insurance_company")
    give(g, 0, "bank")
    set_deck(g, 0, ["obstacle"] * 10)
    play_turn(g)
    assert sum(g.players[0].hand) == 6


def test_storage_limit_is_enforced_at_the_end_of_the_turn_with_the_players_choice():
    g = make_game(bots=[ScriptBot(storage_discard=[res("steel"), res("steel")]), ScriptBot()])
    set_storage(g, 0, steel=3, paper=3, energy=4)
    set_hand(g, 0, buy=1)
    g.resource_blocks = [res("concrete"), res("personnel")]
    start_turn(g)
    actions.buy_resource(g, res("paper"))    # 7 resources mid-turn is allowed
    assert sum(g.players[0].storage) == 11
    end_turn(g)
    p = g.players[0]
    assert p.storage[res("steel")] == 1 and p.storage[res("paper")] == 4
    assert p.storage[res("energy")] == 4      # Energy is not limited
    assert g.res_discard[res("steel")] == 2
    check_all(g)


def test_storage_limit_discards_the_most_plentiful_when_the_player_does_not_choose():
    g = make_game()
    set_storage(g, 0, steel=4, paper=2)
    play_turn(g)
    assert g.players[0].storage[res("steel")] == 3 and g.players[0].storage[res("paper")] == 2


def test_energy_is_excluded_from_the_storage_limit():
    g = make_game()
    set_storage(g, 0, steel=5, energy=12)
    play_turn(g)
    assert g.players[0].storage[res("energy")] == 12 and g.players[0].storage[res("steel")] == 5


def test_warehouses_raise_the_storage_limit_to_eight():
    g = make_game()
    give(g, 0, "warehouses")
    set_storage(g, 0, steel=5, paper=4)
    play_turn(g)
    assert sum(g.players[0].storage) == 8


def _idle_until_over(g, max_turns=40):
    for _ in range(max_turns):
        if g.over:
            return
        play_turn(g)


def test_game_ends_when_only_two_resource_types_remain_in_the_market():
    g = make_game(3)
    for r in ("personnel", "steel"):
        g.market[res(r)] = 0                     # left: Concrete and Paper (and Energy, Imported)
    _idle_until_over(g)
    assert g.end_condition == "resources"


def test_one_exhausted_basic_resource_does_not_end_the_game():
    g = make_game(3)
    g.market[res("steel")] = 0
    play_turn(g)
    assert g.end_condition is None


def test_game_ends_when_no_company_cards_are_left_to_buy():
    g = make_game(3)
    for c in g.portfolio:
        g.piles[c] = 0
    _idle_until_over(g)
    assert g.end_condition == "companies"


def test_game_ends_when_the_decision_bank_has_no_buy_cards():
    g = make_game(3)
    g.bank[BUY] = 0
    _idle_until_over(g)
    assert g.end_condition == "buy_cards"


def test_round_is_played_out_so_every_player_has_the_same_number_of_turns():
    g = make_game(4)
    play_turn(g)                             # seat 0
    g.bank[BUY] = 0                               # triggered during seat 1's turn
    play_turn(g)
    assert g.end_condition == "buy_cards" and not g.over
    play_turn(g)
    assert not g.over
    play_turn(g)                             # seat 3, right of the starting player
    assert g.over and g.turns == 4


def test_a_game_that_never_ends_is_reported_stalled_at_the_safety_cap():
    g = make_game(2)                              # bots that never play a card
    play_game(g, max_rounds=30)
    assert g.stalled and g.end_condition is None and g.turns == 60


def test_final_scoring_adds_company_ability_central_bank_and_resource_points():
    g = make_game(2)
    vp = {c: g.rules.companies[cid(g, c)].vp for c in ("power_plant", "theme_parks", "real_estate_agency")}
    give(g, 0, "power_plant")
    give(g, 0, "theme_parks")
    give(g, 0, "real_estate_agency")              # its VP + 1 per activated company (3)
    give(g, 0, "high_tech_company", active=False)  # deactivated: scores nothing
    g.players[0].vp_cards = 3
    set_storage(g, 0, steel=2, paper=3, energy=4)  # 9 resources: 2 VP
    b = scoring.breakdown(g, g.players[0])
    assert b == {"companies": sum(vp.values()), "abilities": 3, "central_bank": 3, "resources": 2}
    assert scoring.score(g, g.players[0]) == sum(vp.values()) + 8


def test_tie_goes_to_most_leftover_resources_not_already_scored():
    g = make_game(2)
    set_storage(g, 0, steel=3)                    # 0 VP, 3 left over
    set_storage(g, 1, steel=4)                    # 1 VP, 0 left over
    g.players[0].vp_cards = 1
    scores = [scoring.score(g, p) for p in g.players]
    assert scores == [1, 1]
    assert scoring.winners(g, scores) == [0]


def test_tie_on_points_and_leftovers_is_a_shared_victory():
    g = make_game(3)
    set_storage(g, 0, steel=1)
    set_storage(g, 1, paper=1)
    scores = [scoring.score(g, p) for p in g.players]
    assert scoring.winners(g, scores) == [0, 1]


@pytest.mark.parametrize("held_buys,draws", [(1, True), (0, True), (2, False)])
def test_newspaper_draws_a_card_at_turn_start_with_at_most_one_buy_in_hand(held_buys, draws):
    g = make_game(set_ref="faster")
    give(g, 0, "newspaper")
    set_hand(g, 0, buy=held_buys, obstacle=4 - held_buys)
    set_deck(g, 0, ["activate"] * 4)
    start_turn(g)
    assert sum(g.players[0].hand) == (5 if draws else 4)
    assert g.players[0].hand[OBSTACLE] == 4 - held_buys


@pytest.mark.parametrize("takes", [True, False])
def test_the_additional_card_of_a_hand_size_bonus_is_the_players_choice(takes):
    # Insurance Company: "When drawing new cards, a player may draw one additional card."
    g = make_game(bots=[ScriptBot(extra_draw=takes), ScriptBot()])
    ins = give(g, 0, "insurance_company")
    set_hand(g, 0)
    set_deck(g, 0, ["obstacle"] * 8)
    play_turn(g)
    assert sum(g.players[0].hand) == (5 if takes else 4)
    [asked] = bots(g)[0].asked("extra_draw")
    assert asked.kind == "yes_no" and g.rules.companies[ins].name in asked.prompt
    check_all(g)


def test_each_additional_card_is_a_choice_of_its_own():
    g = make_game(bots=[ScriptBot(extra_draw=lambda decision: "Bank" in decision.prompt), ScriptBot()])
    give(g, 0, "insurance_company")
    give(g, 0, "bank")
    set_deck(g, 0, ["obstacle"] * 10)
    play_turn(g)
    assert sum(g.players[0].hand) == 5
    assert len(bots(g)[0].asked("extra_draw")) == 2


def test_no_additional_card_is_offered_when_nothing_is_left_to_draw():
    g = make_game()
    give(g, 0, "insurance_company")
    set_hand(g, 0)
    set_deck(g, 0, ["obstacle"] * 3)
    play_turn(g)
    assert sum(g.players[0].hand) == 3
    assert not bots(g)[0].asked("extra_draw")


@pytest.mark.parametrize("contractor_first", [False, True])
def test_newspaper_and_contractor_firm_act_in_the_order_the_player_chooses(contractor_first):
    # Two Buy in hand: the Newspaper does not draw, unless the Contractor Firm first cycles a Buy.
    from .helpers import every_company

    g = make_game(set_ref=every_company(), bots=[ScriptBot(cycle_card=BUY), ScriptBot()])
    news, contractor = give(g, 0, "newspaper"), give(g, 0, "contractor_firm")
    if contractor_first:
        bots(g)[0].answers["start_order"] = [contractor, news]
    set_hand(g, 0, buy=2, obstacle=2)
    set_deck(g, 0, ["obstacle"] * 4)
    start_turn(g)
    p = g.players[0]
    assert p.hand[BUY] == 1 and p.discard[BUY] == 1
    assert sum(p.hand) == (5 if contractor_first else 4)
    [asked] = bots(g)[0].asked("start_order")
    assert asked.kind == "order" and tuple(asked.options) == (news, contractor)
    check_all(g)


@pytest.mark.parametrize("second, refused", [
    ("news", r"start_order: .* not one of the items to order"),
    (None, "start_order: null is not one of the items to order"),    # the choice as a log holds it
], ids=["twice", "null"])
def test_the_start_of_turn_order_must_name_each_ability_once(second, refused):
    from cardgen.sim.decisions import IllegalAction

    from .helpers import every_company

    g = make_game(set_ref=every_company())
    news = give(g, 0, "newspaper")
    give(g, 0, "contractor_firm")
    bots(g)[0].answers["start_order"] = [news, news if second == "news" else second]
    with pytest.raises(IllegalAction, match=refused):
        start_turn(g)


def _first_action_decision(seed: int = 4):
    from cardgen.games.briefcase.simulation import SIMULATOR

    config = SIMULATOR.prepare(players=2, set_ref="simple", bots=["random"] * 2, options={})
    g = SIMULATOR.new_state(config, seed)
    decision = g.decision()
    while decision.tag != "action":
        g.apply(decision.options[0])
        decision = g.decision()
    return g, decision


def test_step_a_ends_by_itself_once_the_hand_is_empty():
    # Every action pays with decision cards, so an empty hand leaves nothing to decide.
    g, decision = _first_action_decision()
    seat = decision.seat
    set_hand(g, seat, buy=1)
    buy = next(a for a in decision.options if a[0] == "buy_resource" and a[2] == 1)
    g.apply(buy)
    following = g.decision()
    assert not (following.seat == seat and following.tag == "action"), \
        "the turn waited for an 'end' with an empty hand"


def test_a_refused_action_leaves_the_same_decision_pending_with_its_options():
    g, decision = _first_action_decision()
    with pytest.raises(actions.IllegalAction):
        g.apply(("buy_resource", 0, 99, ((99, 0, 0, 0), ())))
    assert g.decision() is decision
    # Its options (listed only when read) are still those of the pending decision.
    assert ("end",) in decision.options
    g.apply(("end",))


def test_a_block_move_names_the_block_by_where_it_stands():
    # As the table shows the blocks ("resource blocks on: Steel, Concrete"), never by a number
    # the person cannot see; a company block not yet on the table is put, not moved.
    g, decision = _first_action_decision()
    on = g.rules.res_names[g.resource_blocks[0]].capitalize()
    moves = [decision.describe(a) for a in decision.options if a[0] == "move_block"]
    assert moves, "the seed's hand moves no block"
    assert any(m.startswith(f"move the resource block on {on} to ") for m in moves), moves
    kinds = ("move the resource block on ", "move the company block on ", "put company block ")
    assert all(m.startswith(kinds) for m in moves), moves


def test_a_bots_own_payment_reads_like_the_listed_actions():
    # A bot may pay with a plan of its own (not the listed one): it still reads as an action.
    g, decision = _first_action_decision()
    buy = next(a for a in decision.options if a[0] == "buy_resource")
    assert decision.describe(list(buy)).startswith("buy 1 ")          # as read back from a log


def test_the_player_to_the_left_plays_next_clockwise():
    """"After a player has drawn new cards, his turn ends and the player to his left begins
    his turn"; "Play continues clockwise" (seats are numbered clockwise from the starter)."""
    g = make_game(3)
    order = []
    for _ in range(6):
        order.append(g.current)
        play_turn(g)
    assert order == [0, 1, 2, 0, 1, 2] and g.turns == 6


def test_imported_counts_against_the_storage_limit():
    """"A player may not store more than 5 resource cards ... Energy resource cards are
    excluded from this rule": Imported cards are not."""
    g = make_game()
    set_storage(g, 0, imported=4, steel=3, energy=2)
    play_turn(g)
    p = g.players[0]
    assert p.storage[res("imported")] + p.storage[res("steel")] == 5
    assert p.storage[res("energy")] == 2


def test_warehouses_limit_of_eight_excludes_energy():
    """Warehouses: "store up to 8 resource cards ... Energy is always excluded from any
    limitation"."""
    g = make_game()
    give(g, 0, "warehouses")
    set_storage(g, 0, steel=5, paper=5, energy=6)
    play_turn(g)
    p = g.players[0]
    assert p.storage[res("steel")] + p.storage[res("paper")] == 8 and p.storage[res("energy")] == 6


def test_game_end_waits_for_the_starters_right_hand_neighbour_even_when_he_triggers_it():
    """"The player on the right of the player who started the game must have the last turn":
    when that player triggers the end, the game ends with his own turn."""
    g = make_game(3)
    play_turn(g)
    play_turn(g)
    g.bank[BUY] = 0                                  # seat 2, the last seat, triggers it
    play_turn(g)
    assert g.over and g.turns == 3 and g.end_condition == "buy_cards"
