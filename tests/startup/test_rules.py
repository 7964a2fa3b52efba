"""One test per rule of the first playtest edition (seed 002), named after the rule."""

from __future__ import annotations

import pytest

from cardgen.games.startup.engine import Action, Game
from tests.startup.table import ScriptBot, ally, bank, hand, ids, model, table, take, use

# --- the worked example -----------------------------------------------------------------------


def _betrayal():
    """You have $725M; your ally has $430M, including a Chief Scientist worth $125M."""
    game, bots = table(3)
    bank(game, 0, "cto", "series_c", "series_c", "global_rollout", "viral_launch")
    scientist = bank(game, 1, "chief_scientist")[0]
    bank(game, 1, "lead_engineer", "growth_hacker", "seed_round", "poach", "ditch", "pr_crisis")
    ally(game, 0, 1)
    ditch = hand(game, 0, "ditch")[0]
    hand(game, 1, "golden_handcuffs")
    assert (game.valuation(0), game.valuation(1)) == (725, 430)
    return game, bots, ditch, scientist


def test_the_125m_betrayal_successful_ditch():
    game, bots, ditch, scientist = _betrayal()
    use(game, 0, ditch, 1, scientist)
    assert (game.valuation(0), game.valuation(1)) == (850, 305)
    assert game.players[0].partner is None and game.players[1].partner is None


def test_the_125m_betrayal_golden_handcuffs_takes_the_cto_instead():
    game, bots, ditch, scientist = _betrayal()
    bots[1].reacts_with = {"golden_handcuffs"}
    bots[1].picks = "cto"
    use(game, 0, ditch, 1, scientist)
    assert (game.valuation(0), game.valuation(1)) == (625, 530)
    assert game.players[0].partner is None and game.players[1].partner is None
    assert sorted(ids(game, game.table.discard[-3:])) == ["ditch", "golden_handcuffs", "strategic_alliance"]


# --- turn structure -----------------------------------------------------------------------------


def test_setup_deals_five_cards_and_three_different_startup_types():
    game2 = Game(model(), 5, seed=4, invariants=True)
    game2.start(game2.setup())
    seen: list[tuple[str, ...]] = []
    while (decision := game2.decision()) is not None:
        assert decision.tag == "choose_startup"
        seen.append(decision.options)
        game2.apply(decision.options[0])
    assert all(len(p.hand) == 5 for p in game2.players)
    assert all(len(set(o)) == 3 for o in seen) and len(seen) == 5
    assert len(game2.table.draw_pile) == 98 - 25
    assert all(p.startup is not None and p.reference is not None for p in game2.players)


def test_draw_one_at_the_start_of_the_turn():
    game, _ = table(3)
    before = len(game.table.draw_pile)
    game.take_turn(0)
    assert len(game.players[0].hand) == 1 and len(game.table.draw_pile) == before - 1


def test_play_up_to_two_cards():
    game, bots = table(3)
    cards = hand(game, 0, "cto", "series_a", "seed_round")
    bots[0].plays = [Action("bank", c) for c in cards]
    game.take_turn(0)
    assert len(game.players[0].bank) == 2 and cards[2] in game.players[0].hand


def test_bank_adds_printed_valuation_and_the_card_stays():
    game, _ = table(3)
    card = hand(game, 0, "poach")[0]
    game.perform(0, Action("bank", card))
    assert game.valuation(0) == 60 and card in game.players[0].bank


def test_hand_limit_after_a_draw():
    game, bots = table(3)
    hand(game, 0, *["seed_round"] * 3, *["series_a"] * 4)
    bots[0].keeps = {"series_a"}
    game.draw(0)
    assert len(game.players[0].hand) == 7 and "discard" in bots[0].asked


def test_hand_limit_applies_outside_your_turn():
    game, bots = table(3)
    growth = bank(game, 1, "viral_launch")[0]
    hand(game, 1, *["seed_round"] * 3, *["series_a"] * 4)
    cd = hand(game, 0, "cease_and_desist")[0]
    use(game, 0, cd, 1, growth)
    assert len(game.players[1].hand) == 7 and growth in game.players[1].hand
    assert bots[1].asked == ["discard"]


def test_valuation_is_startup_plus_banked_minus_pr_crisis():
    game, _ = table(3)
    bank(game, 0, "cto", "poach")
    game.players[0].markers.append(take(game, "pr_crisis"))
    assert game.valuation(0) == 50 + 100 + 10 - 75


def test_valuation_never_falls_below_zero():
    game, _ = table(3)
    game.players[0].markers.extend([take(game, "pr_crisis"), take(game, "pr_crisis")])
    assert game.valuation(0) == 0


def test_win_is_checked_at_the_end_of_your_own_completed_turn():
    game, bots = table(3)
    bank(game, 0, *["series_c"] * 2, *["global_rollout"] * 2, "cto", "cto", "cto")  # 950
    card = hand(game, 0, "seed_round")[0]
    bots[0].plays = [Action("bank", card)]
    game.take_turn(0)
    assert game.winner == 0


def test_no_win_during_another_players_turn():
    game, bots = table(3)
    bank(game, 1, *["series_c"] * 2, *["global_rollout"] * 2, "cto", "cto", "cto")  # 950
    bank(game, 0, "series_b")
    ally(game, 0, 1)
    ditch = hand(game, 0, "ditch")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with, bots[1].picks = {"golden_handcuffs"}, "series_b"
    bots[0].plays = [Action("use", ditch, 1, game.players[1].bank[0])]
    game.take_turn(0)
    assert game.valuation(1) >= 1000 and game.winner is None
    game.take_turn(1)
    assert game.winner == 1


def _setup(players: int, seed: int, prefer: str | None = None) -> Game:
    """A game after setup, each seat choosing ``prefer`` when it is dealt, else its first option."""
    game = Game(model(), players, seed=seed, invariants=True)
    game.start(game.setup())
    while (decision := game.decision()) is not None:
        game.apply(prefer if prefer in decision.options else decision.options[0])
    return game


def test_each_player_returns_the_two_startups_not_chosen():
    """The rule: "They choose 1 and return the other 2; reshuffle before the next player chooses." """
    game = _setup(5, seed=2)
    chosen = {p.startup for p in game.players}
    assert len(game.table.startup_supply) == 15 - 5
    assert not chosen & set(game.table.startup_supply)


def test_different_players_may_choose_the_same_startup_type():
    """The rule: "Different players may choose the same type." """
    for seed in range(20):
        game = _setup(5, seed, prefer="ai_lab")
        if game.startups.count("ai_lab") >= 2:
            break
    else:
        pytest.fail("no two players chose the same type in 20 deals")
    assert len({p.startup for p in game.players}) == 5   # different cards of the same type


def test_all_five_startup_types_use_the_same_rules():
    """The rule: "Its $50M always counts ... All five startup types use the same rules." """
    seen = set()
    for seed in range(10):
        game = _setup(5, seed)
        seen |= set(game.startups)
        assert [game.valuation(s) for s in range(5)] == [50] * 5
    assert seen == {t.id for t in model().startup_types}


def test_choose_a_random_first_player_and_play_clockwise():
    """The rule: "Choose a random first player and play clockwise." """
    firsts = set()
    for seed in range(8):
        game = Game(model(), 4, seed=seed, invariants=True, max_turns=9)
        order: list[int] = []
        game.start()
        while (decision := game.decision()) is not None:
            if decision.tag == "action":
                order.append(decision.seat)
            game.apply(ScriptBot().decide(game.observation(decision.seat), decision))
        firsts.add(game.first_player)
        assert order == [(game.first_player + i) % 4 for i in range(9)]
    assert len(firsts) > 1


