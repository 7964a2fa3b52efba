"""Free Market: NYC meaning checks: one test per rule, each made by breaking a scratch copy of
the shipped data and running ``cardgen validate`` on it. Positions are found in the edited text
so the tests follow the data when it is re-laid out."""

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
FMNYC = "cards/fmnyc"


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
    return project / FMNYC


def edit(folder: Path, name: str, old: str, new: str, nth: int = 1) -> str:
    """Replace the nth occurrence of ``old`` in ``name``; the file's new text."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    index = -1
    for _ in range(nth):
        index = text.index(old, index + 1)
    text = text[:index] + new + text[index + len(old):]
    path.write_text(text, encoding="utf-8")
    return text


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """(line, col) of the nth occurrence of ``needle`` in ``text``."""
    index = -1
    for _ in range(nth):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def value_of(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """(line, col) of the value in the nth ``key: value`` occurrence of ``needle``."""
    line, col = where(text, needle, nth)
    return line, col + len(needle.split(": ")[0]) + 2


def validate(*args: str) -> tuple[int, list[Reported]]:
    result = runner.invoke(app, ["validate", *(args or (FMNYC,))])
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
    assert (p.path, p.line, p.col) == (f"{FMNYC}/{path}", *pos)


def test_shipped_data_passes(data):
    assert validate() == (0, [])


# --- identity and provenance ---------------------------------------------------------------

def test_id_duplicate(data):
    text = edit(data, "stocks.yaml", "id: queens_textiles", "id: bronx_cement")
    p = only()
    assert p.rule == "id-duplicate"
    at(p, "stocks.yaml", value_of(text, "id: bronx_cement", 2))
    first = where(text, "id: bronx_cement")[0]
    assert p.message == f"id 'bronx_cement' is used twice (first at line {first})"


def test_provenance_unmarked(data):
    text = edit(data, "components.yaml", '    facts: {count: "1 Rules booklet"}\n', "")
    p = only()
    assert p.rule == "provenance-unmarked"
    at(p, "components.yaml", value_of(text, "count: 1"))
    assert p.message == ("Rules booklet: say where 'count' comes from: add it to 'authored' or quote "
                         "the rulebook under 'facts'")


def test_provenance_unmarked_inside_a_record_without_its_own_marks(data):
    # The game's `players` has its own facts/authored: an unmarked default is reported there.
    text = edit(data, "game.yaml", "  authored: [default]\n", "")
    p = only()
    assert p.rule == "provenance-unmarked"
    at(p, "game.yaml", value_of(text, "default: 4"))
    assert p.message.startswith("players: say where 'default' comes from")


def test_provenance_conflict(data):
    text = edit(data, "market.yaml", "    authored: [count, cube]\n",
                "    authored: [count, cube, cost_price]\n")
    p = only()
    assert p.rule == "provenance-conflict"
    at(p, "market.yaml", where(text, "cost_price]\n"))       # the name listed, not the whole list
    assert p.message == "Antiques: 'cost_price' is listed both as a fact and as authored"


def test_provenance_stale(data):
    listed = "early_trade: 3, end_game: 6,\n     authored: [name, purchase_cost, early_trade, end_game"
    text = edit(data, "stocks.yaml", listed + "]", listed + ", endgame]")
    p = only()
    assert p.rule == "provenance-stale"
    at(p, "stocks.yaml", where(text, "endgame]"))
    assert p.message == ("Bronx Cement: 'endgame' is listed under 'authored' but there is no such field "
                         "(did you mean 'end_game'?)")


def test_ruling_unknown(data):
    text = edit(data, "stages.yaml", "ruling: round-one}", "ruling: round-1}")
    p = only()
    assert p.rule == "ruling-unknown"
    at(p, "stages.yaml", value_of(text, "ruling: round-1"))
    assert p.message == "no ruling 'round-1' in rulings.yaml (did you mean 'round-one'?)"


# --- references ----------------------------------------------------------------------------

def test_crate_unknown(data):
    text = edit(data, "market.yaml", "  - crate: antiques", "  - crate: antique")
    p = only()
    assert p.rule == "crate-unknown"
    at(p, "market.yaml", value_of(text, "crate: antique"))
    assert p.message == "no crate type 'antique' (did you mean 'antiques'?)"


def test_factory_unknown(data):
    text = edit(data, "careers.yaml", "factory: automobile", "factory: automobil")
    p = only()
    assert p.rule == "factory-unknown"
    at(p, "careers.yaml", value_of(text, "factory: automobil"))
    assert p.message == "no factory 'automobil' (did you mean 'automobile'?)"


def test_politician_unknown(data):
    text = edit(data, "careers.yaml", "politician: senator", "politician: senater")
    p = only()
    assert p.rule == "politician-unknown"
    at(p, "careers.yaml", value_of(text, "politician: senater"))
    assert p.message == "no politician 'senater' (did you mean 'senator'?)"


def test_politician_unknown_on_a_board_side(data):
    text = edit(data, "board.yaml", "politicians: [mayor, senator, commissioner, union_boss]",
                "politicians: [mayor, senator, comissioner, union_boss]")
    p = only()
    assert p.rule == "politician-unknown"
    at(p, "board.yaml", where(text, "comissioner"))
    assert p.message == "no politician 'comissioner' (did you mean 'commissioner'?)"


def test_award_unknown(data):
    text = edit(data, "careers.yaml", "award: partnerships", "award: partnership")
    p = only()
    assert p.rule == "award-unknown"
    at(p, "careers.yaml", value_of(text, "award: partnership"))
    assert p.message == "no award 'partnership' (did you mean 'partnerships'?)"


def test_stage_unknown(data):
    text = edit(data, "careers.yaml", "stage: air_freight", "stage: airfreight")
    p = only()
    assert p.rule == "stage-unknown"
    at(p, "careers.yaml", value_of(text, "stage: airfreight"))
    assert p.message == "no stage 'airfreight' (did you mean 'air_freight'?)"


def test_stage_unknown_by_number(data):
    text = edit(data, "rules.yaml", "  to_stage: 17\n", "  to_stage: 18\n")
    p = beside_facts()
    assert p.rule == "stage-unknown"
    at(p, "rules.yaml", value_of(text, "to_stage: 18"))
    assert p.message == "no stage 18; the stages are numbered 1-17"


def test_component_unknown(data):
    # Still worth 12: 3 x 1 + 1 x 3 + 1 x 6, but there is no coin of 6.
    text = edit(data, "setup.yaml", "coins: {1: 3, 3: 3}", "coins: {1: 3, 3: 1, 6: 1}")
    p = only()
    assert p.rule == "component-unknown"
    at(p, "setup.yaml", where(text, "1}       # E."))
    assert p.message == "no coin of value 6; the coins are worth 1, 3, 10, 30"


def test_row_unknown(data):
    text = edit(data, "board.yaml", "{row: top, column: 5, factory: cement}",
                "{row: tpo, column: 5, factory: cement}")
    p = only()
    assert p.rule == "row-unknown"
    at(p, "board.yaml", where(text, "tpo"))
    assert p.message == "no row on side 4-5 named 'tpo' (did you mean 'top'?)"


# --- stages --------------------------------------------------------------------------------

def test_stage_numbers(data):
    text = edit(data, "stages.yaml", "    number: 9\n", "    number: 10\n")
    p = beside_facts()
    assert p.rule == "stage-numbers"
    at(p, "stages.yaml", value_of(text, "number: 10"))
    assert p.message == "Market Demand is stage 9 of the list but is numbered 10"


def test_stage_capacity_missing_a_side(data):
    text = edit(data, "stages.yaml", '      "2-3": {managers: 1}\n', "")
    p = only()
    assert p.rule == "stage-capacity"
    at(p, "stages.yaml", where(text, '"4-5": {managers: 1}'))
    assert p.message == "Union Member has no capacity for the 2-3 board side"


def test_stage_capacity_extra_outline_for_another_side(data):
    text = edit(data, "stages.yaml", '"2-3": {managers: 1, extra_at: 3}',
                '"2-3": {managers: 1, extra_at: 4}')
    p = only()
    assert p.rule == "stage-capacity"
    at(p, "stages.yaml", where(text, "4}"))
    assert p.message == "Air Freight: the 2-3 side is played by 2 or 3 players, never 4"


def test_stage_slots(data):
    text = edit(data, "stages.yaml", '"4-5": {managers: all}', '"4-5": {managers: 2}')
    p = only()
    assert p.rule == "stage-slots"
    at(p, "stages.yaml", where(text, "- id: game_round_setup"))
    assert p.message == ("at 4 players (4-5 side) the operation stages take 23 managers; 4 players may "
                         "hold 24 (6 each)")


# --- setup and the box ---------------------------------------------------------------------

def test_setup_exceeds_box_per_colour(data):
    text = edit(data, "setup.yaml", "manager: 3 ", "manager: 7 ")
    p = beside_facts()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", value_of(text, "manager: 7"))
    assert p.message == "Manager: each player takes 7; the box has 6 of each colour"


def test_setup_exceeds_box_with_the_container_site(data):
    text = edit(data, "setup.yaml", "crate: 2 ", "crate: 10 ")
    p = beside_facts()
    assert p.rule == "setup-exceeds-box"
    at(p, "setup.yaml", value_of(text, "crate: 10"))
    assert p.message == "Crate: 5 players need 60 (10 of them for the Container Site); the box has 56"


def test_setup_coins(data):
    text = edit(data, "setup.yaml", "coins_worth: 12", "coins_worth: 13")
    p = beside_facts()
    assert p.rule == "setup-coins"
    at(p, "setup.yaml", where(text, "{1: 3, 3: 3}"))
    assert p.message == "the coins of each player are worth 12, not 13"


def test_contents_crates(data):
    text = edit(data, "market.yaml", "count: 8", "count: 9")
    p = only()
    assert p.rule == "contents-crates"
    at(p, "market.yaml", where(text, "- id: jewelry"))
    assert p.message == "the crate types add up to 57 crates; the box has 56"


def test_contents_meters(data):
    edit(data, "components.yaml", "count: 7                 # one per Market Demand Meter",
         "count: 6                 # one per Market Demand Meter")
    p = beside_facts()
    assert p.rule == "contents-meters"
    assert p.path == f"{FMNYC}/market.yaml"
    assert p.message == "7 crate types need 7 Market Demand Chips; the box has 6"


def test_contents_careers(data):
    edit(data, "components.yaml", "count: 30\n    add_on: careers", "count: 31\n    add_on: careers")
    p = beside_facts()
    assert p.rule == "contents-careers"
    text = (data / "careers.yaml").read_text(encoding="utf-8")
    at(p, "careers.yaml", where(text, "- id: heir"))
    assert p.message == "30 cards; the box has 31 Career cards"


def test_contents_stocks(data):
    edit(data, "components.yaml", "count: 10\n    add_on: stocks", "count: 11\n    add_on: stocks")
    p = beside_facts()
    assert p.rule == "contents-stocks"
    assert p.message == "10 tokens; the box has 11 Stock tokens"


def test_colours_split(data):
    text = edit(data, "components.yaml", "count: 30\n    colours: 5", "count: 31\n    colours: 5")
    p = beside_facts()
    assert p.rule == "colours-split"
    at(p, "components.yaml", value_of(text, "count: 31"))
    assert p.message == "31 Manager do not split evenly among 5 colours"


# --- Career cards --------------------------------------------------------------------------

def test_career_deal(data):
    text = edit(data, "careers.yaml", "  per_player: 6\n  choose: 2", "  per_player: 7\n  choose: 3")
    p = beside_facts(facts=2)
    assert p.rule == "career-deal"
    at(p, "careers.yaml", value_of(text, "per_player: 7"))
    assert p.message == "5 players are dealt 7 cards each (35); the deck has 30"


def test_career_stage(data):
    text = edit(data, "careers.yaml", "    timing: first_round\n",
                "    timing: first_round\n    stage: workers\n")
    p = only()
    assert p.rule == "career-stage"
    at(p, "careers.yaml", value_of(text, "stage: workers"))
    assert p.message == "Heir: the first_round symbol shows no stage"


def test_career_serials(data):
    text = edit(data, "careers.yaml", "serial: 2\n", "serial: 1\n")
    p = only()
    assert p.rule == "career-serials"
    at(p, "careers.yaml", value_of(text, "serial: 1", 2))
    assert p.message == "Real Estate Developer: serial number 1 is also Heir's"


def test_career_titles(data):
    # two cards of one title passed: the draft offered "Real Estate Developer" twice, and
    # check-set and the summaries named two cards alike
    text = edit(data, "careers.yaml", "title: Real Estate Developer\n", "title: heir\n")
    p = only()
    assert p.rule == "career-titles"
    at(p, "careers.yaml", value_of(text, "title: heir"))
    line = value_of(text, "title: Heir")[0]
    assert p.message == f"heir: the title is also that of the card at line {line}; give each card its own"


def test_career_text_prints_the_amount_its_ability_gains(data):
    # the Heir gaining 8 coins and its text still saying 6 passed: the card showed 8 coins in
    # its picture and "collect 6 coins" under it
    text = edit(data, "careers.yaml", "items: {coin: 6}", "items: {coin: 8}")
    code, found = validate()
    assert code == 0 and len(found) == 1, found
    (p,) = found
    assert p.rule == "career-text"
    at(p, "careers.yaml", value_of(text, 'text: "Round 1 only: collect 6 coins'))
    assert p.message == "Heir: its ability's gain coin is 8, which its text does not print"


def test_effect_place_a_career_card_with_a_management_stages_effect(data):
    # a Career card whose ability was an auction validated, and stopped every game whose
    # holder used it with a KeyError traceback
    text = edit(data, "careers.yaml", "ability: [{kind: take_first_player}]",
                "ability: [{kind: auction, lot: 1, min_bid: cost_price}]")
    p = only()
    assert p.rule == "effect-place"
    at(p, "careers.yaml", value_of(text, "kind: auction"))
    assert p.message == ("Strikebreaker: auction is a management stage's effect, which only those stages "
                         "play (Game Round Setup, Payments, Merchandise Auction, Managers Assignment)")


def test_effect_place_a_player_effect_in_a_management_stage(data):
    text = edit(data, "stages.yaml", "      - {kind: clear_strikes}\n",
                "      - {kind: clear_strikes}\n      - {kind: gain, items: {coin: 1}}\n")
    p = only()
    assert p.rule == "effect-place"
    at(p, "stages.yaml", value_of(text, "kind: gain, items: {coin: 1}"))
    assert p.message.startswith("Payments is a management stage, which plays only advance_round, ")


@pytest.mark.parametrize("timing, why", [
    ("end_of_game", "an end-of-game card only adds to the score (score_bonus, award_bonus); its gain "
                    "is never played"),
    ("whenever_possible", "a 'whenever possible' card changes a rule (discount, sale_bonus, "
                          "extra_guard...); its gain is never played: give it a symbol that says when "
                          "(any_time, once_per_round...)"),
])
def test_effect_place_a_career_card_whose_symbol_never_plays_its_gain(data, timing, why):
    # the Heir's 6 coins at the end of the game (or "whenever possible") validated, and the
    # engine, which plays an end-of-game card's score bonus only, never paid them: a card kept
    # in every game that did nothing in any
    text = edit(data, "careers.yaml",
                "    timing: first_round\n    ability: [{kind: gain, items: {coin: 6}}]",
                f"    timing: {timing}\n    ability: [{{kind: gain, items: {{coin: 6}}}}]")
    p = only()
    assert p.rule == "effect-place"
    at(p, "careers.yaml", value_of(text, f"timing: {timing}\n    ability: [{{kind: gain"))
    assert p.message == f"Heir: {why}"


def test_effect_place_a_first_round_card_that_adds_to_the_score(data):
    # the Fleet Manager's +2 a truck on a round-1-only card validated and never counted: the
    # count comes after the last round
    text = edit(data, "careers.yaml", "    timing: end_of_game\n    ability: [{kind: score_bonus, points: 2",
                "    timing: first_round\n    ability: [{kind: score_bonus, points: 2")
    p = only()
    assert p.rule == "effect-place"
    at(p, "careers.yaml", value_of(text, "timing: first_round\n    ability: [{kind: score_bonus"))
    assert p.message == ("Fleet Manager: a first-round card is over when the score is counted; its "
                         "score_bonus is never played")


def test_effect_place_a_career_card_that_acts_and_changes_a_rule(data):
    # the engine plays a card with a rule-changing effect as that rule only: the strike removal
    # beside it was never played
    text = edit(data, "careers.yaml", "ability: [{kind: tax_relief, managers: 1}]",
                "ability: [{kind: tax_relief, managers: 1}, {kind: remove_strike}]")
    p = only()
    assert p.rule == "effect-place"
    at(p, "careers.yaml", value_of(text, "ability: [{kind: tax_relief, managers: 1}, {kind: remove"))
    assert p.message == ("Tax Advisor: its remove_strike is never played beside the rule it changes "
                         "(tax_relief): a card either changes a rule or is used as an action; make it "
                         "two cards")


def test_effect_place_a_discount_at_a_stage_that_charges_nothing(data):
    # the Importer's coin off at Air Freight validated, and the engine, which takes a discount
    # off a lot won at the auction or a manager hired, never took it off anything
    text = edit(data, "careers.yaml", "{kind: discount, stage: merchandise_auction, coins: 1}",
                "{kind: discount, stage: air_freight, coins: 1}")
    p = only()
    assert p.rule == "effect-place"
    at(p, "careers.yaml", value_of(text, "stage: air_freight, coins: 1"))
    assert p.message == ("Importer: a discount is taken off a lot won at an auction or a manager hired "
                         "for coins, and the stage 'air_freight' charges neither")


def test_career_symbols_explain_every_timing_a_card_shows(data):
    """A card's timing symbol missing from 'symbols' would be missing from the printed aid."""
    edit(data, "careers.yaml", '  - {id: first_round, text: "To be performed in the first round only"}\n', "")
    code, found = validate()
    assert code == 1 and found and all(p.rule == "career-symbols" for p in found)
    assert found[0].message.startswith("Heir: the first_round symbol is not explained under 'symbols'")


