"""Safe YAML loading that remembers where every value came from.

PyYAML's SafeLoader is the base (no object construction from tags). On top of it this
module rejects what SafeLoader accepts silently but users never mean: duplicate keys, alias
bombs, absurd nesting, binary and huge files. Every mapping and sequence is returned as a
``Node`` subclass of dict/list carrying the (line, col) of each key and item, so schema and
rule checks can point at the exact place in the file.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml

from cardgen.problems import Problem, shorten
from cardgen.safe_read import MAX_BYTES, ReadError, read_bytes

MAX_DEPTH = 64
MAX_EXPANDED_NODES = 200_000
MAX_INT_BITS = 63      # a 64-bit signed integer: what any tool reading the data could take


class PosDict(dict):
    """A mapping with the positions of its keys (``key_pos``) and values (``value_pos``)."""

    pos: tuple[int, int] = (1, 1)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.key_pos: dict[Any, tuple[int, int]] = {}
        self.value_pos: dict[Any, tuple[int, int]] = {}


class PosList(list):
    """A sequence with the position of each item (``item_pos``)."""

    pos: tuple[int, int] = (1, 1)

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.item_pos: list[tuple[int, int]] = []


def plain(value: Any) -> Any:
    """``value`` as read, its ``PosDict``s and ``PosList``s made plain dicts and lists (which a
    YAML writer takes: it refuses subclasses)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class YamlError(Exception):
    def __init__(self, line: int, col: int, rule: str, message: str):
        super().__init__(message)
        self.line, self.col, self.rule, self.message = line, col, rule, message


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Constructing(yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """SafeLoader's constructor and resolver, with duplicate-key rejection, positions and the
    value checks below; shared by both parsers (``_Loader``, ``_FastLoader``)."""

    def __init__(self) -> None:
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:  # type: ignore[override]
        try:
            value = super().construct_object(node, deep)
        except (YamlError, yaml.YAMLError, RecursionError):
            raise
        except (ValueError, LookupError, AttributeError, TypeError, OverflowError) as exc:
            # SafeLoader's scalar constructors raise plain Python errors for text that looks
            # like a date but is not one (``2020-13-45``), or for ``!!int abc``.
            raise YamlError(*_mark(node), "yaml-value", _bad_value(node, exc)) from None
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
            # No card value comes near this, and a huge integer breaks every message that shows
            # it (Python refuses to write one past 4,300 digits in decimal).
            raise YamlError(*_mark(node), "yaml-value",
                            f"'{shorten(_text(node), 40)}' is too large a number (the limit is "
                            f"{2 ** MAX_INT_BITS - 1:,})")
        if isinstance(value, float) and not math.isfinite(value):
            # ``.inf``, ``.nan`` and ``1e999`` are floats to YAML, but no card value can be one, and a
            # schema's minimum/maximum lets NaN through (every comparison with it is false).
            raise YamlError(*_mark(node), "yaml-value",
                            f"'{shorten(_text(node))}' is not a finite number")
        if isinstance(value, str) and _SURROGATE.search(value):
            raise YamlError(*_mark(node), "yaml-value",
                            "text holds a \\u escape of half a character (a lone surrogate)")
        return value

    def construct_mapping(self, node: yaml.Node, deep: bool = False) -> Any:  # type: ignore[override]
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep)
        explicit = sum(1 for key_node, _ in node.value if key_node.tag != _MERGE_TAG)
        self.flatten_mapping(node)
        merged = len(node.value) - explicit
        result = PosDict()
        result.pos = _mark(node)
        written: set[str] = set()
        for index, (key_node, value_node) in enumerate(node.value):
            key = self.construct_object(key_node, deep=True)
            if isinstance(key, (dict, list)):
                raise YamlError(*_mark(key_node), "yaml-key", "a mapping key must be a plain value")
            # Keys are names in every cardgen file (``2:`` in ``copies`` means "2 players"), and
            # JSON Schema only knows string keys, so scalar keys are read as text.
            if not isinstance(key, str):
                key = "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)
            # Pairs brought in by a ``<<:`` merge come first; keys written in the mapping
            # itself override them, as YAML intends, so only those can be duplicates.
            if index >= merged and key in written:
                first = result.key_pos[key]
                raise YamlError(*_mark(key_node), "yaml-duplicate-key",
                                f"duplicate key '{shorten(key)}' (first defined at line {first[0]})")
            result[key] = self.construct_object(value_node, deep=True)
            result.key_pos[key] = _mark(key_node)
            result.value_pos[key] = _mark(value_node)
            if index >= merged:
                written.add(key)
        return result

    def construct_sequence(self, node: yaml.Node, deep: bool = False) -> Any:  # type: ignore[override]
        result = PosList(self.construct_object(child, deep=True) for child in node.value)
        result.pos = _mark(node)
        result.item_pos = [_mark(child) for child in node.value]
        return result