def test_the_game_is_for_3_4_and_5_players():
    """The rule: "This valuation-only edition changes the pace and needs live testing with 3, 4
    and 5 players." """
    for players in (3, 4, 5):
        Game(model(), players, seed=0)
    for players in (2, 6):
        with pytest.raises(ValueError, match="3-5 players"):
            Game(model(), players, seed=0)


def test_reaching_exactly_1000m_wins():
    """The rule: "Reach $1,000M or more at the end of your own completed turn." """
    game, bots = table(3)
    bank(game, 0, *["series_c"] * 2, *["global_rollout"] * 2, "cto", "cto", "cto")  # 950
    card = hand(game, 0, "investor")[0]
    bots[0].plays = [Action("bank", card)]
    game.take_turn(0)
    assert game.valuation(0) == 1000 and game.winner == 0


def test_the_win_is_checked_after_every_reaction_has_resolved():
    """The rule: "Reach $1,000M or more at the end of your own completed turn, after every effect
    and reaction has resolved." A canceled Poach that would have crossed the line wins nothing."""
    game, bots = table(3)
    bank(game, 0, *["series_c"] * 2, *["global_rollout"] * 2, "cto", "cto", "cto")  # 950
    target = bank(game, 1, "series_a")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with = {"golden_handcuffs"}
    bots[0].plays = [Action("use", hand(game, 0, "poach")[0], 1, target)]
    game.take_turn(0)
    assert game.valuation(0) == 950 and game.winner is None


def test_only_one_player_wins_and_the_partner_does_not_share_the_win():
    """The rule: "Only one player wins. Your partner does not share the win." The game ends at the
    first win, though the winner's ally is past $1,000M too."""
    game = Game(model(), 3, seed=1, invariants=True)
    game.start()
    while (decision := game.decision()).tag != "action":
        game.apply(decision.options[0])
    seat = decision.seat
    partner = (seat + 1) % 3
    for p in game.players:                  # the dealt hands back into the pile, to bank by name
        game.table.draw_pile.extend(p.hand)
        p.hand.clear()
    bank(game, seat, *["series_c"] * 2, *["global_rollout"] * 2, *["cto"] * 3, "seed_round")  # 1025
    bank(game, partner, *["series_a"] * 4, *["government_grant"] * 3, *["million_users"] * 3)  # 1050
    ally(game, seat, partner)
    turns = game.turns
    game.apply(None)
    assert game.winner == seat and game.decision() is None and game.turns == turns


def test_players_are_never_eliminated():
    """The rule: "Players are never eliminated." A startup at $0 still draws and plays its turn."""
    game, bots = table(3)
    game.players[1].markers.extend([take(game, "pr_crisis"), take(game, "pr_crisis")])
    assert game.valuation(1) == 0
    card = hand(game, 1, "series_c")[0]
    bots[1].plays = [Action("bank", card)]
    game.take_turn(1)
    assert card in game.players[1].bank and len(game.players[1].hand) == 1
    assert game.valuation(1) == 50


def test_you_may_play_fewer_than_two_cards():
    """The rule: "You may play fewer than two, and you may choose the same kind of play twice." """
    game, bots = table(3)
    cards = hand(game, 0, "cto", "series_a")
    bots[0].plays = [Action("bank", cards[0])]      # then stops
    game.take_turn(0)
    assert game.players[0].bank == [cards[0]] and cards[1] in game.players[0].hand


def test_there_is_no_payment_to_play_a_card():
    """The rule: "There is no payment to play a card." """
    game, _ = table(3)
    banked = bank(game, 0, "cto", "seed_round")
    kept = hand(game, 0, "series_a")
    crisis = hand(game, 0, "pr_crisis")[0]
    use(game, 0, crisis, 1)
    assert game.players[0].bank == banked and game.players[0].hand == kept
    assert game.valuation(0) == 225


@pytest.mark.parametrize("card_id", ["golden_handcuffs", "not_for_sale", "offer_they_cant_refuse",
                                     "crisis_pr_team", "best_lawyers_in_town"])
def test_reaction_cards_have_no_card_play_away_from_their_printed_trigger(card_id):
    """The rule: "Reaction cards may be used for their effects only at the printed trigger. On your
    turn you may bank a reaction instead." (No PR Crisis or Lawsuit lies on the table to remove.)"""
    game, _ = table(3)
    bank(game, 0, "cto")
    bank(game, 1, "viral_launch")
    card = hand(game, 0, card_id)[0]
    assert game.legal_actions(0) == [Action("bank", card)]


@pytest.mark.parametrize("card_id", ["not_for_sale", "offer_they_cant_refuse", "crisis_pr_team",
                                     "best_lawyers_in_town"])
def test_a_reaction_does_not_answer_an_attack_it_does_not_name(card_id):
    """The rule: "Reaction cards may be used for their effects only at the printed trigger." None of
    these names Poach."""
    game, bots = table(3)
    hand(game, 1, card_id)
    bots[1].reacts_with = {card_id}
    target = bank(game, 1, "series_a")[0]
    use(game, 0, hand(game, 0, "poach")[0], 1, target)
    assert target in game.players[0].bank and "respond" not in bots[1].asked


# --- reactions ------------------------------------------------------------------------------------


def test_target_and_partner_get_one_response_total():
    game, bots = table(3)
    ally(game, 1, 2)
    hand(game, 1, "crisis_pr_team")
    hand(game, 2, "crisis_pr_team")
    bots[1].reacts_with = {"crisis_pr_team"}
    bots[2].reacts_with = {"crisis_pr_team"}
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    assert game.players[1].markers == [] and "respond" not in bots[2].asked
    assert len(game.players[2].hand) == 1


def test_partner_may_defend_on_the_targets_behalf():
    game, bots = table(3)
    ally(game, 1, 2)
    hand(game, 2, "crisis_pr_team")
    bots[2].reacts_with = {"crisis_pr_team"}
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    assert game.players[1].markers == [] and game.players[2].hand == []


def test_reactions_do_not_use_card_plays():
    game, bots = table(3)
    hand(game, 1, "crisis_pr_team")
    bots[1].reacts_with = {"crisis_pr_team"}
    crises = hand(game, 0, "pr_crisis", "pr_crisis")
    bots[0].plays = [Action("use", crises[0], 1), Action("use", crises[1], 1)]
    game.take_turn(0)
    assert len(game.players[1].markers) == 1


def test_a_reaction_may_be_banked_on_your_turn():
    game, _ = table(3)
    card = hand(game, 0, "golden_handcuffs")[0]
    assert Action("bank", card) in game.legal_actions(0)
    assert not [a for a in game.legal_actions(0) if a.kind == "use"]


def test_a_partner_never_has_to_defend():
    """The rule: "Partners may use an eligible defense for one another, but never have to." """
    game, bots = table(3)
    ally(game, 1, 2)
    team = hand(game, 2, "crisis_pr_team")[0]
    crisis = hand(game, 0, "pr_crisis")[0]
    use(game, 0, crisis, 1)
    assert "respond" in bots[2].asked
    assert game.players[1].markers == [crisis] and game.players[2].hand == [team]


