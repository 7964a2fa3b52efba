"""The pieces of a game in progress: what each seat holds behind its screen, what is on the
board, in the supply, the Concealment Pouch and the Donation Tower.

Plain lists, dicts and Counters, so the invariant checker can count every coin and piece: a
crate is its type id (a string) and lives in exactly one place (the pouch, a container, a
seat's screen or the tower); a coloured piece (manager, worker, shop, truck, roadblock, disc)
is in its colour's supply, behind its owner's screen or on the board.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Truck:
    square: int
    workers: int = 0


@dataclass
class Seat:
    seat: int
    coins: int = 0
    crates: list[str] = field(default_factory=list)          # behind the screen: only it knows them
    held: Counter[str] = field(default_factory=Counter)      # worker, truck, purchase_order, strike, disc
    managers: int = 0                                        # every manager it has (assigned or not)
    debts: list[list] = field(default_factory=list)          # [creditor seat or None (supply), coins]
    stocks: list[str] = field(default_factory=list)
    stock_round: int = 0                                     # the Game Round it last bought a stock
    trucks: list[Truck] = field(default_factory=list)        # parked in the Action Zone
    careers: list[str] = field(default_factory=list)         # Career cards kept (Add-on 2)
    career_used: dict[str, int] = field(default_factory=dict)   # card -> the round it was used

    def owes(self) -> int:
        return sum(d[1] for d in self.debts)


@dataclass
class Board:
    partner: list[int | None]          # per square: the seat whose shop is there
    guards: list[int]                  # per square: the partner's workers guarding it
    strike: list[bool]                 # per square
    roadblock: list[int | None]        # per slot
    rb_guards: list[int]               # per slot
    containers: list[list[str]]
    politician: dict[str, list]        # id -> [seat, charged (on +1)] or absent
    nominees: dict[str, list[int]]     # award -> seats nominated
    managers_on: dict[int, list[int]] = field(default_factory=dict)   # stage -> seats, in order


@dataclass
class Tower:
    """The Donation Tower: coins and crates are all that is ever donated."""

    coins: int = 0
    crates: list[str] = field(default_factory=list)


@dataclass
class Supply:
    coins: int
    shared: Counter[str]                                     # strike, purchase_order
    colour: list[Counter[str]]                               # per seat: its colour's pieces left
    stocks: list[str]
    pouch: list[str]
