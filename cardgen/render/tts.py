"""Tabletop Simulator saved objects: the decks of an export as one JSON file that TTS loads as
it is (copy it into ``Saved Objects``, or open it from there), each deck a ``DeckCustom`` whose
``CustomDeck`` entries point at the exported sheets.

The format is the one TTS writes itself when an object is saved: ``SaveName`` and
``ObjectStates``; a deck lists its cards in ``ContainedObjects`` and their ids in ``DeckIDs``;
card id ``N * 100 + i`` is slot ``i`` (left to right, top to bottom) of ``CustomDeck["N"]``, a
sheet of ``NumWidth`` x ``NumHeight`` slots. A deck of one card is a lone ``Card``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.output import json_bytes

DECK_SPACING = 3.0        # table units between the decks laid out in a row


@dataclass(frozen=True)
class TtsCard:
    nickname: str         # shown when hovering the card
    id: str               # the card's id in cardgen (GMNotes, for scripts)


@dataclass(frozen=True)
class TtsSheet:
    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool     # back_url is a sheet of backs in the same grid
    cards: tuple[TtsCard, ...]


@dataclass(frozen=True)
class TtsDeck:
    name: str
    sheets: tuple[TtsSheet, ...]


def _guid(*parts: object) -> str:
    # TTS wants a six-hex-digit GUID per object; derived from the names, so an export is
    # byte-identical when run again
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float) -> dict[str, float]:
    # rotZ 180: face down, as a deck lies on the table
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _custom_deck(sheet: TtsSheet) -> dict[str, Any]:
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url, "NumWidth": sheet.columns,
            "NumHeight": sheet.rows, "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": 0}


def saved_object(save_name: str, decks: Sequence[TtsDeck]) -> dict[str, Any]:
    """The saved-object document for ``decks``; sheet numbers (``CustomDeck`` keys) run from 1
    across all decks, so every card id is unique in the file."""
    states: list[dict[str, Any]] = []
    number = 0
    for d, deck in enumerate(decks):
        custom: dict[str, Any] = {}
        cards: list[dict[str, Any]] = []
        for sheet in deck.sheets:
            number += 1
            custom[str(number)] = _custom_deck(sheet)
            for slot, card in enumerate(sheet.cards):
                cards.append({"Name": "Card", "Transform": _transform(d * DECK_SPACING),
                              "Nickname": card.nickname, "Description": "", "GMNotes": card.id,
                              "CardID": number * 100 + slot, "SidewaysCard": False,
                              "CustomDeck": {str(number): custom[str(number)]},
                              "GUID": _guid(save_name, deck.name, number, slot)})
        if len(cards) == 1:
            states.append(cards[0])
            continue
        states.append({"Name": "DeckCustom", "Transform": _transform(d * DECK_SPACING),
                       "Nickname": deck.name, "Description": "", "GMNotes": "",
                       "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
                       "ContainedObjects": cards, "SidewaysCard": False,
                       "GUID": _guid(save_name, deck.name)})
    return {"SaveName": save_name, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
            "LuaScript": "", "LuaScriptState": "", "ObjectStates": states, "TabStates": {}}


def saved_object_bytes(save_name: str, decks: Sequence[TtsDeck]) -> bytes:
    return json_bytes(saved_object(save_name, decks))
