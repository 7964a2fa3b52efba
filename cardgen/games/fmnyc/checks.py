"""The meaning checks of Free Market: NYC data: what a schema cannot say.

Each check is one function named after the rule it enforces; the rule ids it reports are in
its docstring. They run after every document has passed its schema; kinds the user did not
pass are filled in from the shipped data, so one edited file is checked against the rest.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cardgen.data.checks import (
    CheckContext,
    CheckList,
    authored_notes,
    nodes,
    number_spellings,
    provenance_problems,
    show_value,
    unknown_icons,
    unknown_rulings,
    unprintable_texts,
)
from cardgen.data.documents import Document, game_files
from cardgen.data.facts import fact_values
from cardgen.data.schema import did_you_mean
from cardgen.games.fmnyc.model import (
    COIN,
    CRATE,
    DEFAULT_PLAYERS,
    GAME,
    KINDS,
    MANAGER,
    STAGE_SYMBOLS,
    USED_COMPONENTS,
    Effect,
    capacity_at,
    effects_in,
    label,
)
from cardgen.problems import Problem, plural
from cardgen.safe_read import resolved


class Context(CheckContext):
    # Careers are what --set and check-set take: a second careers file put beside careers.yaml
    # to try was told only to rename it over the game's own.
    kind_hints = {"careers": "a file of other Career cards to try with --set or check-set goes in a "
                             "subfolder, such as cards/fmnyc/examples/, which the game does not read"}

    def __init__(self, docs: list[Document]):
        super().__init__(GAME, KINDS, docs)

    def data(self, kind: str) -> Any:
        doc = self.one(kind)
        return doc.data if doc is not None else None

    def players(self) -> range:
        game = self.data("game")
        low, high = (game["players"]["min"], game["players"]["max"]) if game else DEFAULT_PLAYERS
        return range(low, high + 1)

    def the_box(self, doc: Document) -> bool:
        """Whether ``doc`` is one of the game's own files (a careers document: the box's 30
        cards, the workspace's copy of careers.yaml replacing the shipped one included), not a
        designer's file of Career cards (one in a subfolder, what --set and check-set take)."""
        return resolved(doc.path) in game_data()

    def max_rounds(self) -> int:
        game = self.data("game")
        return max(game["rounds"]["options"]) if game else 6

    def ids(self, kind: str, *path: str) -> dict[str, dict]:
        """The records of a list (``board``, ``factories``) by id; empty without the document."""
        node = self.data(kind)
        for step in path:
            if node is None:
                return {}
            node = node.get(step)
        return {r["id"]: r for r in node or []}

    def crates(self) -> dict[str, dict]:
        return self.ids("market", "crates")

    def factories(self) -> dict[str, dict]:
        return self.ids("board", "factories")

    def politicians(self) -> dict[str, dict]:
        return self.ids("panels", "politicians", "list")

    def awards(self) -> dict[str, dict]:
        return self.ids("panels", "awards", "list")

    def stages(self) -> dict[str, dict]:
        return self.ids("stages", "stages")

    def components(self) -> dict[str, dict]:
        return self.ids("components", "contents")

    def sides(self) -> Iterator[tuple[Document, list[Any], dict]]:
        board = self.one("board")
        if board is not None:
            for i, side in enumerate(board.data["sides"]):
                yield board, ["sides", i], side

    def operation_stages(self) -> Iterator[tuple[Document, list[Any], dict]]:
        doc = self.one("stages")
        if doc is not None:
            for i, stage in enumerate(doc.data["stages"]):
                if stage["type"] == "operation":
                    yield doc, ["stages", i], stage

    def effects(self) -> Iterator[Effect]:
        """Every effect of the game: stages, factory bonuses, politician uses, Career abilities."""
        doc = self.one("stages")
        if doc is not None:
            for i, stage in enumerate(doc.data["stages"]):
                yield from effects_in(doc, stage["effects"], ["stages", i, "effects"])
        doc = self.one("board")
        if doc is not None:
            for i, factory in enumerate(doc.data["factories"]):
                yield from effects_in(doc, factory["bonus"], ["factories", i, "bonus"])
        doc = self.one("panels")
        if doc is not None:
            yield from effects_in(doc, doc.data["politicians"]["uses"], ["politicians", "uses"])
        doc = self.one("careers")
        if doc is not None:
            for i, card in enumerate(doc.data["cards"]):
                yield from effects_in(doc, card["ability"], ["cards", i, "ability"])


def game_data() -> set:
    """The game's own data files (the workspace's over the shipped ones), resolved."""
    return {resolved(p) for p in game_files(GAME)}


CHECKS = CheckList()
check = CHECKS.rule


def _unknown(doc: Document, rule: str, what: str, ref: Any, known: list[str], *path: Any) -> Problem:
    return doc.problem(rule, f"no {what} '{ref}'{did_you_mean(str(ref), known)}", *path)


def _node(doc: Document, path: list[Any]) -> Any:
    node: Any = doc.data
    for step in path:
        node = node[step]
    return node


@check
def ids_unique(ctx: Context) -> Iterator[Problem]:
    """id-duplicate: an id names one entry of its list."""
    for doc in ctx.docs:
        for path, node in nodes(doc.data, []):
            if not isinstance(node, list):
                continue
            first: dict[str, int] = {}
            for i, item in enumerate(node):
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    j = first.setdefault(item["id"], i)
                    if j != i:
                        line = doc.at(*path, j, "id")[0]
                        yield doc.problem("id-duplicate", f"id '{item['id']}' is used twice (first at "
                                          f"line {line})", *path, i, "id")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _marks(record: dict) -> set[str]:
    return set(record.get("facts", {})) | set(record.get("authored", []))


