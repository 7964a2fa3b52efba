"""Reading hostile or broken YAML: one positioned problem, never an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.data import yamlload
from cardgen.data.yamlload import MAX_BYTES, MAX_EXPANDED_NODES, PosDict, PosList, load_yaml


def load(tmp_path: Path, content: str | bytes, name: str = "file.yaml"):
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return load_yaml(path, name)


def only(problems):
    assert len(problems) == 1, problems
    return problems[0]


def test_positions_of_keys_values_and_items(tmp_path):
    data, problems = load(tmp_path, "game: briefcase\nlist:\n  - a\n  - {b: 2}\n")
    assert problems == []
    assert isinstance(data, PosDict) and isinstance(data["list"], PosList)
    assert data.key_pos["list"] == (2, 1)
    assert data.value_pos["game"] == (1, 7)
    assert data["list"].item_pos == [(3, 5), (4, 5)]
    assert data["list"][1].value_pos["b"] == (4, 9)


def test_numeric_keys_are_read_as_text(tmp_path):
    data, _ = load(tmp_path, "copies: {2: 1, 3: 2}\n")
    assert list(data["copies"]) == ["2", "3"]


def test_syntax_error_names_its_line(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nkind: [\n")[1])
    assert (p.rule, p.line) == ("yaml-syntax", 3)
    assert "file ends where a value was expected" in p.message


def test_unclosed_quote_points_at_the_opening_quote(tmp_path):
    p = only(load(tmp_path, 'game: briefcase\nname: "Briefcase\nkind: game\n')[1])
    assert (p.rule, p.line, p.col) == ("yaml-syntax", 2, 7)
    assert "quoted text is never closed" in p.message


def test_missing_colon_points_at_the_line_without_it(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nkind\nname: x\n")[1])
    assert (p.line, p.col) == (2, 1)
    assert "missing ':'" in p.message


def test_bad_indentation_says_so(tmp_path):
    p = only(load(tmp_path, "players:\n  min: 2\n max: 4\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-syntax", 3, 2)
    assert "indentation" in p.message


def test_unclosed_flow_list_names_where_it_opened(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nsizes: [1, 2\nkind: game\n")[1])
    assert (p.line, p.col) == (3, 5)
    assert "[...] list opened at line 2" in p.message


def test_value_with_colon_space_suggests_quotes(tmp_path):
    p = only(load(tmp_path, "text: Note: this\n")[1])
    assert (p.line, p.col) == (1, 11)
    assert "quotes" in p.message


def test_tab_indentation(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nplayers:\n\tmin: 2\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-syntax", 3, 1)
    assert "tab character" in p.message


def test_tab_after_a_colon(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nname:\tBriefcase\n")[1])
    assert (p.line, p.col) == (2, 6)
    assert "tab character" in p.message and "spaces" in p.message


def test_duplicate_key_is_rejected_with_both_lines(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nkind: game\nname: A\nname: B\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-duplicate-key", 4, 1)
    assert p.message == "duplicate key 'name' (first defined at line 3)"


def test_duplicate_key_in_a_nested_mapping(tmp_path):
    p = only(load(tmp_path, "copies:\n  2: 1\n  3: 2\n  2: 3\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-duplicate-key", 4, 3)
    assert "'2'" in p.message


def test_merge_key_override_is_not_a_duplicate(tmp_path):
    data, problems = load(tmp_path, "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  x: 3\n")
    assert problems == []
    assert data["other"] == {"x": 3, "y": 2}
    assert data["other"].key_pos["x"] == (4, 3)


def test_duplicate_after_a_merge_is_still_a_duplicate(tmp_path):
    p = only(load(tmp_path, "base: &b {x: 1}\nother:\n  <<: *b\n  y: 3\n  y: 4\n")[1])
    assert (p.rule, p.line) == ("yaml-duplicate-key", 5)


def test_duplicate_anchor(tmp_path):
    p = only(load(tmp_path, "a: &x 1\nb: &x 2\n")[1])
    assert (p.line, p.col) == (2, 4)
    assert "anchor &x" in p.message and "line 1" in p.message


def test_billion_laughs_is_refused(tmp_path):
    rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    p = only(load(tmp_path, "\n".join(rows) + "\n")[1])
    assert p.rule == "yaml-alias-bomb"
    assert f"{MAX_EXPANDED_NODES:,}" in p.message


def test_recursive_alias(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nloop: &a [*a]\n")[1])
    assert (p.rule, p.line) == ("yaml-alias-recursive", 2)
    assert "inside itself" in p.message


@pytest.mark.parametrize("text", ["[" * 10000 + "]" * 10000, "- " * 10000 + "x",
                                  "{a: " * 10000 + "1" + "}" * 10000,
                                  # libyaml's own composer recursed in C and crashed the process
                                  "[" * 300_000 + "]" * 300_000])
def test_deep_nesting_is_refused(tmp_path, text):
    p = only(load(tmp_path, text + "\n")[1])
    assert (p.rule, p.line) == ("yaml-depth", 1)
    assert "nesting deeper than 64 levels" in p.message


def test_deep_nesting_through_aliases_is_refused(tmp_path):
    rows = ["a0: &a0 " + "[" * 60 + "1" + "]" * 60]
    rows += [f"a{i}: &a{i} " + "[" * 60 + f"*a{i - 1}" + "]" * 60 for i in range(1, 40)]
    p = only(load(tmp_path, "\n".join(rows) + "\n")[1])
    assert p.rule == "yaml-depth"


def test_too_many_values_without_aliases_is_not_called_an_alias_bomb(tmp_path, monkeypatch):
    # A lower limit keeps the test fast; the check is the same at 200,000.
    monkeypatch.setattr(yamlload, "MAX_EXPANDED_NODES", 1000)
    text = "game: briefcase\nvalues:\n" + "  - 1\n" * 1200
    p = only(load(tmp_path, text)[1])
    # Keys count as values: the mapping, game, briefcase, values, the list, then item 996.
    assert (p.rule, p.line) == ("yaml-too-many-values", 2 + 996)
    assert p.message == "file holds more than 1,000 values; split it into smaller files"


@pytest.mark.parametrize("text, said", [("", "file is empty"), ("   \n\n", "file is empty"),
                                        ("# only a comment\n", "file holds no data (only comments or '---')"),
                                        ("---\n", "file holds no data (only comments or '---')")])
def test_empty_file(tmp_path, text, said):
    # A file of comments is not "empty" to the person who wrote them.
    p = only(load(tmp_path, text)[1])
    assert (p.rule, p.line, p.col) == ("file-empty", 1, 1)
    assert p.message == f"{said}; expected a YAML mapping"


def test_the_settings_file_read_as_data_is_said_to_be_one(tmp_path):
    # cardgen validate cardgen.toml said "file is empty" of its 500 bytes of comments.
    path = tmp_path / "cardgen.toml"
    path.write_text("# where built files go\n# output = \"prints\"\n", encoding="utf-8")
    p = only(yamlload.load_yaml(path)[1])
    assert p.message == "this is the workspace's settings file (TOML), not game data; expected a YAML mapping"


def test_binary_file(tmp_path):
    p = only(load(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")[1])
    assert p.rule == "file-binary"
    assert "binary file" in p.message


def test_huge_file(tmp_path):
    p = only(load(tmp_path, "a: " + "x" * MAX_BYTES + "\n")[1])
    assert (p.rule, p.line) == ("file-too-large", 1)
    assert "the limit is 2,097,152 bytes" in p.message


def test_non_utf8_text_names_the_line(tmp_path):
    p = only(load(tmp_path, b"game: briefcase\nkind: game\nname: Caf\xe9\n")[1])
    assert (p.rule, p.line) == ("file-encoding", 3)
    assert p.message == "file is not valid UTF-8 text"


def test_utf8_bom_is_accepted(tmp_path):
    data, problems = load(tmp_path, "\ufeffgame: briefcase\n".encode())
    assert problems == [] and data == {"game": "briefcase"}


def test_control_character_names_its_line(tmp_path):
    p = only(load(tmp_path, "game: briefcase\nname: bell\x07\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-syntax", 2, 11)
    assert "U+0007" in p.message


def test_lone_surrogate_escape(tmp_path):
    p = only(load(tmp_path, 'game: briefcase\nname: "\\ud800"\n')[1])
    assert (p.rule, p.line, p.col) == ("yaml-value", 2, 7)


def test_directory(tmp_path):
    (tmp_path / "d.yaml").mkdir()
    p = only(load_yaml(tmp_path / "d.yaml", "d.yaml")[1])
    assert p.rule == "file-directory"


def test_missing_file(tmp_path):
    p = only(load_yaml(tmp_path / "nope.yaml", "nope.yaml")[1])
    assert (p.rule, p.message) == ("file-missing", "no such file")


def test_device_file_is_not_read():
    # /dev/zero never ends: reading it whole would never return.
    p = only(load_yaml(Path("/dev/zero"), "/dev/zero")[1])
    assert p.rule == "file-special"


def test_named_pipe_is_not_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    p = only(load_yaml(tmp_path / "pipe.yaml", "pipe.yaml")[1])
    assert p.rule == "file-special"


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system", "!!python/name:os.system",
                                 "!!python/object:pathlib.Path", "!!python/tuple", "!custom"])
def test_object_constructing_tags_are_refused(tmp_path, tag):
    p = only(load(tmp_path, f"game: briefcase\nkind: {tag} [\"echo pwned\"]\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-tag", 2, 7)
    assert p.message == f"YAML tag {tag} is not allowed (only plain data can be loaded)"


def test_object_tag_at_the_top(tmp_path):
    p = only(load(tmp_path, '!!python/object/apply:os.system ["echo pwned"]\n')[1])
    assert (p.rule, p.line, p.col) == ("yaml-tag", 1, 1)


@pytest.mark.parametrize("text, col", [("a: 2020-13-45", 4), ("a: !!int abc", 4), ("a: !!float abc", 4),
                                       ("a: !!bool maybe", 4), ("a: !!timestamp xyz", 4),
                                       ("a: !!seq foo", 4), ("a: [1, !!int x]", 8), ("a: !!int", 4),
                                       ("a: !!float", 4)])
def test_values_that_cannot_be_read_as_their_type(tmp_path, text, col):
    p = only(load(tmp_path, "game: briefcase\n" + text + "\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-value", 2, col)


def test_invalid_date_suggests_quotes(tmp_path):
    p = only(load(tmp_path, "released: 2020-13-45\n")[1])
    assert "quote" in p.message and "2020-13-45" in p.message


def test_wrong_node_for_a_tag(tmp_path):
    p = only(load(tmp_path, "game: briefcase\na: !!map foo\n")[1])
    assert (p.line, p.col) == (2, 4)
    assert "YAML tag" not in p.message


def test_more_than_one_document(tmp_path):
    p = only(load(tmp_path, "a: 1\n---\nb: 2\n")[1])
    assert (p.rule, p.line) == ("yaml-syntax", 2)
    assert "more than one YAML document" in p.message


def test_mapping_key_that_is_a_list(tmp_path):
    p = only(load(tmp_path, "game: briefcase\n? [a, b]\n: 1\n")[1])
    assert (p.rule, p.line) == ("yaml-key", 2)


@pytest.mark.parametrize("text, col, fragment", [
    ("name: & Sons\n", 7, "'&' starts an anchor"), ("name: * great\n", 7, "'*' starts an alias"),
    ("text: >5 players\n", 7, "'>' starts a block of text"), ("text: |x\n", 7, "'|' starts a block of text"),
    ("a: [1, , 2]\n", 8, "a value is missing before ','")])
def test_yaml_indicators_in_plain_text_suggest_quotes(tmp_path, text, col, fragment):
    p = only(load(tmp_path, text)[1])
    assert (p.rule, p.line, p.col) == ("yaml-syntax", 1, col)
    assert fragment in p.message


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_text_is_named_as_such(tmp_path, encoding):
    # Windows editors save "Unicode" text as UTF-16: it has NUL bytes but is not binary.
    p = only(load(tmp_path, "game: briefcase\n".encode(encoding))[1])
    assert (p.rule, p.line) == ("file-encoding", 1)
    name = "UTF-" + encoding.split("-")[1]
    assert p.message == f"file is {name} text; save it as UTF-8"


def test_windows_line_ends_keep_positions(tmp_path):
    data, problems = load(tmp_path, b"game: briefcase\r\nkind: game\r\nname: [\r\n")
    p = only(problems)
    assert (p.rule, p.line) == ("yaml-syntax", 4)
    data, problems = load(tmp_path, b"game: briefcase\r\nkind: game\r\n")
    assert problems == [] and data.value_pos["kind"] == (2, 7)


@pytest.mark.parametrize("text, value", [("1e3", 1000.0), ("2E-1", 0.2), ("-1.5e2", -150.0), ("+3e0", 3.0)])
def test_a_number_in_exponent_form_is_a_number(tmp_path, text, value):
    # YAML 1.2 and JSON read these as numbers; PyYAML's YAML 1.1 rules read them as text.
    data, problems = load(tmp_path, f"a: {text}\n")
    assert problems == [] and data["a"] == value


@pytest.mark.parametrize("text, value", [("1_000", 1000), ("0x10", 16), ("1.2.3", "1.2.3"), ("1e", "1e"),
                                         ("'1e3'", "1e3")])
def test_what_is_not_a_number_in_exponent_form_reads_as_before(tmp_path, text, value):
    data, problems = load(tmp_path, f"a: {text}\n")
    assert problems == [] and data["a"] == value and type(data["a"]) is type(value)


@pytest.mark.parametrize("text, value", [("-.5", -0.5), ("+.5", 0.5), (".5e3", 500.0), ("-.5E-2", -0.005),
                                         ("1.e3", 1000.0), (".5", 0.5), ("1e300", 1e300)])
def test_every_float_of_yaml_1_2_is_a_number(tmp_path, text, value):
    # YAML 1.1 reads a leading-dot number only unsigned and without an exponent.
    data, problems = load(tmp_path, f"a: {text}\n")
    assert problems == [] and data["a"] == value and type(data["a"]) is float


@pytest.mark.parametrize("text", ["1e3", "-.5", ".5e3", "1E-2", "1_000", "plain"])
def test_text_written_by_dump_yaml_reads_back_as_text(text: str):
    # PyYAML's own writer would leave "1e3" bare, which cardgen then reads as a number.
    assert yamlload.parse_yaml(yamlload.dump_yaml({"a": text})) == {"a": text}


def test_an_exponent_past_the_largest_number_is_not_finite(tmp_path):
    p = only(load(tmp_path, "game: briefcase\na: 1e999\n")[1])
    assert (p.rule, p.line, p.col) == ("yaml-value", 2, 4)
    assert "not a finite number" in p.message


# --- libyaml reads what PyYAML reads -------------------------------------------------------------

def _shape(value):
    """A loaded value with every position it carries, for comparing two readings."""
    if isinstance(value, PosDict):
        return ("map", value.pos, value.key_pos, value.value_pos,
                [(k, _shape(v)) for k, v in value.items()])
    if isinstance(value, PosList):
        return ("seq", value.pos, value.item_pos, [_shape(v) for v in value])
    return (type(value).__name__, repr(value))


def _reading(text: str):
    try:
        return _shape(yamlload.parse_yaml(text))
    except yamlload.YamlError as exc:
        return ("error", exc.line, exc.col, exc.rule, exc.message)


def _pyyaml_reading(text: str):
    try:
        return _shape(yamlload._parse_slow(text))
    except yamlload.YamlError as exc:
        return ("error", exc.line, exc.col, exc.rule, exc.message)


def _shipped_yaml() -> list[Path]:
    root = Path(__file__).resolve().parents[2]
    return sorted(p for folder in ("cards", "templates") for p in (root / folder).rglob("*.yaml"))


@pytest.mark.parametrize("path", _shipped_yaml(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_file_reads_the_same_through_libyaml_and_pyyaml(path):
    text = path.read_text(encoding="utf-8")
    assert _reading(text) == _pyyaml_reading(text)


# Each where libyaml, left to itself, read otherwise than PyYAML (found by comparing the two on
# mutated data files): a tab PyYAML refuses, a BOM inside a line (a column apart), a '?' inside
# a [...] list, an empty value inside {...} (a column apart). PyYAML's reading is the one given.
@pytest.mark.parametrize("text", ["name: Steel\tMill\n", "companies: [Bank,\n\tMill]\n",
                                  "a: {co\ufeffst: 1, vp: 2}\n", "title: [30?0, 16]\n",
                                  "list: [? a]\n", "copies: {2: , 3: 3}\n",
                                  "deck: {buy: 3, activate: , obstacle: 6}\n"])
def test_where_libyaml_differs_pyyaml_reads(text):
    assert _reading(text) == _pyyaml_reading(text)


def test_mutated_data_files_read_the_same_through_libyaml_and_pyyaml():
    import random

    rng = random.Random(7)
    pieces = [":", " ", "\n", "-", "[", "]", "{", "}", ",", "&a", "*a", "!!str", '"', "'", "|",
              ">", "#", "%", "\r", "\x85", "\u2028", "é", "中", "\x07", "---", "<<: *a", "~",
              "1e3", "2020-01-01", "\\", ": ", "\U0001F600"]
    texts = [p.read_text(encoding="utf-8") for p in _shipped_yaml()]
    for _ in range(300):
        text = rng.choice(texts)
        start = rng.randrange(max(1, len(text) - 1500))
        chars = list(text[start:start + 1500])
        for _ in range(rng.randint(1, 3)):
            spot = rng.randrange(len(chars) + 1)
            if rng.random() < 0.5:
                chars.insert(spot, rng.choice(pieces))
            elif chars:
                chars[min(spot, len(chars) - 1)] = rng.choice(pieces)
        mutated = "".join(chars)
        assert _reading(mutated) == _pyyaml_reading(mutated), mutated
