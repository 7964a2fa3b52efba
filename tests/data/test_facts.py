"""fact-value: a fact that is a number is the number its passage prints (as digits or a word),
or is listed under ``derived:`` with a working that gives it from the passage's numbers. The
same check runs in every game; each test edits a scratch copy of the shipped data (``project``)
and runs ``cardgen validate`` on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data.facts import checked_numbers, printed_numbers

runner = CliRunner()
LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>\w+)\[(?P<rule>[\w-]+)\]: "
                  r"(?P<msg>.*)$")


@pytest.fixture
def cards(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(project)
    return project / "cards"


def edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path.name}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def where(text: str, needle: str, after: str = "") -> tuple[int, int]:
    """(line, col) of ``needle`` in ``text``, the first after ``after``."""
    index = text.index(needle, text.index(after) if after else 0)
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def problems(game: str) -> list[dict]:
    result = runner.invoke(app, ["validate", f"cards/{game}"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return [m.groupdict() for m in map(LINE.match, result.stdout.splitlines()) if m]


def facts_reported(game: str) -> list[dict]:
    return [p for p in problems(game) if p["rule"] == "fact-value"]


# --- reading the numbers a passage prints ----------------------------------------------------

def test_the_numbers_a_passage_prints_as_the_texts_write_them():
    assert printed_numbers("Reach $1,000M or more") == {1000}
    assert printed_numbers("2-4 45min 12+") == {2, 4, 45, 12}
    assert printed_numbers("50 worth $50M-$150M") == {50, 150}          # a range, not -150
    assert printed_numbers("the Market Demand is -1") == {-1}
    assert printed_numbers("a visible -$75M") == {-75}
    assert printed_numbers("1st place; the 4/5th player; Coins: 30x 1") == {1, 4, 5, 30}
    assert printed_numbers("Five-card opening hands, twice, once") == {5, 2, 1}
    assert printed_numbers("half of that sum") == set()
    assert printed_numbers("9" * 5000) == set()                        # never fails


def test_only_numbers_and_flat_lists_and_mappings_of_numbers_are_checked():
    assert checked_numbers(3) == [([], 3)]
    assert checked_numbers({"energy": 2}) == [(["energy"], 2)]
    assert checked_numbers([1, 2]) == [([0], 1), ([1], 2)]
    for value in ("Reference", True, None, [], {}, {"first": "share_full"}, [{"kind": "gain"}],
                  {"2": [], "3": [3]}):
        assert checked_numbers(value) is None, value


# --- the shipped data ------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["briefcase", "startup", "fmnyc"])
def test_every_shipped_fact_is_printed_in_its_passage_or_derived(cards, game):
    assert facts_reported(game) == []


# --- a changed fact --------------------------------------------------------------------------

def test_a_changed_fact_is_reported_at_its_value_naming_the_value_and_the_passage(cards):
    text = edit(cards / "startup/game.yaml", "  hand_limit: 7\n", "  hand_limit: 8\n")
    [p] = facts_reported("startup")
    assert (p["path"], int(p["line"]), int(p["col"]), p["sev"]) == \
        ("cards/startup/game.yaml", *where(text, "8", "hand_limit: "), "warning")
    assert p["msg"] == (
        "game: hand_limit is 8, but the passage quoted for it under 'facts' does not print 8: "
        "\"Whenever any effect takes your hand above 7, immediately choose and discard down to 7.\"; "
        "put back the value the passage prints, or list 'hand_limit' under 'authored' (a value of "
        "your own) or under 'derived' (with how the passage gives 8)")


def test_a_changed_number_of_a_mapping_is_reported_at_that_number(cards):
    text = edit(cards / "briefcase/companies.yaml", "production: {energy: 2}", "production: {energy: 3}")
    [p] = facts_reported("briefcase")
    assert (int(p["line"]), int(p["col"])) == where(text, "3}", "production: {energy")
    assert p["msg"].startswith("Power Plant: production is energy: 3, but the passage quoted for it "
                               "under 'facts' does not print 3: \"Steel Factory example: activating "
                               "the Power Plant adds 2 Energy resource cards to storage.\"")


def test_a_changed_card_value_is_reported(cards):
    edit(cards / "startup/deck.yaml", "    value: 125\n", "    value: 150\n")
    [p] = facts_reported("startup")
    assert p["msg"].startswith("Chief Scientist: value is 150, but the passage")
    assert "including a Chief Scientist worth $125M." in p["msg"]


def test_a_fact_of_the_effect_a_card_holds_is_checked(cards):
    edit(cards / "startup/deck.yaml", "target: other, amount: 75}", "target: other, amount: 80}")
    [p] = facts_reported("startup")
    assert p["msg"].startswith("PR Crisis: amount is 80, but the passage")


def test_a_changed_member_of_a_list_is_reported(cards):
    edit(cards / "fmnyc/rules.yaml", "  workers_on_truck: [0, 2]", "  workers_on_truck: [0, 3]")
    [p] = facts_reported("fmnyc")
    assert p["msg"].startswith("delivery: workers_on_truck is 0, 3, but the passage quoted for it "
                               "under 'facts' does not print 3")


def test_a_fact_moved_to_authored_is_not_checked(cards):
    path = cards / "startup/game.yaml"
    edit(path, "  hand_limit: 7\n", "  hand_limit: 8\n")
    edit(path, '  hand_limit: "Whenever any effect takes your hand above 7, immediately choose and '
               'discard down to 7."\n', "")
    edit(path, "authored: [card_size_mm, seconds_per_turn]",
         "authored: [card_size_mm, seconds_per_turn, hand_limit]")
    assert problems("startup") == []


# --- the ways a passage may print it ---------------------------------------------------------

def test_the_value_spelled_as_a_word_passes(cards):
    edit(cards / "startup/game.yaml", "deal 5 hidden cards", "deal five hidden cards")
    edit(cards / "briefcase/companies.yaml", "adds 2 Energy resource cards", "adds two Energy resource cards")
    assert facts_reported("startup") == [] and facts_reported("briefcase") == []


def test_a_word_for_another_number_does_not(cards):
    edit(cards / "startup/game.yaml", "deal 5 hidden cards", "deal six hidden cards")
    [p] = facts_reported("startup")
    assert p["msg"].startswith("game: opening_hand is 5, but the passage")


def test_thousands_and_money_as_the_texts_print_them_pass(cards):
    # win_valuation: 1000 is printed "$1,000M"; shipped, it passes; written without the comma too.
    edit(cards / "startup/game.yaml", "Reach $1,000M or more", "Reach $1000M or more")
    assert facts_reported("startup") == []


# --- derived facts ---------------------------------------------------------------------------

COPIES = '    copies_per_type: "15 Startup cards / five types = 3 copies of each type"\n'


def test_a_derived_fact_passes_and_unmarked_it_is_reported(cards):
    # "Separate the 15 Startup cards ... All five startup types": 3 of each, never printed as such.
    assert facts_reported("startup") == []
    text = edit(cards / "startup/components.yaml", "  derived:\n" + COPIES, "")
    [p] = facts_reported("startup")
    assert (int(p["line"]), int(p["col"])) == where(text, "3", "copies_per_type: ")
    assert p["msg"].startswith("startups: copies_per_type is 3, but the passage quoted for it under "
                               "'facts' does not print 3: \"Separate the 15 Startup cards ... All five")


def test_a_changed_derived_fact_is_reported_against_its_working(cards):
    edit(cards / "startup/components.yaml", "  copies_per_type: 3\n", "  copies_per_type: 4\n")
    [p] = facts_reported("startup")
    assert p["msg"] == ("startups: copies_per_type is 4, but the working listed for it under 'derived' "
                        "does not give 4: \"15 Startup cards / five types = 3 copies of each type\"; "
                        "correct the working, or put back the value it gives")


def test_a_working_that_uses_a_number_the_passage_does_not_print_is_reported(cards):
    text = edit(cards / "startup/components.yaml", COPIES,
                '    copies_per_type: "16 Startup cards / five types = 3 copies of each type"\n')
    [p] = facts_reported("startup")
    assert (int(p["line"]), int(p["col"])) == where(text, "\"16 Startup")
    assert p["msg"].startswith("startups: the working of copies_per_type uses 16, which its passage "
                               "does not print: \"Separate the 15 Startup cards")


def test_a_derived_field_must_be_a_fact(cards):
    path = cards / "startup/components.yaml"
    edit(path, '    value: "Put your chosen Startup face-up. Its $50M always counts."\n', "")
    edit(path, "  authored: [names]\n", "  authored: [names, value]\n")
    text = edit(path, COPIES, COPIES + '    value: "the $50M it counts"\n')
    found = facts_reported("startup")
    assert [p["msg"] for p in found] == [
        "startups: 'value' is listed under 'derived' but not under 'facts': quote the passage its "
        "value is worked out from under 'facts'"]
    assert int(found[0]["line"]) == where(text, 'value: "the $50M')[0]


# --- what is not a number --------------------------------------------------------------------

def test_a_fact_that_is_not_a_number_is_not_checked(cards):
    # The name is a fact ("... a Chief Scientist worth $125M"); a text is not held to its passage.
    edit(cards / "startup/deck.yaml", "    name: Chief Scientist\n", "    name: Chief Engineer\n")
    assert facts_reported("startup") == []
    # Nor an effect list, though it holds numbers ("Collect 3 Coins"): not a flat list of numbers.
    edit(cards / "fmnyc/stages.yaml", "- {kind: gain, items: {coin: 3}}\n      - {kind: place_roadblock",
         "- {kind: gain, items: {coin: 4}}\n      - {kind: place_roadblock")
    assert facts_reported("fmnyc") == []


def test_a_changed_fact_is_a_warning_and_the_game_still_builds(cards, tmp_path):
    # The value still plays and prints as given; only the data's claim about the text is off (a
    # workspace's copy of a data file from before a fact was marked derived must still build).
    edit(cards / "startup/game.yaml", "  hand_limit: 7\n", "  hand_limit: 8\n")
    assert runner.invoke(app, ["validate", "cards/startup"]).exit_code == 0
    result = runner.invoke(app, ["build", "startup", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "startup-en-cards.pdf").is_file()
