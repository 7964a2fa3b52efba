"""The heuristic bot uses the mechanisms a sensible player uses: alliance trades, the Investor
exchange, reactions for itself and its partner. Each test builds a table by hand."""

from __future__ import annotations

from cardgen.games.startup.bots import HeuristicBot
from cardgen.games.startup.engine import Action
from cardgen.games.startup.simulation import SIMULATOR
from cardgen.sim.driver import drive, policy_seed
from tests.startup.table import Scripted, ally, bank, hand, ids, table, take, use


def _heuristic(game: Scripted, *seats: int) -> list[HeuristicBot]:
    bots = [HeuristicBot() for _ in seats]
    for seat, bot in zip(seats, bots, strict=True):
        game.bots[seat] = bot
    return bots


def _near_win(game: Scripted, seat: int) -> None:
    """Bank $850M for the seat: $900M with its Startup, near the $1,000M win."""
    bank(game, seat, "series_c", "series_c", "global_rollout", "global_rollout", "series_b", "viral_launch")
    assert game.valuation(seat) == 900


def _next_draw(game: Scripted, card_id: str) -> int:
    """Put a card on top of the draw pile, so the turn's draw is known."""
    card = take(game, card_id)
    game.table.draw_pile.append(card)
    return card


# --- trades -----------------------------------------------------------------------------------


def test_heuristic_offers_its_ally_a_card_worth_more_to_the_ally():
    game, _ = table(3)
    _heuristic(game, 0)
    bank(game, 1, "cto")                       # the ally has an Employee to protect, seat 0 has none
    ally(game, 0, 1)
    non_compete = hand(game, 0, "non_compete")[0]
    hand(game, 1, "crisis_pr_team")
    chosen = game.next_play(0)
    assert chosen == Action("trade", non_compete, 1)


def test_heuristic_asks_its_ally_for_an_attack_on_a_near_winner_and_uses_it_in_time():
    game, _ = table(3)
    _heuristic(game, 0, 2)
    # Seat 1 is near the win and plays next; the ally (seat 2) plays after it, too late to stop it.
    _near_win(game, 1)
    ally(game, 0, 2)
    hand(game, 0, "strategic_alliance")
    poach = hand(game, 2, "poach")[0]
    _next_draw(game, "strategic_alliance")
    game.take_turn(0)
    assert game.counters["trades"] == 1
    assert poach in game.table.discard and game.valuation(1) < 900
    assert game.valuation(0) > 50


def test_heuristic_does_not_ask_for_help_when_its_ally_plays_before_the_near_winner():
    game, _ = table(3)
    _heuristic(game, 0)
    _near_win(game, 2)
    ally(game, 0, 1)                           # seat 1 plays before seat 2 and can hit it itself
    hand(game, 0, "strategic_alliance")
    hand(game, 1, "poach")
    assert game.next_play(0) is None


def test_heuristic_asks_a_hoarding_ally_for_a_better_card_and_banks_it():
    game, bots = table(3)
    _heuristic(game, 0)
    bank(game, 1, "poach", "pr_crisis", "seed_round")   # banks tactics: value cards linger in its hand
    ally(game, 0, 1)
    offered = hand(game, 0, "strategic_alliance")[0]      # of no use while partnered
    hand(game, 1, "series_a", "cto", "head_of_sales")
    bots[1].reply = "series_a"
    _next_draw(game, "not_for_sale")
    game.take_turn(0)
    assert game.counters["trades"] == 1 and offered in game.players[1].hand
    assert "series_a" in ids(game, game.players[0].bank)


def test_heuristic_does_not_ask_a_selective_ally_blindly():
    game, _ = table(3)
    _heuristic(game, 0)
    bank(game, 1, "series_b", "cto", "seed_round")      # banks only value cards
    ally(game, 0, 1)
    hand(game, 0, "strategic_alliance")
    hand(game, 1, "series_a", "cto", "head_of_sales")
    assert game.next_play(0) is None


def test_heuristic_does_not_repeat_a_refused_offer_next_round():
    game, bots = table(3)
    _heuristic(game, 0)
    bank(game, 1, "cto")
    ally(game, 0, 1)
    bots[1].reply = None
    hand(game, 0, "non_compete")
    hand(game, 1, "crisis_pr_team")
    game.take_turn(0)
    game.take_turn(1)
    game.take_turn(2)
    game.take_turn(0)
    assert game.counters["trades_refused"] == 1


