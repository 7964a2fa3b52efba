"""What a game hands the renderer: card faces, the card list, and the texts it prints.

A game's card code turns its data into ``CardSpec``s (which cards, how many, which face on
each side); a ``Face`` names a layout and carries the field values the layout places. The
renderer knows nothing else about the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardgen.render.text import TextStyle


@dataclass(frozen=True)
class Face:
    key: str                          # unique within a build, e.g. "company.bank:activated"
    layout: str                       # a layout name of the game's layout file
    fields: Mapping[str, Any] = field(default_factory=dict)
    # Field values: a Message (drawn translated), an int (drawn as digits), a mapping of icon
    # name to count (icon rows), a bool (conditions), or a str naming a colour or an icon.


@dataclass(frozen=True)
class CardSpec:
    id: str                           # what ``cardgen preview`` accepts, e.g. "steel_factory"
    deck: str                         # cards sharing a back and a Tabletop Simulator deck
    front: Face
    back: Face | None
    count: int


def faces_by_key(specs: Iterable[CardSpec]) -> dict[str, Face]:
    """Each distinct face of ``specs``, fronts and backs, by key, in the order the cards list
    them. A key names one face in a build, so where cards share a face (a common back) it is
    drawn, checked and written once."""
    faces: dict[str, Face] = {}
    for spec in specs:
        for face in (spec.front, spec.back):
            if face is not None:
                faces.setdefault(face.key, face)
    return faces


@dataclass(frozen=True)
class TextSlot:
    """One text a card prints, in its real box: what translation checks fit texts into."""

    card: str                         # face key
    field: str
    context: str                      # the message context (``company.bank:name``)
    source: str                       # the English text
    width: float                      # box, points
    height: float
    style: TextStyle
    where: str = ""                   # "path:line:col" of the layout setting that prints it
