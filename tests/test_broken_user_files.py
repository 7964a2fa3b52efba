"""A workspace file that cannot be read is an error where it is, never silently replaced by the
shipped file of the same name (a folder, or a link to itself, named as the file)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data import schema

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def overlay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    ws = tmp_path / "ws"
    for folder in ("cards/briefcase/locale", "templates/briefcase/art"):
        (ws / folder).mkdir(parents=True)
    (ws / "cardgen.toml").write_text("", encoding="utf-8")
    shutil.copy(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml",
                ws / "cards" / "briefcase" / "my-set.yaml")
    monkeypatch.chdir(ws)
    monkeypatch.delenv("CARDGEN_HOME", raising=False)
    schema.clear_caches()
    return ws


def test_a_folder_named_as_the_companies_file_is_an_error(overlay: Path):
    (overlay / "cards" / "briefcase" / "companies.yaml").mkdir()
    for command in (["validate"], ["list", "companies"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "companies.yaml" in result.output, (command, result.output)


def test_a_catalog_that_links_to_itself_is_an_error(overlay: Path):
    (overlay / "cards" / "briefcase" / "locale" / "el.po").symlink_to("el.po")
    for command in (["i18n", "check", "briefcase", "--lang", "el", "--no-fit"], ["i18n", "stats"],
                    ["build", "--lang", "el"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "el.po" in result.output, (command, result.output)
    assert not (overlay / "output").exists()


def test_a_layout_that_links_to_itself_is_a_validate_error(overlay: Path):
    (overlay / "templates" / "briefcase" / "cards.yaml").symlink_to("cards.yaml")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "templates/briefcase/cards.yaml:1:1: error[file-link-loop]" in result.output


@pytest.mark.parametrize("size", ['width="1e308" height="-5"', 'width="0" height="10"'])
def test_a_picture_of_no_drawable_size_is_a_validate_error(overlay: Path, size: str):
    (overlay / "templates" / "briefcase" / "art" / "nuclear-plant.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size}><path d="M 0 0 L 5 5"/></svg>')
    for command in (["validate", "briefcase"], ["build"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "error[art-unusable]" in result.output, (command, result.output)
        assert "nuclear-plant.svg cannot be drawn" in result.output
    assert not (overlay / "output").exists()


@pytest.mark.parametrize("escape, said", [
    ("\\u0007", "a control character, U+0007: no font can print it"),
    ("\\u2028", "a line separator, U+2028: cardgen would print it as a space, not as a line break"),
    ("\\u202e", "a bidirectional control, U+202E: cardgen would not follow it")])
def test_a_character_no_card_prints_as_written_is_a_validate_error_at_its_place(overlay: Path, escape: str,
                                                                               said: str):
    my_set = overlay / "cards" / "briefcase" / "my-set.yaml"
    text = my_set.read_text(encoding="utf-8")
    line = text[:text.index("\nname: ") + 1].count("\n") + 1
    my_set.write_text(text.replace("\nname: Tech Boom", f'\nname: "Tech{escape} Boom"', 1), encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert f"my-set.yaml:{line}:7: error[text-control]: name: {said}" in result.output


@pytest.mark.parametrize("escape", ["\\u200b", "\\u200c", "\\u200d"])
def test_the_zero_width_space_and_joiners_are_text(overlay: Path, escape: str):
    # Part of how some scripts are written (joiners) and where a line may break (the space).
    my_set = overlay / "cards" / "briefcase" / "my-set.yaml"
    text = my_set.read_text(encoding="utf-8")
    my_set.write_text(text.replace("\nname: Tech Boom", f'\nname: "Tech{escape}Boom"', 1), encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output


def _png_of_one_colour(width: int, height: int) -> bytes:
    """A grey PNG of any size, a few hundred kilobytes for a huge one (streamed, never held)."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    packer, row = zlib.compressobj(9), b"\x00" * (1 + width)
    pixels = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))