class _Composing(yaml.composer.Composer):
    """PyYAML's composer with the depth and size limits, which stop a hostile file while it is
    composed (before the slower construction), for either parser's events."""

    def __init__(self) -> None:
        yaml.composer.Composer.__init__(self)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            return super().compose_node(parent, index)
        mark = self.peek_event().start_mark
        self._depth += 1
        self._nodes += 1
        if self._depth > MAX_DEPTH:
            raise YamlError(mark.line + 1, mark.column + 1, "yaml-depth",
                            f"nesting deeper than {MAX_DEPTH} levels")
        if self._nodes > MAX_EXPANDED_NODES:
            raise YamlError(mark.line + 1, mark.column + 1, "yaml-too-many-values",
                            f"file holds more than {MAX_EXPANDED_NODES:,} values; split it "
                            "into smaller files")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Composing,
              _Constructing):
    """PyYAML's own parser, in Python: its errors say where and what. The reference that
    ``_FastLoader`` falls back to."""

    def __init__(self, stream: str):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Composing.__init__(self)
        _Constructing.__init__(self)


_MERGE_TAG = "tag:yaml.org,2002:merge"
_SURROGATE = re.compile("[\ud800-\udfff]")


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _text(node: yaml.Node) -> str:
    return node.value if isinstance(node, yaml.ScalarNode) else ""


def _bad_value(node: yaml.Node, exc: Exception) -> str:
    text = shorten(_text(node))
    if node.tag == "tag:yaml.org,2002:int" and re.fullmatch(r"[-+]?[1-9][0-9_]{4000,}", _text(node)):
        # Python refuses to read a decimal of more than 4,300 digits
        return f"'{shorten(text, 40)}' is too large a number (the limit is {2 ** MAX_INT_BITS - 1:,})"
    if node.tag == "tag:yaml.org,2002:timestamp":
        why = f" ({exc})" if isinstance(exc, ValueError) and str(exc) else ""
        return f"'{text}' is not a valid date{why}; put it in quotes if it is text"
    return f"'{text}' is not a valid {_short_tag(node.tag)} value"


def _map_constructor(loader: _Constructing, node: yaml.MappingNode) -> PosDict:
    return loader.construct_mapping(node, deep=True)


def _seq_constructor(loader: _Constructing, node: yaml.SequenceNode) -> PosList:
    return loader.construct_sequence(node, deep=True)


_Constructing.add_constructor("tag:yaml.org,2002:map", _map_constructor)
_Constructing.add_constructor("tag:yaml.org,2002:seq", _seq_constructor)
# YAML 1.1 (PyYAML's resolver) reads a number in exponent form as a float only with a dot and a
# signed exponent (``1.0e+3``), and one starting with a dot only unsigned (``.5``): ``1e3``,
# ``2E-1``, ``.5e3`` and ``-.5`` were text, so ``cost: 1e3`` reported "expected a number". YAML 1.2
# (its core schema) and JSON read them as numbers; so does cardgen, with these two forms added to
# what YAML 1.1 reads as floats. (Integers keep their own resolver, which comes first: ``1_000``
# and ``0x10`` stay integers; quoted, ``'1e3'`` stays text.)
_FLOAT_12 = re.compile(r"""^(?:[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)[eE][-+]?[0-9]+
                          |[-+]\.[0-9][0-9_]*)$""", re.X)
