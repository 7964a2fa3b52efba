"""Schema problems: the right rule, a designer-readable message, and the line of the value."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data.documents import read_document

COMPANY = """\
game: briefcase
kind: companies
companies:
  - id: steel_factory
    name: Steel Factory
    level: 1
    cost: 2
    vp: 1
    activation: {personnel: 1, concrete: 1}
    production: {buy: 1}
    copies: {2: 2, 3: 3, 4: 4}
    ability: {effect: resource_as, as: steel, from: any, text: "Any resource as {steel}."}
    authored: [cost, vp, activation, production, copies]
"""


def problems(tmp_path: Path, text: str):
    path = tmp_path / "companies.yaml"
    path.write_text(text, encoding="utf-8")
    return read_document(path)[1]


def edit(old: str, new: str) -> str:
    assert old in COMPANY
    return COMPANY.replace(old, new, 1)


def one(found):
    assert len(found) == 1, [p.format() for p in found]
    return found[0]


def test_the_base_company_is_valid(tmp_path):
    assert problems(tmp_path, COMPANY) == []


# One edit of the valid company, the one problem it causes: (rule, line, col, message).
ONE_EDIT = {
    "wrong_type": ("    vp: 1", "    vp: one", (
        "schema-type", 8, 9, 'Steel Factory vp: expected a whole number, got "one"')),
    "wrong_type_among_alternatives": ("cost: 2", "cost: two", (
        "schema-type", 7, 11, 'Steel Factory cost: expected a whole number or null, got "two"')),
    "a_whole_number_written_with_a_decimal_point_is_not_one": ("    vp: 1", "    vp: 1.0", (
        "schema-type", 8, 9, "Steel Factory vp: expected a whole number, got 1.0")),
    "a_number_in_exponent_form_is_a_number": ("cost: 2", "cost: 2e0", (
        "schema-type", 7, 11, "Steel Factory cost: expected a whole number or null, got 2.0")),
    "out_of_range_inside_an_alternative_is_a_range_problem": ("cost: 2", "cost: -1", (
        "schema-range", 7, 11, "Steel Factory cost: -1 is out of range: must be at least 0")),
    "unknown_key_with_did_you_mean": ("    vp: 1\n", "    vp: 1\n    permanant: true\n", (
        "schema-unknown-key", 9, 5, "Steel Factory: unknown key 'permanant' (did you mean 'permanent'?)")),
    "unknown_key_among_fixed_names": ("production: {buy: 1}", "production: {by: 1}", (
        "schema-unknown-key", 10, 18, "Steel Factory production: unknown key 'by' (did you mean 'buy'?)")),
    "unknown_ability_parameter": ("from: any,", "from: any, count: 2,", (
        "schema-unknown-key", 12, 58,
        # No near miss: the keys the effect takes are named instead.
        "Steel Factory ability: unknown key 'count'; known keys: effect, text, per_activation, as, from, "
        "per_turn")),
    "missing_key_points_at_the_mapping": ("    name: Steel Factory\n", "", (
        "schema-required", 4, 5, "steel_factory: missing required key 'name'")),
    "missing_player_count_in_copies": ("copies: {2: 2, 3: 3, 4: 4}", "copies: {2: 2, 3: 3}", (
        "schema-required", 11, 13, "Steel Factory copies: missing required key '4'")),
    "mapping_where_a_list_is_expected": (
        "authored: [cost, vp, activation, production, copies]", "authored: {cost: true}", (
            "schema-type", 13, 15, 'Steel Factory authored: expected a list, got {"cost": true}')),
    "list_where_a_mapping_is_expected": (
        "activation: {personnel: 1, concrete: 1}", "activation: [personnel]", (
            "schema-type", 9, 17, 'Steel Factory activation: expected a mapping, got ["personnel"]')),
    "value_fitting_no_alternative_names_the_alternatives": (
        'ability: {effect: resource_as, as: steel, from: any, text: "Any resource as {steel}."}',
        'ability: {effect: cards_as, count: 2, same_type: true, as: buy, text: "t"}', (
            "schema-type", 12, 64, 'Steel Factory ability.as: expected "any" or a list, got "buy"')),
    "repeated_list_item": ("    level: 1\n", "    level: 1\n    aliases: [Steel Mill, Steel Mill]\n", (
        "schema-uniqueitems", 7, 27, 'Steel Factory aliases: "Steel Mill" is listed more than once')),
    "empty_text": ('text: "Any resource as {steel}."', 'text: ""', (
        "schema-minlength", 12, 64, "Steel Factory ability.text: must not be empty")),
    "malformed_id_says_what_an_id_looks_like": ("id: steel_factory", "id: Steel Factory", (
        "schema-pattern", 4, 9, 'Steel Factory id: "Steel Factory" is not a valid id: use lowercase '
        "letters, digits and '_', starting with a letter")),
    "empty_production": ("production: {buy: 1}", "production: {}", (
        "schema-minproperties", 10, 17, "Steel Factory production: must not be empty")),
}


@pytest.mark.parametrize("old, new, expected", ONE_EDIT.values(), ids=ONE_EDIT.keys())
def test_one_edit_gives_one_problem_at_its_value(tmp_path, old, new, expected):
    p = one(problems(tmp_path, edit(old, new)))
    assert (p.rule, p.line, p.col, p.message) == expected


def test_every_unknown_key_of_one_mapping_is_reported(tmp_path):
    found = problems(tmp_path, edit("    vp: 1\n", "    vp: 1\n    colour: red\n    permanant: true\n"))
    assert [(p.rule, p.line) for p in found] == [("schema-unknown-key", 9), ("schema-unknown-key", 10)]
    assert "'colour'" in found[0].message and "'permanant'" in found[1].message


def test_enum_with_did_you_mean(tmp_path):
    p = one(problems(tmp_path, edit("effect: resource_as", "effect: resource_ass")))
    assert (p.rule, p.line, p.col) == ("schema-enum", 12, 23)
    assert "did you mean 'resource_as'?" in p.message


def test_effect_parameter_of_the_wrong_kind(tmp_path):
    p = one(problems(tmp_path, edit("as: steel", "as: buy")))
    assert (p.rule, p.line) == ("schema-enum", 12)
    assert p.message.startswith('Steel Factory ability.as: "buy" is not one of: personnel, steel')


def test_too_few_and_too_many_items(tmp_path):
    game = "game: briefcase\nkind: game\nname: B\nplayers: {min: 2, max: 4, default: 4}\n"
    path = tmp_path / "game.yaml"
    path.write_text(game + "card_size_mm: [63]\n", encoding="utf-8")
    p = one(read_document(path)[1])
    assert (p.rule, p.line) == ("schema-minitems", 5)
    assert p.message == "card_size_mm: needs at least 2 items, has 1"
    path.write_text(game + "card_size_mm: [63, 88, 90]\n", encoding="utf-8")
    p = one(read_document(path)[1])
    assert (p.rule, p.message) == ("schema-maxitems", "card_size_mm: takes at most 2 items, has 3")


def test_several_problems_of_one_file_are_all_reported_in_order(tmp_path):
    text = edit("    vp: 1", "    vp: one").replace("level: 1", "level: 3").replace("{buy: 1}", "{by: 1}")
    found = problems(tmp_path, text)
    assert [(p.line, p.rule) for p in found] == [
        (6, "schema-enum"), (8, "schema-type"), (10, "schema-unknown-key")]


def test_messages_are_one_line(tmp_path):
    text = edit("    vp: 1", "    vp: 'multi\n\n      line'")
    p = one(problems(tmp_path, text))
    assert "\n" not in p.message and "\\n" in p.message
