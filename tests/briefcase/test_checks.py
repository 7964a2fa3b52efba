"""Briefcase meaning checks: one test per rule, each made by breaking a scratch copy of the
shipped data and running ``cardgen validate`` on it. Positions are found in the edited text so
the tests follow the data when it is re-laid out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()
LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>\w+)\[(?P<rule>[\w-]+)\]: "
                  r"(?P<msg>.*)$")
BRIEFCASE = "cards/briefcase"


@dataclass(frozen=True)
class Reported:
    path: str
    line: int
    col: int
    rule: str
    message: str


@pytest.fixture
def data(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(project)
    return project / BRIEFCASE


def edit(folder: Path, name: str, old: str, new: str) -> str:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """(line, col) of the nth occurrence of ``needle`` in ``text``."""
    index = -1
    for _ in range(nth):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def value_at(text: str, after: str, needle: str) -> tuple[int, int]:
    """(line, col) of the value of ``needle`` (``key: value``), first found after ``after``."""
    index = text.index(needle, text.index(after))
    index += len(needle.split(": ")[0]) + 2 if ": " in needle else 0
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def validate(*args: str) -> tuple[int, list[Reported]]:
    result = runner.invoke(app, ["validate", *(args or (BRIEFCASE,))])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    found = []
    for line in result.stdout.splitlines():
        m = LINE.match(line)
        assert m, f"not a problem line: {line!r}"
        found.append(Reported(m["path"], int(m["line"]), int(m["col"]), m["rule"], m["msg"]))
    return result.exit_code, found


def only(*args: str) -> Reported:
    code, found = validate(*args)
    assert code == 1
    assert len(found) == 1, found
    return found[0]


def beside_facts(*args: str, facts: int = 1) -> Reported:
    """The one problem of the rule a test breaks, beside the ``fact-value`` problems its edit
    makes by changing ``facts`` printed numbers (each no longer the one its passage prints)."""
    code, found = validate(*args)
    assert code == 1
    assert [p.rule for p in found].count("fact-value") == facts, found
    others = [p for p in found if p.rule != "fact-value"]
    assert len(others) == 1, found
    return others[0]


def at(p: Reported, path: str, pos: tuple[int, int]) -> None:
    assert (p.path, p.line, p.col) == (f"{BRIEFCASE}/{path}", *pos)


STEEL_COPIES = "copies: {2: 2, 3: 3, 4: 4}\n    ability: {effect: resource_as, as: steel"
SIMPLE = "companies: [Steel Factory, Construction Firm, Cargo Company"


def test_shipped_data_passes(data):
    assert validate() == (0, [])


def test_set_size(data):
    text = edit(data, "sets.yaml", SIMPLE, "companies: [Steel Factory, Cargo Company")
    p = only()
    assert p.rule == "set-size"
    at(p, "sets.yaml", where(text, "[Steel Factory, Cargo"))
    assert p.message == "Simple Game: a set has 8 level-1 companies; this one has 7"


def test_set_duplicate(data):
    text = edit(data, "sets.yaml", SIMPLE, "companies: [Steel Factory, Steel Factory, Cargo Company")
    p = only()
    assert p.rule == "set-duplicate"
    at(p, "sets.yaml", where(text, "Steel Factory", 2))
    assert p.message == "Simple Game: Steel Factory is listed twice (first as item 1)"


def test_set_starting_company(data):
    text = edit(data, "sets.yaml", SIMPLE, "companies: [Steel Factory, Power Plant, Cargo Company")
    code, found = validate()
    assert code == 1
    starting = [p for p in found if p.rule == "set-starting-company"]
    assert len(starting) == 1 and {p.rule for p in found} == {"set-starting-company", "set-size"}
    at(starting[0], "sets.yaml", where(text, "Power Plant"))
    assert starting[0].message == "Simple Game: Power Plant is a starting company and never part of a set"


def test_set_unknown_company(data):
    text = edit(data, "sets.yaml", SIMPLE,
                "companies: [Steel Factory, Construction Compny, Cargo Company")
    p = only()
    assert p.rule == "set-unknown-company"
    at(p, "sets.yaml", where(text, "Construction Compny"))
    assert p.message == ("Simple Game: no company named 'Construction Compny' "
                         "(did you mean 'Construction Company'?)")


@pytest.mark.parametrize("name", ["Construction Firm", "construction firm", "Construction Company",
                                  "construction_company"])
def test_set_names_resolve_through_name_alias_and_id(data, name):
    edit(data, "sets.yaml", SIMPLE, f"companies: [Steel Factory, {name}, Cargo Company")
    assert validate() == (0, [])


def test_copies_zero(data):
    text = edit(data, "companies.yaml", STEEL_COPIES, STEEL_COPIES.replace("{2: 2", "{2: 0"))
    p = only()
    assert p.rule == "copies-zero"
    at(p, "companies.yaml", where(text, "{2: 0"))
    assert p.message == "Steel Factory has no copies at 2 players, so no set can use it there"


def test_copies_order(data):
    # 4, 3, 2 keeps the most copies at 4, so the box total still matches the Contents list.
    text = edit(data, "companies.yaml", STEEL_COPIES,
                STEEL_COPIES.replace("{2: 2, 3: 3, 4: 4}", "{2: 4, 3: 3, 4: 2}"))
    p = only()
    assert p.rule == "copies-order"
    at(p, "companies.yaml", where(text, "{2: 4, 3: 3, 4: 2}"))
    assert p.message == ("Steel Factory: copies must not drop as players are added "
                         "(4, 3, 2 at 2, 3, 4 players)")


def test_contents_company_cards(data):
    edit(data, "components.yaml", "company_cards: 97", "company_cards: 96")
    companies = (data / "companies.yaml").read_text(encoding="utf-8")
    p = only()
    assert p.rule == "contents-company-cards"
    assert p.message == "the companies add up to 97 company cards; the Contents list says 96"
    at(p, "companies.yaml", where(companies, "- id: power_plant"))


def test_contents_randomizers(data):
    edit(data, "components.yaml", "company_randomizers: 29", "company_randomizers: 30")
    p = only()
    assert p.rule == "contents-randomizers"
    assert p.message == "29 companies need randomizers; the Contents list says 30"


def test_setup_exceeds_box_for_a_resource(data):
    text = edit(data, "setup.yaml", "steel: 5,", "steel: 6,")
    p = only()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", where(text, "6,"))
    assert p.message == "4 players need 24 Steel cards; the box has 20"


def test_setup_exceeds_box_points_at_the_bank_when_the_bank_is_too_big(data):
    text = edit(data, "setup.yaml", "decision_bank_per_player: {buy: 12}",
                "decision_bank_per_player: {buy: 13}")
    p = only()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", where(text, "13}"))
    assert p.message == "4 players need 52 Buy cards; the box has 48"


def test_setup_exceeds_box_for_starting_decks(data):
    text = edit(data, "setup.yaml", "obstacle: 6}", "obstacle: 14}")
    p = only()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", value_at(text, "starting_deck:", "obstacle: 14"))
    assert p.message == "4 players need 56 Obstacle cards; the box has 52"


def test_setup_exceeds_box_for_vp_cards(data):
    text = edit(data, "setup.yaml", "central_bank_vp_per_player: 5", "central_bank_vp_per_player: 6")
    p = only()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", value_at(text, "\n", "central_bank_vp_per_player: 6"))
    assert p.message == "4 players need 24 VP cards; the box has 20"


def test_setup_using_a_card_the_box_does_not_list(data):
    edit(data, "components.yaml", "  - {id: steel, name: Steel, count: 20, buy_cost: 1, basic: true, "
         "blockable: true}\n", "")
    setup = (data / "setup.yaml").read_text(encoding="utf-8")
    p = only()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", value_at(setup, "market_per_player", "steel: 5"))
    assert p.message == "4 players need 20 steel cards; the box has none"


def test_setup_using_a_decision_card_the_box_does_not_list(data):
    edit(data, "components.yaml", "  - {id: obstacle, name: Obstacle, letter: O, count: 52, "
         "ruling: decision-card-counts}\n", "")
    setup = (data / "setup.yaml").read_text(encoding="utf-8")
    p = only()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", value_at(setup, "starting_deck:", "obstacle: 6"))
    assert p.message == "4 players need 24 obstacle cards; the box has none"


def test_setup_unknown_company(data):
    text = edit(data, "setup.yaml", "starting_companies: [power_plant]", "starting_companies: [powerplant]")
    p = only()
    assert p.rule == "setup-unknown-company"
    at(p, "setup.yaml", where(text, "powerplant"))
    assert p.message == "no company with id 'powerplant' (did you mean 'power_plant'?)"


def test_ruling_unknown(data):
    text = edit(data, "components.yaml", "count: 52, ruling: decision-card-counts",
                "count: 52, ruling: card-counts")
    p = only()
    assert p.rule == "ruling-unknown"
    at(p, "components.yaml", where(text, "card-counts}"))
    assert p.message == "no ruling 'card-counts' in rulings.yaml (did you mean 'decision-card-counts'?)"


def test_icon_unknown_in_an_ability_text(data):
    text = edit(data, "companies.yaml", "any resource as {personnel}.", "any resource as {personel}.")
    p = only()
    assert p.rule == "icon-unknown"
    at(p, "companies.yaml", where(text, '"The player may use any resource as {personel}.'))
    assert p.message == "unknown icon {personel} in ability text (did you mean '{personnel}'?)"


def test_icon_unknown_in_a_component_name(data):
    text = edit(data, "components.yaml", "central_bank: {name: Central Bank,",
                'central_bank: {name: "Central Bank {vq}",')
    p = only()
    assert p.rule == "icon-unknown"
    at(p, "components.yaml", where(text, '"Central Bank {vq}"'))
    assert p.message == "unknown icon {vq} in central_bank name (did you mean '{vp}'?)"


def test_icon_unknown_in_a_ruling(data):
    text = edit(data, "rulings.yaml", "reading: The English table.", "reading: The English {enrgy}.")
    p = only()
    assert p.rule == "icon-unknown"
    at(p, "rulings.yaml", where(text, "The English {enrgy}."))
    assert p.message == "unknown icon {enrgy} in reading (did you mean '{energy}'?)"


def test_braces_that_are_not_an_icon_token_are_text(data):
    edit(data, "rulings.yaml", "reading: The English table.", "reading: 'The English {Table} { }.'")
    assert validate() == (0, [])


def steel_cost(text: str) -> str:
    """The Steel Factory's cost line, whatever its authored value."""
    return re.search(r"- id: steel_factory\n(?:    .*\n)*?(    cost: \d+\n)", text).group(1)


