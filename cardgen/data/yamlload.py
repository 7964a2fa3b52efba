"""Safe YAML loading that remembers where every value came from.

PyYAML's SafeLoader is the base (no object construction from tags). On top of it this
module rejects what SafeLoader accepts silently but users never mean: duplicate keys, alias
bombs, absurd nesting, binary and huge files. Every mapping and sequence is returned as a
``Node`` subclass of dict/list carrying the (line, col) of each key and item, so schema and
rule checks can point at the exact place in the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cardgen.problems import Problem

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64
MAX_EXPANDED_NODES = 200_000


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


class YamlError(Exception):
    def __init__(self, line: int, col: int, rule: str, message: str):
        super().__init__(message)
        self.line, self.col, self.rule, self.message = line, col, rule, message


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Loader(yaml.SafeLoader):
    """SafeLoader with depth and alias limits, duplicate-key rejection and positions."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            mark = self.peek_event().start_mark
            raise YamlError(mark.line + 1, mark.column + 1, "yaml-depth",
                            f"nesting deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node, deep=False):  # type: ignore[override]
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep)
        self.flatten_mapping(node)
        result = PosDict()
        result.pos = _mark(node)
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if isinstance(key, (dict, list)):
                raise YamlError(*_mark(key_node), "yaml-key", "a mapping key must be a plain value")
            # Keys are names in every cardgen file (``2:`` in ``copies`` means "2 players"), and
            # JSON Schema only knows string keys, so scalar keys are read as text.
            if not isinstance(key, str):
                key = "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)
            if key in result:
                first = result.key_pos[key]
                raise YamlError(*_mark(key_node), "yaml-duplicate-key",
                                f"duplicate key '{key}' (first defined at line {first[0]})")
            result[key] = self.construct_object(value_node, deep=True)
            result.key_pos[key] = _mark(key_node)
            result.value_pos[key] = _mark(value_node)
        return result

    def construct_sequence(self, node, deep=False):  # type: ignore[override]
        result = PosList(self.construct_object(child, deep=True) for child in node.value)
        result.pos = _mark(node)
        result.item_pos = [_mark(child) for child in node.value]
        return result


def _map_constructor(loader: _Loader, node: yaml.MappingNode) -> PosDict:
    return loader.construct_mapping(node, deep=True)


def _seq_constructor(loader: _Loader, node: yaml.SequenceNode) -> PosList:
    return loader.construct_sequence(node, deep=True)


_Loader.add_constructor("tag:yaml.org,2002:map", _map_constructor)
_Loader.add_constructor("tag:yaml.org,2002:seq", _seq_constructor)


def _expanded_size(value: Any, limit: int) -> int:
    """Size of the document once aliases are expanded; shared objects are memoised so an
    alias bomb is measured in linear time instead of being walked exponentially."""
    memo: dict[int, int] = {}

    def size(v: Any) -> int:
        key = id(v)
        if key in memo:
            return memo[key]
        if isinstance(v, dict):
            n = 1 + sum(size(x) for x in v.values())
        elif isinstance(v, list):
            n = 1 + sum(size(x) for x in v)
        else:
            n = 1
        memo[key] = min(n, limit + 1)
        return memo[key]

    return size(value)


@dataclass
class LoadedYaml:
    path: Path
    data: Any
    text: str


def read_text(path: Path) -> str:
    """Read a user file as UTF-8 text, refusing directories, huge and binary files."""
    if not path.exists():
        raise YamlError(1, 1, "file-missing", "no such file")
    if path.is_dir():
        raise YamlError(1, 1, "file-directory", "is a directory, not a YAML file")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise YamlError(1, 1, "file-too-large",
                        f"file is {size:,} bytes; the limit is {MAX_BYTES:,} bytes")
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise YamlError(1, 1, "file-binary", "binary file (contains NUL bytes), not YAML text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return _raise(YamlError(line, 1, "file-encoding", "file is not valid UTF-8 text"))


def _raise(exc: Exception):
    raise exc


def parse_yaml(text: str) -> Any:
    """Parse one YAML document from text with positions; raises YamlError."""
    loader = _Loader(text)
    try:
        try:
            data = loader.get_single_data()
        except YamlError:
            raise
        except yaml.constructor.ConstructorError as exc:
            mark = exc.problem_mark or exc.context_mark
            tag = (exc.problem or "").split("tag ")[-1]
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            raise YamlError(line, col, "yaml-tag",
                            f"YAML tag {tag} is not allowed (only plain data can be loaded)") from None
        except yaml.composer.ComposerError as exc:
            mark = exc.problem_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            msg = exc.problem or "invalid YAML structure"
            if "expected a single document" in (exc.context or ""):
                msg = "more than one YAML document in the file; put one document per file"
            raise YamlError(line, col, "yaml-syntax", msg) from None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            problem = exc.problem or "invalid YAML"
            if "'\\t'" in problem:
                problem = "tab character; YAML indentation must use spaces"
            raise YamlError(line, col, "yaml-syntax", problem) from None
        except yaml.YAMLError as exc:
            raise YamlError(1, 1, "yaml-syntax", str(exc).splitlines()[0]) from None
        except RecursionError:
            raise YamlError(1, 1, "yaml-depth", "nesting too deep to read") from None
    finally:
        loader.dispose()
    if _expanded_size(data, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
        raise YamlError(1, 1, "yaml-alias-bomb",
                        f"document expands to more than {MAX_EXPANDED_NODES:,} values through "
                        "aliases; refusing to read it")
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
        return None, [Problem(shown, 1, 1, "file-empty", "file is empty; expected a YAML mapping")]
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