@check
def provenance_marked(ctx: Context) -> Iterator[Problem]:
    """provenance-unmarked, provenance-conflict, provenance-stale: every number in the data is
    a fact (a field under ``facts:`` of its record or of a record above it, with the passage)
    or authored (listed under ``authored:``); no field is both; every field named exists."""
    for doc in ctx.docs:
        if doc.kind == "rulings":
            continue
        unmarked: dict[tuple[tuple[Any, ...], str], None] = {}
        for path, value in nodes(doc.data, []):
            if isinstance(value, dict) and ("facts" in value or "authored" in value):
                shown = {**value, "name": label(value, path, doc)}
                both = sorted(set(value.get("facts", {})) & set(value.get("authored", [])))
                yield from provenance_problems(doc, path, shown, both)
                for key in ("facts", "authored"):
                    names = value.get(key, {})
                    for i, name in enumerate(names):
                        if name not in value:
                            where = [key, name] if key == "facts" else [key, i]
                            fields = [k for k in value if k not in ("facts", "authored")]
                            yield doc.problem("provenance-stale", f"{shown['name']}: '{name}' is listed "
                                              f"under '{key}' but there is no such field"
                                              f"{did_you_mean(name, fields)}", *path, *where)
            if not _is_number(value) or "facts" in path or "authored" in path:
                continue
            owner = 0
            covered = False
            for depth in range(len(path)):
                parent = _node(doc, path[:depth])
                if not isinstance(parent, dict):
                    continue
                if path[depth] in _marks(parent):
                    covered = True
                    break
                if "facts" in parent or "authored" in parent or depth == 0 or \
                        isinstance(path[depth - 1], int) and ("id" in parent or "name" in parent):
                    owner = depth
            if not covered:
                unmarked.setdefault((tuple(path[:owner]), path[owner]), None)
        for (owner_path, field) in unmarked:
            record = _node(doc, list(owner_path))
            shown = {**record, "name": label(record, list(owner_path), doc)}
            yield from provenance_problems(doc, list(owner_path), shown, [field], source="the rulebook")


@check
def references_exist(ctx: Context) -> Iterator[Problem]:
    """crate-unknown, factory-unknown, politician-unknown, award-unknown, stage-unknown,
    component-unknown, row-unknown: every name a record uses names something that exists."""
    crates, factories = ctx.crates(), ctx.factories()
    politicians, awards, stages = ctx.politicians(), ctx.awards(), ctx.stages()
    numbers = {s["number"] for s in stages.values()}
    tables = {"crate": ("crate-unknown", "crate type", crates),
              "factory": ("factory-unknown", "factory", factories),
              "politician": ("politician-unknown", "politician", politicians),
              "award": ("award-unknown", "award", awards),
              "stage": ("stage-unknown", "stage", stages)}

    def ref(doc: Document, kind: str, value: str, *path: Any) -> Iterator[Problem]:
        rule, what, known = tables[kind]
        if value not in known:
            yield _unknown(doc, rule, what, value, sorted(known), *path)

    def stage_number(doc: Document, number: int, *path: Any) -> Iterator[Problem]:
        if numbers and number not in numbers:
            yield doc.problem("stage-unknown", f"no stage {number}; the stages are numbered "
                              f"{min(numbers)}-{max(numbers)}", *path)

    for doc, path, side in ctx.sides():
        rows = [r["id"] for r in side["rows"]]
        for i, sq in enumerate(side["squares"]):
            where = [*path, "squares", i]
            if sq["row"] not in rows:
                yield _unknown(doc, "row-unknown", f"row on side {side['id']} named", sq["row"], rows,
                               *where, "row")
            if "shop" in sq:
                yield from ref(doc, "crate", sq["shop"], *where, "shop")
            if "factory" in sq:
                yield from ref(doc, "factory", sq["factory"], *where, "factory")
        for i, slot in enumerate(side["train_roadblocks"]):
            if slot["row"] not in rows:
                yield _unknown(doc, "row-unknown", f"row on side {side['id']} named", slot["row"], rows,
                               *path, "train_roadblocks", i, "row")
        for i, pid in enumerate(side["politicians"]):
            yield from ref(doc, "politician", pid, *path, "politicians", i)
        for i, entry in enumerate(side["awards"]):
            yield from ref(doc, "award", entry["award"], *path, "awards", i, "award")
    market = ctx.one("market")
    if market is not None:
        for i, example in enumerate(market.data.get("examples", [])):
            yield from ref(market, "crate", example["crate"], "examples", i, "crate")
    for doc, path, eff in ctx.effects():
        for key in ("crate", "factory", "politician", "award", "stage"):
            if isinstance(eff.get(key), str):
                yield from ref(doc, key, eff[key], *path, key)
        if eff["kind"] == "perform_stage":
            for key in ("from_stage", "to_stage"):
                yield from stage_number(doc, eff[key], *path, key)
    careers = ctx.one("careers")
    if careers is not None:
        for i, card in enumerate(careers.data["cards"]):
            if "stage" in card:
                yield from ref(careers, "stage", card["stage"], "cards", i, "stage")
    stocks = ctx.one("stocks")
    if stocks is not None:
        yield from ref(stocks, "stage", stocks.data["buy_at_stage"], "buy_at_stage")
    rules = ctx.one("rules")
    if rules is not None:
        for key in ("from_stage", "to_stage"):
            yield from stage_number(rules, rules.data["any_time"][key], "any_time", key)
    setup = ctx.one("setup")
    components = ctx.components()
    if setup is not None and components:
        for key in setup.data["per_player"]:
            if key not in ("coins", "facts", "authored") and key not in components:
                yield _unknown(setup, "component-unknown", "component", key, sorted(components),
                               "per_player", key)
        values = components.get(COIN, {}).get("denominations", {})
        for value in setup.data["per_player"]["coins"]:
            if value not in values:
                yield setup.problem("component-unknown", f"no coin of value {value}; the coins are "
                                    f"worth {', '.join(values)}", "per_player", "coins", value)


@check
def stage_numbers(ctx: Context) -> Iterator[Problem]:
    """stage-numbers: stages are numbered 1, 2, 3... in the order they are played, the
    management stages first."""
    doc = ctx.one("stages")
    if doc is None:
        return
    seen_operation = False
    for i, stage in enumerate(doc.data["stages"]):
        if stage["number"] != i + 1:
            yield doc.problem("stage-numbers", f"{stage['name']} is stage {i + 1} of the list but is "
                              f"numbered {stage['number']}", "stages", i, "number")
        if stage["type"] == "operation":
            seen_operation = True
        elif seen_operation:
            yield doc.problem("stage-numbers", f"{stage['name']}: a management stage after an "
                              "operation stage", "stages", i, "type")