def test_a_banked_defense_never_protects_anything():
    """The rule: "A banked defense never protects anything." """
    game, bots = table(3)
    ally(game, 1, 2)
    bank(game, 1, "crisis_pr_team")
    bank(game, 2, "crisis_pr_team")
    bots[1].reacts_with = bots[2].reacts_with = {"crisis_pr_team"}
    crisis = hand(game, 0, "pr_crisis")[0]
    use(game, 0, crisis, 1)
    assert game.players[1].markers == [crisis] and game.valuation(1) == 0
    assert "respond" not in bots[1].asked + bots[2].asked


@pytest.mark.parametrize(("defense", "attack", "target_id"), [
    ("non_compete", "poach", "cto"),                       # attached under the CTO
    ("best_lawyers_in_town", "cease_and_desist", "viral_launch"),
    ("crisis_pr_team", "pr_crisis", None),
    ("not_for_sale", "investor", None),
])
def test_offer_they_cant_refuse_overrides_only_golden_handcuffs_against_poach(defense, attack, target_id):
    """The rule: "Offer They Can't Refuse only overrides Golden Handcuffs against Poach." """
    game, bots = table(3)
    kept = hand(game, 1, "seed_round")[0]
    target = bank(game, 1, target_id)[0] if target_id else None
    if defense == "non_compete":
        game.players[1].attachments[target] = take(game, "non_compete")
    else:
        hand(game, 1, defense)
        bots[1].reacts_with = {defense}
    offer = hand(game, 0, "offer_they_cant_refuse")[0]
    bots[0].overrides = True
    use(game, 0, hand(game, 0, attack)[0], 1, target)
    assert "override" not in bots[0].asked and offer in game.players[0].hand
    assert game.players[1].markers == [] and kept in game.players[1].hand
    assert target is None or target in game.players[1].bank


def test_no_further_response_follows_offer():
    """The rule: "No further response follows Offer." The target's partner cannot answer the Poach again."""
    game, bots = table(3)
    ally(game, 1, 2)
    target = bank(game, 1, "cto")[0]
    hand(game, 1, "golden_handcuffs")
    partners = hand(game, 2, "golden_handcuffs")
    hand(game, 0, "offer_they_cant_refuse")
    bots[1].reacts_with = bots[2].reacts_with = {"golden_handcuffs"}
    bots[0].overrides = True
    use(game, 0, hand(game, 0, "poach")[0], 1, target)
    assert target in game.players[0].bank
    assert "respond" not in bots[2].asked and game.players[2].hand == partners


# --- alliances ----------------------------------------------------------------------------------


def test_strategic_alliance_with_an_unpartnered_rival_who_agrees():
    game, _ = table(3)
    card = hand(game, 0, "strategic_alliance")[0]
    assert use(game, 0, card, 1) == 1
    assert game.players[0].partner == 1 and game.players[1].partner == 0
    assert game.valuation(0) == 50 and card in game.table.alliances.values()


def test_alliance_needs_both_unpartnered():
    game, _ = table(4)
    ally(game, 1, 2)
    card = hand(game, 0, "strategic_alliance")[0]
    assert [a.target for a in game.legal_actions(0) if a.kind == "use"] == [3]
    ally(game, 0, 3)
    assert not [a for a in game.legal_actions(0) if a.kind == "use" and a.card == card]


def test_a_refused_invitation_costs_no_card_play():
    game, bots = table(3)
    bots[1].accepts = False
    card = hand(game, 0, "strategic_alliance")[0]
    assert use(game, 0, card, 1) == 0
    assert card in game.players[0].hand and game.players[0].partner is None
    assert Action("use", card, 1) not in game.legal_actions(0)   # not asked twice in a turn


def test_trade_one_card_each_spends_one_play_of_the_offerer():
    game, bots = table(3)
    ally(game, 0, 1)
    mine = hand(game, 0, "ditch")[0]
    theirs = hand(game, 1, "series_a")[0]
    bots[1].reply = "series_a"
    assert game.perform(0, Action("trade", mine, 1)) == 1
    assert game.players[0].hand == [theirs] and game.players[1].hand == [mine]
    assert game.valuation(0) == game.valuation(1) == 50


def test_a_refused_trade_costs_nothing():
    game, bots = table(3)
    ally(game, 0, 1)
    mine = hand(game, 0, "ditch")[0]
    theirs = hand(game, 1, "series_a")[0]
    assert game.perform(0, Action("trade", mine, 1)) == 0
    assert game.players[0].hand == [mine] and game.players[1].hand == [theirs]


def test_trades_need_a_card_in_both_hands_and_an_ally():
    game, _ = table(3)
    hand(game, 0, "ditch")
    ally(game, 0, 1)
    assert not [a for a in game.legal_actions(0) if a.kind == "trade"]
    hand(game, 1, "seed_round")
    assert [a for a in game.legal_actions(0) if a.kind == "trade"]
    game.end_alliance(0)
    assert not [a for a in game.legal_actions(0) if a.kind == "trade"]


def test_partners_may_attack_each_other_and_poach_does_not_end_the_alliance():
    game, _ = table(3)
    ally(game, 0, 1)
    target = bank(game, 1, "cto")[0]
    use(game, 0, hand(game, 0, "poach")[0], 1, target)
    assert target in game.players[0].bank and game.players[0].partner == 1


def test_ditch_needs_an_ally_with_a_banked_card():
    game, _ = table(3)
    card = hand(game, 0, "ditch")[0]
    bank(game, 1, "cto")
    assert not [a for a in game.legal_actions(0) if a.kind == "use" and a.card == card]
    ally(game, 0, 2)
    assert not [a for a in game.legal_actions(0) if a.kind == "use" and a.card == card]
    bank(game, 2, "seed_round")
    assert [a.target for a in game.legal_actions(0) if a.kind == "use" and a.card == card] == [2]


def test_ditch_ends_the_alliance_and_discards_marker_and_ditch():
    game, _ = table(3)
    marker = ally(game, 0, 1)
    target = bank(game, 1, "cto")[0]
    ditch = hand(game, 0, "ditch")[0]
    use(game, 0, ditch, 1, target)
    assert marker in game.table.discard and ditch in game.table.discard
    assert game.table.alliances == {}


def test_golden_handcuffs_reversal_with_no_attacker_bank_still_ends_alliance():
    game, bots = table(3)
    ally(game, 0, 1)
    target = bank(game, 1, "cto")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with = {"golden_handcuffs"}
    use(game, 0, hand(game, 0, "ditch")[0], 1, target)
    assert target in game.players[1].bank and game.players[0].bank == []
    assert game.players[0].partner is None


def test_only_the_ditched_ally_can_react_to_ditch():
    game, bots = table(4)
    ally(game, 0, 1)
    target = bank(game, 1, "cto")[0]
    hand(game, 2, "golden_handcuffs")
    bots[2].reacts_with = {"golden_handcuffs"}
    use(game, 0, hand(game, 0, "ditch")[0], 1, target)
    assert target in game.players[0].bank and "respond" not in bots[2].asked


def test_offer_cannot_counter_the_golden_handcuffs_reversal():
    game, bots = table(3)
    ally(game, 0, 1)
    target = bank(game, 1, "cto")[0]
    bank(game, 0, "series_a")
    hand(game, 1, "golden_handcuffs")
    hand(game, 0, "offer_they_cant_refuse")
    bots[1].reacts_with, bots[1].picks = {"golden_handcuffs"}, "series_a"
    bots[0].overrides = True
    use(game, 0, hand(game, 0, "ditch")[0], 1, target)
    assert "override" not in bots[0].asked
    assert game.valuation(1) == 50 + 100 + 100 and game.valuation(0) == 50