def test_career_symbols_are_explained_once(data):
    text = edit(data, "careers.yaml", "{id: from_round_2,", "{id: first_round,")
    code, found = validate()
    twice = [p for p in found if p.message == "the first_round symbol is explained twice"]
    assert code == 1 and len(twice) == 1
    at(twice[0], "careers.yaml", where(text, "first_round", 2))


# --- the board -----------------------------------------------------------------------------

def test_board_sides(data):
    text = edit(data, "game.yaml", "  min: 2\n", "  min: 1\n")
    p = only()
    assert p.rule == "board-sides"
    board = (data / "board.yaml").read_text(encoding="utf-8")
    at(p, "board.yaml", where(board, '- id: "4-5"'))
    assert p.message == "no board side for 1 player"
    assert "min: 1" in text


def test_board_squares(data):
    text = edit(data, "board.yaml", "      - {row: bottom, column: 4, factory: canned_food}\n", "")
    p = only()
    assert p.rule == "board-squares"
    at(p, "board.yaml", where(text, "- {row: top, column: 1, shop: jewelry}", 2))
    assert p.message == "side 2-3: no square for the Canned Food Factory; each factory has one"


def test_square_position(data):
    text = edit(data, "board.yaml", "{row: middle, column: 5, factory: automobile, min_players: 3}",
                "{row: middle, column: 4, factory: automobile, min_players: 3}")
    p = only()
    assert p.rule == "square-position"
    at(p, "board.yaml", where(text, "{row: middle, column: 4, factory: automobile"))
    first = where(text, "{row: middle, column: 4, factory: steel}")[0]
    assert p.message == f"side 2-3: two squares at row middle, column 4 (first at line {first})"


