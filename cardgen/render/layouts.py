"""Card layouts as data: a game's ``templates/<game>/cards.yaml``.

The file has four sections:

- ``palettes``: ``normal`` colours by name, and ``ink_saver`` overrides (light backgrounds);
- ``styles``: text styles (weight, size, min_size, leading, colour, align, valign);
- ``icons``: icon name -> glyph layers (see ``cardgen.render.icons``);
- ``layouts``: layout name -> ``size`` (``card`` or ``[w, h]`` in mm) and ``elements``.

Each element is a one-key mapping naming its kind (``rect``, ``text``, ``icon``, ``icons``,
``art``: the picture file a face field names, see ``cardgen.render.art``)
with a ``box: [x, y, w, h]`` in millimetres from the card's top-left trim corner. A value
written ``$name`` is read from the face's field ``name``. ``when: name`` / ``unless: name``
draw an element only if a field is set / not set. See README "Card layouts".

A layout may ``extends:`` another and give only what differs: ``size``; ``elements`` whose
``id`` names an element of the other change that element's settings in place (the others are
added at the end, or just before the element named by their ``before: id``); ``remove: [id,
...]`` leaves elements out.

The file is checked against ``schemas/layout.schema.json`` before anything is read from it, so
a misspelt key (``fil:`` for ``fill:``) is an error at its position with "did you mean",
never a setting silently ignored.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.data.schema import SchemaFileError, Validator, checked_with, did_you_mean, load_schema
from cardgen.data.yamlload import PosDict, load_yaml, position
from cardgen.paths import display_path, template_file
from cardgen.problems import Problem, shorten
from cardgen.render.fonts import FontSet
from cardgen.render.icons import IconError, IconSet, parse_colour
from cardgen.render.text import TextStyle
from cardgen.safe_read import ReadError, read_bytes
from cardgen.workspace import current

KINDS = ("rect", "text", "icon", "icons", "art")
STYLE_KEYS = {"weight", "size", "min_size", "leading", "colour", "align", "valign"}


Resolved = tuple[tuple[float, float] | str, list[tuple[str, Mapping[str, Any], str]]]


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


# "path:line:col: message" (or "path:line: message", as an insert template's problems name a
# line): where a layout problem's message names its place.
_POSITION = re.compile(r"^(.*?):(\d+)(?::(\d+))?: (.*)$", re.S)


def at_place(message: str) -> Problem | None:
    """A layout problem's message (``path:line:col: ...``, ``path:line: ...``) as a Problem at
    that place, with the rule id ``layout``; None when the message names no place in a file."""
    found = _POSITION.match(message)
    if found is None:
        return None
    return Problem(found.group(1), int(found.group(2)), int(found.group(3) or 1), "layout",
                   found.group(4))


class LayoutError(ValueError):
    """A layout file (or a board, insert or character template) that cannot be used; the message
    starts with ``path:line:col:`` when the problem has a place.

    ``problems``: every problem found that has a place in a file, with its rule id (``layout``,
    or the YAML reader's or the schema's own), so that ``build`` prints them as ``validate``
    does; ``lines``: those that name no place, printed as they are. ``found`` (default: the
    message alone) lists them, as Problems or as messages."""

    def __init__(self, message: str, found: Iterable[Problem | str] | None = None):
        super().__init__(message)
        self.problems: list[Problem] = []
        self.lines: list[str] = []
        for item in [message] if found is None else found:
            placed = item if isinstance(item, Problem) else at_place(item)
            if placed is not None:
                self.problems.append(placed)
            else:
                self.lines.append(str(item))

    def placed(self, shown: str) -> list[Problem]:
        """Every problem, each at its place: one that names none at 1:1 of the file ``shown``."""
        return self.problems + [placed_problem(line, shown) for line in self.lines]


@dataclass(frozen=True)
class Element:
    kind: str
    spec: Mapping[str, Any]
    where: str                        # "path:line:col" for messages
    # setting -> "path:line:col" of its value, in this layout or the one it extends
    places: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    def place(self, key: str) -> str:
        """Where the value of the setting ``key`` is written; the element's place when it is
        not (a setting the element does not have)."""
        return self.places.get(key, self.where)

    @property
    def box(self) -> tuple[float, float, float, float]:
        return tuple(float(v) for v in self.spec["box"])  # type: ignore[return-value]


@dataclass(frozen=True)
class Layout:
    name: str
    size: tuple[float, float] | None  # None: the game's card size
    elements: tuple[Element, ...]


class LayoutBook:
    """Every layout, style, colour and icon of one game."""

    def __init__(self, path: Path, data: Mapping[str, Any]):
        self.path = path
        shown = display_path(path)

        def where(*keys: Any) -> str:
            line, col = position(data, list(keys))
            return f"{shown}:{line}:{col}"

        self._where = where
        self._shown = shown
        for section in ("palettes", "styles", "icons", "layouts"):
            if not isinstance(data.get(section), Mapping):
                raise LayoutError(f"{where()}: a layout file needs a '{section}:' mapping")
        palettes = data["palettes"]
        if not isinstance(palettes.get("normal"), Mapping):
            raise LayoutError(f"{where('palettes')}: 'palettes' needs a 'normal' mapping")
        self.normal = {str(k): str(v) for k, v in palettes["normal"].items()}
        self.ink_saver = dict(self.normal)
        self.ink_saver.update({str(k): str(v) for k, v in (palettes.get("ink_saver") or {}).items()})
        for name, value in {**self.normal, **self.ink_saver}.items():
            try:
                parse_colour(value, {})
            except IconError:
                raise LayoutError(f"{where('palettes')}: colour '{name}' is '{value}'; "
                                  "write colours as #rrggbb") from None
        self.styles: dict[str, Mapping[str, Any]] = {}
        for name, spec in data["styles"].items():
            unknown = set(spec) - STYLE_KEYS if isinstance(spec, Mapping) else {"?"}
            if unknown:
                raise LayoutError(f"{where('styles', name)}: style '{name}' has unknown keys "
                                  f"{sorted(unknown)}; known: {sorted(STYLE_KEYS)}")
            self.styles[name] = spec
        self.icon_spec = data["icons"]
        self._icon_sets: dict[bool, IconSet] = {}
        for ink_saver in (False, True):
            try:
                self.icons(ink_saver)
            except IconError as exc:
                raise LayoutError(f"{where('icons', *exc.at)}: {exc}") from None
        self._raw = data["layouts"]
        self._resolved: dict[str, Resolved] = {}
        self.layouts: dict[str, Layout] = {}
        for name in self._raw:
            self.layouts[name] = self._layout(name)

    def _resolve(self, name: str, chain: tuple[str, ...] = ()) -> Resolved:
        """(size, [(kind, settings, where)]) of a layout, its ``extends`` applied."""
        if name in self._resolved:
            return self._resolved[name]
        spec = self._raw[name]
        at = self._where("layouts", name)
        if not isinstance(spec, Mapping):
            raise LayoutError(f"{at}: layout '{name}' needs 'elements:'")
        items = spec.get("elements", [])
        if not isinstance(items, list):
            raise LayoutError(f"{at}: 'elements' of layout '{name}' is a list")
        base_name = spec.get("extends")
        elements: list[tuple[str, Mapping[str, Any], str]] = []
        if base_name is None:
            if "elements" not in spec:
                raise LayoutError(f"{at}: layout '{name}' needs 'elements:'")
            if spec.get("remove"):
                raise LayoutError(f"{self._where('layouts', name, 'remove')}: 'remove' needs 'extends'")
            size: tuple[float, float] | str = spec.get("size", "card")
        else:
            if base_name not in self._raw:
                raise LayoutError(f"{self._where('layouts', name, 'extends')}: layout '{name}' extends "
                                  f"'{base_name}', which this file does not have"
                                  f"{did_you_mean(base_name, list(self._raw))}")
            if base_name in chain or base_name == name:
                loop = " -> ".join((*chain, name, base_name))
                raise LayoutError(f"{self._where('layouts', name, 'extends')}: layouts extend each other "
                                  f"in a loop: {loop}")
            base_size, base_elements = self._resolve(base_name, (*chain, name))
            size = spec.get("size", base_size)
            elements = list(base_elements)
        ids = {body.get("id"): i for i, (_, body, _) in enumerate(elements) if body.get("id")}
        removed = set()
        for n, gone in enumerate(spec.get("remove") or []):
            if gone not in ids:
                raise LayoutError(f"{self._where('layouts', name, 'remove', n)}: '{base_name}' has no "
                                  f"element with id '{gone}' to remove{did_you_mean(gone, list(ids))}")
            removed.add(ids[gone])
        for i, item in enumerate(items):
            where = self._where("layouts", name, "elements", i)
            if not isinstance(item, Mapping) or len(item) != 1 or next(iter(item)) not in KINDS:
                raise LayoutError(f"{where}: an element is one of {', '.join(KINDS)} with its settings")
            kind, body = next(iter(item.items()))
            if not isinstance(body, Mapping):
                raise LayoutError(f"{where}: '{kind}' needs settings")
            known = ids.get(body.get("id"))
            if known is not None:
                base_kind, base_body, _ = elements[known]
                if base_kind != kind:
                    raise LayoutError(f"{where}: element '{body['id']}' is {_a(base_kind)} in "
                                      f"'{base_name}'; remove it and add {_a(kind)} instead")
                elements[known] = (kind, _merged(base_body, body), where)
            else:
                if base_name is not None and body.get("id") and "box" not in body:
                    at_id = self._where("layouts", name, "elements", i, kind, "id")
                    raise LayoutError(f"{at_id}: '{base_name}' has no element with id '{body['id']}' to "
                                      f"change{did_you_mean(body['id'], list(ids))}")
                if body.get("id") and any(b.get("id") == body["id"] for _, b, _ in elements):
                    raise LayoutError(f"{where}: two elements of layout '{name}' have the id '{body['id']}'")
                before = body.get("before")
                if before is None:
                    elements.append((kind, body, where))
                    continue
                # a background must be drawn before what stands on it
                spot = next((n for n, (_, b, _) in enumerate(elements) if b.get("id") == before), None)
                if spot is None:
                    named = [b["id"] for _, b, _ in elements if b.get("id")]
                    at_before = self._where("layouts", name, "elements", i, kind, "before")
                    raise LayoutError(f"{at_before}: no element with id '{before}' to go before"
                                      f"{did_you_mean(before, named)}")
                elements.insert(spot, (kind, body, where))
                removed = {n + (n >= spot) for n in removed}
                ids = {k: n + (n >= spot) for k, n in ids.items()}
        elements = [e for i, e in enumerate(elements) if i not in removed]
        self._resolved[name] = (size, elements)
        return size, elements

    def _layout(self, name: str) -> Layout:
        size, resolved = self._resolve(name)
        if size != "card" and not (isinstance(size, list | tuple) and len(size) == 2):
            raise LayoutError(f"{self._where('layouts', name, 'size')}: size is 'card' or [w, h] mm")
        elements = []
        for kind, body, at in resolved:
            places = {key: f"{self._shown}:{line}:{col}" for key, (line, col) in body.value_pos.items()} \
                if isinstance(body, PosDict) else {}
            box = body.get("box")
            place = places.get
            if not (isinstance(box, list) and len(box) == 4 and all(isinstance(v, int | float) for v in box)):
                raise LayoutError(f"{place('box', at)}: '{kind}' needs box: [x, y, width, height] in mm")
            if kind == "text" and not ({"field", "label", "value"} & set(body)):
                raise LayoutError(f"{at}: 'text' needs a field, label or value")
            # printed as it is: value: abc passed validate and stopped the build (ValueError)
            if kind == "text" and "value" in body and not re.fullmatch(r"-?\d+", str(body["value"])):
                raise LayoutError(f"{place('value', at)}: a text's value is a whole number, printed as "
                                  f"it is, not '{shorten(str(body['value']))}' (a card's text comes "
                                  "from a field or a label)")
            # without them an icon drew nothing, silently, and icons stopped the build
            if kind == "icon" and "name" not in body:
                raise LayoutError(f"{at}: 'icon' needs a name (an icon of the file, or $field)")
            if kind == "icons" and "field" not in body:
                raise LayoutError(f"{at}: 'icons' needs a field (the card's icons and their counts)")
            if kind == "text" and str(body.get("style", "")).lstrip("$") not in self.styles \
                    and not str(body.get("style", "")).startswith("$"):
                raise LayoutError(f"{place('style', at)}: unknown style '{body.get('style')}'"
                                  f"{did_you_mean(str(body.get('style')), list(self.styles))}")
            elements.append(Element(kind, body, at, places))
        return Layout(name, None if size == "card" else (float(size[0]), float(size[1])),
                      tuple(elements))

    def palette(self, ink_saver: bool) -> dict[str, str]:
        return self.ink_saver if ink_saver else self.normal

    def icons(self, ink_saver: bool) -> IconSet:
        if ink_saver not in self._icon_sets:
            self._icon_sets[ink_saver] = IconSet(self.icon_spec, self.palette(ink_saver))
        return self._icon_sets[ink_saver]

    def style(self, name: str, fonts: FontSet, ink_saver: bool,
              overrides: Mapping[str, Any] | None = None, overrides_at: str = "") -> TextStyle:
        """The text style ``name``, with the settings of ``overrides`` (an element's, whose
        colour, if it gives one, is written at ``overrides_at``) over the style's own."""
        spec = dict(self.styles[name])
        spec.update({k: v for k, v in (overrides or {}).items() if k in STYLE_KEYS})
        palette = self.palette(ink_saver)
        colour = palette.get(str(spec.get("colour", "ink")), str(spec.get("colour", "#000000")))
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            # A misspelt palette name or a bad #rrggbb: said here, where the style is resolved
            # for every text (build and validate), not as a crash where the text is drawn.
            at = overrides_at if overrides_at and "colour" in (overrides or {}) else \
                self._where("styles", name, "colour")
            raise LayoutError(f"{at}: style '{name}': unknown colour "
                              f"'{shorten(str(spec.get('colour')))}' (use a palette name or #rrggbb)")
        size = float(spec.get("size", 8))
        return TextStyle(font=fonts.face(str(spec.get("weight", "regular"))), size=size,
                         min_size=float(spec.get("min_size", size)),
                         leading=float(spec.get("leading", 1.2)), colour=colour,
                         align=str(spec.get("align", "left")), valign=str(spec.get("valign", "top")))

    def layout(self, name: str) -> Layout:
        try:
            return self.layouts[name]
        except KeyError:
            raise LayoutError(f"{display_path(self.path)}: no layout named '{name}'") from None