def test_non_compete_does_not_stop_ditch_and_follows_its_employee():
    game, _ = table(3)
    ally(game, 0, 1)
    employee = bank(game, 1, "cto")[0]
    nc = take(game, "non_compete")
    game.players[1].attachments[employee] = nc
    use(game, 0, hand(game, 0, "ditch")[0], 1, employee)
    assert employee in game.players[0].bank and game.players[0].attachments == {employee: nc}
    assert game.valuation(0) == 150   # the attachment adds no valuation


def test_both_must_agree_before_the_swap():
    """The rule: "Both must agree before the swap." The offerer may decline the reply; nothing is spent."""
    game, bots = table(3)
    ally(game, 0, 1)
    mine = hand(game, 0, "series_a")[0]
    theirs = hand(game, 1, "pr_crisis")[0]
    bots[1].reply, bots[0].confirms = "pr_crisis", False
    assert game.perform(0, Action("trade", mine, 1)) == 0
    assert game.players[0].hand == [mine] and game.players[1].hand == [theirs]


@pytest.mark.parametrize("attack", ["pr_crisis", "patent_lawsuit", "cease_and_desist", "founder_scandal",
                                    "investor"])
def test_attacks_other_than_ditch_do_not_end_the_alliance(attack):
    """The rule: "The alliance ends only through a resolved Ditch, including its Golden Handcuffs reversal;
    other attacks do not end it." """
    game, bots = table(3)
    marker = ally(game, 0, 1)
    growth = bank(game, 1, "viral_launch")[0]
    hand(game, 1, "seed_round")
    bots[0].picks = "seed_round"
    card = hand(game, 0, attack)[0]
    use(game, 0, card, 1, growth if attack == "cease_and_desist" else None)
    assert game.played[attack] == 1
    assert game.players[0].partner == 1 and game.table.alliances == {(0, 1): marker}


def test_non_compete_does_not_stop_the_golden_handcuffs_reversal_and_follows_its_employee():
    """The rule: "Non-Compete does not stop Ditch or its reversal; attached defenses follow the card that
    moves." """
    game, bots = table(3)
    ally(game, 0, 1)
    employee = bank(game, 0, "cto")[0]
    nc = take(game, "non_compete")
    game.players[0].attachments[employee] = nc
    target = bank(game, 1, "seed_round")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with, bots[1].picks = {"golden_handcuffs"}, "cto"
    use(game, 0, hand(game, 0, "ditch")[0], 1, target)
    assert employee in game.players[1].bank and game.players[1].attachments == {employee: nc}
    assert game.players[0].attachments == {} and game.valuation(1) == 225


# --- Poach ------------------------------------------------------------------------------------------


def test_poach_takes_a_banked_card_and_it_stays_banked():
    game, _ = table(3)
    tactic = bank(game, 1, "pr_crisis")[0]
    use(game, 0, hand(game, 0, "poach")[0], 1, tactic)
    assert tactic in game.players[0].bank and game.valuation(0) == 60 and game.valuation(1) == 50
    assert game.played["pr_crisis"] == 0   # its effect never reactivates


def test_poach_never_takes_a_startup_marker_or_alliance():
    game, _ = table(3)
    ally(game, 1, 2)
    game.players[1].markers.append(take(game, "pr_crisis"))
    card = hand(game, 0, "poach")[0]
    assert not [a for a in game.legal_actions(0) if a.kind == "use" and a.card == card]


def test_golden_handcuffs_cancels_poach():
    game, bots = table(3)
    target = bank(game, 1, "cto")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with = {"golden_handcuffs"}
    use(game, 0, hand(game, 0, "poach")[0], 1, target)
    assert target in game.players[1].bank


def test_offer_they_cant_refuse_overrides_golden_handcuffs_against_poach():
    game, bots = table(3)
    target = bank(game, 1, "cto")[0]
    hand(game, 1, "golden_handcuffs")
    offer = hand(game, 0, "offer_they_cant_refuse")[0]
    bots[1].reacts_with, bots[0].overrides = {"golden_handcuffs"}, True
    use(game, 0, hand(game, 0, "poach")[0], 1, target)
    assert target in game.players[0].bank and offer in game.table.discard


def test_attached_non_compete_cancels_the_next_poach_of_its_employee():
    game, bots = table(3)
    employee = bank(game, 1, "cto")[0]
    nc = hand(game, 1, "non_compete")[0]
    use(game, 1, nc, 1, employee)
    assert game.players[1].attachments == {employee: nc} and game.valuation(1) == 150
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with = {"golden_handcuffs"}
    use(game, 0, hand(game, 0, "poach")[0], 1, employee)
    assert employee in game.players[1].bank and nc in game.table.discard
    assert "respond" not in bots[1].asked   # it used the response
    use(game, 0, hand(game, 0, "poach")[0], 1, employee)
    assert "respond" in bots[1].asked


def test_a_banked_non_compete_protects_nothing():
    game, _ = table(3)
    employee = bank(game, 1, "cto")[0]
    bank(game, 1, "non_compete")
    use(game, 0, hand(game, 0, "poach")[0], 1, employee)
    assert employee in game.players[0].bank


def test_non_compete_attaches_only_under_your_own_employee():
    game, _ = table(3)
    bank(game, 0, "series_a")
    bank(game, 1, "cto")
    card = hand(game, 0, "non_compete")[0]
    assert not [a for a in game.legal_actions(0) if a.kind == "use" and a.card == card]
    employee = bank(game, 0, "lead_engineer")[0]
    assert [a.target_card for a in game.legal_actions(0) if a.kind == "use"] == [employee]


def test_a_banked_card_cannot_be_activated_later_or_taken_back():
    """The rule: "You cannot activate it later or take it back into your hand." """
    game, _ = table(3)
    bank(game, 1, "cto")
    poach = hand(game, 0, "poach")[0]
    game.perform(0, Action("bank", poach))
    assert game.legal_actions(0) == [] and game.players[0].hand == []


def test_using_an_effect_adds_no_bank_valuation_and_the_card_is_discarded():
    """The rule: "Using an effect adds no bank valuation. Discard the card after resolving unless it says
    to stay." """
    game, _ = table(3)
    target = bank(game, 1, "cto")[0]
    poach = hand(game, 0, "poach")[0]
    use(game, 0, poach, 1, target)
    assert game.players[0].bank == [target] and game.valuation(0) == 150
    assert game.table.discard == [poach]


def test_poach_takes_from_another_startup_only():
    """The rule: "Take 1 positive-value banked card from another startup." """
    game, _ = table(3)
    bank(game, 0, "cto")
    card = hand(game, 0, "poach")[0]
    assert game.legal_actions(0) == [Action("bank", card)]
    theirs = bank(game, 2, "series_a")[0]
    assert [a for a in game.legal_actions(0) if a.kind == "use"] == [Action("use", card, 2, theirs)]


# --- Investor, Founder Scandal, Cease & Desist --------------------------------------------------------


def test_investor_exchange_gives_50_and_takes_a_random_hand_card():
    game, _ = table(3)
    card = hand(game, 1, "series_a")[0]
    inv = hand(game, 0, "investor")[0]
    use(game, 0, inv, 1)
    assert inv in game.players[1].bank and game.valuation(1) == 100
    assert game.players[0].hand == [card] and game.valuation(0) == 50


