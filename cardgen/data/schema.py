"""JSON Schema (2020-12) validation of loaded YAML, with problems at file positions."""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource

from cardgen.data.yamlload import key_position, position
from cardgen.paths import schemas_dir
from cardgen.problems import Problem


def schema_path(game: str, kind: str) -> Path:
    return schemas_dir() / game / f"{kind}.schema.json"


def known_kinds(game: str) -> list[str]:
    folder = schemas_dir() / game
    return sorted(p.name.removesuffix(".schema.json") for p in folder.glob("*.schema.json"))


@cache
def _registry(folder: str) -> Registry:
    resources = []
    for path in sorted(Path(folder).glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(contents)
        resources.append((contents["$id"], resource))
    return Registry().with_resources(resources)


@cache
def validator(game: str, kind: str) -> Draft202012Validator:
    path = schema_path(game, kind)
    schema = json.loads(path.read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=_registry(str(path.parent)))


def did_you_mean(word: str, choices: list[str]) -> str:
    """' (did you mean 'x'?)' for a near miss, else ''."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_NAMES = {"integer": "a whole number", "number": "a number", "string": "text",
               "boolean": "true or false", "object": "a mapping", "array": "a list",
               "null": "null"}


def _leaf(error: ValidationError) -> ValidationError:
    """For oneOf/anyOf, the error of the most relevant alternative."""
    while error.context:
        from jsonschema.exceptions import best_match

        deeper = best_match(error.context)
        if deeper is None or deeper.validator in ("oneOf", "anyOf") and deeper is error:
            break
        if deeper.validator == "type" and error.validator in ("oneOf", "anyOf"):
            return error
        error = deeper
    return error


def _message(error: ValidationError) -> tuple[str, str, Any | None]:
    """(rule, message, offending key or None) for a schema error."""
    v, value, schema = error.validator, error.instance, error.schema
    if "propertyNames" in error.absolute_schema_path and v == "enum":
        hint = did_you_mean(value, error.validator_value)
        return "schema-unknown-key", f"unknown key '{value}'{hint}", value
    if v in ("additionalProperties", "unevaluatedProperties"):
        allowed = list(schema.get("properties", {}))
        extra = [k for k in value if k not in allowed] if isinstance(value, dict) else []
        if v == "unevaluatedProperties" and isinstance(value, dict):
            extra = [k for k in error.message.split("'")[1::2] if k in value] or extra
        key = extra[0] if extra else None
        hint = did_you_mean(key, allowed) if key is not None else ""
        return "schema-unknown-key", f"unknown key '{key}'{hint}", key
    if v == "required":
        missing = error.message.split("'")[1]
        return "schema-required", f"missing required key '{missing}'", None
    if v == "enum":
        choices = error.validator_value
        hint = did_you_mean(value, choices) if isinstance(value, str) else ""
        listed = ", ".join(str(c) for c in choices)
        return "schema-enum", f"{_describe(value)} is not one of: {listed}{hint}", None
    if v == "const":
        return "schema-const", f"expected {_describe(error.validator_value)}, got {_describe(value)}", None
    if v == "type":
        want = error.validator_value
        wants = [want] if isinstance(want, str) else want
        names = " or ".join(_TYPE_NAMES.get(w, w) for w in wants)
        return "schema-type", f"expected {names}, got {_describe(value)}", None
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        word = "at least" if "inimum" in v else "at most"
        limit = error.validator_value
        return "schema-range", f"{_describe(value)} is out of range: must be {word} {limit}", None
    if v in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "uniqueItems", "pattern"):
        return f"schema-{v.lower()}", error.message, None
    if v in ("oneOf", "anyOf"):
        types = [alt.get("type") for alt in error.validator_value]
        if all(isinstance(t, str) for t in types):
            names = " or ".join(_TYPE_NAMES.get(t, t) for t in types)
            return "schema-type", f"expected {names}, got {_describe(value)}", None
        return "schema-type", f"{_describe(value)} does not fit any allowed form", None
    return f"schema-{v.lower()}", error.message, None


def validate_document(doc: Any, game: str, kind: str, shown: str) -> list[Problem]:
    """Every schema problem of one document, at the position of the offending value."""
    problems: list[Problem] = []
    seen: set[tuple[int, int, str]] = set()
    for error in validator(game, kind).iter_errors(doc):
        leaf = _leaf(error)
        rule, message, key = _message(leaf)
        where = list(leaf.absolute_path)
        if key is not None:
            line, col = key_position(doc, where, key)
        else:
            line, col = position(doc, where)
        if where:
            message = f"{_path_text(where)}: {message}"
        marker = (line, col, message)
        if marker in seen:
            continue
        seen.add(marker)
        problems.append(Problem(shown, line, col, rule, message))
    return sorted(problems)


def _path_text(path: list[Any]) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out