def test_heuristic_hits_a_near_winner_itself_before_asking_its_ally():
    game, _ = table(3)
    _heuristic(game, 0)
    _near_win(game, 1)
    ally(game, 0, 2)
    poach, _ = hand(game, 0, "poach", "strategic_alliance")
    hand(game, 2, "pr_crisis")
    chosen = game.next_play(0)
    assert chosen.kind == "use" and chosen.card == poach and chosen.target == 1


def test_heuristic_ally_accepts_a_swap_that_helps_it():
    game, _ = table(3)
    _heuristic(game, 1)
    bank(game, 1, "cto")
    ally(game, 0, 1)
    offered = hand(game, 0, "non_compete")[0]
    spare = hand(game, 1, "crisis_pr_team", "crisis_pr_team")   # two of a defense: one is spare
    assert game.answer(1, game.asks(game.engine.perform(0, Action("trade", offered, 1)))) in spare


def test_heuristic_ally_refuses_a_swap_that_costs_it():
    game, _ = table(3)
    _heuristic(game, 1)
    ally(game, 0, 1)
    offered = hand(game, 0, "strategic_alliance")[0]
    hand(game, 1, "series_b", "crisis_pr_team")
    assert game.answer(1, game.asks(game.engine.perform(0, Action("trade", offered, 1)))) is None


def test_heuristic_never_offers_the_cards_of_a_betrayal():
    game, _ = table(3)
    _heuristic(game, 0)
    # A near-winner plays before the ally: seat 0 would ask for help with any card it can spare.
    _near_win(game, 1)
    ally(game, 0, 2)
    hand(game, 0, "ditch", "golden_handcuffs")
    hand(game, 2, "poach")
    assert game.next_play(0) is None


def test_heuristic_never_hands_its_ally_the_card_that_wins():
    game, _ = table(3)
    _heuristic(game, 1)
    _near_win(game, 0)
    bank(game, 2, "viral_launch")
    ally(game, 0, 1)
    offered = hand(game, 0, "poach")[0]     # worth more to seat 1 than its CTO, but the CTO wins
    hand(game, 1, "cto")
    assert game.answer(1, game.asks(game.engine.perform(0, Action("trade", offered, 1)))) is None


def test_heuristic_confirms_a_good_reply_and_declines_a_poor_one():
    game, _ = table(3)
    _heuristic(game, 0)
    ally(game, 0, 1)
    offered = hand(game, 0, "strategic_alliance")[0]
    good, poor = hand(game, 1, "series_a", "offer_they_cant_refuse")
    for reply, confirmed in ((good, True), (poor, False)):
        game.asks(game.engine.perform(0, Action("trade", offered, 1)))
        game.apply(reply)                                   # the ally's reply
        assert game.decision().tag == "trade_confirm"
        assert game.answer(0, game.decision()) is confirmed


def test_a_refused_offer_costs_the_heuristic_no_card_play():
    game, bots = table(3)
    _heuristic(game, 0)
    bank(game, 1, "cto")
    ally(game, 0, 1)
    bots[1].reply = None                       # the ally turns every offer down
    hand(game, 0, "non_compete", "series_a")
    hand(game, 1, "crisis_pr_team")
    _next_draw(game, "series_b")
    game.take_turn(0)
    assert game.counters["trades_refused"] == 1 and game.counters["trades"] == 0
    assert sorted(ids(game, game.players[0].bank)) == ["series_a", "series_b"]


# --- the Investor exchange ----------------------------------------------------------------------


def _investor_table(rival_bank: list[str]) -> tuple[Scripted, int]:
    game, _ = table(3)
    _heuristic(game, 0)
    bank(game, 1, *rival_bank)
    hand(game, 1, "series_a", "cto", "seed_round", "head_of_sales", "million_users")
    investor = hand(game, 0, "investor")[0]
    return game, investor


def test_heuristic_uses_the_investor_exchange_on_a_rival_who_hoards_value_cards():
    # Seat 1 banks tactics for $10M as often as value cards: value cards linger in its hand.
    game, investor = _investor_table(["poach", "pr_crisis", "ditch", "seed_round"])
    chosen = game.next_play(0)
    assert chosen == Action("use", investor, 1)
    game.perform(0, chosen)
    assert game.counters["exchanges"] == 1 and investor in game.players[1].bank
    assert len(game.players[0].hand) == 1


def test_heuristic_banks_the_investor_against_a_rival_who_banks_every_value_card():
    game, investor = _investor_table(["series_a", "cto", "series_b", "seed_round"])
    assert game.next_play(0) == Action("bank", investor)


