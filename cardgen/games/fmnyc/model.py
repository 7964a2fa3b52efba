"""What the Free Market: NYC checks know about the shape of the data: the document kinds, the
effect items and where effects, stages and board sides are found in the documents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardgen.data.documents import Document

GAME = "fmnyc"
KINDS = ("game", "components", "setup", "market", "board", "stages", "panels", "rules", "scoring",
         "stocks", "careers", "rulings")
DEFAULT_PLAYERS = (2, 5)
# Timing symbols whose picture shows a stage: a card with one names the stage.
STAGE_SYMBOLS = ("specified_stage", "stage_image")
# Setup hands out these from the component of the same id; coins by value.
COIN = "coin"
CRATE = "crate"
MANAGER = "manager"
# The pieces of the Contents list (components.yaml) that the table and the printed sheets read by
# id, and the field each is read for: a components.yaml without one (renamed, removed) passed
# validate and every command then ended in an internal error.
USED_COMPONENTS = {
    **dict.fromkeys(("manager", "worker", "shop", "truck", "roadblock", "disc", "strike",
                     "purchase_order", "character", "first_player_marker", "demand_chip",
                     "round_chip", "stage_marker"), "count"),
    COIN: "denominations",
}

Effect = tuple[Document, list[Any], dict]


def effects_in(doc: Document, node: Any, path: list[Any]) -> Iterator[Effect]:
    """Every effect of an effect list, the options of a ``choose`` included."""
    for i, eff in enumerate(node):
        here = [*path, i]
        yield doc, here, eff
        if eff.get("kind") == "choose":
            for j, option in enumerate(eff.get("options", [])):
                yield from effects_in(doc, option["effects"], [*here, "options", j, "effects"])


def label(record: Any, path: list[Any], doc: Document) -> str:
    """How a designer names a record in a message: its name, title or id, else its path."""
    if isinstance(record, dict):
        for key in ("name", "title", "id"):
            if isinstance(record.get(key), str):
                return record[key]
    if not path:
        return doc.kind
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def capacity_at(cap: dict, players: int) -> int:
    """The managers a stage takes at ``players`` players on a side, by its outlines."""
    base = players if cap["managers"] == "all" else cap["managers"]
    return base + (1 if cap.get("extra_at") == players else 0)
