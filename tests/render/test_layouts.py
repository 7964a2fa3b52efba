"""Layout files: checked against schemas/layout.schema.json (a misspelt key is an error at its
place with "did you mean", in validate and in build), and layouts that extend others."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data.yamlload import load_yaml
from cardgen.render.layouts import (
    LayoutError,
    card_layout_path,
    layout_problems,
    load_layouts,
    schema_problems,
)

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_the_layout_schema_is_json_schema_2020_12():
    schema = json.loads((REPO / "schemas" / "layout.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("game", ["briefcase", "startup"])
def test_the_shipped_layouts_pass_the_schema(game):
    data, problems = load_yaml(card_layout_path(game))
    assert problems == []
    assert schema_problems(data, "cards.yaml") == []
    assert layout_problems(game) == []


def _break(project: Path, old: str, new: str, game: str = "briefcase") -> int:
    """Replace the first ``old`` in the game's layout file; the line it is on."""
    layout = project / "templates" / game / "cards.yaml"
    text = layout.read_text()
    assert old in text
    layout.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def _column(project: Path, game: str, needle: str) -> int:
    """The column of ``needle``, first found in the game's layout file."""
    text = (project / "templates" / game / "cards.yaml").read_text()
    index = text.index(needle)
    return index - text.rfind("\n", 0, index)


FIL = ("- rect: {box: [2.5, 2.5, 58, 83], fill: paper, radius: 2.5}",
       "- rect: {box: [2.5, 2.5, 58, 83], fil: paper, radius: 2.5}")


def test_a_misspelt_key_fails_the_build_at_its_place_with_did_you_mean(project: Path, tmp_path: Path):
    # before the schema, the randomizer's paper panel silently disappeared
    line = _break(project, *FIL)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--out", str(out)])
    assert result.exit_code == 1
    assert f"cards.yaml:{line}:" in result.output
    assert "unknown key 'fil' (did you mean 'fill'?)" in result.output
    assert "layouts.randomizer.elements[1].rect" in result.output
    assert not out.exists()


def test_validate_reports_the_layouts_of_the_game_it_checks(project: Path):
    line = _break(project, *FIL)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    (found,) = [row for row in result.output.splitlines() if "cards.yaml" in row]
    assert f"cards.yaml:{line}:" in found and "error[schema-unknown-key]" in found
    assert "unknown key 'fil' (did you mean 'fill'?)" in found


@pytest.mark.parametrize("old, new, message", [
    ("- rect: {box: [0, 0, 63, 88], fill: \"{frame}_bg\", bleed: true}",
     "- rekt: {box: [0, 0, 63, 88], fill: \"{frame}_bg\", bleed: true}",
     "unknown key 'rekt' (did you mean 'rect'?)"),
    ("badge: {weight: bold, size: 17,", "badge: {wieght: bold, size: 17,", "did you mean 'weight'?"),
    ("valign: middle, leading: 1.0}", "valign: centre, leading: 1.0}", "is not one of: top, middle, bottom"),
    ("    elements:\n", "    element:\n", "unknown key 'element' (did you mean 'elements'?)"),
    # a box of no width passed validate; build then printed every text 'does not fit'
    ("box: [49, 7.6, 8, 6.4]", "box: [49, 7.6, -8, 6.4]", "box[2]: -8 is out of range: must be more than 0"),
])
def test_schema_problems_name_the_key_and_the_near_miss(project: Path, old: str, new: str, message: str):
    _break(project, old, new)
    problems = layout_problems("briefcase")
    assert problems and message in problems[0].message, [p.format() for p in problems]
    with pytest.raises(LayoutError, match="cards.yaml:"):
        load_layouts(card_layout_path("briefcase"))


def test_a_layout_extends_another_setting_only_what_differs():
    book = load_layouts(card_layout_path("startup"))
    value, tactic, startup = (book.layout(n) for n in ("value", "tactic", "startup"))
    boxes = {e.spec.get("id"): e.box for e in tactic.elements}
    assert boxes["icon"] == (24.5, 24, 14, 14)                # changed in place
    icon = next(e for e in tactic.elements if e.spec.get("id") == "icon")
    assert icon.spec["name"] == "$icon"                       # the rest of its settings inherited
    assert tactic.elements[-1].spec["field"] == "bank_for"    # a new element goes at the end
    assert len(tactic.elements) == len(value.elements) + 1
    assert [e.spec.get("field") for e in startup.elements if e.kind == "text"] == \
        ["value", "kind", "value", "name", "value", "rule"]
    assert value.elements[4].spec["field"] == "category"      # the base is untouched


