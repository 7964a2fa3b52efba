"""JSON Schema (2020-12) validation of loaded YAML, with problems at file positions."""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.exceptions import SchemaError, best_match
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from cardgen.data.yamlload import key_position, position
from cardgen.paths import display_path, schema_file, schema_files
from cardgen.problems import SHORT, Problem, plural, shorten
from cardgen.safe_read import ReadError, read_bytes
from cardgen.workspace import library_root


def _whole_number(_checker: Any, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# JSON Schema counts 3.0 as an integer; cardgen's readers take an integer as a Python int, so a
# ``cost: 3.0`` passed the schema and then failed far from the file (a card layout's "is float").
# Here a whole number is written as one.
Validator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number))


def schema_path(game: str, kind: str) -> Path:
    return schema_file(game, kind)


def known_kinds(game: str) -> list[str]:
    return sorted(p.name.removesuffix(".schema.json") for p in schema_files(game))


class SchemaFileError(ValueError):
    """A schema file (a workspace's own, in ``schemas/``) that cannot be used: ``problem`` says
    why, at its place, as a problem of the data would be."""

    def __init__(self, problem: Problem):
        super().__init__(problem.format())
        self.problem = problem


def load_schema(path: Path) -> dict[str, Any]:
    """The JSON Schema in the file at ``path``; SchemaFileError when it is not one. Read as every
    user file is (``safe_read.read_bytes``: a FIFO, device, link loop or huge file is refused,
    never opened or loaded whole): a workspace's ``schemas/`` replaces the shipped schemas, and
    a broken one was an internal error of every command, a FIFO one hung them."""
    shown = display_path(path)

    def refuse(rule: str, message: str, line: int = 1, col: int = 1) -> SchemaFileError:
        return SchemaFileError(Problem(shown, line, col, rule, message))

    try:
        raw = read_bytes(path, what="JSON Schema file")
        text = raw.decode("utf-8-sig")
    except ReadError as exc:
        raise refuse(exc.rule, exc.message) from None
    except UnicodeDecodeError:
        raise refuse("file-encoding", "file is not valid UTF-8 text") from None
    try:
        schema = json.loads(text, parse_constant=_no_constant, parse_int=_whole)
    except json.JSONDecodeError as exc:
        raise refuse("schema-file", f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except RecursionError:
        raise refuse("schema-file", "not valid JSON: nested too deeply") from None
    except ValueError as exc:       # NaN, or a whole number too long (_whole)
        raise refuse("schema-file", f"not valid JSON: {exc}") from None
    if not isinstance(schema, dict) or not isinstance(schema.get("$id"), str):
        raise refuse("schema-file", 'a schema file is a JSON object with its "$id" (a text)')
    digest = hashlib.sha1(raw).hexdigest()
    if digest in _checked_schemas():
        return schema
    try:
        Validator.check_schema(schema)
    except SchemaError as exc:
        where = "".join(f"/{part}" for part in exc.absolute_path) or "the top"
        raise refuse("schema-file", f"not a valid JSON Schema at {shorten(where)}: "
                     f"{shorten(exc.message, 200)}") from None
    except RecursionError:
        raise refuse("schema-file", "not a valid JSON Schema: nested too deeply") from None
    _checked_schemas().add(digest)
    return schema


@cache
def _checked_schemas() -> set[str]:
    """Digests of the schema texts known to be valid JSON Schemas: the shipped ones (the test
    suite checks them) and those checked since. Checking a schema against the metaschema took
    a third of a plain ``cardgen validate``, each file twice."""
    shipped = library_root() / "schemas"
    return {hashlib.sha1(p.read_bytes()).hexdigest() for p in sorted(shipped.rglob("*.schema.json"))}


def _resource(schema: dict[str, Any]) -> Resource:
    """A schema as the registry holds it: JSON Schema 2020-12 unless its $schema says otherwise
    (one without $schema was an internal error of the registry's)."""
    return Resource.from_contents(schema, default_specification=DRAFT202012)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no number JSON has")


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > 30:       # Python reads no more than 4,300 digits; a schema needs 20
        raise ValueError(f"{shorten(text, 40)} is too long a number")
    return int(text)


@cache
def _registry(files: tuple[Path, ...]) -> Registry:
    resources = []
    for path in files:
        contents = load_schema(path)
        resources.append((contents["$id"], _resource(contents)))
    return Registry().with_resources(resources)


def validator(game: str, kind: str) -> Validator:
    """The validator of a kind, with every schema of the game (workspace and shipped) to refer to.

    Cached by the files and their modification times, so an edited schema is read again."""
    files = tuple((p, _stamp(p)) for p in schema_files(game))
    path = schema_path(game, kind)
    return _validator((path, _stamp(path)), files)


def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def clear_caches() -> None:
    _validator.cache_clear()
    _registry.cache_clear()


@cache
def _validator(path: tuple[Path, int], files: tuple[tuple[Path, int], ...]) -> Validator:
    return Validator(load_schema(path[0]), registry=_registry(tuple(p for p, _ in files)))


def did_you_mean(word: str, choices: list[str]) -> str:
    """' (did you mean 'x'?)' for a near miss, else ''."""
    if len(str(word)) > 2 * SHORT:
        return ""          # no near miss of a name is this long; difflib would only take its time
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _or_known(key: Any, allowed: list[str]) -> str:
    """A near miss, else the keys the mapping takes while they are few: a designer who gave a
    hand_size ability another effect's 'count' learnt only that it was unknown."""
    near = did_you_mean(key, allowed)
    if near or not allowed or len(allowed) > 12:
        return near
    return f"; known keys: {', '.join(allowed)}"


def describe(value: Any) -> str:
    """A value as a message quotes it, JSON-like, at most 40 characters; never raises (an int
    past Python's 4,300-digit limit for decimal text is shown in hex, cut)."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        text = shorten(value, 41)
    return shorten(text, 40)


_TYPE_NAMES = {"integer": "a whole number", "number": "a number", "string": "text",
               "boolean": "true or false", "object": "a mapping", "array": "a list",
               "null": "null"}


def _fitting_alternative(error: ValidationError) -> list[ValidationError] | None:
    """For a failed oneOf/anyOf: the errors of the one alternative whose form (type or constant)
    fits the value, so ``cost: -1`` is reported as out of range, not as a wrong type."""
    groups: dict[int, list[ValidationError]] = {i: [] for i in range(len(error.validator_value))}
    for sub in error.context or []:
        groups.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = [errors for errors in groups.values()
               if errors and not any(e.validator in ("type", "const", "enum") and not e.relative_path
                                     for e in errors)]
    return fitting[0] if len(fitting) == 1 else None


def _leaf(error: ValidationError) -> ValidationError:
    """The error to report: inside oneOf/anyOf, the one of the alternative the value was meant
    for, when there is one."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        fitting = _fitting_alternative(error)
        if fitting is None:
            break
        error = best_match(fitting)
    return error


def _form(alternative: Any) -> str:
    if not isinstance(alternative, dict):
        return "another form"
    if "const" in alternative:
        return describe(alternative["const"])
    kind = alternative.get("type")
    if isinstance(kind, str):
        return _TYPE_NAMES.get(kind, kind)
    if "enum" in alternative:
        return "one of " + ", ".join(str(c) for c in alternative["enum"])
    return "another form"


# What the id-like patterns of the schemas mean, said for a person editing the file.
_PATTERNS = {
    "^[a-z][a-z0-9_]*$": "use lowercase letters, digits and '_', starting with a letter",
    "^[a-z0-9-]+$": "use lowercase letters, digits and '-'",
}


Locator = tuple[str, Any] | None   # ("key", name) or ("item", index) inside the value, or None


def _messages(error: ValidationError, where: list[Any]) -> Iterator[tuple[str, str, Locator]]:
    """(rule, message, locator) for a schema error; one per offending key where it names several."""
    v, value, schema, limit = error.validator, error.instance, error.schema, error.validator_value
    if "propertyNames" in error.absolute_schema_path and v == "enum":
        yield ("schema-unknown-key", f"unknown key '{shorten(value)}'{_or_known(value, limit)}",
               ("key", value))
    elif v in ("additionalProperties", "unevaluatedProperties"):
        allowed = list(schema.get("properties", {}))
        extra = [k for k in value if k not in allowed] if isinstance(value, dict) else []
        if v == "unevaluatedProperties" and isinstance(value, dict):
            extra = [k for k in error.message.split("'")[1::2] if k in value] or extra
        for key in extra:
            yield ("schema-unknown-key", f"unknown key '{shorten(key)}'{_or_known(key, allowed)}",
                   ("key", key))
    elif v == "required":
        missing = error.message.split("'")[1]
        yield "schema-required", f"missing required key '{missing}'", None
    elif v == "enum":
        hint = did_you_mean(value, limit) if isinstance(value, str) else ""
        listed = ", ".join(str(c) for c in limit)
        yield "schema-enum", f"{describe(value)} is not one of: {listed}{hint}", None
    elif v == "const":
        yield "schema-const", f"expected {describe(limit)}, got {describe(value)}", None
    elif v == "type":
        names = " or ".join(_TYPE_NAMES.get(w, w) for w in ([limit] if isinstance(limit, str) else limit))
        yield "schema-type", f"expected {names}, got {describe(value)}", None
    elif v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        word = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                "exclusiveMaximum": "less than"}[v]
        yield "schema-range", f"{describe(value)} is out of range: must be {word} {limit}", None
    elif v in ("minLength", "minProperties") and limit == 1:
        yield f"schema-{v.lower()}", "must not be empty", None
    elif v == "minLength":
        yield "schema-minlength", f"must be at least {plural(limit, 'character')} long", None
    elif v == "maxLength":
        yield "schema-maxlength", f"is {len(value)} characters long; the limit is {limit}", None
    elif v in ("minItems", "minProperties"):
        word = "item" if v == "minItems" else "entry"
        yield f"schema-{v.lower()}", f"needs at least {plural(limit, word)}, has {len(value)}", None
    elif v in ("maxItems", "maxProperties"):
        word = "item" if v == "maxItems" else "entry"
        yield f"schema-{v.lower()}", f"takes at most {plural(limit, word)}, has {len(value)}", None
    elif v == "uniqueItems":
        seen: list[Any] = []
        for index, item in enumerate(value):
            if item in seen:
                yield "schema-uniqueitems", f"{describe(item)} is listed more than once", ("item", index)
                break
            seen.append(item)
    elif v == "pattern":
        what = f"a valid {where[-1]}" if where and isinstance(where[-1], str) else "valid"
        meaning = _PATTERNS.get(limit)
        if meaning:
            yield "schema-pattern", f"{describe(value)} is not {what}: {meaning}", None
        else:
            yield "schema-pattern", f"{describe(value)} does not match the pattern {limit}", None
    elif v in ("oneOf", "anyOf"):
        forms = " or ".join(dict.fromkeys(_form(alt) for alt in limit))
        yield "schema-type", f"expected {forms}, got {describe(value)}", None
    else:
        yield f"schema-{v.lower()}", shorten(error.message, 200), None


