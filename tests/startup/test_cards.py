"""Print-and-play: the card list covers the whole box and builds through the shared renderer."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.startup import cards
from tests.pdfs import page_count

runner = CliRunner()


def test_card_list_is_the_whole_box_of_119_cards_with_backs():
    specs = cards.card_list(cards.select())
    assert sum(s.count for s in specs) == 98 + 15 + 5 + 1     # and the Credits card
    assert all(s.back is not None for s in specs)
    assert {s.deck for s in specs} == {"draw_pile", "startup", "reference"}
    assert sum(s.count for s in specs if s.deck == "draw_pile") == 98


def test_a_game_of_three_prints_three_reference_cards():
    specs = cards.card_list(cards.select(players=3))
    assert [s.count for s in specs if s.id == "reference"] == [3]


def test_selection_rejects_sets_and_player_counts_outside_the_box():
    with pytest.raises(cards.SelectionError):
        cards.select(set_ref="anything")
    with pytest.raises(cards.SelectionError):
        cards.select(players=6)


def test_every_printed_text_is_a_known_message():
    sel = cards.select()
    known = {m.context for m in cards.box_messages(sel)}
    for spec in cards.card_list(sel):
        for face in (spec.front, spec.back):
            for value in face.fields.values():
                context = getattr(value, "context", None)
                assert context is None or context == "" or context in known, (face.key, context)


def test_build_renders_all_cards_and_backs(tmp_path: Path):
    result = runner.invoke(app, ["build", "startup", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "startup-en-cards.pdf"
    # 119 cards and 7 blank spares that fill the last sheet, 9 a sheet: 14 sheets, each with its backs
    assert "126 cards" in result.output and "7 blank spare cards fill the last sheet" in result.output
    assert pdf.exists() and page_count(pdf) == 2 * 14


def test_the_value_reads_in_both_top_corners_of_every_card_that_has_one():
    import yaml

    from cardgen.paths import template_file
    layouts = yaml.safe_load(template_file("startup", "cards.yaml").read_text())["layouts"]
    texts = [e["text"] for e in layouts["value"]["elements"] if "text" in e]
    corners = [t["box"] for t in texts if t.get("field") == "value" and t["box"][1] < 10]
    assert len(corners) == 2
    (left, right) = sorted(corners)
    assert left[0] < 10 and right[0] + right[2] > 63 - 10      # one at each side of the top edge
    for name in ("tactic", "startup"):
        assert layouts[name]["extends"] == "value"
        overridden = {e["text"].get("id") for e in layouts[name]["elements"] if "text" in e}
        assert not overridden & {"corner_left", "corner_right"}


def test_the_reference_card_is_numbered_steps_under_section_headings():
    lines = cards.select().game.reference_text.split("\n")
    steps = [line for line in lines if line[:1].isdigit() and line[1:3] == ". "]
    assert [s[:2] for s in steps] == ["1.", "2.", "3."]
    headings = [line for line in lines if line.isupper()]
    assert len(headings) >= 3 and lines[0] in headings
    assert all(len(line) < 70 for line in lines)                # short lines, not a run-on paragraph