def test_shop_row_fee(data):
    text = edit(data, "board.yaml", "{row: bottom, column: 3, shop: clothing}",
                "{row: middle, column: 6, shop: clothing}")
    p = only()
    assert p.rule == "shop-row-fee"
    at(p, "board.yaml", value_of(text, "row: middle, column: 6"))
    assert p.message == "side 4-5: the clothing shop is in row 'middle', which has no additional fee"


def test_roadblock_slot(data):
    text = edit(data, "board.yaml", "      - {column: 4}\n    train_roadblocks",
                "      - {column: 6}\n    train_roadblocks")
    p = only()
    assert p.rule == "roadblock-slot"
    at(p, "board.yaml", where(text, "{column: 6}"))
    assert p.message == "side 2-3: a street roadblock above column 6, which has no squares"


def test_min_players(data):
    text = edit(data, "board.yaml", "{id: c3, min_players: 3}", "{id: c3, min_players: 4}")
    p = only()
    assert p.rule == "min-players"
    at(p, "board.yaml", value_of(text, "min_players: 4"))
    assert p.message == "side 2-3 is played by 2 or 3 players: a symbol for 4 never applies"


# --- prices --------------------------------------------------------------------------------

def test_price_cube(data):
    text = edit(data, "market.yaml", "cube: [5, 6, 7, 8, 9, 10]       # top row",
                "cube: [4, 5, 6, 7, 8, 9]       # top row")
    p = only()
    assert p.rule == "price-cube"
    at(p, "market.yaml", value_of(text, "cube: [4, 5, 6, 7, 8, 9]"))
    assert p.message == "Jewelry: on side 4-5 the price reaches 10, which the cube cannot show"