def test_an_extending_layout_with_nothing_changed_draws_the_same_card(project: Path):
    from cardgen.commands.build import context_for
    from cardgen.render.printable import Face
    from cardgen.render.raster import face_images

    layout = project / "templates" / "startup" / "cards.yaml"
    layout.write_text(layout.read_text().replace("layouts:\n", "layouts:\n  same:\n    extends: value\n", 1))
    ctx = context_for("startup", "en")
    card = next(s.front for s in ctx.module.card_list(ctx.selection) if s.front.layout == "value")
    twin = Face(card.key + "-twin", "same", card.fields)
    first, second = face_images(ctx, [card, twin], 60, 0.0)
    assert first.tobytes() == second.tobytes()


@pytest.mark.parametrize("addition, message", [
    ("  twin:\n    extends: valeu\n",
     "extends 'valeu', which this file does not have (did you mean 'value'?)"),
    ("  a:\n    extends: b\n  b:\n    extends: a\n", "in a loop: a -> b -> a"),
    ("  twin:\n    extends: value\n    remove: [icno]\n",
     "no element with id 'icno' to remove (did you mean 'icon'?)"),
    ("  twin:\n    extends: value\n    elements:\n      - rect: {id: icon, fill: paper}\n",
     "element 'icon' is an icon in 'value'; remove it and add a rect instead"),
    ("  twin:\n    remove: [icon]\n    elements: []\n", "'remove' needs 'extends'"),
    ("  twin:\n    extends: value\n    elements:\n      - text: {id: txet, size: 9}\n",
     "'value' has no element with id 'txet' to change (did you mean 'text'?)"),
    ("  twin:\n    extends: value\n    elements:\n      - rect: {before: icno, box: [0, 0, 1, 1]}\n",
     "no element with id 'icno' to go before (did you mean 'icon'?)"),
    # an id misspelt beside a box is a new element: an icon with no name drew nothing, and
    # icons with no field passed validate and stopped the build with an internal error
    ("  twin:\n    extends: value\n    elements:\n      - icon: {id: icn, box: [24.5, 24, 10, 10]}\n",
     "'icon' needs a name (an icon of the file, or $field)"),
    ("  twin:\n    extends: value\n    elements:\n      - icons: {box: [24.5, 24, 10, 10]}\n",
     "'icons' needs a field"),
    ("  twin:\n    extends: value\n    elements:\n"
     "      - text: {box: [6, 76, 30, 6], field: name, style: smal}\n",
     "unknown style 'smal' (did you mean 'small'?)"),
    ("  twin:\n    extends: value\n    elements:\n      - text: {box: [6, 76, 30, 6], value: abc}\n",
     "a text's value is a whole number, printed as it is, not 'abc'"),
])
def test_extends_mistakes_are_errors_at_their_place(project: Path, addition: str, message: str):
    layout = project / "templates" / "startup" / "cards.yaml"
    layout.write_text(layout.read_text().replace("layouts:\n", "layouts:\n" + addition, 1))
    (problem,) = layout_problems("startup")
    assert message in problem.message and problem.line > 1
    result = runner.invoke(app, ["build", "startup", "--out", str(project / "out")])
    assert result.exit_code == 1 and message in result.output


def test_a_new_element_can_go_before_one_of_the_extended_layout():
    """The activated side of a company card: its foot band is drawn under the labels and icons."""
    book = load_layouts(card_layout_path("briefcase"))
    company, activated = book.layout("company"), book.layout("company_activated")
    ids = [e.spec.get("id") for e in activated.elements]
    assert ids.index("foot") == ids.index("level_label") - 1
    assert len(activated.elements) == len(company.elements) + 1
    frame = activated.elements[0]
    assert frame.spec["fill"] == "panel_{status}" and frame.spec["bleed"] is True   # merged


NOPE = ("- text: {box: [17, 4, 42, 10], field: title, style: title}",
        "- text: {box: [17, 4, 42, 10], field: nope, style: title}")


def test_an_unknown_field_fails_the_build_at_its_line_with_the_known_fields(project: Path, tmp_path: Path):
    # before, the Career card's title was silently left blank
    line = _break(project, *NOPE, game="fmnyc")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "fmnyc", "--out", str(out)])
    assert result.exit_code == 1
    col = _column(project, "fmnyc", "nope, style: title}")        # at the field, not the element
    assert f"cards.yaml:{line}:{col}: error[layout]: layout 'career' prints the field 'nope', which its " \
           "cards do not have; known fields: gains, illustration," in result.output
    assert not out.exists()


EXTENDS = ("extends: company", "extends: compny")