def validate_document(doc: Any, game: str, kind: str, shown: str) -> list[Problem]:
    """Every schema problem of one document, at the position of the offending value; or the
    one problem of a schema file that cannot be used (``checked_with``). Where the workspace's
    own schema replaces cardgen's, the document must pass cardgen's too, but for the keys it
    allows (``_shipped_floor``)."""
    try:
        checker = validator(game, kind)
    except SchemaFileError as exc:
        return [exc.problem]
    problems = checked_with(checker, schema_path(game, kind), doc, shown)
    return sorted(set(problems) | set(_shipped_floor(doc, game, kind, shown)))


# What a workspace's schema may allow that cardgen's does not: keys of its own (a field its
# layouts print). Everything else cardgen's schema says (types, ranges, required keys, the
# effect vocabulary) is what the rules engines and the renderer read the data as.
_EXTENSIBLE = frozenset(("additionalProperties", "unevaluatedProperties", "propertyNames"))


@cache
def _replaced(files: tuple[Path, ...], library: Path) -> bool:
    """Whether any of a game's schema ``files`` is not the shipped one in ``library`` (once per
    listing: resolving every file's path took more than checking a small document)."""
    shipped = library.resolve()
    return any(p.resolve().parent != shipped for p in files)


def _shipped_floor(doc: Any, game: str, kind: str, shown: str) -> list[Problem]:
    """The problems cardgen's own schema of ``kind`` finds in ``doc`` when a workspace schema
    replaces it, but for keys it does not know. A permissive schema of the workspace let
    ``cost: three`` reach the simulator, an internal error of cardgen's."""
    library = library_root() / "schemas" / game
    shipped = library / f"{kind}.schema.json"
    # Any schema of the workspace's: the shipped set schema takes its company from the
    # companies schema, the workspace's when it has one.
    if not shipped.is_file() or not _replaced(tuple(schema_files(game)), library):
        return []
    files = tuple((p, _stamp(p)) for p in sorted(library.glob("*.schema.json")))
    try:
        checker = _validator((shipped, _stamp(shipped)), files)
        return validate_with(checker, doc, shown, skip=_EXTENSIBLE)
    except (SchemaFileError, Unresolvable, RecursionError):     # cardgen's own: tested whole
        return []


