"""How a decision's choice reads for a person (``Decision.describe``): what `cardgen play` shows
of the bots' moves and `cardgen replay --show` of every step."""

from __future__ import annotations

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