def _merged(base: Mapping[str, Any], body: Mapping[str, Any]) -> Mapping[str, Any]:
    """The settings of an element a layout changes of the one it extends (``body`` over
    ``base``), each with the place where it is written."""
    merged = PosDict({**base, **body})
    for part in (base, body):
        if isinstance(part, PosDict):
            merged.pos = part.pos
            merged.key_pos.update(part.key_pos)
            merged.value_pos.update(part.value_pos)
    return merged


def card_layout_path(game: str) -> Path:
    """Where a game's card layouts live: ``templates/<game>/cards.yaml``."""
    return template_file(game, "cards.yaml")


def layout_schema_path() -> Path:
    """``schemas/layout.schema.json``: the workspace's, else the shipped one. One schema for
    every game, as the renderer that reads the layouts is one."""
    return current().lookup(Path("schemas", "layout.schema.json"))


@cache
def _checker(path: Path, stamp: str) -> Validator:
    return Validator(load_schema(path))


def schema_problems(data: Any, shown: str) -> list[Problem]:
    """The layout file's problems against the layout schema, each at its position; or the one
    problem of a layout schema that cannot be used."""
    path = layout_schema_path()
    try:
        checker = _checker(path, _digest(path))
    except SchemaFileError as exc:
        return [exc.problem]
    return checked_with(checker, path, data, shown)


