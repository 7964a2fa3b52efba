"""The effect vocabulary of a game, read from its schema: each effect kind, its parameters (type,
allowed values, required or not) and an example card using it.

The schema is the one place the vocabulary is defined (it is what ``cardgen validate`` enforces
and what the simulator's effects are written against), so ``cardgen list effects`` and the table
in the README are generated from it rather than written by hand, and cannot drift from it. The
schema is looked up through the workspace, so a workspace with its own schema sees its own
vocabulary.

A vocabulary is described in a schema as an object definition whose discriminator property
(``effect`` or ``kind``) is an enum of the kinds, with one ``allOf`` entry per kind:
``if: {properties: {<key>: {const: <kind>}}} then: {required: [...], properties: {...}}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen.data.documents import read_documents
from cardgen.data.schema import load_schema, schema_path
from cardgen.paths import game_data_files


@dataclass(frozen=True)
class Vocabulary:
    """Where a game's effect vocabulary is in its schemas, and where its examples are."""

    kind: str                # the data kind whose schema defines it (``companies``)
    definition: str          # the ``$defs`` entry of the effect object (``ability``)
    key: str                 # the discriminator property (``effect``)
    # Where cards use it, for the examples: (data kind, list of cards, the field holding an
    # effect or a list of them, the field naming a card), in the order they are looked at.
    uses: tuple[tuple[str, str, str, str], ...]
    # Properties every kind takes (when, at which player counts...): listed once, not per kind.
    common: tuple[str, ...] = ()


VOCABULARIES = {
    "briefcase": Vocabulary("companies", "ability", "effect",
                            (("companies", "companies", "ability", "name"),)),
    "startup": Vocabulary("deck", "effect", "kind", (("deck", "cards", "effect", "name"),)),
    # One vocabulary for the stages, the factories' bonuses and the Career cards (and the
    # politicians' uses), defined with the stages.
    "fmnyc": Vocabulary("stages", "effect", "kind",
                        (("stages", "stages", "effects", "name"), ("board", "factories", "bonus", "name"),
                         ("careers", "cards", "ability", "title")),
                        ("players", "from_round", "optional", "ruling", "note")),
}


@dataclass(frozen=True)
class EffectParam:
    name: str
    required: bool
    schema: dict[str, Any]   # the parameter's schema, local $refs resolved

    def describe(self, code: Callable[[str], str] = str) -> str:
        """Its type in words (``integer 1-4``, ``one of any, basic``); ``code`` marks literal
        values (backticks in Markdown)."""
        return describe(self.schema, code)

    @property
    def values(self) -> list[Any] | None:
        """The allowed values when the parameter is an enum or a constant."""
        if "enum" in self.schema:
            return list(self.schema["enum"])
        if "const" in self.schema:
            return [self.schema["const"]]
        return None


@dataclass(frozen=True)
class EffectRow:
    kind: str
    params: tuple[EffectParam, ...]
    example: str | None      # the first card of the game's data using this kind

    @property
    def required(self) -> list[EffectParam]:
        return [p for p in self.params if p.required]

    @property
    def optional(self) -> list[EffectParam]:
        return [p for p in self.params if not p.required]

    def as_json(self) -> dict[str, Any]:
        return {"effect": self.kind, "example": self.example,
                "parameters": [{"name": p.name, "required": p.required, "type": p.describe(),
                                "values": p.values} for p in self.params]}


def has_vocabulary(game: str) -> bool:
    return game in VOCABULARIES


def effect_table(game: str = "briefcase") -> list[EffectRow]:
    """Every effect kind of the game's vocabulary, in the schema's order.

    KeyError for a game without one; OSError or ValueError for a schema that cannot be read."""
    vocab = VOCABULARIES[game]
    schema = load_schema(schema_path(game, vocab.kind))
    defs = schema.get("$defs", {})
    effect = defs[vocab.definition]
    base = effect.get("properties", {})
    # Properties every effect has (the kind itself, its rule text, the common modifiers) are not
    # parameters of a kind.
    common = {vocab.key, *effect.get("required", ()), *vocab.common}
    branches = {_branch_kind(entry, vocab.key): entry.get("then", {}) for entry in effect.get("allOf", ())}
    examples = _examples(game, vocab)
    rows = []
    for kind in base[vocab.key]["enum"]:
        then = branches.get(kind, {})
        required = set(then.get("required", ()))
        properties = dict(then.get("properties", {}))
        # A name the branch allows without describing it takes its type from the base object.
        for name in then.get("propertyNames", {}).get("enum", ()):
            if name not in properties and name in base:
                properties[name] = base[name]
        params = []
        for name, prop in properties.items():
            if name in common:
                continue
            prop = _resolve(prop, defs, frozenset({vocab.definition}))
            # An optional parameter with a single allowed value (per_activation: false) can only
            # restate the default: listing it on every kind would hide the ones that matter.
            if name not in required and "const" in prop:
                continue
            params.append(EffectParam(name, name in required, prop))
        params.sort(key=lambda p: not p.required)     # required first; stable within each
        rows.append(EffectRow(kind, tuple(params), examples.get(kind)))
    return rows