@check
def stage_capacity(ctx: Context) -> Iterator[Problem]:
    """stage-capacity: every operation stage says how many managers it takes on each board
    side; a management stage takes none; an added outline names a player count of its side."""
    sides = {side["id"]: side for _, _, side in ctx.sides()}
    doc = ctx.one("stages")
    if doc is None:
        return
    for i, stage in enumerate(doc.data["stages"]):
        caps = stage.get("capacity")
        where = ["stages", i]
        if stage["type"] == "management":
            if caps is not None:
                yield doc.problem("stage-capacity", f"{stage['name']} is a management stage: no "
                                  "managers are assigned to it", *where, "capacity")
            continue
        if caps is None:
            yield doc.problem("stage-capacity", f"{stage['name']}: say how many managers it takes "
                              f"on each board side ({', '.join(sides)})", *where)
            continue
        for side_id in sides:
            if side_id not in caps:
                yield doc.problem("stage-capacity", f"{stage['name']} has no capacity for the "
                                  f"{side_id} board side", *where, "capacity")
        for side_id, cap in caps.items():
            if side_id not in sides:
                yield doc.problem("stage-capacity", f"{stage['name']}: no board side '{side_id}'"
                                  f"{did_you_mean(side_id, list(sides))}", *where, "capacity", side_id)
                continue
            extra = cap.get("extra_at")
            players = sides[side_id]["players"]
            if extra is not None and extra not in players:
                yield doc.problem("stage-capacity", f"{stage['name']}: the {side_id} side is played by "
                                  f"{' or '.join(map(str, players))} players, never {extra}",
                                  *where, "capacity", side_id, "extra_at")
            if extra is not None and cap["managers"] == "all":
                yield doc.problem("stage-capacity", f"{stage['name']}: a stage open to all players "
                                  "has no added outline", *where, "capacity", side_id, "extra_at")


@check
def stage_slots(ctx: Context) -> Iterator[Problem]:
    """stage-slots: at every player count there are outlines for every manager the players may
    hold (the managers of one colour each), or stage 4 could not end."""
    doc, components = ctx.one("stages"), ctx.components()
    managers = components.get(MANAGER)
    if doc is None or not managers:
        return
    each = managers["count"] // managers.get("colours", 1)
    for _, _, side in ctx.sides():
        for n in side["players"]:
            slots = sum(capacity_at(stage["capacity"][side["id"]], n)
                        for _, _, stage in ctx.operation_stages() if side["id"] in stage.get("capacity", {}))
            if slots < n * each:
                yield doc.problem("stage-slots", f"at {n} players ({side['id']} side) the operation "
                                  f"stages take {slots} managers; {n} players may hold {n * each} "
                                  f"({each} each)", "stages")


@check
def setup_fits_the_box(ctx: Context) -> Iterator[Problem]:
    """setup-exceeds-box: at every player count the box holds what setup hands out, and the
    crates for the first fill of the Container Site."""
    setup, components = ctx.one("setup"), ctx.components()
    colours = ctx.data("components")
    if setup is None or not components:
        return
    per = setup.data["per_player"]
    extra = setup.data.get("extra_coin")
    fill = 0
    for _, _, eff in ctx.effects():
        if eff["kind"] == "fill_containers":
            fill = eff["crates"]
    sides = list(ctx.sides())
    palette = len(colours["player_colours"]) if colours else None
    for n in ctx.players():
        if palette is not None and n > palette:
            yield setup.problem("setup-exceeds-box", f"{n} players need {n} colours; the box has "
                                f"{palette}", "per_player")
        for key, count in per.items():
            part = components.get(key)
            if key in ("coins", "facts", "authored") or part is None or "count" not in part:
                continue
            need = count * n
            if key == CRATE:
                containers = [c for _, _, side in sides if n in side["players"] for c in side["containers"]
                              if c.get("min_players", 0) <= n]
                need += fill * len(containers)
            if part.get("colours"):
                have = part["count"] // part["colours"]
                if count > have:
                    yield setup.problem("setup-exceeds-box", f"{part['name']}: each player takes {count}; "
                                        f"the box has {have} of each colour", "per_player", key)
            elif need > part["count"]:
                what = f" ({need - count * n} of them for the Container Site)" if need != count * n else ""
                yield setup.problem("setup-exceeds-box", f"{part['name']}: {n} players need {need}"
                                    f"{what}; the box has {part['count']}", "per_player", key)
        coins = components.get(COIN, {}).get("denominations", {})
        for value, count in per["coins"].items():
            need = count * n
            if extra and str(extra["value"]) == value:
                need += len(extra["seats"].get(str(n), []))
            if value in coins and need > coins[value]:
                yield setup.problem("setup-exceeds-box", f"Coin {value}: {n} players need {need}; the "
                                    f"box has {coins[value]}", "per_player", "coins", value)


@check
def setup_coins(ctx: Context) -> Iterator[Problem]:
    """setup-coins: the coins each player receives are worth what the rulebook says, and the
    extra coin goes to seats that exist."""
    setup = ctx.one("setup")
    if setup is None:
        return
    worth = sum(int(value) * count for value, count in setup.data["per_player"]["coins"].items())
    if worth != setup.data["coins_worth"]:
        yield setup.problem("setup-coins", f"the coins of each player are worth {worth}, not "
                            f"{setup.data['coins_worth']}", "per_player", "coins")
    extra = setup.data.get("extra_coin")
    for players, seats in (extra or {}).get("seats", {}).items():
        for i, seat in enumerate(seats):
            if seat > int(players):
                yield setup.problem("setup-coins", f"a {players}-player game has no seat {seat}",
                                    "extra_coin", "seats", players, i)


