"""A designer's insert template (templates/<game>/inserts/*.yaml.j2) that writes a document of
the wrong shape: build and validate each refuse it with one positioned problem naming the
insert, at the template line that writes the fault, never an internal error (``count: two``,
``size: [70]`` and a frame without its colour were) nor a silently wrong page (a cell past the
table's columns was dropped, an empty ``text:`` printed "None")."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.render.doc_shape import shape_problems, template_line

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_workspace_named")
TURN = Path("templates/briefcase/inserts/turn.yaml.j2")


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    ws = tmp_path / "ws"
    made = runner.invoke(app, ["init", str(ws), "--from", "briefcase"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(ws)
    return ws


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result.exit_code, result.output


def edit(ws: Path, old: str, new: str) -> int:
    """Replace ``old`` in the turn summary's template; the line of the change."""
    path = ws / TURN
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


@pytest.mark.parametrize("old, new, message", [
    ("  count: {{ turn_cards }}", "  count: two",
     'insert turn: count is a whole number of copies, 0 to 1000, not "two"'),
    ("  size: [70, 120]", "  size: [70]", "insert turn: size is page or [width, height] in mm"),
    ('    - heading: {{ t("turn_summary") | q }}', '    - heding: {{ t("turn_summary") | q }}',
     "insert turn: unknown block 'heding' (did you mean 'heading'?)"),
    ('    - small: {{ t("turn_end") | q }}', "    - small:",
     "insert turn: a small block's value is text, not null"),
    ("  frame: turn", "  frame: turn\n  fram: turn",
     "insert turn: unknown key 'fram' in an insert (did you mean 'frame'?)"),
    ('    - small: {{ t("turn_end") | q }}', "    - table: {columns: [1, 1], rows: [[a, b, c]]}",
     "insert turn: a row of 3 cells in a table of 2 columns (the cells past them would not print)"),
    ('    - small: {{ t("turn_end") | q }}', "    - table: {columns: [one, 1]}",
     "insert turn: a table's columns are a list of its columns' relative widths"),
    ('    - small: {{ t("turn_end") | q }}', "    - spacer: -3",
     "insert turn: a spacer is a number of mm, 0 to 1000"),
    # Widths whose sum is infinite were an internal error of the PDF library.
    ('    - small: {{ t("turn_end") | q }}', "    - table: {columns: [1e308, 1e308], rows: [[a, b]]}",
     "insert turn: a table's columns are a list of its columns' relative widths, positive numbers up "
     "to 1000"),
    # Refused as in card texts and translations: it printed a right-to-left override.
    ('    - small: {{ t("turn_end") | q }}', '    - small: "Zq\u202eb"',
     "insert turn: a small block's text holds a bidirectional control, U+202E"),
    ('    - small: {{ t("turn_end") | q }}', '    - table: {columns: [1, 1], rows: [[a, "b\u202a"]]}',
     "insert turn: a cell's text holds a bidirectional control, U+202A"),
])
def test_a_document_of_the_wrong_shape_is_refused_at_its_template_line(workspace: Path, tmp_path: Path,
                                                                        old: str, new: str, message: str):
    line = edit(workspace, old, new)
    if new.startswith("  frame: turn\n"):
        line += 1
    placed = f"{TURN.as_posix()}:{line}:1: error[layout]: {message}"
    code, out = run("validate")
    assert code == 1 and placed in out, out
    code, out = run("build", "briefcase", "-o", str(tmp_path / "out"))
    assert code == 1 and placed in out, out
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("old, new, message", [
    ("  frame: turn", "  frame: turnn", "insert turn: its frame 'turnn' draws with the colour 'turnn_bg', "
     "which the palette of templates/briefcase/cards.yaml lacks (did you mean 'turn_bg'?)"),
    ('{{ t("turn_end") | q }}', '"{coffee} break"', "insert turn: text '{coffee} break' in language 'en': "
     "unknown icon {coffee}"),
    ('{{ t("turn_end") | q }}', '{{ (t("turn_end") * 30) | q }}',
     "insert turn: does not fit its page in language 'en'"),
])
def test_what_build_refuses_in_an_insert_validate_reports_at_the_line_naming_it(
        workspace: Path, tmp_path: Path, old: str, new: str, message: str):
    edit(workspace, old, new)
    code, out = run("validate")
    assert code == 1 and f"{TURN.as_posix()}:2:1: error[layout]: {message}" in out, out
    code, out = run("build", "briefcase", "-o", str(tmp_path / "out"))
    assert code == 1 and message in out, out


def test_a_label_the_game_lacks_is_placed_at_the_template_line_using_it(workspace: Path):
    line = edit(workspace, '{{ t("turn_start") | q }}', '{{ t("turn_strt") | q }}')
    code, out = run("validate")
    assert code == 1
    assert (f"{TURN.as_posix()}:{line}:1: error[layout]: insert templates use the label "
            "'label:turn_strt', which texts.LABELS lacks") in out, out