def test_provenance_unmarked(data):
    text = (data / "companies.yaml").read_text(encoding="utf-8")
    start = text.index("  - id: steel_factory")
    end = text.index("authored: [cost, vp, activation, production, copies]", start)
    text = text[:end] + "authored: [vp, activation, production, copies]" + text[end + 52:]
    (data / "companies.yaml").write_text(text, encoding="utf-8")
    p = only()
    assert p.rule == "provenance-unmarked"
    at(p, "companies.yaml", value_at(text, "- id: steel_factory", "    cost: "))
    assert p.message == ("Steel Factory: say where 'cost' comes from: add it to 'authored' or quote the "
                         "rulebook under 'facts'")


def test_provenance_conflict(data):
    text = edit(data, "companies.yaml", "    authored: [vp]\n", "    authored: [vp, production]\n")
    p = only()
    assert p.rule == "provenance-conflict"
    at(p, "companies.yaml", where(text, "production]\n"))     # the name listed, not the whole list
    assert p.message == "Power Plant: 'production' is listed both as a fact and as authored"


def test_starting_company_cost(data):
    text = edit(data, "companies.yaml", "    cost: null              # never bought", "    cost: 3")
    p = beside_facts()
    assert p.rule == "starting-company-cost"
    at(p, "companies.yaml", value_at(text, "- id: power_plant", "cost: 3"))
    assert p.message == "Power Plant is a starting company and is never bought: its cost must be null"