@check
def components_used(ctx: Context) -> Iterator[Problem]:
    """components-missing: the Contents list has every piece the game reads by id, with the
    field it is read for."""
    comp = ctx.one("components")
    if comp is None:
        return
    components = ctx.components()
    for cid, field in USED_COMPONENTS.items():
        part = components.get(cid)
        if part is None:
            yield comp.problem("components-missing", f"the Contents list has no '{cid}', which the game "
                               "plays and prints with", "contents")
        elif field not in part:
            index = comp.data["contents"].index(part)
            yield comp.problem("components-missing", f"{part['name']} ('{cid}') gives no '{field}', which "
                               "the game plays and prints with", "contents", index)


@check
def contents_add_up(ctx: Context) -> Iterator[Problem]:
    """contents-crates, contents-meters, contents-careers, contents-stocks, colours-split: the
    parts described in other files add up to the Contents list. A designer's own file of
    Career cards (not the game's careers.yaml) is not the box's: it may hold fewer or more
    cards (``career-deal`` says how many players it deals to)."""
    comp, components = ctx.one("components"), ctx.components()
    if comp is None:
        return
    market = ctx.one("market")
    if market is not None and CRATE in components:
        total = sum(c["count"] for c in market.data["crates"])
        if total != components[CRATE]["count"]:
            yield market.problem("contents-crates", f"the crate types add up to {total} crates; the "
                                 f"box has {components[CRATE]['count']}", "crates")
        types = len(market.data["crates"])
        for part in ("demand_chip", "price_cube"):
            if part in components and components[part]["count"] != types:
                yield market.problem("contents-meters", f"{types} crate types need {types} "
                                     f"{components[part]['name']}s; the box has "
                                     f"{components[part]['count']}", "crates")
    for kind, part, items, rule in (("careers", "career_card", "cards", "contents-careers"),
                                    ("stocks", "stock_token", "tokens", "contents-stocks")):
        doc = ctx.one(kind)
        if doc is not None and kind == "careers" and not ctx.the_box(doc):
            continue
        if doc is not None and part in components and len(doc.data[items]) != components[part]["count"]:
            yield doc.problem(rule, f"{len(doc.data[items])} {items}; the box has "
                              f"{components[part]['count']} {components[part]['name']}s", items)
    palette = len(comp.data["player_colours"])
    for i, part in enumerate(comp.data["contents"]):
        colours = part.get("colours")
        if colours is None:
            continue
        if colours != palette:
            yield comp.problem("colours-split", f"{part['name']} come in {colours} colours; there are "
                               f"{palette} player colours", "contents", i, "colours")
        elif part["count"] % colours:
            yield comp.problem("colours-split", f"{part['count']} {part['name']} do not split evenly "
                               f"among {colours} colours", "contents", i, "count")


@check
def career_deal(ctx: Context) -> Iterator[Problem]:
    """career-deal: the deal fits the deck at the largest player count, and choosing and
    passing add up to the hand dealt. A designer's own file of Career cards (not the game's
    careers.yaml, the box's cards) may be too small for the larger player counts: a warning
    naming them (a run at one of them is refused), an error only when it cannot be dealt at
    the smallest."""
    doc = ctx.one("careers")
    if doc is None:
        return
    deal, deck = doc.data["deal"], len(doc.data["cards"])
    per, players = deal["per_player"], ctx.players()
    n = players[-1]
    if per * n > deck and ctx.the_box(doc):
        yield doc.problem("career-deal", f"{n} players are dealt {per} cards each "
                          f"({per * n}); the deck has {deck}", "deal", "per_player")
    elif per * n > deck:
        most = deck // per
        if most < players[0]:
            yield doc.problem("career-deal", f"{plural(deck, 'card')} cannot deal {per} each to "
                              f"{players[0]} players, the fewest the game is for: that needs "
                              f"{per * players[0]}", "deal", "per_player")
        else:
            short = f"{most + 1} to {n} players need up to" if most + 1 < n else f"{n} players need"
            yield doc.problem("career-deal", f"{plural(deck, 'card')} deal {per} each to at most "
                              f"{most} players; {short} {per * n}", "deal", "per_player",
                              severity="warning")
    if deal["choose"] + deal["pass"] != deal["per_player"]:
        yield doc.problem("career-deal", f"choosing {deal['choose']} and passing {deal['pass']} does "
                          f"not make the hand of {deal['per_player']}", "deal")
    if deal["keep"] > deal["per_player"]:
        yield doc.problem("career-deal", f"a player cannot keep {deal['keep']} of "
                          f"{deal['per_player']} cards", "deal", "keep")


@check
def career_cards(ctx: Context) -> Iterator[Problem]:
    """career-stage, career-serials, career-symbols, career-titles: a card whose timing symbol
    shows a stage names it, and no other does; serial numbers run 1 to the number of cards;
    every timing a card shows is explained in the symbols (the printed aid lists them), once;
    no two cards have one title (the draft, the summaries and check-set name cards by it)."""
    doc = ctx.one("careers")
    if doc is None:
        return
    cards = doc.data["cards"]
    explained: dict[str, int] = {}
    for i, symbol in enumerate(doc.data["symbols"]):
        if symbol["id"] in explained:
            yield doc.problem("career-symbols", f"the {symbol['id']} symbol is explained twice",
                              "symbols", i, "id")
        explained.setdefault(symbol["id"], i)
    for i, card in enumerate(cards):
        if card["timing"] not in explained:
            yield doc.problem("career-symbols", f"{card['title']}: the {card['timing']} symbol is not "
                              "explained under 'symbols' (the player aid lists every symbol a card shows)",
                              "cards", i, "timing")
        shows = card["timing"] in STAGE_SYMBOLS
        if shows and "stage" not in card:
            yield doc.problem("career-stage", f"{card['title']}: the {card['timing']} symbol shows a "
                              "stage; name it under 'stage'", "cards", i, "timing")
        if not shows and "stage" in card:
            yield doc.problem("career-stage", f"{card['title']}: the {card['timing']} symbol shows "
                              "no stage", "cards", i, "stage")
    seen: dict[int, int] = {}
    for i, card in enumerate(cards):
        serial = card["serial"]
        if serial in seen:
            yield doc.problem("career-serials", f"{card['title']}: serial number {serial} is also "
                              f"{cards[seen[serial]]['title']}'s", "cards", i, "serial")
        elif serial > len(cards):
            yield doc.problem("career-serials", f"{card['title']}: serial number {serial}, but there "
                              f"are {len(cards)} cards", "cards", i, "serial")
        seen.setdefault(serial, i)
    titled: dict[str, int] = {}
    for i, card in enumerate(cards):
        j = titled.setdefault(card["title"].casefold(), i)
        if j != i:
            yield doc.problem("career-titles", f"{card['title']}: the title is also that of the card "
                              f"at line {doc.at('cards', j, 'title')[0]}; give each card its own",
                              "cards", i, "title")


