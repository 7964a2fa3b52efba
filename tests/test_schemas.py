"""The shipped schemas are valid JSON Schema 2020-12, and every shipped data file passes them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from cardgen.data.documents import YAML_SUFFIXES, read_document

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = sorted((REPO / "schemas").glob("*/*.schema.json"))
DATA = sorted(p for p in (REPO / "cards").rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())


def test_there_are_schemas_and_data():
    assert len(SCHEMAS) >= 7 and len(DATA) >= 7


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_schema_passes_its_metaschema(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_schema_id_names_its_game_and_kind(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$id"].endswith(f"/schemas/{path.parent.name}/{path.name}")


@pytest.mark.parametrize("path", DATA, ids=lambda p: str(p.relative_to(REPO / "cards")))
def test_shipped_file_validates(path):
    doc, problems = read_document(path)
    assert problems == [], [p.format() for p in problems]
    assert doc is not None


def test_every_briefcase_effect_has_its_parameters_described():
    """An effect kind without an if/then branch would accept any parameters unchecked."""
    schema = json.loads((REPO / "schemas/briefcase/companies.schema.json").read_text(encoding="utf-8"))
    ability = schema["$defs"]["ability"]
    effects = ability["properties"]["effect"]["enum"]
    branches = [b["if"]["properties"]["effect"]["const"] for b in ability["allOf"]]
    assert sorted(branches) == sorted(effects)
    for branch in ability["allOf"]:
        assert "propertyNames" in branch["then"], branch["if"]


def test_a_schema_is_checked_against_the_metaschema_once_and_a_shipped_one_never(
        project: Path, monkeypatch: pytest.MonkeyPatch):
    # The check took a third of a plain `cardgen validate`, each schema file checked twice; the
    # shipped schemas are checked by test_schema_passes_its_metaschema above.
    from cardgen.data import schema

    checked = []
    original = schema.Validator.check_schema
    monkeypatch.setattr(schema.Validator, "check_schema",
                        classmethod(lambda cls, s: (checked.append(s["$id"]), original(s))))
    path = project / "schemas" / "briefcase" / "companies.schema.json"
    schema.load_schema(path)
    assert checked == []
    edited = json.loads(path.read_text(encoding="utf-8"))
    edited["description"] = f"edited by {project.name}"     # a text no earlier run has checked
    path.write_text(json.dumps(edited), encoding="utf-8")
    assert schema.load_schema(path) == edited
    assert schema.load_schema(path) == edited
    assert checked == [edited["$id"]]