def test_company_cost_missing(data):
    cost = steel_cost((data / "companies.yaml").read_text(encoding="utf-8"))
    text = edit(data, "companies.yaml", "name: Steel Factory\n    level: 1\n" + cost,
                "name: Steel Factory\n    level: 1\n    cost: null\n")
    p = only()
    assert p.rule == "company-cost-missing"
    at(p, "companies.yaml", value_at(text, "- id: steel_factory", "cost: null"))
    assert p.message == "Steel Factory can be bought, so it needs a buying cost"


def test_company_duplicate_names_the_first_place(data):
    text = edit(data, "companies.yaml", "  - id: power_plant\n    name: Power Plant\n",
                "  - id: power_plant\n    name: Power Plant\n    aliases: [Newspaper]\n")
    p = only()
    assert p.rule == "company-duplicate"
    at(p, "companies.yaml", value_at(text, "- id: newspaper", "id: newspaper"))    # the id it reuses
    first = where(text, "[Newspaper]")[0]
    assert p.message == f"company 'Newspaper' reuses the id or name 'newspaper' (first used at line {first})"


def test_company_duplicate_points_at_the_name_it_reuses(data):
    # It pointed at the company's first line (its id), not at the name at fault.
    text = edit(data, "companies.yaml", "name: Steel Factory", "name: Newspaper")
    code, found = validate()
    assert code == 1
    [p] = [p for p in found if p.rule == "company-duplicate"]
    at(p, "companies.yaml", value_at(text, "- id: steel_factory", "name: Newspaper"))