_Constructing.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_12, list("-+.0123456789"))


class _Dumper(yaml.SafeDumper):
    """SafeDumper that quotes a text the loader would read as a number (``"1e3"``): PyYAML's
    writer asks its own YAML 1.1 resolver, which would leave it bare."""


_Dumper.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_12, list("-+.0123456789"))


def dump_yaml(data: Any) -> str:
    """``data`` (plain dicts, lists and scalars) as YAML text that ``load_yaml`` reads back the
    same: keys in their order, any character as itself."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def _check_expanded(value: Any) -> None:
    """Refuse a document whose aliases expand it past the size or depth limits. Shared objects
    are measured once (memoised) so an alias bomb costs linear time, not exponential."""
    memo: dict[int, tuple[int, int]] = {}

    def walk(v: Any, depth: int) -> tuple[int, int]:
        """(values, height) of ``v`` once expanded, ``depth`` levels below the top."""
        if not isinstance(v, (dict, list, tuple)):
            return 1, 0
        if id(v) in memo:
            size, height = memo[id(v)]
        else:
            if depth >= MAX_DEPTH:
                raise YamlError(*getattr(v, "pos", (1, 1)), "yaml-depth",
                                f"nesting deeper than {MAX_DEPTH} levels (through aliases)")
            size, height = 1, 0
            for child in v.values() if isinstance(v, dict) else v:
                child_size, child_height = walk(child, depth + 1)
                size, height = min(size + child_size, MAX_EXPANDED_NODES + 1), max(height, child_height + 1)
            memo[id(v)] = size, height
        if depth + height > MAX_DEPTH:
            raise YamlError(*getattr(v, "pos", (1, 1)), "yaml-depth",
                            f"nesting deeper than {MAX_DEPTH} levels (through aliases)")
        return size, height

    if walk(value, 0)[0] > MAX_EXPANDED_NODES:
        raise YamlError(1, 1, "yaml-alias-bomb",
                        f"document expands to more than {MAX_EXPANDED_NODES:,} values through "
                        "aliases; refusing to read it")


def read_text(path: Path) -> str:
    """Read a user file as UTF-8 text, refusing directories, devices, huge and binary files
    (``safe_read.read_bytes``: the same limits as every file cardgen reads)."""
    try:
        raw = read_bytes(path, MAX_BYTES, "YAML file")
    except ReadError as exc:
        raise YamlError(1, 1, exc.rule, exc.message) from None
    if b"\x00" in raw:
        wide = _wide_text_encoding(raw)
        if wide:
            raise YamlError(1, 1, "file-encoding", f"file is {wide} text; save it as UTF-8")
        raise YamlError(1, 1, "file-binary", "binary file (contains NUL bytes), not YAML text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlError(line, 1, "file-encoding", "file is not valid UTF-8 text") from None


def _wide_text_encoding(raw: bytes) -> str | None:
    """'UTF-16' or 'UTF-32' when NUL-holding bytes are readable text in that encoding (as
    Windows editors save "Unicode" text), else None."""
    for name, codecs in (("UTF-32", ("utf-32", "utf-32-le", "utf-32-be")),
                         ("UTF-16", ("utf-16", "utf-16-le", "utf-16-be"))):
        for codec in codecs:
            try:
                text = raw.decode(codec)
            except UnicodeDecodeError:
                continue
            if text and all(ch.isprintable() or ch in "\t\r\n\ufeff" for ch in text):
                return name
    return None


def _at(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


_CLOSERS = {"]": "[...] list", "}": "{...} mapping"}


def _syntax_problem(exc: yaml.MarkedYAMLError) -> YamlError:
    """PyYAML's parser wording, retold for someone editing a data file."""
    problem, context = exc.problem or "invalid YAML", exc.context or ""
    where, opened = _at(exc.problem_mark or exc.context_mark), _at(exc.context_mark)
    if "'\\t'" in problem:
        message = "tab character where YAML needs spaces; replace the tab with spaces"
    elif "expected a single document" in context:
        message = "more than one YAML document in the file; put one document per file"
    elif "duplicate anchor" in context:
        anchor = context.split("'")[1] if "'" in context else ""
        message = f"anchor &{shorten(anchor)} is defined twice (first at line {opened[0]})"
    elif "quoted scalar" in context and "end of stream" in problem:
        where, message = opened, "quoted text is never closed"
    elif "simple key" in context and "expected ':'" in problem:
        where, message = opened, "expected 'key: value' on this line (missing ':'?)"
    elif problem.startswith("expected <block end>"):
        message = "this line does not line up with the lines above; check its indentation"
    elif problem == "mapping values are not allowed here":
        message = "unexpected ':'; put a value that contains ': ' in quotes"
    elif context.startswith(("while scanning an anchor", "while scanning an alias")):
        sign, what = ("&", "an anchor") if "anchor" in context else ("*", "an alias")
        where, message = opened, f"'{sign}' starts {what} in YAML; put the value in quotes"
    elif context.startswith("while scanning a block scalar"):
        sign = exc.context_mark.buffer[exc.context_mark.pointer] if exc.context_mark.buffer else "|"
        where, message = opened, f"'{sign}' starts a block of text in YAML; put the value in quotes"
    elif problem.startswith("expected the node content, but found '") and "<" not in problem:
        message = f"a value is missing before {problem.rsplit('found ', 1)[-1]}"
    elif "cannot start any token" in problem:
        message = f"{problem}; put the value in quotes"
    elif "but found '<stream end>'" in problem or "but found '<document end>'" in problem:
        message = "the file ends where a value was expected"
    elif "flow" in context and problem.startswith("expected ','"):
        closer = problem.split("'")[3] if problem.count("'") >= 4 else ""
        opener = _CLOSERS.get(closer, "bracket")
        message = f"{problem} (in the {opener} opened at line {opened[0]})"
    else:
        message = problem
    return YamlError(*where, "yaml-syntax", message)


