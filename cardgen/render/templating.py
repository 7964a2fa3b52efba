"""Jinja2 templates that produce YAML: how a game describes its rulebook inserts as data.

A template receives numbers and already-translated strings; it must put every string into the
YAML through the ``q`` filter, which writes a double-quoted YAML scalar with everything that
could change its meaning escaped. Translated text is only ever a value: it is never template
code and never markup.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import jinja2.sandbox
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment

from cardgen.data.yamlload import YamlError, parse_yaml, read_text
from cardgen.paths import display_path
from cardgen.render.layouts import LayoutError, at_place

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


# The most a template may write: the inserts' YAML is a few kilobytes; a loop that writes without
# end would fill the memory before the YAML reader saw any of it.
MAX_RENDERED = 2 * 1024 * 1024


# The most loop turns a template may take, all its loops together: the shipped inserts take a
# few hundred. Loops that write nothing (``{% for i in range(100000) %}{% for j in range(100000)
# %}{% endfor %}{% endfor %}``) never reach the size cap, and ran until the build was stopped.
MAX_LOOP_TURNS = 1_000_000
_COUNTED = "_cardgen_counted"      # the filter every loop's items go through

# The longest text a filter may be given, and the most text all the filters of a run together:
# an insert's values are a few hundred characters. Some of Jinja's filters take time that grows
# faster than their text (``("x" * 2000000) | wordwrap(1)`` ran for minutes, ``striptags`` took
# 30 s on 2 MB), and no loop turn or memory cap sees it happen.
MAX_FILTER_TEXT = 100_000
MAX_FILTERED = MAX_RENDERED


class _CountedLoops(CodeGenerator):
    """Jinja's code generator, with every ``for`` loop's items passed through the ``_COUNTED``
    filter, which counts them against the template's budget. (A filter wrapped around the
    loop's iterable: Jinja has no hook inside a loop, and the generated code is Jinja's own.)"""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        # Before the generator lists the filters the template uses, so this one is among them.
        for loop in node.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, _COUNTED, [], [], None, None, lineno=loop.lineno)
        super().visit_Template(node, frame)


class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's sandbox (a range of at most 100,000 numbers), whose ``*`` and ``**`` cannot make a
    value larger than a template may write: ``{{ "x" * 10**9 }}`` took the memory and the time
    of a gigabyte before the size was looked at; and whose loops take at most
    ``MAX_LOOP_TURNS`` turns in all."""

    intercepted_binops = frozenset({"*", "**"})
    code_generator_class = _CountedLoops

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.loop_turns = 0
        self.filtered = 0
        self.filters = {name: self._weighed(f) for name, f in self.filters.items()}
        self.filters[_COUNTED] = self._counted

    def _weighed(self, f: Callable[..., Any]) -> Callable[..., Any]:
        """``f``, refusing texts longer than a filter may take (``MAX_FILTER_TEXT``, and
        ``MAX_FILTERED`` in all). (``functools.wraps`` keeps the marks Jinja reads on a filter,
        such as ``pass_context``.)"""

        @functools.wraps(f)
        def weighed(*args: Any, **kwargs: Any) -> Any:
            for value in (*args, *kwargs.values()):
                if isinstance(value, str):
                    self.filtered += len(value)
                    if len(value) > MAX_FILTER_TEXT or self.filtered > MAX_FILTERED:
                        raise jinja2.sandbox.SecurityError(
                            f"a filter given more text than a template may pass ({MAX_FILTER_TEXT:,} "
                            "characters at once); an insert's texts are a few hundred")
            return f(*args, **kwargs)

        return weighed

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        # (``__self``, as Jinja names it: a template's own keyword ``self=`` must reach the callee.)
        if isinstance(__obj, LoopContext) and args:
            # A recursive loop's ``loop(items)``: those items are loop turns too.
            args = (__self._counted(args[0]), *args[1:])
        return super().call(__context, __obj, *args, **kwargs)

    def _counted(self, items: Any) -> Iterable[Any]:
        for item in items:
            self.loop_turns += 1
            if self.loop_turns > MAX_LOOP_TURNS:
                raise jinja2.sandbox.SecurityError(
                    f"its loops run more than {MAX_LOOP_TURNS:,} times; an insert's take a few hundred")
            yield item

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if (isinstance(seq, (str, list, tuple)) and isinstance(times, int)
                        and len(seq) * times > MAX_RENDERED):
                    raise jinja2.sandbox.SecurityError("a value repeated past what a template may write")
        elif (isinstance(left, int) and isinstance(right, int) and abs(left) > 1
              and right * max(abs(left).bit_length(), 1) > 8 * MAX_RENDERED):
            raise jinja2.sandbox.SecurityError("a power too large to write")
        return super().call_binop(context, operator, left, right)


# The most memory a template may take while it runs, over what the process holds: far more than an
# insert needs (its YAML is a few kilobytes), and far less than the gigabytes one line can ask for.
# Values are made by more operations than the sandbox can weigh beforehand ("x".ljust(3000000000),
# "%3000000000d" % 1, "x" | center(3000000000), a list of a thousand 2 MB strings joined): each
# took gigabytes and half a minute before the size of what it wrote was looked at.
MAX_TEMPLATE_MEMORY = 512 * 1024 * 1024