@pytest.mark.parametrize("width, height", [(12_000, 12_000), (60_000, 60_000)])
def test_a_png_of_more_pixels_than_a_card_prints_is_refused_before_it_is_decoded(
        overlay: Path, width: int, height: int):
    """A 420 kB PNG of 144 megapixels passed validate (with Pillow's multi-line warning on stderr)
    and took 1.5 GB and 11 s to preview one card; past Pillow's own limit it was refused in a
    message holding Python object addresses."""
    companies = (REPO / "cards" / "briefcase" / "companies.yaml").read_text(encoding="utf-8")
    (overlay / "cards" / "briefcase" / "companies.yaml").write_text(
        companies.replace("art: newspaper.svg", "art: newspaper.png"), encoding="utf-8")
    (overlay / "templates" / "briefcase" / "art" / "newspaper.png").write_bytes(
        _png_of_one_colour(width, height))
    for command in (["validate", "briefcase"], ["preview", "newspaper"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "error[art-unusable]" in result.output, (command, result.output)
        assert f"newspaper.png is {width:,} x {height:,} pixels" in result.output
        assert "Warning" not in result.output and "0x" not in result.output
    assert not (overlay / "output").exists()


@pytest.mark.parametrize("paths, refused", [(4_000, False), (6_000, True)])
def test_an_svg_of_more_elements_than_a_card_picture_needs_is_refused_before_it_is_drawn(
        overlay: Path, paths: int, refused: bool):
    """svglib draws an element in about a millisecond: 100,000 small paths (600 kB, under the
    size limit) took 25 s and 440 MB to build."""
    body = "".join(f'<path d="M{i % 100} {i // 100} h1 v1 z"/>' for i in range(paths))
    (overlay / "templates" / "briefcase" / "art" / "newspaper.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{body}</svg>', encoding="utf-8")
    result = runner.invoke(app, ["validate", "briefcase"])
    if refused:
        assert result.exit_code == 1 and "error[art-unusable]" in result.output, result.output
        assert "newspaper.svg holds more than 5,000 elements" in result.output
    else:
        assert result.exit_code == 0, result.output


def test_a_set_file_named_as_another_set_is_a_warning_at_its_id_and_name(overlay: Path):
    """A set file with an official set's id or name, or another set file's, passed validate, and
    --set NAME played the other set without a word: this file can never be named."""
    my_set = overlay / "cards" / "briefcase" / "my-set.yaml"
    text = my_set.read_text(encoding="utf-8")
    my_set.write_text(text.replace("\nid: tech_boom\n", "\nid: simple\n", 1), encoding="utf-8")
    (overlay / "cards" / "briefcase" / "zz-copy.yaml").write_text(
        text.replace("startup_incubator", "incubator_two").replace("Startup Incubator", "Incubator Two")
        .replace("\nname: Tech Boom", "\nname: tech boom", 1), encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if "warning[set-name-taken]" in line]
    assert len(warned) == 2, result.output
    assert "my-set.yaml:" in warned[0]
    assert "the id 'simple' is the official set Simple Game's too" in warned[0]
    assert "zz-copy.yaml:" in warned[1]
    assert "the name 'tech boom' is Tech Boom's (a set file) too" in warned[1]
    # The summary counts them: it read "2 files valid.", as if no line above it warned.
    assert "2 files valid, with 2 warnings." in result.stderr
    (overlay / "cards" / "briefcase" / "zz-copy.yaml").write_text(
        text.replace("\nname: Tech Boom", "\nname: tech boom", 1), encoding="utf-8")   # reuses a company
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "1 problem found, and 2 warnings." in result.stderr, result.output


def test_a_set_in_examples_takes_no_name_from_the_copy_a_designer_starts_from(overlay: Path):
    """A workspace made with `init --from briefcase` holds examples/custom-set.yaml, which --set
    never finds by name; its copy beside the data (the new company renamed) was warned that
    --set 'Tech Boom' never found it, though --set found the copy and nothing else."""
    examples = overlay / "cards" / "briefcase" / "examples"
    examples.mkdir()
    shutil.copy(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml", examples)
    my_set = overlay / "cards" / "briefcase" / "my-set.yaml"
    my_set.write_text(my_set.read_text(encoding="utf-8").replace("startup_incubator", "incubator_two")
                      .replace("Startup Incubator", "Incubator Two"), encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "set-name-taken" not in result.output, result.output
    result = runner.invoke(app, ["simulate", "--set", "Tech Boom", "--games", "2", "--jobs", "1",
                                 "--quiet", "--json", "sim.json"])
    assert result.exit_code == 0, result.output
    assert "incubator_two" in json.loads((overlay / "sim.json").read_text(encoding="utf-8"))["items"]


@pytest.mark.parametrize("command", [["i18n", "stats"], ["list", "languages"],
                                     ["preview", "buy", "--lang", "el"]])
def test_a_workspace_folder_that_cannot_be_read_is_one_error_line(
        overlay: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, command):
    # A locale/ folder without read permission (chmod 000, as someone other than root) was an
    # internal error, a PermissionError from listing it, in every command that looks for catalogs.
    import cardgen.cli as cli

    locale = overlay / "cards" / "briefcase" / "locale"
    real = Path.iterdir

    def iterdir(self: Path):
        if self == locale:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    monkeypatch.setattr("sys.argv", ["cardgen", *command])
    monkeypatch.delenv("CARDGEN_TRACEBACK", raising=False)
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == 1
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"error: {locale} cannot be read (Permission denied), so its files cannot be used; make it readable")
    assert not (overlay / "output").exists()


def test_a_layout_in_a_folder_that_cannot_be_searched_is_an_error_not_the_shipped_layout(
        overlay: Path, monkeypatch: pytest.MonkeyPatch):
    # templates/briefcase without permissions (chmod 000, as anyone but root): its files could not
    # be looked at, were taken for missing, and the shipped layout was printed in silence.
    import os

    layout = overlay / "templates" / "briefcase" / "cards.yaml"
    shutil.copy(REPO / "templates" / "briefcase" / "cards.yaml", layout)
    real_lstat, real_stat = os.lstat, os.stat

    def denied(real):
        def look(path, *args, **kwargs):
            if Path(path) == layout:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *args, **kwargs)
        return look

    monkeypatch.setattr(os, "lstat", denied(real_lstat))
    monkeypatch.setattr(os, "stat", denied(real_stat))
    result = runner.invoke(app, ["preview", "buy"])
    assert result.exit_code == 1, result.output
    assert ("templates/briefcase/cards.yaml:1:1: error[file-unreadable]: cannot read the file: "
            "Permission denied") in result.output
    assert not (overlay / "output").exists()


def _companies(rest: str) -> str:
    return '{"$id": "https://cardgen.example/schemas/briefcase/companies.schema.json", ' + rest + "}"


@pytest.mark.parametrize("text, line_col, message", [
    ("{", "1:2", "not valid JSON"),
    ("[]", "1:1", 'a JSON object with its "$id"'),
    ('{"$id": "x", "minimum": NaN}', "1:1", "NaN is no number JSON has"),
    ('{"$id": "x", "maximum": ' + "9" * 5000 + "}", "1:1", "too long a number"),
    (_companies('"type": 5'), "1:1", "not a valid JSON Schema at /type"),
    (b"\xff\xfe{", "1:1", "not valid UTF-8"),
])
def test_a_schema_of_the_workspace_that_is_no_schema_is_a_problem_of_that_file(
        overlay: Path, text: str | bytes, line_col: str, message: str):
    # A workspace's schemas/ replaces the shipped ones: a broken one was an internal error of
    # every command that reads the data.
    path = overlay / "schemas" / "briefcase" / "companies.schema.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    for command in (["validate"], ["build", "--set", "Simple Game"], ["list", "companies"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, (command, result.output)
        assert f"schemas/briefcase/companies.schema.json:{line_col}: error[" in result.output, result.output
        assert message in result.output and "internal error" not in result.output
        assert result.output.count("error[") == 1, result.output   # each problem once
    assert not (overlay / "output").exists()


@pytest.mark.parametrize("rest, message", [
    ('"type": "object"', "a $ref leads to no schema: /$defs/company (no such part in "
     "https://cardgen.example/schemas/briefcase/companies.schema.json)"),
    ('"$defs": {"company": {"$ref": "#/$defs/company"}}',
     "its $refs (or those of the schemas they name) lead back to themselves without end"),
])
def test_a_ref_a_schema_of_the_workspace_breaks_is_a_problem_of_the_schema_that_follows_it(
        overlay: Path, rest: str, message: str):
    # The shipped set schema takes a company from companies.schema.json#/$defs/company.
    path = overlay / "schemas" / "briefcase" / "companies.schema.json"
    path.parent.mkdir(parents=True)
    path.write_text(_companies(rest), encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "company-set.schema.json:1:1: error[schema-file]: " + message in result.output


def test_a_fifo_as_a_schema_is_refused_without_opening_it(overlay: Path):
    # Opening a FIFO blocks until a writer comes: validate, build and preview hung.
    (overlay / "schemas" / "briefcase").mkdir(parents=True)
    os.mkfifo(overlay / "schemas" / "layout.schema.json")
    os.mkfifo(overlay / "schemas" / "briefcase" / "companies.schema.json")
    for command in (["validate"], ["preview", "bank"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, (command, result.output)
        assert "error[file-special]" in result.output and "JSON Schema file" in result.output
    assert not (overlay / "output").exists()


def test_a_permissive_schema_of_the_workspace_cannot_let_through_what_cardgen_reads_otherwise(overlay: Path):
    # cost: three passed a schema that allowed anything, and simulate ended in an internal error.
    path = overlay / "schemas" / "briefcase" / "companies.schema.json"
    path.parent.mkdir(parents=True)
    path.write_text(_companies('"type": "object", "$defs": {"company": {}}'), encoding="utf-8")
    my_set = overlay / "cards" / "briefcase" / "my-set.yaml"
    text = my_set.read_text(encoding="utf-8")
    assert "    cost: 2\n" in text
    my_set.write_text(text.replace("    cost: 2\n", "    cost: three\n", 1), encoding="utf-8")
    line = text.splitlines().index("    cost: 2") + 1
    for command in (["validate"], ["simulate", "--set", "cards/briefcase/my-set.yaml", "-n", "2", "-q"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1 and "internal error" not in result.output, (command, result.output)
        assert f"my-set.yaml:{line}:11: error[schema-type]: " in result.output, result.output


def test_a_schema_of_the_workspace_may_allow_keys_of_its_own(overlay: Path):
    # What a workspace's schema is for: a field of its own for its layouts to print.
    schema = REPO / "schemas" / "briefcase" / "companies.schema.json"
    shipped = json.loads(schema.read_text(encoding="utf-8"))

    def allow(node: object) -> None:
        if isinstance(node, dict):
            if node.get("additionalProperties") is False and "cost" in node.get("properties", {}):
                node["properties"]["flavour"] = {"type": "string"}
            for value in node.values():
                allow(value)
        elif isinstance(node, list):
            for value in node:
                allow(value)

    allow(shipped)
    path = overlay / "schemas" / "briefcase" / "companies.schema.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(shipped), encoding="utf-8")
    my_set = overlay / "cards" / "briefcase" / "my-set.yaml"
    text = my_set.read_text(encoding="utf-8")
    my_set.write_text(text.replace("    cost: 2\n", '    cost: 2\n    flavour: "Ideas, hatched"\n', 1),
                      encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
