"""Card layouts as data: a game's ``templates/<game>/cards.yaml``.

The file has four sections:

- ``palettes``: ``normal`` colours by name, and ``ink_saver`` overrides (light backgrounds);
- ``styles``: text styles (weight, size, min_size, leading, colour, align, valign);
- ``icons``: icon name -> glyph layers (see ``cardgen.render.icons``);
- ``layouts``: layout name -> ``size`` (``card`` or ``[w, h]`` in mm) and ``elements``.

Each element is a one-key mapping naming its kind (``rect``, ``text``, ``icon``, ``icons``)
with a ``box: [x, y, w, h]`` in millimetres from the card's top-left trim corner. A value
written ``$name`` is read from the face's field ``name``. ``when: name`` / ``unless: name``
draw an element only if a field is set / not set. See README "Card layouts".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.yamlload import PosDict, load_yaml, position
from cardgen.paths import display_path, template_file
from cardgen.render.fonts import FontSet
from cardgen.render.icons import IconError, IconSet, parse_colour
from cardgen.render.text import TextStyle

KINDS = ("rect", "text", "icon", "icons")
STYLE_KEYS = {"weight", "size", "min_size", "leading", "colour", "align", "valign"}


class LayoutError(ValueError):
    """A layout file that cannot be used; the message starts with ``path:line:col:``."""


@dataclass(frozen=True)
class Element:
    kind: str
    spec: Mapping[str, Any]
    where: str                        # "path:line:col" for messages

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
                raise LayoutError(f"{where('icons')}: {exc}") from None
        self.layouts: dict[str, Layout] = {}
        for name, spec in data["layouts"].items():
            self.layouts[name] = self._layout(name, spec)

    def _layout(self, name: str, spec: Any) -> Layout:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("elements"), list):
            raise LayoutError(f"{self._where('layouts', name)}: layout '{name}' needs 'elements:'")
        size = spec.get("size", "card")
        if size != "card" and not (isinstance(size, list) and len(size) == 2):
            raise LayoutError(f"{self._where('layouts', name, 'size')}: size is 'card' or [w, h] mm")
        elements = []
        for i, item in enumerate(spec["elements"]):
            at = self._where("layouts", name, "elements", i)
            if not isinstance(item, Mapping) or len(item) != 1 or next(iter(item)) not in KINDS:
                raise LayoutError(f"{at}: an element is one of {', '.join(KINDS)} with its settings")
            kind, body = next(iter(item.items()))
            if not isinstance(body, Mapping):
                raise LayoutError(f"{at}: '{kind}' needs settings")
            box = body.get("box")
            if not (isinstance(box, list) and len(box) == 4 and all(isinstance(v, int | float) for v in box)):
                raise LayoutError(f"{at}: '{kind}' needs box: [x, y, width, height] in mm")
            if kind == "text" and not ({"field", "label", "value"} & set(body)):
                raise LayoutError(f"{at}: 'text' needs a field, label or value")
            if kind == "text" and str(body.get("style", "")).lstrip("$") not in self.styles \
                    and not str(body.get("style", "")).startswith("$"):
                raise LayoutError(f"{at}: unknown style '{body.get('style')}'")
            elements.append(Element(kind, body, at))
        return Layout(name, None if size == "card" else (float(size[0]), float(size[1])),
                      tuple(elements))

    def palette(self, ink_saver: bool) -> dict[str, str]:
        return self.ink_saver if ink_saver else self.normal

    def icons(self, ink_saver: bool) -> IconSet:
        if ink_saver not in self._icon_sets:
            self._icon_sets[ink_saver] = IconSet(self.icon_spec, self.palette(ink_saver))
        return self._icon_sets[ink_saver]

    def style(self, name: str, fonts: FontSet, ink_saver: bool,
              overrides: Mapping[str, Any] | None = None) -> TextStyle:
        spec = dict(self.styles[name])
        spec.update({k: v for k, v in (overrides or {}).items() if k in STYLE_KEYS})
        palette = self.palette(ink_saver)
        colour = palette.get(str(spec.get("colour", "ink")), str(spec.get("colour", "#000000")))
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


def card_layout_path(game: str) -> Path:
    """Where a game's card layouts live: ``templates/<game>/cards.yaml``."""
    return template_file(game, "cards.yaml")


def load_layouts(path: Path) -> LayoutBook:
    """Read and check a layout file; LayoutError (one line, with the position) if unusable."""
    data, problems = load_yaml(path, display_path(path))
    if problems:
        raise LayoutError(problems[0].format())
    if not isinstance(data, PosDict):
        raise LayoutError(f"{display_path(path)}:1:1: a layout file is a mapping")
    return LayoutBook(path, data)
