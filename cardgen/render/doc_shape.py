"""What an insert template must write: a list of documents of the shape ``document.py`` draws.

A template is the designer's file, and what it writes was read loosely: ``count: two`` or
``size: [70]`` was an internal error of the build, a cell past the table's columns was dropped
and a ``text:`` left empty printed "None". Each problem here names its insert and is placed at
the template line that writes it, as near as the template shows it (``template_line``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardgen.data.schema import describe, did_you_mean
from cardgen.problems import CONTROL, UNLAID, unprinted

DOC_KEYS = ("name", "size", "count", "frame", "margin", "blocks")
TEXT_BLOCKS = ("heading", "subheading", "text", "small")
BLOCK_KINDS = (*TEXT_BLOCKS, "table", "spacer")
TABLE_KEYS = ("columns", "header", "rows", "align", "style", "header_style", "row_height", "fill",
              "zebra")
ALIGNS = ("left", "center", "right")
MAX_MM = 1000.0          # no page or card cardgen prints is larger
MAX_COUNT = 1000
MAX_COLUMNS = 40

# (the insert's name, the key whose line places the problem, the message)
Found = tuple[str, str, str]


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _mm(value: Any, low: float = 0.0) -> bool:
    return _number(value) and low <= value <= MAX_MM


def _unknown(mapping: Mapping[str, Any], known: tuple[str, ...], what: str) -> Iterator[tuple[str, str]]:
    for key in mapping:
        if key not in known:
            yield str(key), (f"unknown key '{key}' in {what}{did_you_mean(key, list(known))}; "
                             f"known: {', '.join(known)}")


def _text(value: Any) -> bool:
    return isinstance(value, str) or _number(value)


def _unprintable(text: Any) -> str | None:
    """Why ``text`` cannot be printed as it reads (a control character, a bidirectional
    override...), as card texts and translations are refused for it; None when it can."""
    found = CONTROL.search(text) or UNLAID.search(text) if isinstance(text, str) else None
    if found is None:
        return None
    what, why = unprinted(found.group())     # type: ignore[misc]
    return f"{what}: {why}; remove it"


def _cell_problem(cell: Any) -> str | None:
    if cell is None or _text(cell):
        why = _unprintable(cell)
        return f"a cell's text holds {why}" if why else None
    if isinstance(cell, Mapping):
        extra = [k for k in cell if k not in ("text", "style")]
        if extra:
            return f"a cell's keys are text and style, not '{extra[0]}'"
        if not _text(cell.get("text", "")) or not isinstance(cell.get("style", ""), str):
            return "a cell's text is text and its style a style's name"
        why = _unprintable(cell.get("text"))
        return f"a cell's text holds {why}" if why else None
    return f"a cell is text, a number or a mapping of text and style, not {describe(cell)}"


def _table(spec: Any) -> Iterator[tuple[str, str]]:
    if not isinstance(spec, Mapping):
        yield "table", f"a table is a mapping of {', '.join(TABLE_KEYS)}"
        return
    yield from _unknown(spec, TABLE_KEYS, "a table")
    columns = spec.get("columns")
    if not (isinstance(columns, list) and 0 < len(columns) <= MAX_COLUMNS
            and all(_number(v) and 0 < v <= MAX_MM for v in columns)):
        yield "columns", ("a table's columns are a list of its columns' relative widths, "
                          f"positive numbers up to {MAX_MM:g}, at most {MAX_COLUMNS}")
        return
    for key in ("style", "header_style"):
        if key in spec and not isinstance(spec[key], str):
            yield key, f"a table's {key} is a style's name"
    if "align" in spec and not (isinstance(spec["align"], list)
                                and all(a in ALIGNS for a in spec["align"])):
        yield "align", f"a table's align is a list of {', '.join(ALIGNS)}"
    if "row_height" in spec and not _mm(spec["row_height"]):
        yield "row_height", f"a table's row_height is a number of mm, 0 to {MAX_MM:g}"
    for key in ("fill", "zebra"):
        if key in spec and not isinstance(spec[key], bool):
            yield key, f"a table's {key} is true or false"
    rows = spec.get("rows", [])
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        yield "rows", "a table's rows are a list of rows, each a list of cells"
        return
    header = spec.get("header") or []
    if not isinstance(header, list):
        yield "header", "a table's header is a list of cells"
        return
    for n, row in enumerate([header, *rows]):
        key = "header" if n == 0 else "rows"
        if len(row) > len(columns):
            yield key, (f"a row of {len(row)} cells in a table of {len(columns)} columns "
                        "(the cells past them would not print)")
        for cell in row:
            problem = _cell_problem(cell)
            if problem:
                yield key, problem
                break


def _block(block: Any) -> Iterator[tuple[str, str]]:
    if not isinstance(block, Mapping) or len(block) != 1:
        yield "blocks", f"a block is one of {', '.join(BLOCK_KINDS)}, with its value"
        return
    kind, value = next(iter(block.items()))
    yield from _block_value(str(kind), value)


def _block_value(kind: str, value: Any) -> Iterator[tuple[str, str]]:
    if kind in TEXT_BLOCKS:
        if not _text(value) or value == "":
            yield kind, f"a {kind} block's value is text, not {describe(value)}"
        elif (why := _unprintable(value)) is not None:
            yield kind, f"a {kind} block's text holds {why}"
    elif kind == "spacer":
        if not _mm(value):
            yield "spacer", f"a spacer is a number of mm, 0 to {MAX_MM:g}, not {describe(value)}"
    elif kind == "table":
        yield from _table(value)
    else:
        yield kind, (f"unknown block '{kind}'{did_you_mean(kind, list(BLOCK_KINDS))}; "
                          f"a block is one of {', '.join(BLOCK_KINDS)}")


def _document(item: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    yield from _unknown(item, DOC_KEYS, "an insert")
    size = item.get("size", "page")
    if size != "page" and not (isinstance(size, list) and len(size) == 2
                               and all(_mm(v, 10.0) for v in size)):
        yield "size", f"size is page or [width, height] in mm (10 to {MAX_MM:g}), not {describe(size)}"
    count = item.get("count", 1)
    if not (isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= MAX_COUNT):
        yield "count", f"count is a whole number of copies, 0 to {MAX_COUNT}, not {describe(count)}"
    if item.get("frame") is not None and not isinstance(item["frame"], str):
        yield "frame", f"frame is the name of a palette colour's prefix, not {describe(item['frame'])}"
    if "margin" in item and not (_number(item["margin"]) and 0 <= item["margin"] <= 100):
        yield "margin", f"margin is a number of mm, 0 to 100, not {describe(item['margin'])}"
    seen: dict[str, int] = {}
    for block in item["blocks"]:
        for key, message in _block(block):
            yield f"{key}#{seen.get(key, 0)}", message
        if isinstance(block, Mapping) and len(block) == 1:
            kind = str(next(iter(block)))
            seen[kind] = seen.get(kind, 0) + 1


def shape_problems(data: Any) -> Iterator[Found]:
    """Every way ``data`` (a rendered insert template) is not a list of documents."""
    if not isinstance(data, list):
        yield "", "", "an insert template writes a list of documents, each with a name and blocks"
        return
    for n, item in enumerate(data):
        if not (isinstance(item, Mapping) and _text(item.get("name")) and str(item["name"])
                and isinstance(item.get("blocks"), list)):
            name = str(item.get("name", n + 1)) if isinstance(item, Mapping) else str(n + 1)
            yield name, "name", "each document needs a name and a list of blocks"
            continue
        name = str(item["name"])
        for key, message in _document(item):
            yield name, key, message


def template_line(source: str, name: str, key: str) -> int:
    """The line of the template ``source`` that writes ``key`` of the insert ``name``: from the
    line that names the insert (``name: <name>``), the first line with ``key:`` (``key#n``: the
    n-th from 0, the last when the insert has fewer, as a loop writes them), else the only
    line with ``key:`` in the template; else the insert's line; else 1."""
    key, _, nth = key.partition("#")
    lines = source.splitlines()
    start = next(iter(name_lines(source, name)), 0) - 1
    start = None if start < 0 else start
    wanted = f"{key}:"
    if start is not None and key:
        found = []
        for i in range(start, len(lines)):
            if i > start and lines[i].strip().lstrip("- ").startswith("name:"):
                break                     # the next insert
            if wanted in lines[i]:
                found.append(i + 1)
        if found:
            return found[min(int(nth or 0), len(found) - 1)]
    if key:
        found = [i for i, line in enumerate(lines) if wanted in line]
        if len(found) == 1:
            return found[0] + 1
    return start + 1 if start is not None else 1


def name_lines(source: str, name: str) -> list[int]:
    """The lines of the template ``source`` that name the insert ``name`` (``name: <name>``)."""
    return [i for i, line in enumerate(source.splitlines(), 1)
            if line.strip().lstrip("- ").startswith("name:") and name
            and line.split("name:", 1)[1].strip().strip("'\"") == name]
