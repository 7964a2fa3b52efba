"""``#:`` references for catalog entries: the data file and line where an English text is written.

A message context names a card (``company.steel_factory:ability``); the text is found as a
string value inside the YAML mapping whose ``id`` is that card's id. A label that no card owns
gets a reference only when its text occurs exactly once in the data (``Central Bank``), else none.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardgen.data.documents import game_files, read_documents
from cardgen.data.yamlload import PosDict, PosList
from cardgen.i18n.messages import Message
from cardgen.workspace import current

Reference = tuple[str, str]  # (path relative to the project, line), as polib stores occurrences


def _strings(node: Any, owner: str | None) -> Iterator[tuple[str, str | None, tuple[int, int]]]:
    """(text, id of the nearest enclosing mapping with an id, (line, col) where the string
    value starts) for every string value."""
    if isinstance(node, PosDict):
        own = node.get("id")
        owner = own if isinstance(own, str) else owner
        for key, value in node.items():
            if isinstance(value, str):
                yield value, owner, node.value_pos.get(key, node.pos)
            else:
                yield from _strings(value, owner)
    elif isinstance(node, PosList):
        for i, value in enumerate(node):
            if isinstance(value, str):
                yield value, owner, node.item_pos[i]
            else:
                yield from _strings(value, owner)


def _card_id(context: str) -> str | None:
    head = context.split(":", 1)[0]
    return head.split(".", 1)[1] if "." in head else None


def relative(path: Path, layers: tuple[Path, ...]) -> str:
    """A data file's path as a catalog reference: relative to its layer (``cards/x/y.yaml``), so a
    reference reads the same in a workspace and in the shipped games."""
    for layer in layers:
        try:
            return path.resolve().relative_to(layer.resolve()).as_posix()
        except ValueError:
            continue
    return path.name


Place = tuple[str, int, int]  # (path relative to the project, line, column) of a text's start


def data_references(game: str, messages: list[Message],
                    extra: list[Path] | None = None) -> dict[str, Reference]:
    """Context -> where its English text is written, for the messages that can be located;
    ``extra``: other files to look in (a set file named to validate)."""
    return {context: (shown, str(line))
            for context, (shown, line, _) in data_places(game, messages, extra).items()}


def data_places(game: str, messages: list[Message], extra: list[Path] | None = None) -> dict[str, Place]:
    """Context -> the line and column where its English text starts in the data (what
    ``data_references`` gives a catalog, with the column a problem about the text points at)."""
    layers = current().layers
    docs, _ = read_documents(game_files(game) + _other_files(game) + list(extra or ()))
    places: dict[str, list[tuple[str | None, Place]]] = defaultdict(list)
    for doc in docs:
        shown = relative(doc.path, layers)
        for text, owner, (line, col) in _strings(doc.data, None):
            places[text].append((owner, (shown, line, col)))
    found: dict[str, Place] = {}
    for m in messages:
        candidates = places.get(m.source, [])
        card = _card_id(m.context)
        owned = [ref for owner, ref in candidates if card is not None and owner == card]
        if owned:
            found[m.context] = owned[0]
        elif len(candidates) == 1 and (card is None or candidates[0][0] in (None, card)):
            # (a text another card owns is not this card's: a Career card of the workspace's
            # own file titled as a shipped one was referred to the shipped card's line)
            found[m.context] = candidates[0][1]
    return found


def _other_files(game: str) -> list[Path]:
    """Files beyond the game's data whose texts the catalogs hold: those the game's ``texts``
    module names (``other_files``: Free Market: NYC's own files of Career cards)."""
    from cardgen.games import game_module

    other = getattr(game_module(game, "texts"), "other_files", None)
    return list(other()) if other is not None else []