# The effects of a Career card whose numbers are amounts its text prints as they are (coins
# gained or paid, points, bonuses); others read relative to the rules ("tax only on managers over
# 4" for one manager of relief, "twice" for one extra bonus, "costs nothing" for a discount).
_PRINTED_AMOUNTS = {"gain": "items", "pay": "items", "sale_bonus": "coins", "score_bonus": "points",
                    "award_bonus": "coins", "reparation_bonus": "coins"}


def _reads_as(n: int) -> set[str]:
    """How a Career card's text may print the number ``n``: as any card's, and one also as 'a'
    or 'an' ("gain a coin")."""
    return number_spellings(n) | ({"a", "an"} if n == 1 else set())


@check
def career_text_amounts(ctx: Context) -> Iterator[Problem]:
    """career-text: a Career card's text prints the amounts its ability gains, pays or adds. A
    number changed in the ability and not in the text printed a card that says otherwise than
    the game plays (its picture showing one amount, its text another): a warning, as Briefcase's
    ability-text is, since a text may word it another way."""
    doc = ctx.one("careers")
    if doc is None:
        return
    for i, card in enumerate(doc.data["cards"]):
        words = set(re.findall(r"[a-z]+|\d+", str(card.get("text", "")).casefold()))
        for effect in card["ability"]:
            key = _PRINTED_AMOUNTS.get(effect.get("kind"))
            value = effect.get(key) if key else None
            amounts = value.items() if isinstance(value, dict) else [(key, value)]
            for name, n in amounts:
                if isinstance(n, int) and not isinstance(n, bool) and words.isdisjoint(_reads_as(n)):
                    yield doc.problem("career-text", f"{card['title']}: its ability's {effect['kind']} "
                                      f"{name} is {n}, which its text does not print", "cards", i,
                                      "text", severity="warning")


@check
def board_sides(ctx: Context) -> Iterator[Problem]:
    """board-sides: every player count of the game has exactly one board side, named after
    its player counts."""
    board = ctx.one("board")
    if board is None:
        return
    owner: dict[int, str] = {}
    for doc, path, side in ctx.sides():
        players = side["players"]
        name = f"{min(players)}-{max(players)}"
        if side["id"] != name:
            yield doc.problem("board-sides", f"the side for {', '.join(map(str, players))} players is "
                              f"named '{name}', not '{side['id']}'", *path, "id")
        for i, n in enumerate(players):
            if n not in ctx.players():
                yield doc.problem("board-sides", f"side {side['id']}: the game is for "
                                  f"{ctx.players()[0]}-{ctx.players()[-1]} players, not {n}",
                                  *path, "players", i)
            elif n in owner:
                yield doc.problem("board-sides", f"{n} players: both side {owner[n]} and side "
                                  f"{side['id']}", *path, "players", i)
            owner.setdefault(n, side["id"])
    for n in ctx.players():
        if n not in owner:
            yield board.problem("board-sides", f"no board side for {plural(n, 'player')}", "sides")


@check
def board_squares(ctx: Context) -> Iterator[Problem]:
    """board-squares, square-position, shop-row-fee, roadblock-slot, min-players: each side has
    one shop square per crate type, one pawn shop and each factory once, on distinct squares;
    coloured shops sit in a row with a fee; roadblock slots border squares; a player-count
    symbol names a count that plays the side and is not its smallest."""
    crates, factories = ctx.crates(), ctx.factories()
    for doc, path, side in ctx.sides():
        sid, squares = side["id"], side["squares"]
        shops = Counter(sq["shop"] for sq in squares if "shop" in sq)
        built = Counter(sq["factory"] for sq in squares if "factory" in sq)
        for kind, table, counts in (("crate type", crates, shops), ("factory", factories, built)):
            for ident, record in table.items():
                if counts[ident] != 1:
                    many = "no square" if counts[ident] == 0 else f"{counts[ident]} squares"
                    what = f"{record['name']} shop" if kind == "crate type" else record["name"]
                    yield doc.problem("board-squares", f"side {sid}: {many} for the {what}; each {kind} "
                                      "has one", *path, "squares")
        pawn = sum(1 for sq in squares if sq.get("pawn_shop"))
        if pawn != 1:
            yield doc.problem("board-squares", f"side {sid}: {pawn} pawn shops; the board has one",
                              *path, "squares")
        fees = {r["id"]: r.get("fee") for r in side["rows"]}
        seen: dict[tuple[str, int], int] = {}
        for i, sq in enumerate(squares):
            key = (sq["row"], sq["column"])
            if key in seen:
                first = doc.at(*path, "squares", seen[key])[0]
                yield doc.problem("square-position", f"side {sid}: two squares at row {sq['row']}, "
                                  f"column {sq['column']} (first at line {first})", *path, "squares", i)
            seen.setdefault(key, i)
            if "shop" in sq and sq["row"] in fees and fees[sq["row"]] is None:
                yield doc.problem("shop-row-fee", f"side {sid}: the {sq['shop']} shop is in row "
                                  f"'{sq['row']}', which has no additional fee", *path, "squares", i, "row")
        columns = {sq["column"] for sq in squares}
        for i, slot in enumerate(side["street_roadblocks"]):
            if slot["column"] not in columns:
                yield doc.problem("roadblock-slot", f"side {sid}: a street roadblock above column "
                                  f"{slot['column']}, which has no squares", *path, "street_roadblocks", i)
        for key in ("street_roadblocks", "train_roadblocks"):
            lines = [s.get("column", s.get("row")) for s in side[key]]
            for i, line in enumerate(lines):
                if lines.index(line) != i:
                    yield doc.problem("roadblock-slot", f"side {sid}: two {key.split('_')[0]} roadblock "
                                      f"slots on line {line}", *path, key, i)
        for key in ("squares", "street_roadblocks", "train_roadblocks", "containers"):
            for i, item in enumerate(side[key]):
                if "min_players" in item:
                    yield from _symbol(doc, path, side, item["min_players"], key, i, "min_players")
        for i, entry in enumerate(side["awards"]):
            if "extra_at" in entry:
                yield from _symbol(doc, path, side, entry["extra_at"], "awards", i, "extra_at")