@pytest.mark.parametrize(("game", "old", "new"), [("fmnyc", *NOPE), ("briefcase", *EXTENDS),
                                                  ("briefcase", *FIL)])
def test_build_prints_a_layout_problem_as_validate_does_with_its_rule_id(project: Path, tmp_path: Path,
                                                                         game: str, old: str, new: str):
    # a field the cards lack (checked against the faces), a layout the file lacks (read with the
    # file), a misspelt key (the schema): each one line, the same in both commands
    _break(project, old, new, game=game)
    checked = runner.invoke(app, ["validate", game])
    built = runner.invoke(app, ["build", game, "--out", str(tmp_path / "out")])
    assert checked.exit_code == built.exit_code == 1
    (expected,) = [row for row in checked.output.splitlines() if "cards.yaml" in row]
    assert "error[" in expected and expected in built.output.splitlines(), built.output


def test_validate_reports_an_unknown_field_of_a_layout_at_its_line(project: Path):
    line = _break(project, *NOPE, game="fmnyc")
    result = runner.invoke(app, ["validate", "fmnyc"])
    assert result.exit_code == 1
    (found,) = [row for row in result.output.splitlines() if "cards.yaml" in row]
    col = _column(project, "fmnyc", "nope, style: title}")
    assert f"cards.yaml:{line}:{col}: error[layout]: layout 'career' prints the field 'nope'" in found


@pytest.mark.parametrize("old, new, message", [
    ('fill: "{frame}_bg", bleed: true}', 'fill: "{frame}_nope", bleed: true}',
     "unknown colour 'level_1_nope'"),
    ("name: cost_badge, when: cost}", "name: no_such_icon, when: cost}", "no icon 'no_such_icon'"),
    ("field: per_activation_label,", "label: label:nothing,", "no label 'label:nothing'"),
])
def test_validate_refuses_what_build_refuses_of_a_layout(project: Path, old: str, new: str, message: str):
    # one check of the layouts against the cards, run by both before anything is drawn
    line = _break(project, old, new)
    result = runner.invoke(app, ["validate", "briefcase"])
    assert result.exit_code == 1
    found = [row for row in result.output.splitlines() if f"cards.yaml:{line}:" in row]
    assert len(found) == 1 and f"error[layout]: {message}" in found[0], result.output


@pytest.mark.parametrize("old, new, message", [
    ("name: cost_badge, when: cost}", "name: cost_badge, when: cots}", "tests (when:) the field 'cots'"),
    ("name: cost_badge, when: cost}", 'name: "{0}", when: cost}', "reads (name:) the field '0'"),
])
def test_a_field_an_element_tests_or_reads_must_be_one_its_cards_have(project: Path, old: str, new: str,
                                                                     message: str):
    """A misspelt when: hid the element on every card, silently; a {placeholder} read as empty."""
    line = _break(project, old, new)
    result = runner.invoke(app, ["validate", "briefcase"])
    assert result.exit_code == 1
    found = [row for row in result.output.splitlines() if f"cards.yaml:{line}:" in row]
    assert len(found) == 1 and message in found[0], result.output


