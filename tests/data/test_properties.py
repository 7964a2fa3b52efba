"""Property tests: whatever text or data a file holds, validation returns problems and never raises."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.commands.validate import validate_paths
from cardgen.data.documents import read_document
from cardgen.data.yamlload import load_yaml

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted((REPO / "cards" / "briefcase").glob("*.yaml"))
KINDS = ["companies", "company-set", "company-sets", "components", "game", "rulings", "setup", "nope"]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
runner = CliRunner()
YAML_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")   # what YAML counts as a new line

# Pieces of YAML that exercise the scanner, parser and constructor: indentation, flow
# collections, anchors and aliases, tags, block scalars, comments, documents, quotes.
TOKENS = ["\n", "  ", "\t", ": ", ":", "- ", "[", "]", "{", "}", ", ", "&a ", "*a", "&b ", "*b",
          "<<: ", "!!python/object/apply:os.system ", "!!int ", "!!binary ", "!foo ", "? ", "|",
          ">", "#", "---\n", "...\n", "'", '"', "\\", "%YAML 1.1\n", "game: briefcase\n",
          "kind: companies\n", "kind: setup\n", "2020-13-45", "1e3", "0x1F", "~", "null", "yes",
          "é", "\x07", "\x85", "\ufeff", "\u2028"]
yaml_text = st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=4)), max_size=40).map("".join)

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 100), st.floats(allow_nan=True),
                    st.text(max_size=12))
yaml_data = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.text(max_size=8), st.integers(0, 5)), inner, max_size=4)), max_leaves=20)


def headed(data: Any, kind: str) -> Any:
    return {"game": "briefcase", "kind": kind, **data} if isinstance(data, dict) else data


def check_problems(problems, text: str | None = None) -> None:
    for p in problems:
        assert p.rule and p.message and p.line >= 1 and p.col >= 1
        assert "\n" not in p.format()
        if text is not None:
            assert p.line <= len(YAML_LINE_BREAK.split(text)) + 1, p


def write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    return path


@FAST
@given(text=yaml_text)
def test_random_yaml_text_never_raises(text):
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "x.yaml", text)
        data, problems = load_yaml(path, "x.yaml")
        assert (data is None) == bool(problems)
        check_problems(problems, text)
        doc, problems = read_document(path)
        check_problems(problems, text)


@FAST
@given(raw=st.binary(max_size=200))
def test_random_bytes_never_raise(raw):
    with tempfile.TemporaryDirectory() as folder:
        _, problems = read_document(write(Path(folder), "x.yaml", raw))
        check_problems(problems)


@FAST
@given(data=yaml_data, kind=st.sampled_from(KINDS))
def test_random_data_never_raises(data, kind):
    text = yaml.safe_dump(headed(data, kind), allow_unicode=True)
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "x.yaml", text)
        doc, problems = read_document(path)
        check_problems(problems, text)
        found = validate_paths([path]).problems
        check_problems(found, text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(yaml_text, yaml_data.map(lambda d: yaml.safe_dump(headed(d, "companies")))))
def test_cli_never_raises(text):
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "x.yaml", text)
        result = runner.invoke(app, ["validate", str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        assert result.exit_code in (0, 1)


def leaves(node: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(node, dict):
        return [path] + [p for k, v in node.items() for p in leaves(v, path + (k,))]
    if isinstance(node, list):
        return [path] + [p for i, v in enumerate(node) for p in leaves(v, path + (i,))]
    return [path]


def replace(node: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = dict(node) if isinstance(node, dict) else list(node)
    copy[path[0]] = replace(node[path[0]], path[1:], value)
    return copy


ORIGINALS = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in SHIPPED}
# Values that keep a file schema-valid often, so the meaning checks run on odd data too.
NEAR_VALUES = st.one_of(st.integers(-1, 60), st.none(), st.booleans(), st.sampled_from(
    ["buy", "steel", "energy", "Power Plant", "Construction Firm", "power_plant", "any", "x"]),
    st.dictionaries(st.sampled_from(["2", "3", "4", "buy", "steel", "energy"]), st.integers(0, 30),
                    max_size=3), st.lists(st.sampled_from(["buy", "cost", "vp", "Bank", "Newspaper"]),
                                          max_size=3))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_one_changed_value_in_the_shipped_data_never_raises(data):
    name = data.draw(st.sampled_from(sorted(ORIGINALS)))
    original = ORIGINALS[name]
    path = data.draw(st.sampled_from(leaves(original)[1:]))
    changed = replace(original, path, data.draw(NEAR_VALUES))
    with tempfile.TemporaryDirectory() as folder:
        for other, content in ORIGINALS.items():
            write(Path(folder), other, yaml.safe_dump(changed if other == name else content,
                                                      allow_unicode=True, sort_keys=False))
        problems = validate_paths([Path(folder)]).problems
        check_problems(problems)