def test_effect_params_storage_limit_must_raise_the_limit(data):
    text = edit(data, "companies.yaml", "limit: 8", "limit: 5")
    p = only()
    assert p.rule == "effect-params"
    at(p, "companies.yaml", value_at(text, "- id: warehouses", "limit: 5"))
    assert p.message == "Warehouses: a storage limit of 5 does not raise the usual limit of 5"


def test_effect_params_same_type_needs_two_cards(data):
    # per_turn keeps the other cards_as rule (a single card as a Buy) quiet, and the text
    # edited with the count the ability-text warning.
    edit(data, "companies.yaml", "Player may use 3 cards", "Player may use 1 card")
    text = edit(data, "companies.yaml", "count: 3\n      same_type: true",
                "count: 1\n      per_turn: 1\n      same_type: true")
    p = only()
    assert p.rule == "effect-params"
    at(p, "companies.yaml", value_at(text, "- id: accounting_firm", "same_type: true"))
    assert p.message == "Accounting Firm: 'same_type' needs a count of at least 2"


def test_effect_parameter_of_the_wrong_kind_is_a_schema_problem(data):
    text = edit(data, "companies.yaml", "resource: personnel", "resource: buy")
    p = only()
    assert p.rule == "schema-enum"
    at(p, "companies.yaml", value_at(text, "- id: media_company", "resource: buy"))
    assert p.message.endswith('ability.resource: "buy" is not one of: personnel, steel, concrete, paper, '
                              "imported, energy")


def test_production_mixed(data):
    text = edit(data, "companies.yaml", "production: {energy: 2}", "production: {energy: 2, buy: 1}")
    p = beside_facts()
    assert p.rule == "production-mixed"
    at(p, "companies.yaml", where(text, "{energy: 2, buy: 1}"))
    assert p.message == "Power Plant: a company produces Energy or decision cards, not both"


def test_players_range(data):
    text = edit(data, "game.yaml", "  max: 4\n", "  max: 5\n")
    code, found = validate()
    # 5 players also need more cards than the box holds; those problems are reported too.
    p = next(p for p in found if p.rule == "players-range")
    assert code == 1 and [q.rule for q in found].count("players-range") == 1
    at(p, "game.yaml", where(text, "5\n"))
    assert p.message == "5 players: the companies list copies for 2 to 4 players only"


def test_players_default_outside_min_and_max(data):
    text = edit(data, "game.yaml", "  min: 2\n  max: 4\n  default: 4 ", "  min: 3\n  max: 4\n  default: 2 ")
    p = beside_facts()
    assert p.rule == "players-range"
    at(p, "game.yaml", where(text, "2 "))
    assert p.message == "the default of 2 players is outside 3 to 4"


CUSTOM = f"{BRIEFCASE}/examples/custom-set.yaml"