def test_investor_needs_a_target_with_a_card_in_hand():
    game, _ = table(3)
    card = hand(game, 0, "investor")[0]
    hand(game, 2, "seed_round")
    assert [a.target for a in game.legal_actions(0) if a.kind == "use" and a.card == card] == [2]


def test_not_for_sale_cancels_the_entire_exchange():
    game, bots = table(3)
    card = hand(game, 1, "series_a")[0]
    hand(game, 1, "not_for_sale")
    bots[1].reacts_with = {"not_for_sale"}
    inv = hand(game, 0, "investor")[0]
    use(game, 0, inv, 1)
    assert game.players[1].hand == [card] and game.valuation(1) == 50
    assert inv in game.table.discard and game.players[0].hand == []
    assert sorted(ids(game, game.table.discard)) == ["investor", "not_for_sale"]   # both discarded


def test_banked_investor_adds_50_and_no_exchange():
    game, _ = table(3)
    card = hand(game, 1, "series_a")[0]
    inv = hand(game, 0, "investor")[0]
    game.perform(0, Action("bank", inv))
    assert game.valuation(0) == 100 and game.players[1].hand == [card]


def test_founder_scandal_looks_chooses_and_steals():
    game, bots = table(3)
    hand(game, 1, "seed_round", "series_c", "poach")
    bots[0].picks = "series_c"
    use(game, 0, hand(game, 0, "founder_scandal")[0], 1)
    assert ids(game, game.players[0].hand) == ["series_c"] and game.valuation(0) == 50
    assert sorted(ids(game, game.players[1].hand)) == ["poach", "seed_round"]


def test_crisis_pr_team_cancels_founder_scandal():
    game, bots = table(3)
    hand(game, 1, "series_c", "crisis_pr_team")
    bots[1].reacts_with = {"crisis_pr_team"}
    use(game, 0, hand(game, 0, "founder_scandal")[0], 1)
    assert ids(game, game.players[1].hand) == ["series_c"] and game.players[0].hand == []


def test_cease_and_desist_returns_a_growth_card_to_hand():
    game, _ = table(3)
    growth = bank(game, 1, "viral_launch")[0]
    use(game, 0, hand(game, 0, "cease_and_desist")[0], 1, growth)
    assert growth in game.players[1].hand and game.valuation(1) == 50


def test_cease_and_desist_needs_a_growth_card():
    game, _ = table(3)
    bank(game, 1, "cto", "series_a")
    card = hand(game, 0, "cease_and_desist")[0]
    assert not [a for a in game.legal_actions(0) if a.kind == "use" and a.card == card]


def test_best_lawyers_cancel_cease_and_desist():
    game, bots = table(3)
    growth = bank(game, 1, "viral_launch")[0]
    hand(game, 1, "best_lawyers_in_town")
    bots[1].reacts_with = {"best_lawyers_in_town"}
    use(game, 0, hand(game, 0, "cease_and_desist")[0], 1, growth)
    assert growth in game.players[1].bank


def test_investor_takes_a_random_card_that_the_investor_does_not_choose():
    """The rule: "Take 1 random card from their hand, with card backs facing you." """
    taken = set()
    for seed in range(12):
        game, _ = table(3, seed)
        cards = hand(game, 1, "seed_round", "series_c", "poach")
        use(game, 0, hand(game, 0, "investor")[0], 1)       # the investor is never asked a pick
        (card,) = game.players[0].hand
        assert card in cards and sorted(game.players[1].hand) == sorted(c for c in cards if c != card)
        taken.add(game.card(card).id)
    assert len(taken) > 1


def test_founder_scandal_needs_a_rival_with_a_card_in_hand():
    """The rule: "Target a rival with at least 1 card in hand." """
    game, _ = table(3)
    card = hand(game, 0, "founder_scandal")[0]
    assert game.legal_actions(0) == [Action("bank", card)]
    hand(game, 2, "seed_round")
    assert [a for a in game.legal_actions(0) if a.kind == "use"] == [Action("use", card, 2)]


def test_founder_scandal_shows_the_hand_to_the_attacker_only():
    """The rule: "Privately look at their complete hand, choose 1 card and take it into your own hand.
    Return the remaining cards to them without showing anyone else." """
    game, _ = table(3)
    cards = hand(game, 1, "seed_round", "series_c", "poach")
    scandal = hand(game, 0, "founder_scandal")[0]
    decision = game.asks(game.engine.perform(0, Action("use", scandal, 1)))
    assert decision.tag == "take_from_hand" and decision.seat == 0
    assert game.observation(0).revealed == tuple(cards)
    assert game.observation(1).revealed == () and game.observation(2).revealed == ()
    game.engine.apply(cards[1])
    assert game.decision() is None
    assert all(game.observation(s).revealed == () for s in range(3))


def test_founder_scandal_is_discarded_after_resolving():
    """The rule: "Return the remaining cards to them without showing anyone else, then discard Scandal." """
    game, bots = table(3)
    hand(game, 1, "series_c")
    bots[0].picks = "series_c"
    scandal = hand(game, 0, "founder_scandal")[0]
    use(game, 0, scandal, 1)
    assert game.table.discard == [scandal] and game.table.resolving == []


def test_a_growth_card_returned_to_hand_may_be_replayed_on_its_owners_turn():
    """The rule: "They lose that card's valuation immediately and may replay it on their own turn." """
    game, bots = table(3)
    growth = bank(game, 1, "viral_launch")[0]
    use(game, 0, hand(game, 0, "cease_and_desist")[0], 1, growth)
    assert game.valuation(1) == 50
    bots[1].plays = [Action("bank", growth)]
    game.take_turn(1)
    assert growth in game.players[1].bank and game.valuation(1) == 175


def test_discard_cease_and_desist_after_resolving():
    """The rule: "Discard Cease & Desist after resolving." """
    game, _ = table(3)
    growth = bank(game, 1, "viral_launch")[0]
    cd = hand(game, 0, "cease_and_desist")[0]
    use(game, 0, cd, 1, growth)
    assert game.table.discard == [cd] and cd not in game.players[0].bank + game.players[1].markers


# --- Patent Lawsuit and PR Crisis ----------------------------------------------------------------------


def test_patent_lawsuit_skips_the_targets_next_turn():
    game, bots = table(3)
    lawsuit = hand(game, 0, "patent_lawsuit")[0]
    use(game, 0, lawsuit, 1)
    assert game.players[1].markers == [lawsuit]
    card = hand(game, 1, "series_a")[0]
    bots[1].plays = [Action("bank", card)]
    before = len(game.table.draw_pile)
    game.take_turn(1)
    assert len(game.table.draw_pile) == before and game.players[1].bank == []
    assert lawsuit in game.table.discard and game.players[1].markers == []


def test_a_skipped_turn_has_no_win_check():
    game, _ = table(3)
    bank(game, 1, *["series_c"] * 2, *["global_rollout"] * 2, "cto", "cto", "cto", "series_a")  # 1050
    game.players[1].markers.append(take(game, "patent_lawsuit"))
    game.take_turn(1)
    assert game.winner is None
    game.take_turn(1)
    assert game.winner == 1


def test_only_one_pending_lawsuit_per_player():
    game, _ = table(3)
    use(game, 0, hand(game, 0, "patent_lawsuit")[0], 1)
    card = hand(game, 0, "patent_lawsuit")[0]
    assert [a.target for a in game.legal_actions(0) if a.kind == "use" and a.card == card] == [2]


