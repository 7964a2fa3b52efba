"""What a game at one player count is played on, read once from the data: the board side's
squares (with their colour, row fee and neighbours), roadblock slots and the lines they affect,
containers, politicians and awards with their places, stage capacities, prices and supplies.

Nothing here changes during a game; ``Table`` is shared by every game of a run (it is built from
the validated data by ``table_for``) and is the engine's only way to read the data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardgen.games.fmnyc.load import Fmnyc
from cardgen.games.fmnyc.model import capacity_at

# Pieces made in the players' colours (components.yaml ``colours: 5``): each seat has its own
# supply of them; the rest are shared.
COLOURED = ("manager", "worker", "shop", "truck", "roadblock", "disc")
SHARED = ("strike", "purchase_order")


@dataclass(frozen=True)
class Square:
    index: int
    row: str
    column: int
    kind: str                 # "shop" | "pawn_shop" | "factory"
    what: str                 # the crate id of a shop, the factory id, or "pawn_shop"
    fee: int                  # the row's additional fee (0 for a row without one)
    neighbours: tuple[int, ...]   # squares adjacent horizontally or vertically


@dataclass(frozen=True)
class Slot:
    """A roadblock slot: a street slot above a column, a train slot left of a row."""

    index: int
    kind: str                 # "street" | "train"
    line: tuple[int, ...]     # the squares it affects (beneath it, or to its right)
    adjacent: int             # the square a truck parks on to take it over


@dataclass(frozen=True)
class Table:
    players: int
    squares: tuple[Square, ...]
    slots: tuple[Slot, ...]
    containers: int
    politicians: tuple[str, ...]
    requires: Mapping[str, Mapping[str, int]]       # politician -> least items held to use him
    awards: tuple[str, ...]                         # most valuable first (the ceremony's order)
    award_places: Mapping[str, int]                 # nominations each award admits
    award_sum: Mapping[str, int]
    award_counts: Mapping[str, str]                 # the item an award counts
    crates: tuple[str, ...]                         # crate ids, in the data's order
    cost: Mapping[str, int]
    crate_count: Mapping[str, int]
    shop_of: Mapping[str, int]                      # crate id -> its shop square
    demand_range: tuple[int, int]
    die: tuple[int, ...]
    pawn_over_cost: int
    pawn_bonus: int                                 # per deal at this player count (0 at 4-5)
    capacity: Mapping[int, int]                     # operation stage number -> managers it takes
    all_stage: frozenset[int]                       # stages open to every player (one each)
    stages: Mapping[int, Mapping[str, Any]]         # number -> the stage's data
    per_colour: Mapping[str, int]                   # coloured piece -> how many a colour has
    shared: Mapping[str, int]                       # strike, purchase_order: the box's count
    coins: int                                      # the worth of every coin of the box
    start_coins: int
    extra_coin_seats: frozenset[int]                # 0-based seats given the late-seat coin
    extra_coin: int
    start: Mapping[str, int]                        # manager, truck, crate given at setup
    values: Mapping[str, int]                       # Scoring Values
    score_start: int
    rules: Mapping[str, Any]                        # rules.yaml
    stocks: tuple[Mapping[str, Any], ...]
    careers: tuple[Mapping[str, Any], ...]          # every Career card (the draft deals them)
    bonuses: Mapping[str, tuple[Mapping[str, Any], ...]]    # factory id -> its stage-2 bonus effects
    # kind ("crate", "factory", "politician", "award") -> id -> the name the board prints, for a
    # person reading the game (``names.py``); the rules never read it.
    names: Mapping[str, Mapping[str, str]]

    def price(self, crate: str, demand: int, square: int) -> int:
        """What one crate sells for on a square: the Wholesale Price (Cost Price + Market
        Demand + the row's Additional Fee) at a shop, Cost Price + 2 at the pawn shop."""
        sq = self.squares[square]
        if sq.kind == "pawn_shop":
            return self.cost[crate] + self.pawn_over_cost
        return self.cost[crate] + demand + sq.fee

    def sells(self, square: int, crate: str) -> bool:
        """Whether a square buys this crate: its own colour at a shop, any at the pawn shop."""
        sq = self.squares[square]
        return sq.kind == "pawn_shop" or (sq.kind == "shop" and sq.what == crate)

    def number_of(self, stage_id: str) -> int:
        return next(n for n, s in self.stages.items() if s["id"] == stage_id)

    def lines_of(self, square: int) -> tuple[int, ...]:
        """The roadblock slots whose line holds ``square``."""
        return tuple(s.index for s in self.slots if square in s.line)


def _usable(part: Mapping[str, Any], players: int) -> bool:
    return int(part.get("min_players", 0)) <= players


def table_for(model: Fmnyc, players: int) -> Table:
    """The table of a game at ``players`` players (``ValueError`` outside the game's range)."""
    if not model.min_players <= players <= model.max_players:
        raise ValueError(f"'{model.name}' is for {model.min_players} to {model.max_players} players, "
                         f"not {players}")
    side = model.side_for(players)
    market = model["market"]
    fees = market["additional_fees"]
    row_fee = {r["id"]: int(fees[r["fee"]]) if "fee" in r else 0 for r in side["rows"]}
    row_order = [r["id"] for r in side["rows"]]
    raw = [s for s in side["squares"] if _usable(s, players)]
    at = {(s["row"], int(s["column"])): i for i, s in enumerate(raw)}
    squares = []
    for i, s in enumerate(raw):
        r, c = row_order.index(s["row"]), int(s["column"])
        near = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < len(row_order) and (row_order[r + dr], c + dc) in at:
                near.append(at[(row_order[r + dr], c + dc)])
        if "shop" in s:
            kind, what = "shop", s["shop"]
        elif "factory" in s:
            kind, what = "factory", s["factory"]
        else:
            kind, what = "pawn_shop", "pawn_shop"
        squares.append(Square(i, s["row"], c, kind, what, row_fee[s["row"]], tuple(sorted(near))))
    slots = []
    for s in side["street_roadblocks"]:
        if _usable(s, players):
            line = tuple(sorted((q.index for q in squares if q.column == int(s["column"])),
                                key=lambda q: row_order.index(squares[q].row)))
            if line:
                slots.append(Slot(len(slots), "street", line, line[0]))
    for s in side["train_roadblocks"]:
        if _usable(s, players):
            line = tuple(sorted((q.index for q in squares if q.row == s["row"]),
                                key=lambda q: squares[q].column))
            if line:
                slots.append(Slot(len(slots), "train", line, line[0]))
    panels = model["panels"]
    awards = [a for a in panels["awards"]["list"] if any(x["award"] == a["id"] for x in side["awards"])]
    places = {x["award"]: int(x["nominations"]) + (1 if x.get("extra_at") == players else 0)
              for x in side["awards"]}
    key = side["id"]
    stages = {int(s["number"]): s for s in model.stages}
    capacity = {n: capacity_at(s["capacity"][key], players) for n, s in stages.items() if "capacity" in s}
    setup = model["setup"]
    coin = model.component("coin")
    pawn = market["pawn_shop"]
    # Mapping keys read from YAML may come back as strings: player counts are numbers.
    late = {int(k): v for k, v in setup["extra_coin"]["seats"].items()}
    return Table(
        players=players,
        squares=tuple(squares),
        slots=tuple(slots),
        containers=sum(1 for c in side["containers"] if _usable(c, players)),
        politicians=tuple(side["politicians"]),
        requires={p: dict(model.politicians[p].get("requires", {})) for p in side["politicians"]},
        awards=tuple(a["id"] for a in awards),
        award_places=places,
        award_sum={a["id"]: int(a["sum"]) for a in awards},
        award_counts={a["id"]: str(a["counts"]) for a in awards},
        crates=tuple(c["id"] for c in model.crates),
        cost={c["id"]: int(c["cost_price"]) for c in model.crates},
        crate_count={c["id"]: int(c["count"]) for c in model.crates},
        shop_of={q.what: q.index for q in squares if q.kind == "shop"},
        demand_range=(int(market["demand"]["min"]), int(market["demand"]["max"])),
        die=tuple(int(f) for f in market["demand"]["die"]),
        pawn_over_cost=int(pawn["over_cost_price"]),
        pawn_bonus=int(pawn["bonus_per_deal"]) if players in pawn["bonus_players"] else 0,
        capacity=capacity,
        all_stage=frozenset(n for n, s in stages.items()
                            if "capacity" in s and s["capacity"][key]["managers"] == "all"),
        stages=stages,
        per_colour={c: model.per_colour(c) for c in COLOURED},
        shared={c: int(model.component(c)["count"]) for c in SHARED},
        coins=sum(int(v) * int(n) for v, n in coin["denominations"].items()),
        start_coins=int(setup["coins_worth"]),
        extra_coin_seats=frozenset(s - 1 for s in late.get(players, [])),
        extra_coin=int(setup["extra_coin"]["value"]),
        start={k: int(setup["per_player"][k]) for k in ("manager", "truck", "crate")},
        values={k: int(v) for k, v in model["scoring"]["values"].items()},
        score_start=int(model["scoring"]["start"]),
        rules=model["rules"],
        stocks=tuple(model.stocks),
        careers=tuple(model.careers),
        bonuses={f: tuple(x["bonus"]) for f, x in model.factories.items()},
        names={"crate": {c["id"]: str(c["name"]) for c in model.crates},
               "factory": {f: str(x["name"]) for f, x in model.factories.items()},
               "politician": {p: str(model.politicians[p]["name"]) for p in side["politicians"]},
               "award": {a["id"]: str(a["name"]) for a in awards}},
    )
