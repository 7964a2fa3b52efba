"""Audit of the startup engine against the rule text of the first playtest edition (seed 002),
sentence by sentence: one rule per test, for the checkable sentences and worked examples that
the other tests of tests/startup (test_rules.py above all) do not already check, or check only
in part. Each test quotes its passage word for word.

Where the text is silent or reads two ways, cards/startup/rulings.yaml gives the reading cardgen
plays (test_rulings.py has one test per authored reading); those readings are not tested again
here. Sentences no shipped card can reach ("Effects that draw multiple cards take as many as
available", "If the Employee is discarded, discard its attachment too", a hand taken above 7 by
an exchange) have no test: cards/startup/README.md says why."""

from __future__ import annotations

import pytest

from cardgen.games.startup.engine import Action, Game
from tests.startup.table import ally, bank, hand, ids, model, table, take, use


# --- Set up in five minutes ---------------------------------------------------------------------
def test_separate_the_15_startups_and_5_references_from_the_98_card_draw_pile():
    """"Separate the 15 Startup cards and 5 Reference cards from the 98-card draw pile. Shuffle the
    draw pile and deal 5 hidden cards to every player." After setup the draw pile and the hands
    hold the 98 draw-pile cards and nothing else; the Startups and References are outside them."""
    game = Game(model(), 4, seed=5, invariants=True)
    game.start(game.setup())
    while (decision := game.decision()) is not None:
        game.apply(decision.options[0])
    pile = game.cards.pile_size
    dealt = game.table.draw_pile + [c for p in game.players for c in p.hand]
    assert pile == 98 and sorted(dealt) == list(range(98))
    startups = game.table.startup_supply + [p.startup for p in game.players]
    references = game.table.box + [p.reference for p in game.players]
    assert sorted(startups) == list(range(98, 98 + 15))
    assert sorted(references) == list(range(98 + 15, 98 + 15 + 5))


def test_reshuffle_the_startup_supply_before_each_player_chooses():
    """"They choose 1 and return the other 2; reshuffle before the next player chooses." The
    supply, the returned two back in it, is shuffled before each player's deal."""
    game = Game(model(), 3, seed=2, invariants=True)
    shuffled: list[int] = []
    shuffle = game.rng.shuffle

    def spy(cards):
        if cards is game.table.startup_supply:
            shuffled.append(len(cards))
        shuffle(cards)

    game.rng.shuffle = spy
    game.start(game.setup())
    deals = 0
    while (decision := game.decision()) is not None:
        deals += 1
        assert shuffled == [15 - i for i in range(deals)]   # a fresh shuffle of the whole supply
        game.apply(decision.options[0])
    assert deals == 3


# --- Play up to two cards / One card, one use ----------------------------------------------------
@pytest.mark.parametrize("card_id", ["poach", "founder_scandal", "cease_and_desist", "strategic_alliance",
                                     "ditch", "patent_lawsuit", "pr_crisis", "golden_handcuffs",
                                     "non_compete", "offer_they_cant_refuse", "not_for_sale",
                                     "crisis_pr_team", "best_lawyers_in_town"])
def test_attacks_and_defenses_are_worth_only_10m_when_banked(card_id):
    """"Most attacks and defenses are worth only $10M when banked." Banking any tactic or
    reaction adds $10M, whatever its effect."""
    game, _ = table(3)
    card = hand(game, 0, card_id)[0]
    assert game.perform(0, Action("bank", card)) == 1
    assert game.valuation(0) == 60 and game.players[0].bank == [card]


def test_ongoing_effects_are_kept_apart_from_banked_cards():
    """"Keep ongoing effects sideways beside the affected startup, or attached beneath their
    Employee, to distinguish them from banked cards." A resolved PR Crisis and Patent Lawsuit lie
    beside the target, a Non-Compete under its Employee, the Strategic Alliance between the
    partners: none is in a bank, and every seat sees each where it lies."""
    game, _ = table(3)
    employee = bank(game, 0, "cto")[0]
    nc = hand(game, 0, "non_compete")[0]
    use(game, 0, nc, 0, employee)
    crisis, lawsuit, alliance = hand(game, 0, "pr_crisis", "patent_lawsuit", "strategic_alliance")
    use(game, 0, crisis, 1)
    use(game, 0, lawsuit, 1)
    use(game, 0, alliance, 2)
    banks = [c for p in game.players for c in p.bank]
    assert banks == [employee] and not {nc, crisis, lawsuit, alliance} & set(game.table.discard)
    for seat in range(3):
        obs = game.observation(seat)
        assert dict(obs.players[0].attachments) == {employee: nc}
        assert obs.players[1].markers == (crisis, lawsuit)
        assert obs.alliances == ((0, 2, alliance),)
    assert (game.valuation(0), game.valuation(1)) == (150, 0)