def test_price_example(data):
    text = edit(data, "market.yaml", "    wholesale: 6\n", "    wholesale: 7\n")
    p = beside_facts()
    assert p.rule == "price-example"
    at(p, "market.yaml", where(text, "crate: antiques\n    demand"))
    assert p.message == "Antiques: Cost Price 5 -1 demand +2 fee is 6, not the 7 of the rulebook"


def test_price_example_follows_the_board(data):
    # Antiques moved to the top (+1) row on one side contradicts the rulebook's +2 example.
    board = edit(data, "board.yaml", "{row: bottom, column: 1, shop: antiques}",
                 "{row: top, column: 6, shop: antiques}")
    edit(data, "market.yaml", "cube: [5, 6, 7, 8, 9, 10]       # bottom row",
         "cube: [4, 5, 6, 7, 8, 9]       # bottom row")
    code, found = validate()
    assert code == 1 and "{row: top, column: 6" in board
    rules = sorted(p.rule for p in found)
    assert "price-example" in rules
    example = next(p for p in found if p.rule == "price-example")
    assert example.message == ("Antiques: the rulebook's example adds a +2 fee, but its shop on side "
                               "4-5 is in a +1 row")


def test_demand_range(data):
    text = edit(data, "setup.yaml", "demand_start: 0 ", "demand_start: 4 ")
    p = beside_facts()
    assert p.rule == "demand-range"
    at(p, "setup.yaml", value_of(text, "demand_start: 4"))
    assert p.message == "the meters run from -2 to 3; a chip cannot start on 4"