def _digest(path: Path) -> str:
    """A digest of the file's contents, read as every user file is (a FIFO or a huge file where
    the layout schema should be hung, or was loaded whole); "" when it cannot be read, which the
    schema check then reports."""
    try:
        return hashlib.sha1(read_bytes(path)).hexdigest()
    except ReadError:
        return ""


# Each version of a layout file (with the schema it was checked against) read once a process:
# a plain ``cardgen validate`` read each game's file four times (its own check, the faces', and
# the icons of the texts twice). A book is not changed once made; its users only read it.
_books: dict[tuple[str, ...], LayoutBook] = {}


def load_layouts(path: Path) -> LayoutBook:
    """Read and check a layout file; LayoutError (one line, with the position) if unusable."""
    shown = display_path(path)
    stamp = (str(path), shown, _digest(path), _digest(layout_schema_path()))
    if stamp in _books:
        return _books[stamp]
    data, problems = load_yaml(path, shown)
    if not problems and not isinstance(data, PosDict):
        raise LayoutError(f"{shown}:1:1: a layout file is a mapping")
    if not problems:
        problems = schema_problems(data, shown)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise LayoutError(problems[0].format() + more, problems)
    book = LayoutBook(path, data)
    if len(_books) >= 16:          # a long session of tests reads many versions
        _books.clear()
    _books[stamp] = book
    return book


def layout_problems(game: str, path: Path | None = None) -> list[Problem]:
    """Everything wrong with a game's layout file (``path``, default: the one the game's build
    reads), each at its position: what ``cardgen validate`` adds when it checks a game's data,
    read as build reads it (``load_layouts``)."""
    path = card_layout_path(game) if path is None else path
    if not os.path.lexists(path):       # a broken link is the user's file, and read as one
        return []
    return read_problems(lambda layouts, _shown: load_layouts(layouts), path)


def read_problems(read: Callable[[Path, str], object], path: Path) -> list[Problem]:
    """What ``cardgen validate`` reports of a template file that ``read(path, shown)`` reads, or
    refuses with a LayoutError (a board, characters): what build would refuse in it."""
    shown = display_path(path)
    try:
        read(path, shown)
    except LayoutError as exc:
        return exc.placed(shown)
    return []


def placed_problem(message: str, shown: str) -> Problem:
    """A layout problem's message (``path:line:col: ...``) as a Problem at that place (``at_place``);
    one that names no place as a problem of the layout file ``shown`` at 1:1."""
    placed = at_place(message)
    if placed is not None:
        return placed
    return Problem(shown, 1, 1, "layout", message.removeprefix(f"{shown}: "))