# --- What can Poach take? -----------------------------------------------------------------------
def test_poach_never_takes_an_attached_defense():
    """"Never take a Startup identity, a Reference, an active alliance or an active effect marker."
    A Non-Compete under its Employee is no target of its own: Poach aims at banked cards only."""
    game, _ = table(3)
    employee = bank(game, 1, "cto")[0]
    game.players[1].attachments[employee] = take(game, "non_compete")
    poach = hand(game, 0, "poach")[0]
    assert [a for a in game.legal_actions(0) if a.kind == "use"] == [Action("use", poach, 1, employee)]


# --- Reactions are immediate --------------------------------------------------------------------
@pytest.mark.parametrize(("attack", "reaction", "target_card"), [
    ("poach", "golden_handcuffs", "cto"),
    ("ditch", "golden_handcuffs", "cto"),
    ("cease_and_desist", "best_lawyers_in_town", "viral_launch"),
    ("founder_scandal", "crisis_pr_team", None),
    ("investor", "not_for_sale", None),
    ("pr_crisis", "crisis_pr_team", None),
    ("patent_lawsuit", "best_lawyers_in_town", None),
])
def test_pause_before_an_attack_or_investor_resolves(attack, reaction, target_card):
    """"Pause before an attack or Investor resolves. The target may use one matching reaction from
    hand." While the target may answer, nothing of the attack has happened: no card moved, no
    marker placed, no Investor given, the alliance intact."""
    game, _ = table(3)
    marker = ally(game, 0, 1) if attack == "ditch" else None
    target = bank(game, 1, target_card)[0] if target_card else None
    held = hand(game, 1, "seed_round", reaction)
    card = hand(game, 0, attack)[0]
    before = ([list(p.bank) for p in game.players], [list(p.hand) for p in game.players],
              [list(p.markers) for p in game.players])
    before[1][0].remove(card)                   # the attack card itself is out, resolving
    decision = game.asks(game.engine.perform(0, Action("use", card, 1, target)))
    assert (decision.tag, decision.seat, decision.options) == ("react", 1, (held[1], None))
    assert game.table.resolving == [card] and game.attack.card == card
    assert before == ([list(p.bank) for p in game.players], [list(p.hand) for p in game.players],
                      [list(p.markers) for p in game.players])
    assert game.table.alliances == ({} if marker is None else {(0, 1): marker})
    game.engine.apply(held[1])                  # the reaction cancels or reverses it
    assert game.decision() is None or game.decision().tag == "reversal"


def test_the_target_uses_one_matching_reaction_not_two():
    """"The target may use one matching reaction from hand." Holding two Crisis PR Teams, the
    target spends one to cancel the PR Crisis and keeps the other."""
    game, bots = table(3)
    teams = hand(game, 1, "crisis_pr_team", "crisis_pr_team")
    bots[1].reacts_with = {"crisis_pr_team"}
    crisis = hand(game, 0, "pr_crisis")[0]
    use(game, 0, crisis, 1)
    assert game.players[1].markers == [] and bots[1].asked == ["respond"]
    assert len(game.players[1].hand) == 1 and game.players[1].hand[0] in teams
    assert sorted(ids(game, game.table.discard)) == ["crisis_pr_team", "pr_crisis"]


def test_only_the_current_partner_may_defend():
    """"The target may use one matching reaction from hand, or their current partner may defend on
    their behalf." Once a Ditch has ended the alliance, the former partner is not asked."""
    game, bots = table(3)
    ally(game, 1, 2)
    hand(game, 2, "crisis_pr_team")
    bots[2].reacts_with = {"crisis_pr_team"}
    use(game, 2, hand(game, 2, "ditch")[0], 1, bank(game, 1, "seed_round")[0])
    assert game.players[1].partner is None
    crisis = hand(game, 0, "pr_crisis")[0]
    use(game, 0, crisis, 1)
    assert game.players[1].markers == [crisis] and "respond" not in bots[2].asked