def test_best_lawyers_cancel_a_lawsuit_immediately():
    game, bots = table(3)
    hand(game, 1, "best_lawyers_in_town")
    bots[1].reacts_with = {"best_lawyers_in_town"}
    use(game, 0, hand(game, 0, "patent_lawsuit")[0], 1)
    assert game.players[1].markers == []


def test_a_partner_spends_a_card_play_to_remove_a_pending_lawsuit():
    game, _ = table(3)
    ally(game, 1, 2)
    lawsuit = take(game, "patent_lawsuit")
    game.players[1].markers.append(lawsuit)
    lawyers = hand(game, 2, "best_lawyers_in_town")[0]
    assert use(game, 2, lawyers, 1, lawsuit) == 1
    assert game.players[1].markers == [] and lawsuit in game.table.discard


def test_a_skipped_player_may_still_react():
    game, bots = table(3)
    game.players[1].markers.append(take(game, "patent_lawsuit"))
    hand(game, 1, "crisis_pr_team")
    bots[1].reacts_with = {"crisis_pr_team"}
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    assert ids(game, game.players[1].markers) == ["patent_lawsuit"]


def test_pr_crisis_penalties_stack():
    game, _ = table(3)
    bank(game, 1, "series_c", "series_c")
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    assert game.valuation(1) == 350 - 150


def test_crisis_pr_team_cancels_an_incoming_pr_crisis():
    game, bots = table(3)
    hand(game, 1, "crisis_pr_team")
    bots[1].reacts_with = {"crisis_pr_team"}
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    assert game.valuation(1) == 50 and game.players[1].markers == []


def test_crisis_pr_team_card_play_removes_a_pr_crisis_from_you_or_your_partner():
    game, _ = table(3)
    bank(game, 1, "series_c")
    ally(game, 1, 2)
    crisis = take(game, "pr_crisis")
    game.players[1].markers.append(crisis)
    assert game.valuation(1) == 125
    team = hand(game, 2, "crisis_pr_team")[0]
    assert use(game, 2, team, 1, crisis) == 1
    assert game.valuation(1) == 200 and {crisis, team} <= set(game.table.discard)


def test_crisis_pr_team_card_play_removes_your_own_pr_crisis():
    """The rule: "Crisis PR Team can ... use one card play to discard an existing one from you or your
    partner. Removing it restores that $75M." """
    game, _ = table(3)
    bank(game, 0, "series_c")
    crisis = take(game, "pr_crisis")
    game.players[0].markers.append(crisis)
    team = hand(game, 0, "crisis_pr_team")[0]
    assert [a for a in game.legal_actions(0) if a.kind == "use"] == [Action("use", team, 0, crisis)]
    assert use(game, 0, team, 0, crisis) == 1
    assert game.valuation(0) == 200 and {crisis, team} <= set(game.table.discard)


# --- piles and targets ---------------------------------------------------------------------------


def test_reshuffle_the_discard_pile_when_the_draw_pile_runs_out():
    game, _ = table(3)
    game.table.discard.extend(game.table.draw_pile)
    game.table.draw_pile.clear()
    game.draw(0)
    assert len(game.players[0].hand) == 1 and game.counters["reshuffles"] == 1
    assert game.table.discard == [] and len(game.table.draw_pile) == 97


def test_skip_draws_when_both_piles_are_empty():
    game, _ = table(3)
    game.players[2].bank.extend(game.table.draw_pile)
    game.table.draw_pile.clear()
    game.draw(0)
    assert game.players[0].hand == [] and game.counters["draws_skipped"] == 1


def test_a_card_needs_a_legal_target_but_may_be_banked():
    game, _ = table(3)
    card = hand(game, 0, "poach")[0]
    assert game.legal_actions(0) == [Action("bank", card)]
    with pytest.raises(ValueError):
        use(game, 0, card, 1, None)


def test_an_illegal_use_names_the_play_as_a_log_holds_it():
    # As a game log writes the play (a list, null), not as Python's repr of the Action.
    game, _ = table(3)
    card = hand(game, 0, "poach")[0]
    with pytest.raises(ValueError, match=rf'\["use", {card}, 1, null\]$'):
        use(game, 0, card, 1, None)


def test_never_shuffle_startups_or_references_into_the_draw_pile():
    """The rule: "Shuffle the main discard pile into a new draw pile. Never shuffle Startups or References
    into it." """
    game, _ = table(3)
    game.table.discard.extend(game.table.draw_pile)
    game.table.draw_pile.clear()
    game.draw(0)
    assert all(c < game.cards.pile_size for c in game.table.draw_pile + game.players[0].hand)
    assert all(p.startup is not None and p.reference is not None for p in game.players)


def test_a_card_being_resolved_is_discarded_only_after_its_effect_finishes():
    """The rule: "A card being resolved is discarded only after its effect finishes." """
    game, _ = table(3)
    cards = hand(game, 1, "series_c")
    scandal = hand(game, 0, "founder_scandal")[0]
    game.asks(game.engine.perform(0, Action("use", scandal, 1)))   # the pick is pending
    assert game.table.resolving == [scandal] and scandal not in game.table.discard
    game.engine.apply(cards[0])
    assert game.table.resolving == [] and game.table.discard == [scandal]


# --- sentences without a test of their own (audit against the text) ------------------------------


@pytest.mark.parametrize("card_id", ["lead_engineer", "viral_launch", "series_b", "investor", "ditch"])
def test_poach_takes_an_employee_growth_or_funding_asset_investor_or_banked_tactic(card_id):
    """The rule: "Take 1 positive-value banked card from another startup: an Employee, Growth or
    Funding asset, an Investor, or a banked tactic." """
    game, _ = table(3)
    target = bank(game, 1, card_id)[0]
    value = game.card(target).value
    use(game, 0, hand(game, 0, "poach")[0], 1, target)
    assert game.players[0].bank == [target] and game.players[1].bank == []
    assert (game.valuation(0), game.valuation(1)) == (50 + value, 50)


def test_ditch_never_takes_a_startup_identity_an_active_effect_or_the_active_alliance():
    """The rule: "Startup identities, active effects and the active alliance cannot be taken."
    Only the ally's banked cards are Ditch's targets; an Employee's attached Non-Compete moves
    with it, never alone."""
    game, _ = table(3)
    ally(game, 0, 1)
    employee = bank(game, 1, "cto")[0]
    game.players[1].attachments[employee] = take(game, "non_compete")
    game.players[1].markers.extend([take(game, "pr_crisis"), take(game, "patent_lawsuit")])
    ditch = hand(game, 0, "ditch")[0]
    assert [a for a in game.legal_actions(0) if a.kind == "use"] == [Action("use", ditch, 1, employee)]


def test_crisis_pr_team_cancels_founder_scandal_before_the_hand_is_revealed():
    """The rule: "Crisis PR Team can cancel the entire attack before the hand is revealed." """
    game, _ = table(3)
    cards = hand(game, 1, "series_c", "crisis_pr_team")
    scandal = hand(game, 0, "founder_scandal")[0]
    decision = game.asks(game.engine.perform(0, Action("use", scandal, 1)))
    assert (decision.tag, decision.seat) == ("react", 1)
    assert game.observation(0).revealed == ()                 # nothing shown while it may answer
    game.engine.apply(cards[1])
    assert game.decision() is None
    assert game.players[1].hand == [cards[0]] and game.players[0].hand == []
    assert game.observation(0).revealed == ()