def checked_with(checker: Validator, path: Path, doc: Any, shown: str) -> list[Problem]:
    """``validate_with``, where ``checker`` is the schema in the file ``path``: a ``$ref`` that
    leads to no schema, or back to itself without end, is a problem of that file."""
    try:
        return validate_with(checker, doc, shown)
    except Unresolvable as exc:
        ref = str(getattr(exc, "ref", ""))
        resource = getattr(exc, "resource", None)     # a part the schema it names does not have
        if resource is not None:
            ref = f"{shorten(ref)} (no such part in {shorten(str(resource.id()), 120)})"
        return [Problem(display_path(path), 1, 1, "schema-file",
                        f"a $ref leads to no schema: {shorten(ref, 200)}")]
    except RecursionError:
        return [Problem(display_path(path), 1, 1, "schema-file",
                        "its $refs (or those of the schemas they name) lead back to themselves "
                        "without end")]


def validate_with(checker: Validator, doc: Any, shown: str,
                  skip: frozenset[str] = frozenset()) -> list[Problem]:
    """Every problem ``checker`` finds in ``doc`` (a file loaded with positions), each at the
    position of the offending value or key, with "did you mean" for a near-miss key. ``skip``:
    keywords whose problems are not reported (any on the schema's path to the problem)."""
    problems: list[Problem] = []
    seen: set[tuple[int, int, str]] = set()
    for error in checker.iter_errors(doc):
        leaf = _leaf(error)
        if skip and not skip.isdisjoint(map(str, leaf.absolute_schema_path)):
            continue
        where = list(leaf.absolute_path)
        for rule, message, locator in _messages(leaf, where):
            if locator is None:
                line, col = position(doc, where)
            elif locator[0] == "key":
                line, col = key_position(doc, where, locator[1])
            else:
                line, col = position(doc, where + [locator[1]])
            if where:
                message = f"{_where_text(doc, where)}: {message}"
            marker = (line, col, message)
            if marker in seen:
                continue
            seen.add(marker)
            problems.append(Problem(shown, line, col, rule, message))
    return sorted(problems)


def _where_text(doc: Any, path: list[Any]) -> str:
    """Where a value is, as a designer reads it: from the nearest list entry that has a name or
    id ("Steel Factory cost", "Warehouses ability.limit"), else the whole path ("players.max")."""
    node, label, start = doc, None, 0
    for i, step in enumerate(path):
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(step, int) and isinstance(node, dict):
            name = next((node[k] for k in ("name", "id") if isinstance(node.get(k), str)), None)
            if name:
                label, start = shorten(name), i + 1
    rest = _path_text(path[start:])
    if label is None:
        return rest
    return f"{label} {rest}" if rest else label


def _path_text(path: list[Any]) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{shorten(step)}" if out else shorten(step))
    return out
