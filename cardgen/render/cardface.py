"""Drawing one card face from its layout: the layout says what field goes where; this draws it.

Texts are translated here and only here (through the build's Translator); a text that does not
fit its box at its style's minimum size, or names an icon the game does not have, is recorded
as a problem naming the card, the field and the language, and the build fails instead of
clipping it or printing the icon token's braces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.data.schema import describe, did_you_mean
from cardgen.i18n.messages import Message, Translator
from cardgen.render.art import ArtError, draw_art, load_art
from cardgen.render.canvas import MM
from cardgen.render.fonts import FontSet
from cardgen.render.icon_tokens import unknown_tokens
from cardgen.render.layouts import Element, LayoutBook, LayoutError
from cardgen.render.printable import Face, TextSlot
from cardgen.render.text import Fit, TextStyle, draw_text, fit_text

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class RenderError(Exception):
    """Texts that cannot be printed (too large, an unknown icon), one line each."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(problems[0] + more if problems else "render failed")


@dataclass
class FaceRenderer:
    book: LayoutBook
    fonts: FontSet
    translate: Translator
    labels: Mapping[str, Message]      # context -> message, for ``label:`` texts
    card_size: tuple[float, float]     # mm, for layouts of size ``card``
    lang: str
    ink_saver: bool = False
    problems: list[str] = field(default_factory=list)

    def size(self, face: Face) -> tuple[float, float]:
        return self.book.layout(face.layout).size or self.card_size

    # -- values ------------------------------------------------------------------------------

    @staticmethod
    def _value(face: Face, raw: Any) -> Any:
        """``$name``: the field's value; ``{name}`` inside a string: the value put in the text."""
        if isinstance(raw, str) and raw.startswith("$"):
            return face.fields.get(raw[1:])
        if isinstance(raw, str) and "{" in raw:
            return _PLACEHOLDER.sub(lambda m: _plain(face.fields.get(m.group(1), "")), raw)
        return raw

    @staticmethod
    def _shown(face: Face, element: Element) -> bool:
        when, unless = element.spec.get("when"), element.spec.get("unless")

        def test(cond: str) -> bool:
            name, _, wanted = str(cond).partition("=")
            value = face.fields.get(name)
            return str(value) == wanted if wanted else bool(value)

        return (when is None or test(when)) and (unless is None or not test(unless))

    def _colour(self, face: Face, element: Element, key: str, default: Any = None) -> str | None:
        """The colour the element's setting ``key`` gives on ``face`` (None: none)."""
        value = self._value(face, element.spec.get(key, default))
        if value in (None, "", "none"):
            return None
        value = _plain(value)
        colour = self.book.palette(self.ink_saver).get(value, value)
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            raise LayoutError(f"{element.place(key)}: unknown colour '{value}' on {face.key} (use a "
                              "palette name or #rrggbb)")
        return colour

    def _message(self, face: Face, element: Element) -> tuple[str, Message | None]:
        """(field name, message) of a text element; message None for digits."""
        spec = element.spec
        if "label" in spec:
            if spec["label"] not in self.labels:
                raise LayoutError(f"{element.place('label')}: no label '{spec['label']}' in the game's texts")
            return spec["label"], self.labels[spec["label"]]
        if "field" in spec:
            value = face.fields.get(spec["field"])
            if isinstance(value, Message) or value is None:
                return spec["field"], value
            if isinstance(value, int):
                return spec["field"], Message("", str(value))
            raise LayoutError(f"{element.place('field')}: field '{spec['field']}' of {face.key} is "
                              f"{describe(value)}; a text box prints a card's text or a whole number")
        return "value", Message("", str(int(spec["value"])))

    def _style(self, face: Face, element: Element) -> TextStyle:
        name = str(self._value(face, element.spec.get("style", "body")))
        if name not in self.book.styles:
            raise LayoutError(f"{element.place('style')}: unknown style '{name}' on {face.key}"
                              f"{did_you_mean(name, list(self.book.styles))}")
        return self.book.style(name, self.fonts, self.ink_saver, element.spec, element.place("colour"))

    def _icon_name(self, face: Face, element: Element) -> str | None:
        """The icon an ``icon`` element draws on ``face`` (None: none), one the game has."""
        name = self._value(face, element.spec.get("name"))
        if name and not isinstance(name, str):
            # name: $name (a card's title) was said as "no icon 'Message(context=...)'"
            raise LayoutError(f"{element.place('name')}: the icon's name ({element.spec.get('name')}) "
                              f"on {face.key} "
                              f"is {_what(name)}, not the name of an icon")
        if name and name not in self.book.icons(self.ink_saver):
            raise LayoutError(f"{element.place('name')}: no icon '{name}' (for {face.key})")
        return str(name) if name else None

    def _icon_text(self, face: Face, element: Element) -> str:
        name = element.spec["field"]
        counts = face.fields.get(name) or {}
        if not isinstance(counts, Mapping):
            # a text field (field: name) stopped the build with an internal error
            raise LayoutError(f"{element.place('field')}: field '{name}' of {face.key} is {_what(counts)}; "
                              "an icons "
                              "box prints icons and their counts (such as a company's activation)")
        repeat = element.spec.get("repeat", True)
        parts = []
        for icon, n in counts.items():
            parts.append(f"{{{icon}}}" * n if repeat else f"{n}{{{icon}}}")
        return " ".join(parts) if not repeat else "".join(parts)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, c: Canvas, face: Face, bleed_x: float = 0.0, bleed_y: float = 0.0) -> None:
        """Draw ``face`` with its trim box's lower-left at the origin (points); rectangles marked
        ``bleed: true`` grow by the bleed (mm) on the sides where they touch the trim edge."""
        layout = self.book.layout(face.layout)
        w, h = self.size(face)
        icons = self.book.icons(self.ink_saver)
        for element in layout.elements:
            if not self._shown(face, element):
                continue
            x, y, bw, bh = element.box
            px, py, pw, ph = x * MM, (h - y - bh) * MM, bw * MM, bh * MM
            spec = element.spec
            c.saveState()
            if spec.get("rotate") == 180:
                c.translate(px + pw / 2, py + ph / 2)
                c.rotate(180)
                c.translate(-(px + pw / 2), -(py + ph / 2))
            if element.kind == "rect":
                self._rect(c, face, element, (x, y, bw, bh), (w, h), (bleed_x, bleed_y))
            elif element.kind == "icon":
                name = self._icon_name(face, element)
                if name:
                    side = min(pw, ph)
                    icons.draw(c, str(name), px + (pw - side) / 2, py + (ph - side) / 2, side)
            elif element.kind == "art":
                self._art(c, face, element, (px, py, pw, ph))
            elif element.kind == "icons":
                text = self._icon_text(face, element)
                fit = fit_text(text, pw, ph, self._style(face, element), icons)
                self._check(face, spec["field"], None, text, fit)
                draw_text(c, fit, px, py, icons)
            else:
                name, message = self._message(face, element)
                if message is not None:
                    text = self.translate(message.context, message.source) if message.context \
                        else message.source
                    fit = fit_text(text, pw, ph, self._style(face, element), icons)
                    self._check(face, name, message, text, fit)
                    draw_text(c, fit, px, py, icons)
            c.restoreState()

    def _art_name(self, face: Face, element: Element) -> str | None:
        """The picture file an ``art`` element draws on ``face`` (None: none)."""
        field_name = str(element.spec.get("field", "art"))
        name = face.fields.get(field_name)
        if name and not isinstance(name, str):
            # field: name (a card's title) passed validate and the build named the picture
            # 'Message(context=...)'
            raise LayoutError(f"{element.place('field')}: field '{field_name}' of {face.key} is "
                              f"{_what(name)}; an "
                              "art box prints the picture file a field names (such as art)")
        return name or None

    def _art(self, c: Canvas, face: Face, element: Element,
             box: tuple[float, float, float, float]) -> None:
        name = self._art_name(face, element)
        if not name:
            return
        game = self.book.path.parent.name     # templates/<game>/cards.yaml
        try:
            art = load_art(game, str(name))
        except ArtError as exc:
            self.problems.append(f"card {face.key}: {exc}")
            return
        colour = self._colour(face, element, "colour", "ink")
        draw_art(c, art, *box, HexColor(colour) if colour else None)

    def _rect(self, c: Canvas, face: Face, element: Element, box: tuple[float, float, float, float],
              card: tuple[float, float], bleed: tuple[float, float]) -> None:
        spec = element.spec
        x, y, bw, bh = box
        w, h = card
        if spec.get("bleed"):
            eps = 1e-6
            left = bleed[0] if x <= eps else 0.0
            right = bleed[0] if x + bw >= w - eps else 0.0
            top = bleed[1] if y <= eps else 0.0
            bottom = bleed[1] if y + bh >= h - eps else 0.0
            x, bw = x - left, bw + left + right
            y, bh = y - top, bh + top + bottom
        fill = self._colour(face, element, "fill")
        stroke = self._colour(face, element, "stroke")
        if fill is None and stroke is None:
            return
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(float(spec.get("width", 0.5)))
        args = (x * MM, (h - y - bh) * MM, bw * MM, bh * MM)
        radius = float(spec.get("radius", 0)) * MM
        if radius:
            c.roundRect(*args, radius, fill=int(bool(fill)), stroke=int(bool(stroke)))
        else:
            c.rect(*args, fill=int(bool(fill)), stroke=int(bool(stroke)))

    def _check(self, face: Face, field_name: str, message: Message | None, text: str, fit: Fit) -> None:
        what = ""
        if message is not None and message.context:
            at = getattr(self.translate, "where", lambda _: "")(message.context)
            what = f" ({message.context}{f', {at}' if at else ''})"
        where = f"card {face.key}: field '{field_name}'{what}"
        for unknown in unknown_tokens(text, self.book.icons(self.ink_saver).names()):
            self.problems.append(f"{where} in language '{self.lang}': {unknown}")
        if not fit.fits:
            self.problems.append(
                f"{where} does not fit its box in language '{self.lang}': it runs {fit.overflow:g} pt "
                f"past it even at the minimum size of {fit.size:g} pt")

    # -- checking before drawing ------------------------------------------------------------

    def face_problems(self, faces: Iterable[Face], every: Iterable[Face] = ()) -> list[str]:
        """Everything in the layouts that drawing ``faces`` would stop at or silently leave out,
        found without drawing, each ``path:line:col: message``: a field no face of the layout
        has, and per face an unknown colour, icon, label or style. ``build`` runs it before the
        first page and ``validate`` on every card of the game, so the two cannot disagree.
        ``every``: all the faces the game prints (the fields a layout knows are theirs, so that
        a preview of one card does not miss a field only another card of its layout has)."""
        faces = list(faces)
        problems = _unknown_fields(self.book, faces, [*faces, *every])
        wrong: set[str] = set()        # elements found wrong: one mistake is one problem
        for face in faces:
            try:
                elements = self.book.layout(face.layout).elements
            except LayoutError as exc:
                problems.append(str(exc))
                continue
            for element in elements:
                if element.where in wrong or not self._shown(face, element):
                    continue
                try:
                    self._check_element(face, element)
                except LayoutError as exc:
                    wrong.add(element.where)
                    problems.append(str(exc))
        return list(dict.fromkeys(problems))

    def _check_element(self, face: Face, element: Element) -> None:
        """What ``draw`` resolves for ``element`` on ``face``, with the same methods, minus the
        drawing; LayoutError at the element's place."""
        if element.kind == "rect":
            self._colour(face, element, "fill")
            self._colour(face, element, "stroke")
        elif element.kind == "icon":
            self._icon_name(face, element)
        elif element.kind == "art":
            if self._art_name(face, element):
                self._colour(face, element, "colour", "ink")
        else:
            if element.kind == "text":
                self._message(face, element)
            else:
                self._icon_text(face, element)
            self._style(face, element)

    # -- for translation checks --------------------------------------------------------------

    def text_slots(self, face: Face) -> Iterator[TextSlot]:
        """Every translatable text the face prints, with its box and style."""
        for element in self.book.layout(face.layout).elements:
            if element.kind != "text" or not self._shown(face, element):
                continue
            name, message = self._message(face, element)
            if message is None or not message.context:
                continue
            _, _, bw, bh = element.box
            yield TextSlot(face.key, name, message.context, message.source, bw * MM, bh * MM,
                           self._style(face, element),
                           element.place("label" if "label" in element.spec else "field"))

    def card_slots(self, specs: Iterable[Any]) -> Iterator[TextSlot]:
        """``text_slots`` of both faces of each card of ``specs`` (front and back, either may be
        None), each card's field once: a card printed several times is fitted once."""
        seen: set[tuple[str, str]] = set()
        for spec in specs:
            for face in (spec.front, spec.back):
                if face is None:
                    continue
                for slot in self.text_slots(face):
                    if (slot.card, slot.field) not in seen:
                        seen.add((slot.card, slot.field))
                        yield slot


