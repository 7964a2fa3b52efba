"""The open rule questions the engine decides where the startup text (seed 002) is silent or reads
two ways: one test per authored ruling of ``cards/startup/rulings.yaml``, named after it
(``test_<ruling id>``), which sets up a state and asserts the engine's reading, so a change of
reading fails here and is recorded in the ruling too. Where an older test already asserts part
of a reading, the test names it."""

from __future__ import annotations

import pytest

from cardgen.games.startup.engine import Action, Game
from tests.rule_texts import SEEDS, authored_rulings, unquoted, untested
from tests.startup.table import ally, bank, hand, model, table, take, use

# The rule text the rulings quote.
TEXT = SEEDS / "002_a929ec39905796c9.txt"


def test_every_authored_ruling_has_its_rule_test():
    rulings = authored_rulings("startup")
    assert len(rulings) >= 8
    assert untested(rulings, {name for name in globals() if name.startswith("test_")}) == []


@pytest.mark.skipif(not TEXT.exists(), reason="the rule text is not beside the repository")
def test_every_authored_ruling_quotes_the_rule_text_word_for_word():
    assert unquoted(authored_rulings("startup"), [TEXT]) == []


def test_reshuffle_at_the_next_draw():
    """The discard pile becomes the draw pile when a draw finds the pile empty: a card discarded
    after the last card was drawn is in the new pile. (test_rules'
    test_reshuffle_the_discard_pile_when_the_draw_pile_runs_out reshuffles at a draw too.)"""
    game, _ = table(3)
    last = take(game, "series_a")
    game.table.discard.extend(game.table.draw_pile)
    game.table.draw_pile[:] = [last]
    game.draw(0)
    assert game.players[0].hand == [last] and game.table.draw_pile == []
    assert game.counters["reshuffles"] == 0                   # not when the last card is drawn
    crisis = hand(game, 1, "pr_crisis")[0]
    use(game, 1, crisis, 2)
    game.players[2].markers.remove(crisis)                    # (then discarded, after the last draw)
    game.table.discard.append(crisis)
    pile = len(game.table.discard)
    game.draw(0)
    assert game.counters["reshuffles"] == 1 and len(game.table.draw_pile) == pile - 1
    assert crisis in game.table.draw_pile + game.players[0].hand and game.table.discard == []


def test_valuation_floor_on_the_total():
    """$50M with two PR Crises is $0; removing one leaves $0, removing the second $50M."""
    game, _ = table(3)
    crises = [take(game, "pr_crisis"), take(game, "pr_crisis")]
    game.players[0].markers.extend(crises)
    assert game.valuation(0) == 0
    use(game, 0, hand(game, 0, "crisis_pr_team")[0], 0, crises[0])
    assert game.valuation(0) == 0
    use(game, 0, hand(game, 0, "crisis_pr_team")[0], 0, crises[1])
    assert game.valuation(0) == 50


def test_target_answers_first():
    """Both the target and its partner hold a Crisis PR Team: the target is asked first; the
    partner only once the target lets the PR Crisis pass."""
    game, _ = table(3)
    ally(game, 1, 2)
    mine = hand(game, 1, "crisis_pr_team")[0]
    partners = hand(game, 2, "crisis_pr_team")[0]
    crisis = hand(game, 0, "pr_crisis")[0]
    decision = game.asks(game.engine.perform(0, Action("use", crisis, 1)))
    assert (decision.tag, decision.seat, decision.options) == ("react", 1, (mine, None))
    game.engine.apply(None)
    decision = game.decision()
    assert (decision.tag, decision.seat, decision.options) == ("react", 2, (partners, None))
    game.engine.apply(partners)
    assert game.decision() is None and game.players[1].markers == [] and game.players[1].hand == [mine]


def test_an_attacking_partner_does_not_defend():
    """A partner's own PR Crisis: the attacking partner, holding a Crisis PR Team, is not asked."""
    game, bots = table(3)
    ally(game, 0, 1)
    team = hand(game, 0, "crisis_pr_team")[0]
    bots[0].reacts_with = {"crisis_pr_team"}
    crisis = hand(game, 0, "pr_crisis")[0]
    use(game, 0, crisis, 1)
    assert game.players[1].markers == [crisis] and game.players[0].hand == [team]
    assert "respond" not in bots[0].asked and game.players[0].partner == 1


def test_investor_card_taken_unseen():
    """The Investor is face up in the target's startup for every seat; the card taken is asked of
    nobody and shown to nobody. (test_rules' test_the_investor_exchange_shows_the_investor_face_up
    _and_no_hand_card asserts the same with a reaction window open.)"""
    game, bots = table(3)
    hand(game, 1, "series_a", "series_b")
    inv = hand(game, 0, "investor")[0]
    use(game, 0, inv, 1)
    assert all(b.asked == [] for b in bots)                   # no pick, no reveal asked
    (taken,) = game.players[0].hand
    for seat in range(3):
        obs = game.observation(seat)
        assert obs.players[1].bank == (inv,) and obs.revealed == ()
        assert taken not in obs.discard and (taken in obs.hand) == (seat == 0)


def test_one_reference_per_player():
    """Each player has one Reference card in front of them; the others stay in the box."""
    for players in (3, 4, 5):
        game = Game(model(), players, seed=players, invariants=True)
        game.start(game.setup())
        while (decision := game.decision()) is not None:
            game.apply(decision.options[0])
        refs = [p.reference for p in game.players]
        assert None not in refs and len(set(refs)) == players
        assert len(game.table.box) == 5 - players
        assert not set(refs + game.table.box) & set(game.table.draw_pile)


def test_startups_chosen_in_seat_order():
    """The deals come to the seats in seat order, and the first player is picked only once every
    Startup is chosen (until then it is still the default, seat 0)."""
    firsts = set()
    for seed in range(6):
        game = Game(model(), 4, seed=seed, invariants=True)
        game.start(game.setup())
        seats, before = [], set()
        while (decision := game.decision()) is not None:
            seats.append(decision.seat)
            before.add(game.first_player)
            game.apply(decision.options[0])
        assert seats == [0, 1, 2, 3] and before == {0}
        firsts.add(game.first_player)
    assert firsts - {0}


def test_poach_at_a_protected_employee():
    """A Poach at an Employee with a Non-Compete under it is legal; the Non-Compete cancels it and
    both are discarded. (test_rules' test_attached_non_compete_cancels_the_next_poach_of_its_employee
    plays it.)"""
    game, _ = table(3)
    employee = bank(game, 1, "cto")[0]
    nc = take(game, "non_compete")
    game.players[1].attachments[employee] = nc
    poach = hand(game, 0, "poach")[0]
    assert Action("use", poach, 1, employee) in game.legal_actions(0)
    use(game, 0, poach, 1, employee)
    assert employee in game.players[1].bank and game.players[1].attachments == {}
    assert sorted(game.table.discard) == sorted([poach, nc])