@contextmanager
def _memory_capped(extra: int = MAX_TEMPLATE_MEMORY) -> Iterator[None]:
    """Within the block, an allocation that would take the process's address space ``extra``
    bytes past its present size fails with MemoryError (RLIMIT_AS, lowered and then restored);
    without the resource module or /proc/self/statm (not Linux), no cap."""
    try:
        import resource

        with open("/proc/self/statm", "rb") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError, IndexError):
        yield
        return
    cap = size + extra
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft != resource.RLIM_INFINITY and soft <= cap:
        yield                                 # the process is held tighter already
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def render_yaml(path: Path, context: dict[str, Any]) -> Any:
    """Render a ``.yaml.j2`` template and read the YAML it produces (LayoutError if either fails).
    See ``rendered``."""
    return rendered(path, context)[0]


def rendered(path: Path, context: dict[str, Any]) -> tuple[Any, str]:
    """The YAML a ``.yaml.j2`` template produces, read, and the template's text (LayoutError if
    either fails).

    A template is a file of the workspace, which may come from anyone: it is read as every
    user file is (``read_text``: a FIFO, device, huge or binary file is refused; Jinja's own
    loader read any of them, a binary one ending in an internal error and a 200 MB one never),
    and run in Jinja's sandbox, where it can reach the values it is given and nothing else
    (``{{ cycler.__init__.__globals__.os.system(...) }}`` ran a command at each build)."""
    shown = display_path(path)
    try:
        source = read_text(path)
    except YamlError as exc:
        raise LayoutError(f"{shown}: {exc.message}") from None
    env = _Sandbox(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True,
                   trim_blocks=True, lstrip_blocks=True)
    env.filters["q"] = yaml_quote
    # lipsum(n) writes n paragraphs of filler: lipsum(30000000) ran for minutes before a word of
    # it was weighed. A template has the values it is given; it has no use for it.
    env.globals.pop("lipsum", None)
    try:
        parts, size = [], 0
        with _memory_capped():
            for part in env.from_string(source).generate(**context):
                size += len(part)
                if size > MAX_RENDERED:
                    raise LayoutError(f"{shown}: the template writes more than {MAX_RENDERED:,} "
                                      "characters; an insert is a few thousand")
                parts.append(part)
        text = "".join(parts)
    except MemoryError as exc:
        line = _template_line(exc) or 1
        raise LayoutError(f"{shown}:{line}: the template makes a value larger "
                          f"than it may ({MAX_TEMPLATE_MEMORY // 2**20:,} MB); an insert's are a few "
                          "kilobytes") from None
    except jinja2.TemplateSyntaxError as exc:
        raise LayoutError(f"{shown}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplateError as exc:
        # (an undefined name, a loop past its limit: at the line that runs it, as every problem
        # of a file; else at the file's first line, not at the inserts' folder)
        raise LayoutError(f"{shown}:{_template_line(exc) or 1}: {exc}") from None
    except RecursionError as exc:
        # A macro that calls itself, or a recursive loop that never runs out of items.
        raise LayoutError(f"{shown}:{_template_line(exc) or 1}: the template calls itself "
                          "without end") from None
    except LayoutError as exc:               # the values' own (a label the game lacks)
        if at_place(str(exc)) is not None:
            raise
        line = _template_line(exc)
        raise LayoutError(f"{shown}:{line or 1}: {str(exc).removeprefix(f'{shown}: ')}") from None
    except Exception as exc:
        # The template's own mistake ({{ 1 / 0 }}, {{ "a" + 1 }}, range(1, 2, 0)), which reached
        # the command line as an internal error of cardgen's.
        line = _template_line(exc)
        raise LayoutError(f"{shown}:{line or 1}: the template fails: {exc}") from None
    try:
        return parse_yaml(text), source
    except YamlError as exc:
        raise LayoutError(f"{shown}:{_source_line(source, text, exc.line)}: the rendered YAML is "
                          f"invalid at its line {exc.line}: {exc.message}") from None


def _source_line(source: str, text: str, line: int) -> int:
    """The template line that wrote line ``line`` of its rendered ``text``: the one template
    line with the same text (a line without a tag renders as it is written); else 1."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines) or not lines[line - 1].strip():
        return 1
    wanted = lines[line - 1].strip()
    found = [i for i, written in enumerate(source.splitlines(), 1) if written.strip() == wanted]
    return found[0] if len(found) == 1 else 1


def _template_line(exc: BaseException) -> int | None:
    """The template line an error was raised at: Jinja rewrites a template's frames to its
    source's lines, under the name ``<template>`` for a template made from a string."""
    line, tb = None, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def template_documents(game: str, templates: Iterable[str], values: dict[str, Any]) -> list[Doc]:
    """The documents of a game's insert templates (``templates/<game>/inserts/<name>.yaml.j2``),
    rendered with ``values``, in the order given."""
    from cardgen.paths import template_file
    from cardgen.render.doc_shape import name_lines
    from cardgen.render.document import read_docs

    docs: list[Doc] = []
    for name in templates:
        path = template_file(game, "inserts", f"{name}.yaml.j2")
        data, source = rendered(path, values)
        shown = display_path(path)
        read = read_docs(data, shown, source)          # (the template's lines place problems)
        earlier = {d.name for d in docs}
        for n, d in enumerate(read):
            if d.name in earlier:
                raise LayoutError(f"{d.where or shown}: insert {d.name}: another insert template has a "
                                  "document of that name; each needs its own")
            if any(e.name == d.name for e in read[:n]):
                # at the line naming the second (where ``d.where``, found by name, is the first's)
                lines = name_lines(source, d.name)
                raise LayoutError(f"{shown}:{lines[1] if len(lines) > 1 else 1}: insert {d.name}: this "
                                  "template has another document of that name; each needs its own")
        docs += read
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