def _plain(value: Any) -> str:
    """A face field's value put in a setting: a card's text as its English words, not
    'Message(context=...)', which an unknown colour named."""
    return value.source if isinstance(value, Message) else str(value)


def _what(value: Any) -> str:
    """A face field's value as a message names it: a card's text, else its type."""
    return "a text" if isinstance(value, Message) else describe(value)


def _unknown_fields(book: LayoutBook, faces: list[Face], every: list[Face]) -> list[str]:
    """Each ``field:`` of a layout of ``faces`` that no face of ``every`` drawn with it has: a
    misspelt field prints nothing, silently. A layout's known fields are those of all its faces
    (a field some faces leave out, such as the VP card's value on the token layout, is known
    when any face has it)."""
    known: dict[str, set[str]] = {face.layout: set() for face in faces}
    for face in every:
        if face.layout in known:
            known[face.layout].update(face.fields)
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()     # an element a layout extends is one mistake, said once
    for name, fields in known.items():
        try:
            layout = book.layout(name)
        except LayoutError:
            continue                        # face_problems reports the missing layout
        for element in layout.elements:
            for how, wanted, key in _fields_read(element.spec):
                if wanted not in fields and (element.where, wanted) not in seen:
                    seen.add((element.where, wanted))
                    listed = ", ".join(sorted(fields)) or "none"
                    problems.append(f"{element.place(key)}: layout '{name}' {how} the field '{wanted}', "
                                    "which "
                                    f"its cards do not have{did_you_mean(wanted, sorted(fields))}; "
                                    f"known fields: {listed}")
    return problems


def _fields_read(spec: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(how, field, the setting that reads it) for each card field an element reads: the one it
    prints (``field:``), the ones its ``when:`` and ``unless:`` test, and those its values name
    (``$name``, ``{name}``). A misspelt one reads as empty: the element silently never shows, or
    shows nothing."""
    if spec.get("field") is not None:
        yield "prints", str(spec["field"]), "field"
    for key in ("when", "unless"):
        if spec.get(key) is not None:
            yield f"tests ({key}:)", str(spec[key]).partition("=")[0], key
    for key, value in spec.items():
        if key in ("field", "when", "unless") or not isinstance(value, str):
            continue
        if value.startswith("$"):
            yield f"reads ({key}:)", value[1:], key
        else:
            for found in _PLACEHOLDER.finditer(value):
                yield f"reads ({key}:)", found.group(1), key
