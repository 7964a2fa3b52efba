"""The startup game's data: it validates, and the meaning checks catch what they promise."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.startup.load import load_startup

runner = CliRunner()


def _edit(project: Path, name: str, old: str, new: str) -> Path:
    path = project / "cards" / "startup" / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _validate(project: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["validate", str(project / "cards" / "startup")])
    return result.exit_code, result.output


def test_shipped_startup_data_is_valid():
    result = runner.invoke(app, ["validate", "cards/startup"])
    assert result.exit_code == 0, result.output


def test_totals_hold_98_50_48_15_5():
    game = load_startup()
    assert game.draw_pile_size == 98
    assert sum(c.count for c in game.cards if not c.is_tactic) == 50
    assert sum(c.count for c in game.cards if c.is_tactic) == 48
    assert len(game.startup_types) * game.startup_copies == 15
    assert game.reference_count == 5


def test_values_fixed_by_the_text():
    game = load_startup()
    assert game.card("Chief Scientist").value == 125
    assert game.card("CTO").value == 100
    assert game.card("Investor").value == 50
    assert all(c.value == 10 for c in game.cards if c.is_tactic)


def test_wrong_total_is_reported_at_the_cards_list(project: Path):
    _edit(project, "deck.yaml", "value: 150, count: 2", "value: 150, count: 3")
    code, out = _validate(project)
    assert code == 1
    # Read as a sentence ("the cards add up to 99 the draw pile" was not one).
    assert "error[contents-draw-pile]: the cards add up to 99 draw-pile cards; the box has 98" in out
    assert "error[contents-value-cards]" in out


def test_value_out_of_range_is_reported_at_its_line(project: Path):
    path = _edit(project, "deck.yaml", "value: 150, count: 2", "value: 175, count: 2")
    code, out = _validate(project)
    assert code == 1
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "value: 175" in t)
    assert f"deck.yaml:{line - 1}:" in out or f"deck.yaml:{line}:" in out
    assert "error[value-range]" in out


def test_no_draw_a_turn_is_a_validation_error_at_its_line(project: Path):
    # With no draw the hands run dry and every simulated game stalls at the safety cap.
    path = _edit(project, "game.yaml", "  draws_per_turn: 1\n", "  draws_per_turn: 0\n")
    code, out = _validate(project)
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "draws_per_turn: 0" in t)
    assert code == 1
    assert f"game.yaml:{line}:19: error[schema-range]: rules.draws_per_turn: 0 is out of range: " \
           "must be at least 1" in out


def test_unknown_reaction_target_suggests_a_name(project: Path):
    _edit(project, "deck.yaml", "{against: investor, action: cancel", "{against: investr, action: cancel")
    code, out = _validate(project)
    assert code == 1
    assert "error[card-unknown]" in out and "did you mean 'investor'" in out


def test_a_duplicate_card_name_says_where_the_first_is(project: Path):
    # the message named no place, and the deck is 98 cards long
    path = _edit(project, "deck.yaml", "name: Founder Scandal", "name: Poach")
    first = path.read_text(encoding="utf-8").splitlines().index("    name: Poach") + 1
    code, out = _validate(project)
    assert code == 1
    assert ("error[card-duplicate]: card 'Poach' reuses the id or name 'poach' "
            f"(first used at line {first})") in out



def _value_at(path: Path, line_text: str, key: str, nth: int = 1) -> tuple[int, int]:
    """(line, col) of the value of ``key`` on the nth line that starts ``line_text`` (indented)."""
    lines = [(i, t) for i, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if t.strip().startswith(line_text)]
    i, t = lines[nth - 1]
    return i, t.index(f"{key}: ") + len(key) + 3


def test_a_duplicate_card_name_is_reported_at_the_name(project: Path):
    # It pointed at the card's first line (its id), not at the name at fault.
    path = _edit(project, "deck.yaml", "name: Founder Scandal", "name: Poach")
    line, col = _value_at(path, "name: Poach", "name", nth=2)
    _, out = _validate(project)
    assert f"deck.yaml:{line}:{col}: error[card-duplicate]: card 'Poach' reuses" in out, out


def test_a_duplicate_card_id_is_reported_at_the_id(project: Path):
    path = _edit(project, "deck.yaml", "  - id: cto\n", "  - id: chief_scientist\n")
    line, col = _value_at(path, "- id: chief_scientist", "id", nth=2)
    _, out = _validate(project)
    assert f"deck.yaml:{line}:{col}: error[card-duplicate]: card 'CTO' reuses the id or name " \
           "'chief_scientist'" in out, out


def test_a_startup_type_listed_twice_is_reported_at_its_id(project: Path):
    path = _edit(project, "components.yaml", "{id: fintech,", "{id: ai_lab,")
    text = path.read_text(encoding="utf-8")
    index = text.index("{id: ai_lab,", text.index("{id: ai_lab,") + 1) + len("{id: ")
    line, col = text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)
    _, out = _validate(project)
    assert f"components.yaml:{line}:{col}: error[startup-duplicate]: startup type 'ai_lab' is listed " \
           "twice" in out, out


def test_a_default_player_count_out_of_range_is_reported_at_the_default(project: Path):
    # It pointed at 'players:', two lines above the number at fault.
    path = _edit(project, "game.yaml", "  default: 4 ", "  default: 9 ")
    line, col = _value_at(path, "default: 9", "default")
    _, out = _validate(project)
    assert f"game.yaml:{line}:{col}: error[players-range]: players: default must lie between min and max" \
        in out, out


def test_effect_parameter_that_does_not_fit_its_kind(project: Path):
    _edit(project, "deck.yaml", "effect: {kind: take_banked, target: other}",
          "effect: {kind: take_banked, target: other, amount: 75}")
    code, out = _validate(project)
    assert code == 1
    assert "schema-unknown-key" in out and "'amount'" in out


def test_reverse_needs_an_attack_on_an_ally(project: Path):
    _edit(project, "deck.yaml", "{against: ditch, action: reverse, by: target}",
          "{against: poach, action: reverse, by: target}")
    code, out = _validate(project)
    assert code == 1
    assert "error[reaction-target]" in out


def test_unmarked_value_must_say_where_it_comes_from(project: Path):
    _edit(project, "deck.yaml", "text: \"Bank for $100M.\", authored: [name, value, count]}",
          "text: \"Bank for $100M.\", authored: [name, count]}")
    code, out = _validate(project)
    assert code == 1
    assert "error[provenance-unmarked]" in out and "'value'" in out


def test_unknown_ruling_suggests_a_name(project: Path):
    _edit(project, "deck.yaml", "ruling: lawsuit-removal", "ruling: lawsuit-removl")
    code, out = _validate(project)
    assert code == 1
    assert "error[ruling-unknown]" in out and "did you mean 'lawsuit-removal'" in out


def test_icon_unknown_in_the_reference_text(project: Path):
    path = _edit(project, "components.yaml", "Hand limit 7 at", "Hand limit 7 {tactik} at")
    code, out = _validate(project)
    assert code == 1
    text = path.read_text(encoding="utf-8")
    value = text.index("|-", text.index("references:"))
    line, col = text.count("\n", 0, value) + 1, value - text.rfind("\n", 0, value)
    assert (f"{path}:{line}:{col}: error[icon-unknown]: unknown icon {{tactik}} in references text "
            "(did you mean '{tactic}'?)") in out.splitlines()


def test_a_printed_effect_number_must_say_where_it_comes_from(project: Path):
    # PR Crisis's -$75M is printed ("Subtract $75M while it stays"): a fact like a card's value.
    _edit(project, "deck.yaml", '      amount: "Subtract $75M while it stays."\n', "")
    code, out = _validate(project)
    assert code == 1
    assert "error[provenance-unmarked]: PR Crisis: say where 'amount' comes from" in out


def test_an_authored_effect_number_is_listed_by_provenance(project: Path):
    # a PR Crisis of one's own at -$50M, its amount authored: --provenance listed its name,
    # value and count but not the amount, the number a designer had chosen
    path = _edit(project, "deck.yaml", '''    facts:
      name: "PR Crisis: a visible -$75M"
      value: "its printed +$10M bank value does not count."
      amount: "Subtract $75M while it stays."
    authored: [count]''', '''    facts:
      name: "PR Crisis: a visible -$75M"
      value: "its printed +$10M bank value does not count."
    authored: [count, amount]''')
    result = runner.invoke(app, ["validate", "--provenance", str(project / "cards" / "startup")])
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    at = text.index("75}", text.index("kind: penalty_marker"))
    line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    assert f"{path}:{line}:{col}: note[authored]: PR Crisis amount = 75" in result.output.splitlines()


def test_the_printed_rule_numbers_are_facts_and_the_rest_authored():
    """Every number the text prints is quoted under facts with its passage, and only those: the
    3-5 players are printed ("needs live testing with 3, 4 and 5 players"), the default of 4 is not."""
    import yaml

    from tests.conftest import REPO

    game = yaml.safe_load((REPO / "cards/startup/game.yaml").read_text(encoding="utf-8"))
    assert set(game["players"]["facts"]) == {"min", "max"} and game["players"]["authored"] == ["default"]
    assert "players" not in game["facts"]
    assert set(game["facts"]) | set(game["authored"]) == {"card_size_mm", *game["rules"]}
    assert set(game["authored"]) == {"card_size_mm", "seconds_per_turn"}
    deck = yaml.safe_load((REPO / "cards/startup/deck.yaml").read_text(encoding="utf-8"))
    cards = {c["id"]: c for c in deck["cards"]}
    assert "75" in cards["pr_crisis"]["facts"]["amount"] and cards["pr_crisis"]["effect"]["amount"] == 75
    assert "Only one pending Lawsuit" in cards["patent_lawsuit"]["facts"]["max_pending"]
    comp = yaml.safe_load((REPO / "cards/startup/components.yaml").read_text(encoding="utf-8"))
    for key, total in comp["contents"].items():
        if key not in ("facts", "authored"):
            assert str(total) in comp["contents"]["facts"][key], key


def test_a_rule_number_without_a_passage_is_an_error(project: Path):
    _edit(project, "game.yaml", '  hand_limit: "Whenever any effect takes your hand above 7, '
          'immediately choose and discard down to 7."\n', "")
    code, out = _validate(project)
    assert code == 1
    assert "error[provenance-unmarked]: game: say where 'hand_limit' comes from" in out


def test_shipped_card_texts_print_their_own_amounts():
    result = runner.invoke(app, ["validate", "cards/startup"])
    assert "text-amount" not in result.output, result.output


def test_a_value_changed_without_its_text_is_a_warning_at_the_text(project: Path):
    # The card would print "Bank for $150M." and be banked for $125M.
    path = _edit(project, "deck.yaml", "name: Global Rollout, category: growth, value: 150",
                 "name: Global Rollout, category: growth, value: 125")
    code, out = _validate(project)
    lines = path.read_text().splitlines()
    line = next(i for i, t in enumerate(lines, 1) if "Global Rollout" in t) + 2
    col = lines[line - 1].index('"Bank for $150M."') + 1
    assert (f"deck.yaml:{line}:{col}: warning[text-amount]: Global Rollout: its text prints $150M, which is "
            "not its value ($125M) nor an amount of its effect") in out, out


def test_a_penalty_changed_without_its_text_is_a_warning(project: Path):
    _edit(project, "deck.yaml", "amount: 75}", "amount: 50}")
    code, out = _validate(project)
    assert "warning[text-amount]: PR Crisis: its text prints $75M, which is not its value ($10M) " \
           "nor an amount of its effect ($50M)" in out, out


def test_a_reference_amount_no_rule_has_is_a_warning(project: Path):
    _edit(project, "game.yaml", "  win_valuation: 1000\n", "  win_valuation: 800\n")
    code, out = _validate(project)
    assert "warning[text-amount]: the Reference card prints $1,000M, which is no number of the rules, " \
           "the Startup's value or a card's" in out, out


def test_a_startup_value_the_printed_rule_line_does_not_say_is_a_warning(project: Path):
    _edit(project, "components.yaml", "  value: 50\n", "  value: 60\n")
    code, out = _validate(project)
    assert "warning[text-amount]: the Startup cards print \"Its $50M always counts. It can never be " \
           "taken or discarded.\" (a label of cardgen's), but the Startup's value here is $60M" in out, out


def test_a_printed_value_reads_back_as_the_amount_the_text_check_compares():
    # The card face and the text-amount check print money one way: "$1,000M" on a card is the
    # amount 1000 to the check, not 1 followed by other text.
    from cardgen.games.startup.checks import _amounts
    from cardgen.games.startup.model import money
    for amount in (0, 5, 125, 1000, 12_500):
        assert _amounts(f"Bank for {money(amount)}.") == [amount]
    assert money(1000) == "$1,000M"


def test_a_rule_listed_both_as_a_fact_and_as_authored_is_reported_in_the_authored_list(project: Path):
    # It pointed at 'rules:', though the game's facts and authored list are the file's own.
    path = _edit(project, "game.yaml", "authored: [card_size_mm, seconds_per_turn]",
                 "authored: [card_size_mm, seconds_per_turn, opening_hand]")
    text = path.read_text(encoding="utf-8")
    index = text.index("opening_hand]")
    line, col = text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)
    _, out = _validate(project)
    assert f"game.yaml:{line}:{col}: error[provenance-conflict]: game: 'opening_hand' is listed both as a " \
           "fact and as authored" in out, out