def test_custom_set_validates_alone(data):
    assert validate(CUSTOM) == (0, [])


def test_custom_set_alone_with_an_unknown_company(data):
    text = edit(data, "examples/custom-set.yaml", "Shopping Mall, Startup Incubator",
                "Shopping Mall, Startup Incubatr")
    p = only(CUSTOM)
    assert p.rule == "set-unknown-company"
    at(p, "examples/custom-set.yaml", where(text, "Startup Incubatr"))
    assert p.message == "Tech Boom: no company named 'Startup Incubatr' (did you mean 'Startup Incubator'?)"


def test_a_new_company_the_set_does_not_list_is_a_warning(data):
    # it was in no game and on no card, without a word (list companies showed it in the set)
    text = edit(data, "examples/custom-set.yaml", "Shopping Mall, Startup Incubator",
                "Shopping Mall, Cargo Company")
    p = only_warning(CUSTOM)
    assert p.rule == "set-new-company-unlisted"
    at(p, "examples/custom-set.yaml", where(text, "id: startup_incubator"))
    assert p.message == ("Tech Boom: Startup Incubator is a new company its companies do not list, so no "
                         "game plays it and no card prints it; add it to companies, or remove it")


def test_custom_set_alone_with_a_schema_problem(data):
    text = edit(data, "examples/custom-set.yaml", "    vp: 1\n", "    vp: 1\n    bogus: 1\n")
    p = only(CUSTOM)
    assert p.rule == "schema-unknown-key"
    at(p, "examples/custom-set.yaml", where(text, "bogus"))


def test_custom_set_alone_with_an_unmarked_value(data):
    text = edit(data, "examples/custom-set.yaml", "authored: [cost, vp, activation, production, copies]",
                "authored: [cost, activation, production, copies]")
    p = only(CUSTOM)
    assert p.rule == "provenance-unmarked"
    at(p, "examples/custom-set.yaml", value_at(text, "new_companies:", "vp: 1"))


def test_icon_unknown_in_a_new_company_of_a_set_file(data):
    text = edit(data, "examples/custom-set.yaml", "any resource as {steel}.", "any resource as {steal}.")
    p = only(CUSTOM)
    assert p.rule == "icon-unknown"
    at(p, "examples/custom-set.yaml", where(text, '"Once per turn'))
    assert p.message == "unknown icon {steal} in ability text (did you mean '{steel}'?)"


def test_id_duplicate_in_a_list(data):
    text = edit(data, "sets.yaml", "  - id: faster", "  - id: simple")
    p = only()
    assert p.rule == "id-duplicate"
    at(p, "sets.yaml", value_at(text, "- id: simple\n    name: Faster", "id: simple"))
    assert p.message == f"sets[1]: id 'simple' is used twice (first at line {where(text, 'id: simple')[0]})"


def test_id_duplicate_of_a_ruling(data):
    text = edit(data, "rulings.yaml", "  - id: imported-resources", "  - id: decision-card-counts")
    code, found = validate()
    duplicates = [p for p in found if p.rule == "id-duplicate"]
    assert code == 1 and len(duplicates) == 1
    at(duplicates[0], "rulings.yaml", where(text, "decision-card-counts", 2))


def test_setup_starting_companies_match_the_starting_flag(data):
    text = edit(data, "setup.yaml", "starting_companies: [power_plant]", "starting_companies: []")
    p = only()
    assert p.rule == "setup-starting-companies"
    at(p, "setup.yaml", value_at(text, "\n", "starting_companies: []"))
    assert p.message == "Power Plant is a starting company but setup does not hand it out"


def test_setup_hands_out_a_company_that_is_not_a_starting_company(data):
    text = edit(data, "setup.yaml", "starting_companies: [power_plant]",
                "starting_companies: [power_plant, bank]")
    p = only()
    assert p.rule == "setup-starting-companies"
    at(p, "setup.yaml", where(text, "bank]"))
    assert p.message == "Bank is handed out at setup but is not marked 'starting: true'"