def test_delivery_range(data):
    text = edit(data, "rules.yaml", "workers_on_truck: [0, 2]", "workers_on_truck: [2, 0]")
    p = only()
    assert p.rule == "delivery-range"
    at(p, "rules.yaml", value_of(text, "workers_on_truck: [2, 0]"))
    assert p.message == ("workers_on_truck runs from 2 up to 0: the first number is the least, "
                         "the second the most")


# --- panels and stocks ---------------------------------------------------------------------

def test_award_sum_even(data):
    text = edit(data, "panels.yaml", "sum: 30", "sum: 31")
    p = only()
    assert p.rule == "award-sum-even"
    at(p, "panels.yaml", value_of(text, "sum: 31"))
    assert p.message == "Partnerships: 0.5 of 31 is not a whole number of coins"


def test_award_order(data):
    text = edit(data, "panels.yaml", "sum: 16", "sum: 24")
    p = only()
    assert p.rule == "award-order"
    at(p, "panels.yaml", value_of(text, "sum: 24"))
    assert p.message == ("Trucks (24) is worth more than Roadblocks (20) above it; the ceremony goes "
                         "from the most valuable down")


def test_stock_values(data):
    text = edit(data, "stocks.yaml", "purchase_cost: 4, early_trade: 3",
                "purchase_cost: 4, early_trade: 5")
    p = only()
    assert p.rule == "stock-values"
    at(p, "stocks.yaml", value_of(text, "early_trade: 5"))
    assert p.message == "Bronx Cement: bought for 4 and traded at once for 5, it makes money from nothing"