def _reader_problem(exc: yaml.reader.ReaderError, text: str) -> YamlError:
    pos = exc.position
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    char = exc.character if isinstance(exc.character, int) else 0
    return YamlError(line, col, "yaml-syntax",
                     f"control character U+{char:04X} is not allowed in YAML text")


try:        # PyYAML's binding to libyaml, which its wheels carry; a build without it has no cyaml
    from yaml.cyaml import CParser as _CParser
except ImportError:
    _CParser = None
_SLOW = object()
# Where libyaml reads text otherwise than PyYAML (found by comparing the two on mutated data
# files): it takes tabs PyYAML refuses, counts a BOM inside a line as no column, and takes a
# '?' in a [...] list or {...} mapping, as a key or inside a word. Text holding any of the
# three is read by PyYAML alone (of the shipped files, the rulings, for their questions).
_LIBYAML_DIFFERS = re.compile("[\t\ufeff?]")


class _LibyamlDiffers(Exception):
    """The fast reading met what libyaml reads otherwise than PyYAML."""


if _CParser is not None:
    class _FastLoader(_Composing, _CParser, _Constructing):
        """libyaml's scanner and parser (in C, several times faster than PyYAML's) under the same
        composer and constructor. Only libyaml's events are used: its own composer recurses in
        C, and a file nested 100,000 deep crashed the process."""

        def __init__(self, stream: str):
            _CParser.__init__(self, stream)
            _Composing.__init__(self)
            _Constructing.__init__(self)

        def compose_scalar_node(self, anchor: str | None) -> yaml.ScalarNode:
            event = self.peek_event()
            if not event.value and not event.style:
                raise _LibyamlDiffers   # an empty value: libyaml places it a column apart in {...}
            return super().compose_scalar_node(anchor)