def test_a_file_that_cannot_be_read_stops_the_meaning_checks(data):
    """Without its companies the sets would show every company as unknown: noise, not help."""
    text = edit(data, "companies.yaml", "  - id: newspaper\n", "  - id: newspaper\n    name: [\n")
    p = only()
    assert p.rule == "yaml-syntax"
    assert p.path == f"{BRIEFCASE}/companies.yaml" and p.line > where(text, "name: [")[0]


def test_a_custom_set_checked_against_broken_shipped_data_reports_that_data(data):
    text = edit(data, "companies.yaml", "  - id: newspaper\n    name: Newspaper\n", "  - id: newspaper\n")
    p = only(CUSTOM)
    assert (p.rule, p.path) == ("schema-required", f"{BRIEFCASE}/companies.yaml")
    assert p.line == where(text, "- id: newspaper")[0]


def only_warning(*args: str) -> Reported:
    code, found = validate(*args)
    assert code == 0, found                # a warning alone does not fail validate
    assert len(found) == 1, found
    return found[0]


def test_ability_text_prints_a_number_its_ability_changed(data):
    # Warehouses stores 9 but its text still says 8: the card would print otherwise than it plays.
    text = edit(data, "companies.yaml", "limit: 8", "limit: 9")
    p = only_warning()
    assert p.rule == "ability-text"
    at(p, "companies.yaml", value_at(text, "- id: warehouses", "text: "))
    assert p.message == "Warehouses: its ability's 'limit' is 9, which its text does not print"


def test_ability_text_may_print_a_number_as_a_word(data):
    # Media Company's count 1 reads "one {personnel} card"; as two it needs "two" or "2".
    edit(data, "companies.yaml", "resource: personnel\n      count: 1", "resource: personnel\n      count: 2")
    p = only_warning()
    assert (p.rule, p.message) == ("ability-text", "Media Company: its ability's 'count' is 2, which its "
                                                   "text does not print")
    edit(data, "companies.yaml", "may take one {personnel} card", "may take two {personnel} cards")
    assert validate() == (0, [])


def test_ability_text_may_print_twice_for_two_a_turn(data):
    # "Twice per turn" was warned of as a text that does not print the ability's per_turn 2
    edit(data, "examples/custom-set.yaml", "per_turn: 1", "per_turn: 2")
    p = only_warning(CUSTOM)
    assert (p.rule, p.message) == ("ability-text", "Startup Incubator: its ability's 'per_turn' is 2, "
                                                   "which its text does not print")
    edit(data, "examples/custom-set.yaml", '"Once per turn', '"Twice per turn')
    assert validate(CUSTOM) == (0, [])


def test_ability_text_names_the_resource_of_its_ability(data):
    text = edit(data, "examples/custom-set.yaml", "as: steel", "as: paper")
    p = only_warning(CUSTOM)
    assert p.rule == "ability-text"
    at(p, "examples/custom-set.yaml", where(text, '"Once per turn'))
    assert p.message == ("Startup Incubator: its ability's 'as' is paper, which its text does not name "
                         "({paper} or Paper)")


def test_ability_text_names_the_card_types_of_its_ability(data):
    edit(data, "companies.yaml", "cards: [buy, activate]", "cards: [buy, hire]")
    p = only_warning()
    assert (p.rule, p.message) == ("ability-text", "Law Firm: its ability's 'cards' is hire, which its text "
                                                   "does not name ({hire} or Hire)")


def test_text_fit_a_new_company_name_too_long_for_its_card(data):
    # validate passed it, and build --set then stopped on it ("does not fit its box").
    text = edit(data, "examples/custom-set.yaml", "name: Startup Incubator", "name: " + "W" * 40)
    edit(data, "examples/custom-set.yaml", "Shopping Mall, Startup Incubator", "Shopping Mall, " + "W" * 40)
    p = only(CUSTOM)
    assert p.rule == "text-fit"
    at(p, "examples/custom-set.yaml", where(text, "W" * 40))      # the name itself, not column 1
    assert p.message.startswith("company.startup_incubator:") and \
        "its name does not fit its box in English: " in p.message
    # how far it overflows, not a font size: "2.92 pt too large" read as one
    assert re.search(r"it runs [\d.]+ pt past it even at the smallest size, [\d.]+ pt; shorten it", p.message)
