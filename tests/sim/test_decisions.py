"""How a decision's choice reads for a person (``Decision.describe``): what `cardgen play` shows
of the bots' moves and `cardgen replay --show` of every step."""

from __future__ import annotations

import pytest

from cardgen.games.fmnyc.engine.ask import Ask
from cardgen.sim import decisions as d


def test_a_choice_reads_as_its_options_label():
    decision = d.choose(0, "crate", "Take which crate?", [(0, 8), (1, 2)],
                        ["the red crate", "the blue crate"])
    assert decision.describe((1, 2)) == "the blue crate"
    assert decision.describe([1, 2]) == "the blue crate"          # as a game log gives it back


def test_several_choices_read_as_their_labels_in_order_and_none_as_none():
    decision = d.choose_many(0, "discard", "Discard which?", ["a", "b", "c"], 0, 2,
                             ["Apple", "Bread", "Cheese"])
    assert decision.describe(["c", "a"]) == "Cheese, Apple"
    assert decision.describe([]) == "none"


def test_yes_and_no_read_as_words_and_an_unlabelled_option_as_itself():
    assert d.yes_no(1, "draw", "Draw?").describe(True) == "yes"
    assert d.choose(0, "card", "Play a card", [3, 7]).describe(7) == "7"


# A refused choice reads as the JSON a game log holds it (null, true, "name"), not as Python.

def test_a_refused_choice_is_quoted_as_json_at_every_kind():
    assert d.choose(0, "card", "Play", ["a", "b"]).check("x") == 'card: "x" is not one of the options'
    assert d.choose(0, "card", "Play", ["a", "b"]).check(None) == "card: null is not one of the options"
    assert d.choose(0, "card", "Play", ["a", "b"]).check(True) == "card: true is not one of the options"
    assert d.choose(0, "card", "Play", [("a", 1)]).check(("b", None)) == \
        'card: ["b", null] is not one of the options'
    assert d.act(0, "move", "Move", ["end"]).check("x") == 'move: "x" is not one of the legal actions'
    assert d.order(0, "start", "Order", ["a", "b"]).check(["a", None]) == \
        "start: null is not one of the items to order (or repeats)"
    assert d.choose_many(0, "discard", "Discard", ["a", "b"], 0, 2).check(["x"]) == \
        'discard: "x" is not one of the options (or repeats)'


def test_an_unknown_decision_kind_is_named_as_json_in_both_decision_classes():
    with pytest.raises(ValueError, match='unknown decision kind "pick"$'):
        d.Decision(0, "pick", "t", "prompt", ("a",))
    with pytest.raises(ValueError, match='unknown decision kind "pick"$'):
        Ask(0, "pick", "t", "prompt", ("a",), str)