def _branch_kind(entry: dict[str, Any], key: str) -> str | None:
    return entry.get("if", {}).get("properties", {}).get(key, {}).get("const")


def _resolve(prop: dict[str, Any], defs: dict[str, Any],
             within: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A property with local ``#/$defs/x`` references replaced, at any depth; a reference to a
    definition it is inside of (an effect whose options are effects) is kept as it is, for
    ``describe`` to name."""
    if not isinstance(prop, dict):
        return prop
    ref = prop.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs and ref[8:] not in within:
        return _resolve({**defs[ref[8:]], **{k: v for k, v in prop.items() if k != "$ref"}}, defs,
                        within | {ref[8:]})
    out: dict[str, Any] = {}
    for k, v in prop.items():
        if isinstance(v, dict):
            out[k] = ({n: _resolve(s, defs, within) for n, s in v.items()} if k == "properties"
                      else _resolve(v, defs, within))
        elif isinstance(v, list):
            out[k] = [_resolve(s, defs, within) if isinstance(s, dict) else s for s in v]
        else:
            out[k] = v
    return out


def _examples(game: str, vocab: Vocabulary) -> dict[str, str]:
    """Effect kind -> name of the first card using it, from the game's data files in the order
    they are read (the workspace's files replacing the shipped ones), an effect nested in
    another's options included. Files that fail their schema are skipped: the vocabulary is
    worth showing even while the data is being fixed."""
    docs, _ = read_documents(game_data_files(game))
    found: dict[str, str] = {}

    def walk(value: Any, name: str) -> None:
        if isinstance(value, dict):
            kind = value.get(vocab.key)
            if isinstance(kind, str):
                found.setdefault(kind, name)
            for inner in value.values():
                walk(inner, name)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, name)

    for data_kind, items, field, naming in vocab.uses:
        for doc in docs:
            if doc.kind != data_kind:
                continue
            for card in doc.data.get(items, ()):
                if isinstance(card, dict):
                    walk(card.get(field), str(card.get(naming, card.get("id", "?"))))
    return found


_ID_PATTERN = "^[a-z][a-z0-9_]*$"


def describe(schema: dict[str, Any], code: Callable[[str], str] = str) -> str:
    """A parameter's schema in words, for a person writing the data."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return ref.rsplit("/", 1)[-1].replace("_", " ")     # a definition by its name: "effect"
    if "const" in schema:
        return code(_literal(schema["const"]))
    if "enum" in schema:
        values = [code(_literal(v)) for v in schema["enum"]]
        return values[0] if len(values) == 1 else "one of " + ", ".join(values)
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            return " or ".join(describe(s, code) for s in schema[combinator])
    kind = schema.get("type")
    if kind in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{kind} {low}-{high}"
        if low is not None:
            return f"{kind} >= {low}"
        if high is not None:
            return f"{kind} <= {high}"
        return kind
    if kind == "boolean":
        return f"{code('true')} or {code('false')}"
    if kind == "string":
        return "an id (a-z, 0-9, _)" if schema.get("pattern") == _ID_PATTERN else "text"
    if kind == "array":
        items = schema.get("items")
        return "list of " + (_list_items(describe(items, code)) if isinstance(items, dict) else "values")
    if kind == "object":
        props = schema.get("properties", {})
        if not props:
            return "mapping"
        required = set(schema.get("required", ()))
        fields = [f"{code(n)} ({'' if n in required else 'optional, '}{describe(s, code)})"
                  for n, s in props.items()]
        return "mapping with " + ", ".join(fields[:-1]) + (" and " if len(fields) > 1 else "") + fields[-1]
    return "any value"


def _list_items(text: str) -> str:
    # "list of one of a, b" reads badly; "list of a, b" says the same.
    return text.removeprefix("one of ")


def _literal(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def effects_markdown(game: str = "briefcase") -> str:
    """The effect table as Markdown, as the README shows it (ends with a line break)."""
    def code(text: str) -> str:
        return f"`{text}`"

    def params(ps: list[EffectParam]) -> str:
        return "; ".join(f"{code(p.name)}: {p.describe(code)}" for p in ps)

    lines = ["| effect | required parameters | optional parameters | example |",
             "| --- | --- | --- | --- |"]
    for row in effect_table(game):
        cells = [code(row.kind), params(row.required), params(row.optional), row.example or ""]
        lines.append("|" + "|".join(f" {_cell(c)} " if c else " " for c in cells) + "|")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    # A '|' or a line break inside a cell would end it (or the table).
    return " ".join(text.split()).replace("|", "\\|")