def test_a_trade_spends_one_of_the_offerers_two_plays_and_none_of_the_allys():
    """The rule: "If agreed, exchange the two cards and spend 1 of the offering player's two card
    plays. The reply uses none of the ally's card plays." """
    game, bots = table(3)
    ally(game, 0, 1)
    mine, kept = hand(game, 0, "ditch", "series_a")
    theirs = hand(game, 1, "cto")[0]
    bots[1].reply = "cto"
    bots[0].plays = [Action("trade", mine, 1), Action("bank", kept), Action("bank", theirs)]
    game.take_turn(0)
    assert game.players[0].bank == [kept] and theirs in game.players[0].hand   # two plays, no third
    drawn = hand(game, 1, "seed_round", "series_b")
    bots[1].plays = [Action("bank", drawn[0]), Action("bank", drawn[1])]
    game.take_turn(1)
    assert game.players[1].bank == drawn


# --- sentences without a test of their own (second audit against the text) ---------------------


def test_no_particular_attack_or_defense_is_guaranteed():
    """The rule: "Shuffle the draw pile and deal 5 hidden cards to every player. No particular attack
    or defense is guaranteed." Some opening hands hold no reaction card, some no tactic at all."""
    hands = []
    for seed in range(20):
        game = _setup(5, seed)
        hands += [[game.card(c).category for c in p.hand] for p in game.players]
    assert all(len(h) == 5 for h in hands)
    assert any("reaction" not in h for h in hands)
    assert any("tactic" not in h and "reaction" not in h for h in hands)
    assert any("reaction" in h for h in hands)


def test_your_chosen_startup_is_face_up():
    """The rule: "Put your chosen Startup face-up." Every seat sees every seat's Startup type."""
    game = _setup(4, seed=3)
    for seat in range(4):
        assert [v.startup for v in game.observation(seat).players] == game.startups
    assert all(t is not None for t in game.startups)


def test_you_may_use_the_same_kind_of_effect_twice_in_a_turn():
    """The rule: "You may play fewer than two, and you may choose the same kind of play twice." Two
    Poaches in one turn."""
    game, bots = table(3)
    first, second = bank(game, 1, "cto"), bank(game, 2, "series_a")
    poaches = hand(game, 0, "poach", "poach")
    bots[0].plays = [Action("use", poaches[0], 1, first[0]), Action("use", poaches[1], 2, second[0])]
    game.take_turn(0)
    assert game.players[0].bank == first + second and game.valuation(0) == 250
    assert set(poaches) <= set(game.table.discard)


def test_the_hand_limit_discard_comes_before_the_effect_continues():
    """The rule: "Whenever any effect takes your hand above 7, immediately choose and discard down to 7
    before continuing." The Cease & Desist target discards before the Cease & Desist is discarded."""
    game, bots = table(3)
    growth = bank(game, 1, "viral_launch")[0]
    extra = hand(game, 1, "poach")[0]
    hand(game, 1, *["series_a"] * 3, *["series_b"] * 3)
    bots[1].keeps = {"series_a", "series_b", "viral_launch"}
    cd = hand(game, 0, "cease_and_desist")[0]
    use(game, 0, cd, 1, growth)
    assert game.table.discard == [extra, cd]
    assert len(game.players[1].hand) == 7 and growth in game.players[1].hand


def test_a_card_needs_a_legal_target_cease_and_desist_aims_at_a_rival_only():
    """The rule: "Choose 1 Growth card in a rival's startup and return it to their hand." Your own
    Growth card is no target."""
    game, _ = table(3)
    bank(game, 0, "viral_launch")
    card = hand(game, 0, "cease_and_desist")[0]
    assert game.legal_actions(0) == [Action("bank", card)]
    theirs = bank(game, 2, "million_users")[0]
    assert [a for a in game.legal_actions(0) if a.kind == "use"] == [Action("use", card, 2, theirs)]


def test_no_employees_or_other_banked_cards_are_required_for_an_alliance():
    """The rule: "No Employees or other banked cards are required." """
    game, _ = table(3)
    card = hand(game, 0, "strategic_alliance")[0]
    assert game.players[0].bank == [] and game.players[1].bank == []
    assert Action("use", card, 1) in game.legal_actions(0)
    use(game, 0, card, 1)
    assert game.players[0].partner == 1


def test_allies_keep_their_own_startups_valuations_hands_and_turns():
    """The rule: "Both keep their own startup cards, valuations, hands and turns." """
    game, bots = table(3)
    bank(game, 0, "cto")
    bank(game, 1, "series_c")
    kept = hand(game, 0, "seed_round")
    theirs = hand(game, 1, "poach", "series_a")
    startups = [p.startup for p in game.players]
    use(game, 0, hand(game, 0, "strategic_alliance")[0], 1)
    assert [p.startup for p in game.players] == startups
    assert (game.valuation(0), game.valuation(1)) == (150, 200)
    assert game.players[0].hand == kept and game.players[1].hand == theirs
    bots[1].plays = [Action("bank", theirs[1])]
    game.take_turn(1)                                     # the ally plays its own turn, for itself
    assert game.players[1].bank[-1] == theirs[1] and game.valuation(1) == 300 and game.valuation(0) == 150


def test_one_partner_per_player_the_invited_rival_must_be_unpartnered():
    """The rule: "Choose an unpartnered rival who agrees; you must also be unpartnered ... One partner
    per player." Playing the invitation at a partnered rival is refused."""
    game, _ = table(3)
    ally(game, 1, 2)
    card = hand(game, 0, "strategic_alliance")[0]
    with pytest.raises(ValueError):
        use(game, 0, card, 1)
    assert game.players[1].partner == 2 and card in game.players[0].hand


def test_a_new_lawsuit_may_target_a_player_once_the_pending_one_is_discarded():
    """The rule: "Only one pending Lawsuit per player; a second cannot target them while one is
    waiting." Once the skipped turn has discarded it, a Lawsuit may target them again."""
    game, _ = table(3)
    use(game, 0, hand(game, 0, "patent_lawsuit")[0], 1)
    second = hand(game, 0, "patent_lawsuit")[0]
    assert Action("use", second, 1) not in game.legal_actions(0)
    game.take_turn(1)                                     # skipped: the Lawsuit is discarded
    assert Action("use", second, 1) in game.legal_actions(0)


def test_the_lawsuit_skips_only_the_next_turn():
    """The rule: "At their next turn, discard it and skip that entire turn." The turn after is played."""
    game, bots = table(3)
    use(game, 0, hand(game, 0, "patent_lawsuit")[0], 1)
    game.take_turn(1)
    card = hand(game, 1, "series_a")[0]
    bots[1].plays = [Action("bank", card)]
    game.take_turn(1)
    assert game.players[1].bank == [card] and len(game.players[1].hand) == 1   # drew and played


def test_non_compete_cancels_a_poach_of_its_own_employee_only():
    """The rule: "It automatically cancels the next Poach against that Employee, then is discarded."
    A Poach of another card in the same startup goes ahead, and the Non-Compete stays."""
    game, _ = table(3)
    employee, other = bank(game, 1, "cto", "lead_engineer")
    nc = take(game, "non_compete")
    game.players[1].attachments[employee] = nc
    use(game, 0, hand(game, 0, "poach")[0], 1, other)
    assert other in game.players[0].bank and game.players[1].attachments == {employee: nc}