def test_a_style_with_a_colour_that_is_none_is_refused_by_validate_and_build(project: Path, tmp_path: Path):
    """'#zzzzzz' passed validate and crashed build where the text was drawn."""
    _break(project, "badge_star: {weight: bold, size: 11, min_size: 8, colour: ink,",
           "badge_star: {weight: bold, size: 11, min_size: 8, colour: '#zzzzzz',")
    message = "style 'badge_star': unknown colour '#zzzzzz' (use a palette name or #rrggbb)"
    result = runner.invoke(app, ["validate", "briefcase"])
    assert result.exit_code == 1 and message in result.output
    result = runner.invoke(app, ["build", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and message in result.output and "internal error" not in result.output


def test_icons_of_a_text_field_are_refused_by_validate_and_build(project: Path, tmp_path: Path):
    """An icons box of a card's text (field: name) passed validate and stopped the build with
    an internal error (AttributeError)."""
    line = _break(project, "field: production, style: icon_row_right}", "field: name, style: icon_row_right}")
    message = ("field 'name' of company.power_plant:deactivated is a text; an icons box prints icons and "
               "their counts (such as a company's activation)")
    result = runner.invoke(app, ["validate", "briefcase"])
    assert result.exit_code == 1 and f"cards.yaml:{line}:" in result.output and message in result.output
    result = runner.invoke(app, ["build", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and message in result.output and "internal error" not in result.output


@pytest.mark.parametrize("old, new, message", [
    # the build named the picture 'Message(context=...)', validate passing it
    ("box: [21.5, 29.3, 20, 11], field: art,", "box: [21.5, 29.3, 20, 11], field: name,",
     "field 'name' of company.power_plant:deactivated is a text; an art box prints the picture file a "
     "field names (such as art)"),
    # said as "no icon 'Message(context='company.power_plant:name', ...)'"
    ("name: cost_badge, when: cost}", "name: $name, when: cost}",
     "the icon's name ($name) on company.newspaper:deactivated is a text, not the name of an icon"),
    # "unknown colour 'Message(context='company.power_plant:name', ...)_bg'"
    ('fill: "{frame}_bg", bleed: true}', 'fill: "{name}_bg", bleed: true}',
     "unknown colour 'Power Plant_bg' on company.power_plant:deactivated"),
])
def test_a_picture_or_icon_named_by_a_text_field_is_said_as_a_person_reads_it(
        project: Path, tmp_path: Path, old: str, new: str, message: str):
    line = _break(project, old, new)
    for args in (["validate", "briefcase"], ["build", "--out", str(tmp_path / "out")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, result.output
        assert f"cards.yaml:{line}:" in result.output and message in result.output, result.output
        assert "Message(" not in result.output and "internal error" not in result.output


def test_preview_of_a_card_whose_layout_has_an_unknown_field_is_one_error_line(project: Path, tmp_path: Path):
    # preview and export draw through face_images, which runs the same check as build
    _break(project, *NOPE, game="fmnyc")
    result = runner.invoke(app, ["preview", "-g", "fmnyc", "career.heir", "-o", str(tmp_path / "p.png")])
    assert result.exit_code == 1
    errors = [row for row in result.output.splitlines() if "error" in row]
    assert len(errors) == 1 and "error[layout]: layout 'career' prints the field 'nope'" in errors[0], \
        result.output
    assert "internal error" not in result.output and not (tmp_path / "p.png").exists()


def test_a_layout_file_is_read_once_per_version(project: Path):
    # A plain `cardgen validate` read each game's layout file four times.
    path = card_layout_path("startup")
    book = load_layouts(path)
    assert load_layouts(path) is book
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("palettes:", "palettes:  # edited", 1), encoding="utf-8")
    edited = load_layouts(path)
    assert edited is not book and edited.normal == book.normal
    path.write_text(text.replace("normal:", "normal:\n    added: '#123456'", 1), encoding="utf-8")
    assert load_layouts(path).normal["added"] == "#123456"


@pytest.mark.parametrize("old, new, value", [
    ('fill: ability_bg, stroke:', 'fill: abilty_bg, stroke:', "abilty_bg, stroke:"),
    ("field: vp, style: badge_star}", "field: vp, style: badge_sta}", "badge_sta}"),
    ("name: vp_badge}", "name: vp_bdge}", "vp_bdge}"),
    ("field: vp, style: badge_star}", "value: abc, style: badge_star}", "abc, style: badge_star}"),
    ("field: vp, style: badge_star}", "field: production, style: badge_star}",
     "production, style: badge_star}"),
    ("  small: {size: 7.5, min_size: 6.5, colour: ink,", "  small: {size: 7.5, min_size: 6.5, colour: inq,",
     "inq,"),
    ("      - text: {id: level_label, colour: on_bg}", "      - text: {id: level_label, colour: on_bgg}",
     "on_bgg}"),
    ("      - text: {id: level_label, colour: on_bg}", "      - text: {id: level_labl, colour: on_bg}",
     "level_labl, colour"),
    ("{id: foot, before: level_label,", "{id: foot, before: level_labl,", "level_labl,"),
    ("- {glyph: card, fill: buy, ink: ink}", "- {glyph: crd, fill: buy, ink: ink}", "crd, fill"),
    ("- {glyph: card, fill: buy, ink: ink}", "- {glyph: card, fill: buyy, ink: ink}", "buyy, ink"),
], ids=["fill", "style", "icon-name", "value", "field", "style-colour", "element-colour", "changed-id",
        "before", "glyph", "icon-colour"])
def test_a_layout_problem_points_at_the_setting_at_fault(project: Path, old: str, new: str, value: str):
    # They pointed at the element (column 9, or its first line when written as a block), at the
    # icon or at line 1 of the file: an editor jumped to the wrong place.
    line = _break(project, old, new)
    col = _column(project, "briefcase", value)
    result = runner.invoke(app, ["validate", "briefcase"])
    assert result.exit_code == 1
    found = [row for row in result.output.splitlines() if "error[layout]" in row]
    assert found and all(f"/cards.yaml:{line}:{col}: error[layout]: " in row for row in found), result.output