# --- effects -------------------------------------------------------------------------------

def test_effect_params(data):
    text = edit(data, "stages.yaml", "items: {strike: 1}, players: [4, 5]",
                "items: {strike: 1}, players: [4, 6]")
    p = only()
    assert p.rule == "effect-params"
    at(p, "stages.yaml", where(text, "6]"))
    assert p.message == "gain: the game is for 2-5 players, not 6"


def test_effect_params_fundraiser_cannot_perform_itself(data):
    text = edit(data, "stages.yaml", "to_stage: 16", "to_stage: 17")
    p = only()
    assert p.rule == "effect-params"
    at(p, "stages.yaml", value_of(text, "to_stage: 17"))
    assert p.message == "Fundraiser cannot perform itself"


def test_round_table(data):
    text = edit(data, "stages.yaml", "        last_holds: true        # round 6 pays as round 5\n", "")
    p = only()
    assert p.rule == "round-table"
    at(p, "stages.yaml", where(text, "{2: 2, 3: 2, 4: 2, 5: 3}"))
    assert p.message == "tax: a 6-round game has no entry for round 6; add it or 'last_holds: true'"


def test_components_missing_a_piece_the_game_plays_with(data):
    # Renamed, the shops passed validate and every command then ended in an internal error.
    text = edit(data, "components.yaml", "- id: shop\n", "- id: shops\n")
    p = only()
    assert p.rule == "components-missing"
    at(p, "components.yaml", where(text, "- id: rulebook"))
    assert p.message == "the Contents list has no 'shop', which the game plays and prints with"
    assert runner.invoke(app, ["build", "fmnyc"]).exit_code == 1


def test_components_used_lists_every_piece_the_code_reads_by_id():
    from cardgen.games.fmnyc import cards
    from cardgen.games.fmnyc.engine import table
    from cardgen.games.fmnyc.model import USED_COMPONENTS

    source = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (cards, table))
    read = set(re.findall(r"component\(\"(\w+)\"\)", source))
    read |= {*cards.STANDEES, *table.COLOURED, *table.SHARED, "demand_chip", "round_chip", "stage_marker"}
    assert read <= set(USED_COMPONENTS), read - set(USED_COMPONENTS)