def test_a_non_compete_attached_under_an_employee_adds_no_valuation():
    """The rule: "A Non-Compete used for protection sits under its Employee and adds no valuation." """
    game, _ = table(3)
    employee = bank(game, 0, "cto")[0]
    nc = hand(game, 0, "non_compete")[0]
    assert use(game, 0, nc, 0, employee) == 1
    assert game.valuation(0) == 150 and nc not in game.players[0].bank
    assert game.players[0].attachments == {employee: nc}


def test_a_card_being_resolved_cannot_draw_itself_during_a_reshuffle():
    """The rule: "A card being resolved is discarded only after its effect finishes. It cannot draw
    itself during a reshuffle." (No shipped card draws while it resolves: the zone is checked.)"""
    game, _ = table(3)
    resolving = take(game, "founder_scandal")
    game.table.resolving.append(resolving)
    game.table.discard.extend(game.table.draw_pile)
    game.table.draw_pile.clear()
    game.engine.invariants = False                      # a card resolves outside a turn here
    game.draw(0)
    assert game.table.resolving == [resolving] and resolving not in game.table.draw_pile
    assert resolving not in game.players[0].hand and len(game.players[0].hand) == 1


def test_everyone_may_inspect_face_up_cards_hand_sizes_and_the_discard_pile():
    """The rule: "Everyone may inspect face-up cards, hand sizes and the discard pile." """
    game, _ = table(3)
    ally(game, 0, 1)
    employee = bank(game, 1, "cto")[0]
    nc = take(game, "non_compete")
    game.players[1].attachments[employee] = nc
    crisis = take(game, "pr_crisis")
    game.players[1].markers.append(crisis)
    hand(game, 1, "series_a", "poach")
    game.table.discard.append(take(game, "ditch"))
    obs = game.observation(2)                               # a seat outside the alliance
    seen = obs.players[1]
    assert seen.bank == (employee,) and seen.markers == (crisis,) and dict(seen.attachments) == {employee: nc}
    assert seen.hand_size == 2 and seen.partner == 0
    assert obs.discard == tuple(game.table.discard)
    assert obs.alliances == ((0, 1, game.table.alliances[(0, 1)]),)
    assert obs.valuation(1) == game.valuation(1) == 75


def test_no_free_card_gifts_or_swaps():
    """The rule: "No free card gifts, swaps or binding verbal deals. Investor, agreed alliance trades and
    printed card effects handle transfers." Without an ally no play offers a hand card to anyone."""
    game, _ = table(3)
    card = hand(game, 0, "series_a")[0]
    hand(game, 1, "cto")
    assert game.legal_actions(0) == [Action("bank", card)]
    with pytest.raises(ValueError):
        game.perform(0, Action("trade", card, 1))
    assert game.players[0].hand == [card]


def test_a_pending_effect_never_awards_a_win_before_its_reaction_window_finishes():
    """The rule: "A pending effect never awards a win before its reaction window finishes." While the
    target may still answer the Poach that would reach $1,000M, nobody has won."""
    game, _ = table(3)
    bank(game, 0, *["series_c"] * 2, *["global_rollout"] * 2, "cto", "cto", "cto")  # 950
    target = bank(game, 1, "series_a")[0]
    hand(game, 1, "golden_handcuffs")
    poach = hand(game, 0, "poach")[0]
    decision = game.asks(game.engine.perform(0, Action("use", poach, 1, target)))
    assert (decision.tag, decision.seat) == ("react", 1) and game.winner is None
    game.engine.apply(None)                                 # the target lets it through
    assert game.decision() is None and game.valuation(0) == 1050 and game.winner is None


def test_a_partners_defense_uses_none_of_its_card_plays():
    """The rule: "Reactions do not use either player's two card plays." The partner who defended still
    plays two cards on its own turn."""
    game, bots = table(3)
    ally(game, 1, 2)
    hand(game, 2, "crisis_pr_team")
    bots[2].reacts_with = {"crisis_pr_team"}
    use(game, 0, hand(game, 0, "pr_crisis")[0], 1)
    assert game.players[1].markers == []
    cards = hand(game, 2, "cto", "series_a")
    bots[2].plays = [Action("bank", c) for c in cards]
    game.take_turn(2)
    assert game.players[2].bank == cards


def test_the_attackers_offer_uses_none_of_its_card_plays():
    """The rule: "Reactions do not use either player's two card plays." Offer They Can't Refuse, the
    attacker's answer to Golden Handcuffs, leaves the attacker its second card play."""
    game, bots = table(3)
    target = bank(game, 1, "cto")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with, bots[0].overrides = {"golden_handcuffs"}, True
    offer = hand(game, 0, "offer_they_cant_refuse")[0]
    poach, second = hand(game, 0, "poach", "series_a")
    bots[0].plays = [Action("use", poach, 1, target), Action("bank", second)]
    game.take_turn(0)
    assert offer in game.table.discard and game.players[0].bank == [target, second]


def test_the_ditched_ally_chooses_which_of_the_attackers_banked_cards_to_take():
    """The rule: "Cancel Ditch and choose 1 banked card from the attacker to take into your own startup
    instead." The choice is the ditched ally's, among all of the attacker's banked cards."""
    game, bots = table(3)
    ally(game, 0, 1)
    mine = bank(game, 0, "cto", "poach")
    target = bank(game, 1, "seed_round")[0]
    hand(game, 1, "golden_handcuffs")
    bots[1].reacts_with = {"golden_handcuffs"}
    game.asks(game.engine.perform(0, Action("use", hand(game, 0, "ditch")[0], 1, target)))
    decision = game.decision()
    assert decision.tag == "react"
    game.engine.apply(decision.options[0])
    decision = game.decision()
    assert (decision.tag, decision.seat, sorted(decision.options)) == ("reversal", 1, sorted(mine))
    game.engine.apply(mine[1])
    assert game.players[1].bank == [target, mine[1]] and game.players[0].bank == [mine[0]]


def test_the_investor_exchange_shows_the_investor_face_up_and_no_hand_card():
    """The rule: "Give them the Investor face-up: it adds $50M to their startup. Take 1 random card from
    their hand, with card backs facing you." Every seat sees the Investor in the target's startup; the
    investor never sees the target's hand, and the third seat never sees the card taken."""
    game, _ = table(3)
    cards = hand(game, 1, "series_a", "not_for_sale")
    inv = hand(game, 0, "investor")[0]
    decision = game.asks(game.engine.perform(0, Action("use", inv, 1)))
    assert (decision.tag, decision.seat) == ("react", 1)
    assert all(game.observation(s).revealed == () for s in range(3))
    game.engine.apply(None)
    assert game.decision() is None
    (taken,) = game.players[0].hand
    assert taken in cards
    for seat in range(3):
        obs = game.observation(seat)
        assert obs.players[1].bank == (inv,) and obs.revealed == ()
    assert taken not in game.observation(2).hand and game.observation(2).players[0].hand_size == 1


def test_duplicate_types_within_a_deal_are_replaced():
    """The rule: "Deal each player 3 different Startup types from the Startup supply ... Replace
    duplicate types within a deal." Even when every player before took the same type, each deal
    holds 3 different types, drawn from the Startup cards still in the supply."""
    for seed in range(10):
        game = Game(model(), 5, seed=seed, invariants=True)
        game.start(game.setup())
        while (decision := game.decision()) is not None:
            supply = {game.cards.startup_type(c) for c in game.table.startup_supply}
            assert len(set(decision.options)) == 3 and set(decision.options) <= supply
            game.apply("ai_lab" if "ai_lab" in decision.options else decision.options[0])