def test_a_partner_may_cancel_the_whole_investor_exchange():
    """"Their current partner may defend on their behalf" with "Not For Sale cancels the entire
    exchange: no valuation is added and no hand card transfers. Discard the Investor and
    defense." """
    game, bots = table(3)
    ally(game, 1, 2)
    kept = hand(game, 1, "series_a")
    hand(game, 2, "not_for_sale")
    bots[2].reacts_with = {"not_for_sale"}
    inv = hand(game, 0, "investor")[0]
    use(game, 0, inv, 1)
    assert game.players[1].hand == kept and game.valuation(1) == 50
    assert game.players[0].hand == [] and game.players[2].hand == []
    assert sorted(ids(game, game.table.discard)) == ["investor", "not_for_sale"]


# --- Founder Scandal ------------------------------------------------------------------------------
def test_the_stolen_card_adds_no_valuation_until_banked():
    """"The stolen card adds no valuation until banked." Once the thief banks it, it counts."""
    game, bots = table(3)
    hand(game, 1, "series_c")
    bots[0].picks = "series_c"
    use(game, 0, hand(game, 0, "founder_scandal")[0], 1)
    (stolen,) = game.players[0].hand
    assert game.valuation(0) == 50 and game.valuation(1) == 50
    game.perform(0, Action("bank", stolen))
    assert game.valuation(0) == 200


# --- Trade one card each --------------------------------------------------------------------------
def test_a_traded_card_is_neither_banked_nor_activated():
    """"Both hand sizes stay the same. Neither card is banked or activates its effect; valuations
    stay unchanged." A PR Crisis traded for a Poach places no marker and takes nothing."""
    game, bots = table(3)
    ally(game, 0, 1)
    bank(game, 0, "cto")
    bank(game, 1, "series_a")
    mine = hand(game, 0, "pr_crisis", "seed_round")
    theirs = hand(game, 1, "poach", "lead_engineer", "series_b")
    bots[1].reply = "poach"
    assert game.perform(0, Action("trade", mine[0], 1)) == 1
    assert (len(game.players[0].hand), len(game.players[1].hand)) == (2, 3)
    assert mine[0] in game.players[1].hand and theirs[0] in game.players[0].hand
    assert [len(p.bank) for p in game.players] == [1, 1, 0] and all(p.markers == [] for p in game.players)
    assert (game.valuation(0), game.valuation(1)) == (150, 150)
    assert game.played["pr_crisis"] == game.played["poach"] == 0 and game.table.discard == []


# --- Patent Lawsuit ---------------------------------------------------------------------------------
def test_a_lawsuit_removed_by_a_partner_skips_no_turn():
    """"A partner can spend a card play to remove it before the skipped turn arrives." The target's
    next turn is then played whole: a draw and its card plays."""
    game, bots = table(3)
    ally(game, 1, 2)
    lawsuit = hand(game, 0, "patent_lawsuit")[0]
    use(game, 0, lawsuit, 1)
    assert game.players[1].markers == [lawsuit]
    use(game, 2, hand(game, 2, "best_lawyers_in_town")[0], 1, lawsuit)
    card = hand(game, 1, "series_a")[0]
    bots[1].plays = [Action("bank", card)]
    before = len(game.table.draw_pile)
    game.take_turn(1)
    assert game.players[1].bank == [card] and len(game.players[1].hand) == 1
    assert len(game.table.draw_pile) == before - 1 and game.counters["turns_skipped"] == 0


# --- When the draw pile runs out --------------------------------------------------------------------
def test_skip_draws_until_cards_are_discarded():
    """"If both piles are empty, skip draws until cards are discarded." The first card discarded
    after a skipped draw is shuffled into a new pile and drawn at the next draw."""
    game, _ = table(3)
    poach = take(game, "poach")
    game.players[2].bank.extend(game.table.draw_pile)
    game.table.draw_pile.clear()
    game.players[0].hand.append(poach)
    game.draw(1)
    assert game.players[1].hand == [] and game.counters["draws_skipped"] == 1
    use(game, 0, poach, 2, game.players[2].bank[0])          # Poach is discarded after resolving
    assert game.table.discard == [poach]
    game.draw(1)
    assert game.players[1].hand == [poach] and game.counters["reshuffles"] == 1
    assert game.table.discard == [] and game.table.draw_pile == []