def test_an_exchange_canceled_by_not_for_sale_is_not_counted():
    game, bots = table(3)
    investor = hand(game, 0, "investor")[0]
    hand(game, 1, "not_for_sale")
    bots[1].reacts_with = {"not_for_sale"}
    use(game, 0, investor, 1)
    assert game.counters["exchanges"] == 0 and investor in game.table.discard


# --- reactions ------------------------------------------------------------------------------------


def test_heuristic_lets_an_investor_through_when_its_hand_is_worth_less_than_50m():
    game, _ = table(3)
    _heuristic(game, 1)
    investor = hand(game, 0, "investor")[0]
    hand(game, 1, "not_for_sale", "strategic_alliance")
    use(game, 0, investor, 1)
    assert investor in game.players[1].bank and game.counters["exchanges"] == 1


def test_heuristic_cancels_an_investor_after_its_best_card():
    game, _ = table(3)
    _heuristic(game, 1)
    investor = hand(game, 0, "investor")[0]
    hand(game, 1, "not_for_sale", "series_c")
    use(game, 0, investor, 1)
    assert investor in game.table.discard and game.counters["exchanges"] == 0


def test_heuristic_defends_its_partner_against_a_pr_crisis():
    game, _ = table(3)
    _heuristic(game, 1)
    bank(game, 2, "series_a")
    ally(game, 1, 2)
    crisis = hand(game, 0, "pr_crisis")[0]
    hand(game, 1, "crisis_pr_team")
    use(game, 0, crisis, 2)
    assert game.counters["partner_defenses"] == 1 and game.players[2].markers == []


def test_heuristic_does_not_defend_a_partner_about_to_win_alone():
    game, _ = table(3)
    _heuristic(game, 1)
    _near_win(game, 2)
    ally(game, 1, 2)
    crisis = hand(game, 0, "pr_crisis")[0]
    hand(game, 1, "crisis_pr_team")
    use(game, 0, crisis, 2)
    assert game.counters["partner_defenses"] == 0 and crisis in game.players[2].markers


def test_heuristic_reads_the_table_anew_at_each_decision():
    game, _ = table(3)
    _heuristic(game, 1)
    ally(game, 1, 2)
    crisis = hand(game, 0, "pr_crisis")[0]
    defense = hand(game, 1, "crisis_pr_team")[0]
    asked = game.asks(game.engine.perform(0, Action("use", crisis, 2)))
    assert (asked.seat, asked.tag) == (1, "react")
    assert game.answer(1, asked) == defense
    _near_win(game, 2)                         # the partner is now about to win alone
    assert game.answer(1, asked) is None


def test_heuristic_spends_a_spare_defense_before_a_needed_one():
    game, _ = table(3)
    _heuristic(game, 1)
    scandal = hand(game, 0, "founder_scandal")[0]
    spare, other, _ = hand(game, 1, "crisis_pr_team", "crisis_pr_team", "series_c")
    use(game, 0, scandal, 1)
    assert game.counters["attacks_canceled"] == 1
    assert (spare in game.players[1].hand) != (other in game.players[1].hand)


def test_heuristic_turns_a_betrayal_around_with_golden_handcuffs():
    game, _ = table(3)
    _heuristic(game, 1)
    bank(game, 0, "cto")
    scientist = bank(game, 1, "chief_scientist")[0]
    ally(game, 0, 1)
    ditch = hand(game, 0, "ditch")[0]
    hand(game, 1, "golden_handcuffs")
    use(game, 0, ditch, 1, scientist)
    assert game.counters["ditches_reversed"] == 1 and ids(game, game.players[1].bank) == [
        "chief_scientist", "cto"]


# --- whole games --------------------------------------------------------------------------------


def test_heuristic_beats_the_random_bot_in_most_mixed_games():
    """One heuristic seat against random seats, seats rotating, fixed seeds."""
    for players, games in ((3, 60), (4, 60)):
        wins = 0
        for seed in range(games):
            seats = ["random"] * players
            seat = seed % players
            seats[seat] = "heuristic"
            config = SIMULATOR.prepare(players=players, set_ref=None, bots=seats, options={})
            wins += SIMULATOR.play(config, 1000 + seed, seats).winners == [seat]
        assert wins > games / 2, f"{players} players: heuristic won {wins} of {games}"


def test_heuristic_allies_trade_in_self_play():
    trades = 0
    config = SIMULATOR.prepare(players=4, set_ref=None, bots=["heuristic"] * 4, options={})
    for seed in range(30):
        game = SIMULATOR.new_state(config, seed, invariants=True)
        drive(game, [SIMULATOR.policy("heuristic", s, policy_seed(seed, s)) for s in range(4)])
        trades += game.counters["trades"]
    assert trades > 0