def _symbol(doc: Document, path: list[Any], side: dict, value: int, *where: Any) -> Iterator[Problem]:
    """A player-count symbol that names a count the side is never played by, or its smallest."""
    players = side["players"]
    if value not in players or value == min(players):
        effect = "never applies" if value not in players else "marks nothing"
        yield doc.problem("min-players", f"side {side['id']} is played by "
                          f"{' or '.join(map(str, players))} players: a symbol for {value} {effect}",
                          *path, *where)


def _row_fee(ctx: Context, side: dict, crate: str) -> int | None:
    market = ctx.data("market")
    rows = {r["id"]: r.get("fee") for r in side["rows"]}
    for sq in side["squares"]:
        if sq.get("shop") == crate and rows.get(sq["row"]) and market:
            return market["additional_fees"][rows[sq["row"]]]
    return None


@check
def price_cubes(ctx: Context) -> Iterator[Problem]:
    """price-cube: each Wholesale Price Cube shows every price its crate's meter can reach, on
    every board side."""
    market = ctx.one("market")
    if market is None:
        return
    low, high = market.data["demand"]["min"], market.data["demand"]["max"]
    for i, crate in enumerate(market.data["crates"]):
        for _, _, side in ctx.sides():
            fee = _row_fee(ctx, side, crate["id"])
            if fee is None:
                continue
            missing = [crate["cost_price"] + d + fee for d in range(low, high + 1)
                       if crate["cost_price"] + d + fee not in crate["cube"]]
            if missing:
                yield market.problem("price-cube", f"{crate['name']}: on side {side['id']} the price "
                                     f"reaches {', '.join(map(str, missing))}, which the cube cannot "
                                     "show", "crates", i, "cube")
                break


@check
def price_example(ctx: Context) -> Iterator[Problem]:
    """price-example: the rulebook's worked Wholesale Price example holds for the data."""
    market = ctx.one("market")
    if market is None:
        return
    crates = ctx.crates()
    demand = market.data["demand"]
    for i, ex in enumerate(market.data.get("examples", [])):
        crate = crates.get(ex["crate"])
        if crate is None:
            continue
        total = crate["cost_price"] + ex["demand"] + ex["fee"]
        if total != ex["wholesale"]:
            yield market.problem("price-example", f"{crate['name']}: Cost Price {crate['cost_price']} "
                                 f"{ex['demand']:+d} demand {ex['fee']:+d} fee is {total}, not the "
                                 f"{ex['wholesale']} of the rulebook", "examples", i)
        if not demand["min"] <= ex["demand"] <= demand["max"]:
            yield market.problem("price-example", f"the meters do not reach {ex['demand']}",
                                 "examples", i, "demand")
        for _, _, side in ctx.sides():
            fee = _row_fee(ctx, side, ex["crate"])
            if fee is not None and fee != ex["fee"]:
                yield market.problem("price-example", f"{crate['name']}: the rulebook's example adds a "
                                     f"{ex['fee']:+d} fee, but its shop on side {side['id']} is in a "
                                     f"{fee:+d} row", "examples", i, "fee")


@check
def demand_range(ctx: Context) -> Iterator[Problem]:
    """demand-range: the chips start on their meters."""
    market, setup = ctx.one("market"), ctx.one("setup")
    if market is None or setup is None:
        return
    low, high = market.data["demand"]["min"], market.data["demand"]["max"]
    if not low <= setup.data["demand_start"] <= high:
        yield setup.problem("demand-range", f"the meters run from {low} to {high}; a chip cannot start "
                            f"on {setup.data['demand_start']}", "demand_start")


@check
def delivery_ranges(ctx: Context) -> Iterator[Problem]:
    """delivery-range: a Delivery Action's ranges ("load 0-2 workers", 1-2 crates) run from
    their first number up to their second; the engine reads the second as the most."""
    rules = ctx.one("rules")
    if rules is None:
        return
    for key in ("workers_on_truck", "crates"):
        low, high = rules.data["delivery"][key]
        if low > high:
            yield rules.problem("delivery-range", f"{key} runs from {low} up to {high}: the first "
                                f"number is the least, the second the most", "delivery", key)


@check
def awards_fit(ctx: Context) -> Iterator[Problem]:
    """award-sum-even, award-order: a 2nd place is paid in whole coins; the awards are listed
    from the most valuable down, and Partnerships is the most valuable."""
    panels = ctx.one("panels")
    if panels is None:
        return
    awards = panels.data["awards"]
    share = awards["second_share"]
    for i, award in enumerate(awards["list"]):
        if award["sum"] * share != int(award["sum"] * share):
            yield panels.problem("award-sum-even", f"{award['name']}: {share} of {award['sum']} is not "
                                 "a whole number of coins", "awards", "list", i, "sum")
    sums = [a["sum"] for a in awards["list"]]
    for i in range(1, len(sums)):
        if sums[i] > sums[i - 1]:
            yield panels.problem("award-order", f"{awards['list'][i]['name']} ({sums[i]}) is worth more "
                                 f"than {awards['list'][i - 1]['name']} ({sums[i - 1]}) above it; the "
                                 "ceremony goes from the most valuable down", "awards", "list", i, "sum")
            break
    if awards["list"] and awards["list"][0]["id"] != "partnerships" and "partnerships" in ctx.awards():
        yield panels.problem("award-order", "the Partnerships award is the most valuable; it comes "
                             "first", "awards", "list", 0)