def _parse_fast(text: str) -> Any:
    """The document as libyaml reads it, or ``_SLOW`` for anything short of a clean read
    (no libyaml, an error of any kind, a limit reached): ``_Loader`` then reads it again and
    gives the positioned error, so only a clean file takes this path."""
    if _CParser is None or _LIBYAML_DIFFERS.search(text):
        return _SLOW
    loader = None
    try:
        loader = _FastLoader(text)
        return loader.get_single_data()
    except Exception:       # noqa: BLE001 - any failure is read again, and reported, by _Loader
        return _SLOW
    finally:
        if loader is not None:
            loader.dispose()


def parse_yaml(text: str) -> Any:
    """Parse one YAML document from text with positions; raises YamlError."""
    data = _parse_fast(text)
    if data is not _SLOW:
        _check_expanded(data)
        return data
    return _parse_slow(text)


def _parse_slow(text: str) -> Any:
    loader = None
    try:
        loader = _Loader(text)
        data = loader.get_single_data()
    except YamlError:
        raise
    except yaml.reader.ReaderError as exc:
        raise _reader_problem(exc, text) from None
    except yaml.constructor.ConstructorError as exc:
        where, problem = _at(exc.problem_mark or exc.context_mark), exc.problem or ""
        if "could not determine a constructor for the tag" in problem:
            tag = _short_tag(problem.rsplit("tag ", 1)[-1].strip("'"))
            raise YamlError(*where, "yaml-tag", f"YAML tag {shorten(tag)} is not allowed (only plain "
                            "data can be loaded)") from None
        if "recursive" in problem:
            raise YamlError(*where, "yaml-alias-recursive",
                            "an alias is used inside itself (the anchored value contains its own "
                            "alias)") from None
        raise YamlError(*where, "yaml-value", problem or "value cannot be read") from None
    except yaml.MarkedYAMLError as exc:
        raise _syntax_problem(exc) from None
    except yaml.YAMLError as exc:
        raise YamlError(1, 1, "yaml-syntax", str(exc).splitlines()[0]) from None
    except RecursionError:
        raise YamlError(1, 1, "yaml-depth", "nesting too deep to read") from None
    finally:
        if loader is not None:
            loader.dispose()
    _check_expanded(data)
    return data


def load_yaml(path: Path, display: str | None = None) -> tuple[Any, list[Problem]]:
    """Load a YAML file. Returns (data, problems); data is None when a problem stops loading."""
    shown = display or str(path)
    try:
        text = read_text(path)
        data = parse_yaml(text)
    except YamlError as exc:
        return None, [Problem(shown, exc.line, exc.col, exc.rule, exc.message)]
    if data is None:
        if path.name == "cardgen.toml":
            # (its comments read as an empty YAML file: "file is empty" of a 500-byte file)
            return None, [Problem(shown, 1, 1, "file-empty", "this is the workspace's settings file "
                                  "(TOML), not game data; expected a YAML mapping")]
        said = "file is empty" if not text.strip() else "file holds no data (only comments or '---')"
        return None, [Problem(shown, 1, 1, "file-empty", f"{said}; expected a YAML mapping")]
    return data, []


def position(doc: Any, path: list[Any] | tuple[Any, ...]) -> tuple[int, int]:
    """Best known (line, col) for the value at ``path`` inside a loaded document."""
    node = doc
    pos = getattr(doc, "pos", (1, 1))
    for step in path:
        if isinstance(node, PosDict) and step in node:
            pos = node.value_pos.get(step, pos)
            node = node[step]
        elif isinstance(node, PosList) and isinstance(step, int) and 0 <= step < len(node):
            pos = node.item_pos[step]
            node = node[step]
        else:
            break
    return pos


def key_position(doc: Any, path: list[Any] | tuple[Any, ...], key: Any) -> tuple[int, int]:
    """(line, col) of ``key`` in the mapping at ``path`` (for unknown-key errors)."""
    node = doc
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return position(doc, path)
    if isinstance(node, PosDict) and key in node.key_pos:
        return node.key_pos[key]
    return position(doc, path)