def test_the_shipped_inserts_pass_validate(workspace: Path):
    code, out = run("validate")
    assert code == 0, out


def test_what_is_not_a_list_of_documents_is_one_problem():
    assert [m for _, _, m in shape_problems({"name": "x"})] == [
        "an insert template writes a list of documents, each with a name and blocks"]
    assert [(n, m) for n, _, m in shape_problems([{"name": "x"}])] == [
        ("x", "each document needs a name and a list of blocks")]


def test_a_problem_is_placed_at_the_nth_line_of_its_key_within_its_insert():
    source = "- name: a\n  blocks:\n    - text: x\n- name: b\n  blocks:\n    - text: y\n    - text: z\n"
    assert template_line(source, "b", "text#1") == 7
    assert template_line(source, "b", "text#5") == 7        # a loop wrote more: its last line
    assert template_line(source, "a", "text#0") == 3
    assert template_line(source, "c", "blocks") == 1         # no such insert, no single line


def test_an_insert_template_named_alone_is_checked_as_one(workspace: Path):
    # It was a warning that cardgen reads no such template, and its fault passed.
    line = edit(workspace, "  count: {{ turn_cards }}", "  count: two")
    placed = f"{TURN.as_posix()}:{line}:1: error[layout]: insert turn: count is a whole number"
    for named in (str(TURN), "templates/briefcase/inserts", "."):
        code, out = run("validate", named)
        assert code == 1 and placed in out and out.count("error[") == 1, (named, out)
    code, out = run("validate", "templates/briefcase/inserts/setup.yaml.j2")   # another template's fault
    assert code == 0, out


def test_an_insert_template_cardgen_does_not_read_is_a_warning(workspace: Path):
    extra = workspace / "templates/briefcase/inserts/extra.yaml.j2"
    extra.write_text((workspace / TURN).read_text(encoding="utf-8"), encoding="utf-8")
    code, out = run("validate", "templates")
    assert code == 0
    assert ("templates/briefcase/inserts/extra.yaml.j2:1:1: warning[template-unknown]: cardgen reads no "
            "such briefcase insert template; the ones it reads in templates/briefcase/inserts/ are "
            "setup.yaml.j2, turn.yaml.j2") in out, out


def test_a_yaml_j2_file_elsewhere_is_not_read(workspace: Path):
    (workspace / "cards/briefcase/notes.yaml.j2").write_text("{{ broken", encoding="utf-8")
    code, out = run("validate", ".")
    assert code == 0, out


def test_an_undefined_name_is_placed_at_the_template_line_using_it(workspace: Path, tmp_path: Path):
    # It was placed at the inserts' folder (templates/briefcase/inserts:1:1), and build gave no line.
    line = edit(workspace, "  count: {{ turn_cards }}", "  count: {{ nope }}")
    placed = f"{TURN.as_posix()}:{line}:1: error[layout]: "
    for args in (["validate"], ["build", "briefcase", "-o", str(tmp_path / "out")]):
        code, out = run(*args)
        assert code == 1 and placed in out and "'nope' is undefined" in out, out


def test_invalid_rendered_yaml_is_placed_at_the_template_line_that_wrote_it(workspace: Path):
    line = edit(workspace, "  size: [70, 120]", "  size: !!python/tuple [70, 120]")
    code, out = run("validate")
    assert code == 1 and f"{TURN.as_posix()}:{line}:1: error[" in out, out


def test_two_documents_of_one_name_in_one_template_are_one_problem(workspace: Path, tmp_path: Path):
    # An internal error of cardgen's (ValueError: two insert documents share a name).
    text = (workspace / TURN).read_text(encoding="utf-8")
    (workspace / TURN).write_text(text + text.split("\n", 1)[1], encoding="utf-8")
    second = text.count("\n") + 1        # its "- name: turn" line
    for args in (["validate"], ["build", "briefcase", "-o", str(tmp_path / "out")]):
        code, out = run(*args)
        assert code == 1, out
        assert (f"{TURN.as_posix()}:{second}:1: error[layout]: insert turn: this template has another "
                "document of that name; each needs its own") in out, out


def test_plain_validate_checks_the_workspace_templates_of_a_game_without_data_of_its_own(workspace: Path):
    # The workspace's data is Briefcase's alone; a broken Free Market: NYC insert passed plain
    # validate and stopped the build.
    inserts = workspace / "templates/fmnyc/inserts"
    inserts.mkdir(parents=True)
    (inserts / "stages.yaml.j2").write_text("- name: x\n  blocks: [{{ nope }}]\n", encoding="utf-8")
    code, out = run("validate")
    assert code == 1
    assert "templates/fmnyc/inserts/stages.yaml.j2:2:1: error[layout]: " in out, out