@check
def stock_values(ctx: Context) -> Iterator[Problem]:
    """stock-values: trading a stock early never pays more than it cost, nor more than holding it."""
    doc = ctx.one("stocks")
    if doc is None:
        return
    for i, token in enumerate(doc.data["tokens"]):
        if token["early_trade"] > token["purchase_cost"]:
            yield doc.problem("stock-values", f"{token['name']}: bought for {token['purchase_cost']} and "
                              f"traded at once for {token['early_trade']}, it makes money from nothing",
                              "tokens", i, "early_trade")
        if token["end_game"] < token["early_trade"]:
            yield doc.problem("stock-values", f"{token['name']}: its End Game Value "
                              f"({token['end_game']}) is below its Early Trade Value "
                              f"({token['early_trade']})", "tokens", i, "end_game")


@check
def effect_parameters_fit(ctx: Context) -> Iterator[Problem]:
    """effect-params: parameters the schema allows but the rules cannot use."""
    players = ctx.players()
    crates = len(ctx.crates())
    market = ctx.data("market")
    span = market["demand"]["max"] - market["demand"]["min"] if market else None
    operation = sorted(s["number"] for _, _, s in ctx.operation_stages())
    for doc, path, eff in ctx.effects():
        kind = eff["kind"]
        for i, n in enumerate(eff.get("players", [])):
            if n not in players:
                yield doc.problem("effect-params", f"{kind}: the game is for {players[0]}-{players[-1]} "
                                  f"players, not {n}", *path, "players", i)
        if eff.get("from_round", 1) > ctx.max_rounds():
            yield doc.problem("effect-params", f"{kind}: no game lasts {eff['from_round']} rounds",
                              *path, "from_round")
        if kind == "choose" and not eff.get("repeat") and eff["pick"] > len(eff["options"]):
            yield doc.problem("effect-params", f"choose {eff['pick']} of {len(eff['options'])} options "
                              "without repeating one", *path, "pick")
        if kind == "draw_hidden_crates" and eff["keep"] > eff["draw"]:
            yield doc.problem("effect-params", f"keep {eff['keep']} of {eff['draw']} crates drawn",
                              *path, "keep")
        if kind == "place_discs" and eff["place_at_least"] > eff["count"]:
            yield doc.problem("effect-params", f"place at least {eff['place_at_least']} of "
                              f"{eff['count']} discs", *path, "place_at_least")
        if kind == "adjust_demand":
            least, most = eff["notches"]
            if least > most:
                yield doc.problem("effect-params", f"{least} to {most} notches", *path, "notches")
            elif span is not None and most > span:
                yield doc.problem("effect-params", f"{most} notches: a meter has {span + 1}",
                                  *path, "notches")
            if crates and eff["meters"] > crates:
                yield doc.problem("effect-params", f"{eff['meters']} meters; there are {crates}",
                                  *path, "meters")
        if kind == "perform_stage" and operation:
            low, high = eff["from_stage"], eff["to_stage"]
            if low > high:
                yield doc.problem("effect-params", f"stages {low} to {high}", *path, "from_stage")
            elif low < operation[0]:
                yield doc.problem("effect-params", f"stage {low} is a management stage; only operation "
                                  f"stages ({operation[0]}-{operation[-1]}) are performed",
                                  *path, "from_stage")
            stage = _node(doc, path[:2]) if doc.kind == "stages" else None
            if stage is not None and low <= stage["number"] <= high:
                yield doc.problem("effect-params", f"{stage['name']} cannot perform itself",
                                  *path, "to_stage")


