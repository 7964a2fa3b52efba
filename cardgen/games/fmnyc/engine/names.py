"""How the game's things read for a person at the terminal (``cardgen play``): the options of
each decision (``ask.py`` makes them when read) and the simulator's ``describe``.

A thing is named as the board and the cards print it: a crate, a factory, a politician or an
award by its name (``Table.names``), a square by what stands on it (each is on the board once),
a roadblock slot by the column or row it closes, seats and containers counted from 1, coins
with their unit. Never a data id or a 0-based index: those are for the rules and the logs.
One function here per thing, so every decision names it the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardgen.games.fmnyc.engine.table import Table
from cardgen.games.fmnyc.labels import LABELS
from cardgen.games.fmnyc.phrases import sentence
from cardgen.problems import plural as plural  # the counts of things, as every command says them

# The pawn shop square as the board labels it.
PAWN_SHOP = LABELS["label:pawn_shop"]


def capitalised(text: str) -> str:
    """A name at the start of a prompt: "Stage 6 (Air Freight)"."""
    return text[:1].upper() + text[1:]


def coins(n: int) -> str:
    return plural(n, "coin")


def demand(v: int) -> str:
    """A Market Demand notch as the meter prints it: "+1", "0", "-2"."""
    return f"{v:+d}" if v else "0"


def seat(s: int) -> str:
    return f"seat {s + 1}"


def whose(s: int, me: int) -> str:
    """The owner of a piece as the deciding seat ``me`` reads it: "your" or "seat 2's"."""
    return "your" if s == me else f"seat {s + 1}'s"


def crate(table: Table, cid: str) -> str:
    return table.names["crate"][cid]


def crates(table: Table, cids: Iterable[str]) -> str:
    return ", ".join(crate(table, c) for c in cids) or "no crates"


def container(box: int) -> str:
    return f"container {box + 1}"


def square(table: Table, q: int) -> str:
    """A square of the Action Zone by what the board prints on it: "Jewelry shop", "Steel
    Factory", "Pawn Shop" (each appears once on a side)."""
    sq = table.squares[q]
    if sq.kind == "shop":
        return f"{crate(table, sq.what)} shop"
    if sq.kind == "factory":
        return table.names["factory"][sq.what]
    return PAWN_SHOP


def where(table: Table, q: int) -> str:
    """A square's place on the board: "top row, column 1"."""
    sq = table.squares[q]
    return f"{sq.row} row, column {sq.column}"


def slot(table: Table, i: int) -> str:
    """A roadblock slot by the line it closes: a street slot above a column, a train slot at the
    left of a row."""
    s = table.slots[i]
    first = table.squares[s.line[0]]
    if s.kind == "street":
        return f"the street slot above column {first.column}"
    return f"the train slot of the {first.row} row"


def politician(table: Table, p: str) -> str:
    return table.names["politician"][p]


def award(table: Table, a: str) -> str:
    return f"the {table.names['award'][a]} award"


def stage(table: Table, n: int) -> str:
    return f"stage {n} ({table.stages[n]['name']})"


def _record(records: Sequence[Mapping[str, Any]], rid: str) -> Mapping[str, Any]:
    return next(r for r in records if str(r["id"]) == rid)


def stock(table: Table, sid: str) -> str:
    return f"the stock {_record(table.stocks, sid)['name']}"


def career(table: Table, cid: str, text: bool = False) -> str:
    """A Career card by its title, with its printed text when ``text`` (to choose it)."""
    card = _record(table.careers, cid)
    return f"{card['title']} ({card['text']})" if text else str(card["title"])


def trucks(table: Table, parked: Iterable[tuple[int, int]]) -> str:
    """Parked trucks, (square, workers) each: "at the Steel Factory with 1 worker"."""
    return "; ".join(f"at the {square(table, q)} with {plural(w, 'worker')}" for q, w in parked) or "none"


# The printed sentences (``phrases.py``) write items as icon tokens: "3 {coin}" reads "3 coins",
# "your {crate}" "your crates", and a token standing for a picture only ("Delivery Action
# {truck}") is left out.
_COUNTED = re.compile(r"(\d+) \{(\w+)\}")
_YOURS = re.compile(r"your \{(\w+)\}")
_PICTURE = re.compile(r" ?\{\w+\}")


def effects(effect_list: Iterable[Mapping[str, Any]]) -> str:
    """An effect list in words, as the stage boxes print it (without their icons)."""
    parts = [sentence(e) for e in effect_list]
    text = ", then ".join([parts[0]] + [p[0].lower() + p[1:] for p in parts[1:]]) if parts else "nothing"
    text = _COUNTED.sub(lambda m: plural(int(m[1]), m[2].replace("_", " ")), text)
    text = _YOURS.sub(lambda m: f"your {m[1].replace('_', ' ')}s", text)
    return _PICTURE.sub("", text)
