"""Jinja2 templates that produce YAML: how a game describes its rulebook inserts as data.

A template receives numbers and already-translated strings; it must put every string into the
YAML through the ``q`` filter, which writes a double-quoted YAML scalar with everything that
could change its meaning escaped. Translated text is only ever a value: it is never template
code and never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from cardgen.data.yamlload import YamlError, parse_yaml
from cardgen.paths import display_path
from cardgen.render.layouts import LayoutError

if TYPE_CHECKING:
    from cardgen.i18n.messages import Translator
    from cardgen.render.document import Doc

_SAFE = {'"': '\\"', "\\": "\\\\"}


def yaml_quote(value: Any) -> str:
    """``value`` as a double-quoted YAML scalar that reads back as exactly the same string."""
    out = []
    for ch in str(value):
        code = ord(ch)
        if ch in _SAFE:
            out.append(_SAFE[ch])
        elif code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029, 0xFEFF) or code > 0xFFFF \
                or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\U{code:08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def render_yaml(path: Path, context: dict[str, Any]) -> Any:
    """Render a ``.yaml.j2`` template and read the YAML it produces (LayoutError if either fails)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(path.parent)),
                             undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.filters["q"] = yaml_quote
    shown = display_path(path)
    try:
        text = env.get_template(path.name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise LayoutError(f"{shown}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplateNotFound:
        raise LayoutError(f"{shown}: no such template") from None
    except jinja2.TemplateError as exc:
        raise LayoutError(f"{shown}: {exc}") from None
    try:
        return parse_yaml(text)
    except YamlError as exc:
        raise LayoutError(f"{shown}: the rendered YAML is invalid at line {exc.line}: "
                          f"{exc.message}") from None


def template_documents(game: str, templates: Iterable[str], values: dict[str, Any]) -> list[Doc]:
    """The documents of a game's insert templates (``templates/<game>/inserts/<name>.yaml.j2``),
    rendered with ``values``, in the order given."""
    from cardgen.paths import template_file
    from cardgen.render.document import read_docs

    docs: list[Doc] = []
    for name in templates:
        path = template_file(game, "inserts", f"{name}.yaml.j2")
        docs += read_docs(render_yaml(path, values), str(path))
    return docs


def label_text(labels: dict[str, str], translate: Translator) -> Callable[[str], str]:
    """The templates' ``t``: ``t(key)`` is the translated text of the game's label
    ``label:<key>``; a key the game does not have is a LayoutError, not a blank on the page."""

    def t(key: str) -> str:
        context = f"label:{key}"
        if context not in labels:
            raise LayoutError(f"insert templates use the label '{context}', which texts.LABELS lacks")
        return translate(context, labels[context])

    return t