def _effect_places() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The kinds the engine plays in a management stage, those it plays anywhere else (a
    player's effects: operation stages, factory bonuses, politicians, Career cards), and the
    Career cards' rule-changing kinds, read from the engine's own tables so the check and the
    game cannot disagree."""
    from cardgen.games.fmnyc.engine import careers, effects, management

    return frozenset(management.HANDLERS), frozenset(effects.HANDLERS), careers.PASSIVE


# What a Career card's symbol lets the engine play: an end-of-game card only adds to the score.
_END_OF_GAME_KINDS = frozenset({"score_bonus", "award_bonus"})
# The payments a discount is taken off (engine/auction.py, effects._hire).
_CHARGING = frozenset({"auction", "hire_manager"})


@check
def effect_places(ctx: Context) -> Iterator[Problem]:
    """effect-place: an effect stands where the engine plays it. A Career card whose ability was
    a management stage's effect (an auction, advancing the round) validated and then stopped
    the game with a traceback when its holder used it; one the engine never plays there (a
    coin gain at the end of the game or "whenever possible", a gain beside a discount) validated
    and did nothing in any game, silently."""
    managing, playing, passive = _effect_places()
    stages = ctx.one("stages")
    managers = [s["name"] for s in stages.data["stages"] if s["type"] == "management"] if stages else []
    if stages is not None:
        for i, stage in enumerate(stages.data["stages"]):
            for _, path, eff in effects_in(stages, stage["effects"], ["stages", i, "effects"]):
                kind = eff["kind"]
                if stage["type"] == "management" and kind not in managing:
                    yield stages.problem("effect-place", f"{stage['name']} is a management stage, which "
                                         f"plays only {', '.join(sorted(managing))}; {kind} is a player's "
                                         "effect (an operation stage's)", *path, "kind")
                elif stage["type"] == "operation" and kind not in playing:
                    yield stages.problem("effect-place", f"{stage['name']}: {kind} is a management stage's "
                                         "effect; an operation stage cannot play it", *path, "kind")
                elif kind in passive:
                    yield stages.problem("effect-place", f"{stage['name']}: {kind} changes a rule for the "
                                         "holder of a Career card; in a stage it does nothing", *path, "kind")
    for doc, path, eff in ctx.effects():
        kind = eff["kind"]
        if doc.kind == "stages":
            continue
        owner = label(_node(doc, path[:2]), path[:2], doc)
        if kind not in playing:
            yield doc.problem("effect-place", f"{owner}: {kind} is a management stage's effect, which "
                              f"only those stages play ({', '.join(managers)})", *path, "kind")
        elif kind in passive and doc.kind != "careers":
            yield doc.problem("effect-place", f"{owner}: {kind} changes a rule for the holder of a "
                              "Career card; here it does nothing", *path, "kind")
    # A discount is taken off what its stage makes the holder pay: a lot won at an auction or a
    # manager hired for coins; named for a stage that charges neither, it never took anything off.
    charging = {s["id"]: {e["kind"] for _, _, e in effects_in(stages, s["effects"], [])} & _CHARGING
                for s in stages.data["stages"]} if stages is not None else {}
    doc = ctx.one("careers")
    if doc is None:
        return
    for i, card in enumerate(doc.data["cards"]):
        for j, eff in enumerate(card["ability"]):
            if eff["kind"] == "discount" and charging.get(eff["stage"]) == set():
                yield doc.problem("effect-place", f"{card['title']}: a discount is taken off a lot won at "
                                  "an auction or a manager hired for coins, and the stage "
                                  f"'{eff['stage']}' charges neither", "cards", i, "ability", j, "stage")
        kinds = [e["kind"] for e in card["ability"]]
        acting = [k for k in kinds if k not in passive]
        if card["timing"] == "end_of_game" and any(k not in _END_OF_GAME_KINDS for k in kinds):
            odd = next(k for k in kinds if k not in _END_OF_GAME_KINDS)
            yield doc.problem("effect-place", f"{card['title']}: an end-of-game card only adds to the "
                              f"score (score_bonus, award_bonus); its {odd} is never played",
                              "cards", i, "timing")
        elif card["timing"] == "first_round" and any(k in _END_OF_GAME_KINDS for k in kinds):
            # the count comes after the last round, when a round-1-only card no longer applies
            yield doc.problem("effect-place", f"{card['title']}: a first-round card is over when the "
                              f"score is counted; its {next(k for k in kinds if k in _END_OF_GAME_KINDS)} "
                              "is never played", "cards", i, "timing")
        elif card["timing"] == "whenever_possible" and acting:
            yield doc.problem("effect-place", f"{card['title']}: a 'whenever possible' card changes a "
                              f"rule (discount, sale_bonus, extra_guard...); its {acting[0]} is never "
                              "played: give it a symbol that says when (any_time, once_per_round...)",
                              "cards", i, "timing")
        elif acting and len(acting) < len(kinds):
            yield doc.problem("effect-place", f"{card['title']}: its {acting[0]} is never played beside "
                              f"the rule it changes ({next(k for k in kinds if k in passive)}): a card "
                              "either changes a rule or is used as an action; make it two cards",
                              "cards", i, "ability")


@check
def round_tables(ctx: Context) -> Iterator[Problem]:
    """round-table: a table by Game Round runs without gaps and covers the longest game, or
    says that its last entry holds for the later rounds."""
    longest = ctx.max_rounds()
    for doc, path, eff in ctx.effects():
        table = eff.get("by_round")
        if table is None:
            continue
        rounds = sorted(int(r) for r in table)
        gaps = [r for r in range(rounds[0], rounds[-1] + 1) if r not in rounds]
        if gaps:
            yield doc.problem("round-table", f"{eff['kind']}: no entry for Game Round {gaps[0]}",
                              *path, "by_round")
        if rounds[-1] > longest:
            yield doc.problem("round-table", f"{eff['kind']}: no game lasts {rounds[-1]} rounds",
                              *path, "by_round", str(rounds[-1]))
        elif rounds[-1] < longest and not eff.get("last_holds"):
            first = rounds[-1] + 1
            missing = f"round {longest}" if first == longest else f"rounds {first}-{longest}"
            yield doc.problem("round-table", f"{eff['kind']}: a {longest}-round game has no entry for "
                              f"{missing}; add it or 'last_holds: true'", *path, "by_round")


check(unknown_rulings)
check(fact_values)
check(unknown_icons)
check(unprintable_texts)


class FmnycRules:
    id = GAME

    def check(self, docs: list[Document]) -> list[Problem]:
        """The documents' problems; a file of Career cards that is not the game's own (one in
        a subfolder, what --set and check-set take) checked with the rest in place of the
        game's careers.yaml. Checked together, the context read the game's file alone and the
        other one was not checked at all: a whole-workspace validate passed it, then stopped
        with an internal error where it laid out its cards."""
        data = game_data()
        careers = [d for d in docs if d.kind == "careers"]
        others = [d for d in careers if resolved(d.path) not in data]
        if len(careers) < 2 or not others:
            return CHECKS.run(Context(docs))
        apart = {id(d) for d in others}     # by identity: ``in`` would compare whole documents
        problems = set(CHECKS.run(Context([d for d in docs if id(d) not in apart])))
        for extra in others:
            problems.update(CHECKS.run(Context([d for d in docs if d.kind != "careers"] + [extra])))
        return sorted(problems)

    def authored_values(self, docs: list[Document]) -> list[Problem]:
        """A note for every authored value, at its position, named by its record; a list of
        records (the squares of a board side, a card's effects) gets a note per item."""
        notes: list[Problem] = []
        for doc in docs:
            for path, node in nodes(doc.data, []):
                if not isinstance(node, dict) or "authored" not in node:
                    continue
                name = label(node, path, doc)
                for field in node["authored"]:
                    value = node.get(field)
                    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
                        notes.extend(doc.problem("authored", f"{name} {field}[{i}] = {_shown(item)}",
                                                 *path, field, i, severity="note")
                                     for i, item in enumerate(value))
                    elif isinstance(value, dict):
                        notes.append(doc.problem("authored", f"{name} {field} = {_shown(value)}",
                                                 *path, field, severity="note"))
                    else:
                        notes.extend(authored_notes(doc, path, {field: value, "authored": [field]}
                                                    if field in node else {}, name))
        return notes


def _shown(value: Any) -> str:
    """A value as it reads in the YAML's flow style, without Python's quotes."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_nested(v)}" for k, v in value.items() if k not in ("facts", "authored"))
    return show_value(value)


def _nested(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + _shown(value) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_nested(v) for v in value) + "]"
    return "true" if value is True else "false" if value is False else str(value)


RULES = FmnycRules()
