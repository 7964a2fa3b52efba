"""How a problem is printed: one line, path:line:col: severity[rule]: message."""

import json

from cardgen.problems import Problem, problems_to_json, quoted, shorten


def test_format_is_one_line_with_path_line_col_rule():
    p = Problem("cards/x.yaml", 3, 7, "schema-type", "expected a list")
    assert p.format() == "cards/x.yaml:3:7: error[schema-type]: expected a list"


def test_a_line_break_in_a_value_does_not_break_the_line():
    p = Problem("x.yaml", 1, 1, "schema-unknown-key", "unknown key 'a\nb\r'")
    assert p.format() == "x.yaml:1:1: error[schema-unknown-key]: unknown key 'a\\nb\\r'"


def test_json_keeps_every_field():
    p = Problem("x.yaml", 2, 3, "rule", "message", "note")
    assert json.loads(problems_to_json([p])) == [
        {"path": "x.yaml", "line": 2, "col": 3, "rule": "rule", "message": "message", "severity": "note"}]


def test_a_value_in_a_message_reads_as_json_and_never_fails():
    shown = [quoted(v) for v in (None, True, "x", ("a", 1), [None])]
    assert shown == ["null", "true", '"x"', '["a", 1]', "[null]"]
    assert quoted(float("nan")) == "nan"                         # JSON has no NaN: as Python shows it
    assert quoted(10 ** 5000) == quoted([1, 10 ** 5000]) == "a number too long to show"
    assert len(quoted("x" * 10_000)) <= 60


def test_shorten_by_words_cuts_at_the_last_word_that_fits_and_marks_the_cut():
    assert shorten("adds 2 Energy resource cards to storage.", 22, words=True) == "adds 2 Energy…"


def test_shorten_by_words_cuts_a_single_long_word_where_it_must():
    assert shorten("x" * 30, 10, words=True) == "x" * 9 + "…"
