"""The effect kinds of the stages (and factory bonuses): one handler per kind, driven by the
data of ``stages.yaml`` and ``board.yaml``; nothing here names a stage.

A handler is a generator (``Steps``): it yields the ``Decision`` a player must make and
receives the choice. ``perform`` runs an effect list for one seat; ``affordable`` says whether
a seat can pay an effect list's costs (a stage whose costs a seat cannot pay is not performed:
its manager stands idle, engine ruling ``idle-manager`` in ``game.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine import ask, careers, names, zone
from cardgen.games.fmnyc.engine.delivery import delivery
from cardgen.games.fmnyc.engine.items import (
    SUPPLY,
    TOWER,
    draw_crates,
    gain_coins,
    gain_piece,
    pay_coins,
    return_piece,
    settle,
    transfer,
)
from cardgen.games.fmnyc.engine.market import demand_steps, move_demand
from cardgen.games.fmnyc.engine.zone import route_squares
from cardgen.sim.decisions import Decision

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

Steps = Generator[Decision, Any, None]
Effect = Mapping[str, Any]
# The option of leaving a "may" undone.
SKIP = "skip"
# The truck behind the screen, among a seat's trucks to choose from.
HOME = "screen"


def applies(game: Game, effect: Effect) -> bool:
    """An effect's player counts (``players``) and first round (``from_round``)."""
    players = effect.get("players")
    if players is not None and game.n not in players:
        return False
    return game.round >= int(effect.get("from_round", 1))


def by_round(game: Game, table: Mapping[Any, Any], last_holds: bool) -> int | None:
    """A value of a ``by_round`` table for the current round; past its last round, the last
    value when ``last_holds``."""
    rounds = {int(k): int(v) for k, v in table.items()}
    if game.round in rounds:
        return rounds[game.round]
    later = [r for r in rounds if r < game.round]
    return rounds[max(later)] if later and last_holds else None


def costs(game: Game, effects: Sequence[Effect]) -> dict[str, int]:
    """What an effect list pays, by item (its ``pay`` effects and a hire's price)."""
    out: dict[str, int] = {}
    for e in effects:
        if not applies(game, e):
            continue
        if e["kind"] == "pay":
            for item, n in e["items"].items():
                out[item] = out.get(item, 0) + int(n)
        elif e["kind"] == "hire_manager":
            coins = by_round(game, e["by_round"], bool(e.get("last_holds")))
            if coins is not None and coins < 0:
                out["coin"] = out.get("coin", 0) - coins
    return out


def holds(game: Game, seat: int, item: str) -> int:
    """How many of ``item`` a seat can pay with."""
    s = game.seats[seat]
    if item == "coin":
        return s.coins
    if item == "crate":
        return len(s.crates)
    if item == "manager":
        return s.managers
    if item == "truck":
        return s.held["truck"] + len(s.trucks)
    return s.held[item]


def affordable(game: Game, seat: int, effects: Sequence[Effect]) -> bool:
    return all(holds(game, seat, item) >= n for item, n in costs(game, effects).items())


def qualifies(game: Game, seat: int, option: Mapping[str, Any]) -> bool:
    """Whether the seat holds what a ``choose`` option ``requires`` (and keeps)."""
    return all(holds(game, seat, item) >= int(n) for item, n in option.get("requires", {}).items())


def perform(game: Game, seat: int, effects: Sequence[Effect]) -> Steps:
    for effect in effects:
        if applies(game, effect):
            yield from HANDLERS[effect["kind"]](game, seat, effect)


# --- items ---------------------------------------------------------------------------------
def _gain(game: Game, seat: int, e: Effect) -> Steps:
    source = game.source
    for item, n in e["items"].items():
        n = int(n)
        if item == "coin":
            if e.get("from") == "each_opponent":
                for other in game.others(seat):
                    transfer(game, other, seat, n, source)
            else:
                gain_coins(game, seat, n, source)
        elif item in ("hidden_crate", "crate"):
            game.seats[seat].crates.extend(draw_crates(game, n))
        else:
            gain_piece(game, seat, item, n)
    return
    yield


def choose_crate(game: Game, seat: int, tag: str, prompt: str,
                 allowed: Callable[[str], bool] = lambda c: True,
                 name: ask.Name | None = None) -> Generator[Decision, Any, str | None]:
    """One of the seat's crates (by type), or None when it has none allowed. ``name``: how an
    option reads (default: the crate's name)."""
    options = sorted({c for c in game.seats[seat].crates if allowed(c)})
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    return (yield ask.choose(seat, tag, prompt, options, name or (lambda c: names.crate(game.table, c))))


def _pay(game: Game, seat: int, e: Effect) -> Steps:
    to = TOWER if e["to"] == "tower" else SUPPLY
    s = game.seats[seat]
    for item, n in e["items"].items():
        for _ in range(int(n)):
            if item == "coin":
                pay_coins(game, seat, 1, to)
            elif item == "crate":
                crate = yield from choose_crate(game, seat, "pay_crate", "Choose a crate to give")
                if crate is None:
                    continue
                s.crates.remove(crate)
                (game.tower.crates if to == TOWER else game.supply.pouch).append(crate)
            elif item == "truck" and s.trucks:
                # Truck Sales: "Sell a truck": any of the seat's trucks, behind its screen or
                # parked. "Note: If the truck was in the Action Zone, return it behind your
                # Player's Screen": a parked one comes back first, with its workers.
                where = ([HOME] if s.held["truck"] else []) + [t.square for t in s.trucks]
                square = where[0] if len(where) == 1 else (
                    yield ask.choose(seat, "pay_truck", "Choose the truck you sell", where,
                                     lambda q: "the truck behind your screen" if q == HOME
                                     else f"your truck at the {names.square(game.table, q)}"))
                if square != HOME:
                    truck = next(t for t in s.trucks if t.square == square)
                    s.trucks.remove(truck)
                    s.held["worker"] += truck.workers
                    s.held["truck"] += 1
                return_piece(game, seat, "truck")
            elif holds(game, seat, item):
                return_piece(game, seat, item)


def _first_player(game: Game, seat: int, e: Effect) -> Steps:
    game.first = seat
    return
    yield


def _choose(game: Game, seat: int, e: Effect) -> Steps:
    """``pick`` of the labelled options (the same one again when ``repeat``) among those the
    seat can carry out now; ``optional`` (the text's "may"): the seat may also do none (ruling
    choice-required). With none it can carry out, the choice asks nothing."""
    taken: set[str] = set()
    picks = int(e["pick"])
    prompt = names.capitalised(names.stage(game.table, game.stage))

    def option(label: str) -> str:          # the data's label, and what the option does
        if label == SKIP:
            return "skip: do nothing more here"
        return f"{label}: {names.effects(next(o for o in e['options'] if o['label'] == label)['effects'])}"

    for k in range(picks):
        turn = f" ({k + 1} of {picks})" if picks > 1 else ""
        options = [o for o in e["options"]
                   if (e.get("repeat") or o["label"] not in taken) and qualifies(game, seat, o)
                   and affordable(game, seat, o["effects"]) and useful(game, seat, o["effects"])]
        labels = [o["label"] for o in options]
        if not labels:
            return
        label = yield ask.choose(seat, f"choose:{game.stage}", f"{prompt}: choose an action{turn}",
                                 [*labels, SKIP] if e.get("optional") else labels, option)
        if label == SKIP:
            return
        taken.add(label)
        game.count(f"option:{game.stage}:{label}")
        yield from perform(game, seat, options[labels.index(label)]["effects"])


def useful(game: Game, seat: int, effects: Sequence[Effect]) -> bool:
    """Whether an option can do anything at all now (an exchange with no crate, a sale on a
    full board, a strike to remove or a truck to move when there is none are not offered)."""
    s = game.seats[seat]
    sold = 0                 # trucks the list gives back to the supply before it gains one
    for e in effects:
        kind = e["kind"]
        if kind == "pay" and "truck" in e["items"]:
            sold += int(e["items"]["truck"])
        # Truck Sales: "Buy 1 truck + 2 workers from the supply for 6 coins": with no truck of
        # the seat's colour left in the supply (3 each) there is none to buy, and the 6 coins
        # would buy 2 workers.
        if kind == "gain" and game.supply.colour[seat]["truck"] + sold < int(e["items"].get("truck", 0)):
            return False
        if kind in ("exchange_crate", "sell_crate") and not s.crates:
            return False
        if kind in ("exchange_crate", "buy_crate") and not any(game.board.containers):
            return False
        if kind == "establish_partnership" and (not zone.free_squares(game, e["square"])
                                                or not game.supply.colour[seat]["shop"]):
            return False
        if kind == "hire_manager" and not game.supply.colour[seat]["manager"]:
            return False
        if kind == "delivery" and not (s.held["truck"] or s.trucks):
            return False
        if kind == "pay" and "manager" in e["items"] and game.seats[seat].managers <= 1:
            return False     # engine ruling: a seat keeps at least one manager
        if kind == "remove_strike" and not any(game.board.strike):
            return False
        if kind == "move_truck" and not truck_moves(game, seat, e.get("whose", "opponent")):
            return False
    return True


# --- crates at the Container Site ----------------------------------------------------------
def _container_crates(game: Game, fits: Callable[[str], bool]) -> list[list]:
    return [[i, c] for i, box in enumerate(game.board.containers) for c in sorted(set(box)) if fits(c)]


def _container_crate(game: Game, option: Any, price: bool = False) -> str:
    """A crate at the Container Site ([container, crate]): "Jewelry from container 2", with its
    Cost Price when it is bought."""
    box, crate = option
    text = f"{names.crate(game.table, crate)} from {names.container(box)}"
    return f"{text} for {names.coins(game.table.cost[crate])}" if price else text


def _exchange(game: Game, seat: int, e: Effect) -> Steps:
    s = game.seats[seat]
    for _ in range(int(e["count"])):
        mine = yield from choose_crate(game, seat, "exchange_give",
                                        "Choose one of your crates to exchange")
        wanted = _container_crates(game, lambda c: True)
        if mine is None or not wanted:
            return
        box, crate = yield ask.choose(seat, "exchange_take", "Choose the crate you take in exchange", wanted,
                                      lambda o: _container_crate(game, o))
        s.crates.remove(mine)
        game.board.containers[box].remove(crate)
        game.board.containers[box].append(mine)
        s.crates.append(crate)


def _sell(game: Game, seat: int, e: Effect) -> Steps:
    s = game.seats[seat]
    for _ in range(int(e["count"])):
        crate = yield from choose_crate(
            game, seat, "sell_crate", "Choose a crate to sell to the supply at its Cost Price",
            name=lambda c: f"{names.crate(game.table, c)} for {names.coins(game.table.cost[c])}")
        if crate is None:
            return
        s.crates.remove(crate)
        game.supply.pouch.append(crate)
        gain_coins(game, seat, game.table.cost[crate], "supply_sales")


def _buy(game: Game, seat: int, e: Effect) -> Steps:
    s = game.seats[seat]
    cost = game.table.cost
    for _ in range(int(e["count"])):
        options = _container_crates(game, lambda c: cost[c] <= s.coins)
        if not options:
            return
        choice = yield ask.choose(seat, "buy_crate", "Choose a crate to buy at its Cost Price, or skip",
                                  [*options, SKIP],
                                  lambda o: "skip" if o == SKIP else _container_crate(game, o, price=True))
        if choice == SKIP:
            return
        box, crate = choice
        game.board.containers[box].remove(crate)
        pay_coins(game, seat, cost[crate])
        s.crates.append(crate)


def _draw_hidden(game: Game, seat: int, e: Effect) -> Steps:
    """Draw ``draw`` crates, keep ``keep``, the rest back to the pouch (seen only by the seat:
    they are behind its screen while it chooses)."""
    drawn = draw_crates(game, int(e["draw"]))
    crates = game.seats[seat].crates
    crates.extend(drawn)
    back = max(0, len(drawn) - int(e["keep"]))
    if back:
        game.shown[seat] = tuple(sorted(drawn))
        returned = yield ask.choose_many(seat, "return_crates",
                                         f"Choose {names.plural(back, 'crate')} to return to the pouch",
                                         sorted(drawn), back, back, lambda c: names.crate(game.table, c))
        game.shown.pop(seat, None)
        for c in returned:
            crates.remove(c)
            game.supply.pouch.append(c)


# --- the Action Zone -----------------------------------------------------------------------
def _place_roadblock(game: Game, seat: int, e: Effect) -> Steps:
    for _ in range(int(e["count"])):
        slots = zone.free_slots(game)
        if not slots or not game.supply.colour[seat]["roadblock"]:
            game.count("roadblock_not_placed")
            return
        slot = slots[0] if len(slots) == 1 else (
            yield ask.choose(seat, "roadblock_slot", "Choose where you build your roadblock", slots,
                             lambda i: names.slot(game.table, i)))
        zone.place_roadblock(game, seat, slot)


def _establish(game: Game, seat: int, e: Effect) -> Steps:
    for _ in range(int(e["count"])):
        squares = zone.free_squares(game, e["square"])
        if not squares or not game.supply.colour[seat]["shop"]:
            game.count("partnership_not_placed")
            return
        square = yield ask.choose(seat, f"partnership:{e['square']}",
                                  f"Choose a {e['square']} square for your new partnership", squares,
                                  lambda q: names.square(game.table, q))
        zone.establish(game, seat, square)


def _adjust(game: Game, seat: int, e: Effect) -> Steps:
    notches = (int(e["notches"][0]), int(e["notches"][1]))
    crates = [c for c in game.table.crates if demand_steps(game, c, notches, e["direction"])]
    if not crates:
        return
    most = min(int(e["meters"]), len(crates))
    chosen = yield ask.choose_many(seat, "demand_meters",
                                   f"Choose up to {names.plural(most, 'Market Demand meter')} to move",
                                   crates, 0, most,
                                   lambda c: f"{names.crate(game.table, c)} "
                                             f"(now {names.demand(game.demand[c])})")
    for crate in chosen:
        steps = demand_steps(game, crate, notches, e["direction"])
        step = steps[0] if len(steps) == 1 else (
            yield ask.choose(seat, "demand_move", f"Choose how far the {names.crate(game.table, crate)} "
                             "meter moves", steps, lambda k, c=crate: _demand_move(game, c, k)))
        move_demand(game, crate, step)


def _demand_move(game: Game, crate: str, k: int) -> str:
    """A move of a meter: "2 notches down (to -1)"."""
    way = "up" if k > 0 else "down"
    return f"{names.plural(abs(k), 'notch', 'notches')} {way} (to {names.demand(game.demand[crate] + k)})"


def _nothing(game: Game, seat: int, e: Effect) -> Steps:
    return
    yield


def _delivery(game: Game, seat: int, e: Effect) -> Steps:
    game.count("deliveries")
    yield from delivery(game, seat)


def _hire(game: Game, seat: int, e: Effect) -> Steps:
    coins = by_round(game, e["by_round"], bool(e.get("last_holds")))
    if coins is None or not gain_piece(game, seat, "manager"):
        return
    if coins < 0:
        # game.stage_id, "" between stages: a Career card hiring a manager for coins, used in the
        # at-any-time window after stage 17, stopped the game with KeyError: 18.
        off = careers.stage_bonus(game, seat, "discount", game.stage_id)
        pay_coins(game, seat, max(0, -coins - off))
    elif coins:
        gain_coins(game, seat, coins, "senior_managers")
    return
    yield


def _take_tower(game: Game, seat: int, e: Effect) -> Steps:
    t = game.tower
    game.income["jackpot"] += t.coins
    game.seats[seat].coins += t.coins
    t.coins = 0
    game.seats[seat].crates.extend(t.crates)
    t.crates.clear()
    settle(game, seat)
    return
    yield


def _remove_strike(game: Game, seat: int, e: Effect) -> Steps:
    struck = [q for q, s in enumerate(game.board.strike) if s]
    if not struck:
        return
    q = struck[0] if len(struck) == 1 else (
        yield ask.choose(seat, "remove_strike", "Choose the strike you remove", struck,
                         lambda q: f"the strike on the {names.square(game.table, q)}"))
    game.board.strike[q] = False
    game.supply.shared["strike"] += 1


def truck_moves(game: Game, seat: int, whose: str) -> list[list[int]]:
    """[from, to] for each parked truck (the seat's own, an opponent's or any) and each free
    square it may move to."""
    owners = [s for s in game.seats if (s.seat == seat) == (whose == "own") or whose == "any"]
    return [[t.square, q] for s in owners for t in s.trucks for q in route_squares(game, s.seat, t)
            if q != t.square]


def _move_truck(game: Game, seat: int, e: Effect) -> Steps:
    """Move a truck (one of the seat's own, or an opponent's) to a free square."""
    moves = truck_moves(game, seat, e.get("whose", "opponent"))
    if not moves:
        return
    src, dst = yield ask.choose(seat, "move_truck", "Choose a truck to move, and where", moves,
                                lambda m: _truck_move(game, seat, m))
    next(t for s in game.seats for t in s.trucks if t.square == src).square = dst


def _truck_move(game: Game, seat: int, move: Any) -> str:
    src, dst = move
    owner = next(s.seat for s in game.seats for t in s.trucks if t.square == src)
    return (f"{names.whose(owner, seat)} truck from the {names.square(game.table, src)} "
            f"to the {names.square(game.table, dst)}")


def _perform_stage(game: Game, seat: int, e: Effect) -> Steps:
    """Perform another stage as if a manager stood there (ruling fundraiser-stage)."""
    numbers = [n for n in range(int(e["from_stage"]), int(e["to_stage"]) + 1)
               if affordable(game, seat, game.table.stages[n]["effects"])
               and useful(game, seat, game.table.stages[n]["effects"])]
    if not numbers:
        return
    number = yield ask.choose(seat, "perform_stage", "Choose a stage to perform", numbers,
                              lambda n: names.stage(game.table, n))
    game.count(f"stage_via_fundraiser:{number}")
    outer = game.stage
    game.stage = number
    yield from perform(game, seat, game.table.stages[number]["effects"])
    yield from careers.after_stage(game, seat, number)
    game.stage = outer


def _place_discs(game: Game, seat: int, e: Effect) -> Steps:
    from cardgen.games.fmnyc.engine.anytime import disc_places, place_disc

    got = gain_piece(game, seat, "disc", int(e["count"]))
    placed = 0
    for _ in range(got):
        places = disc_places(game, seat, "politicians" in e["panels"], "awards" in e["panels"])
        if not places:
            break
        options = places + ([SKIP] if placed >= int(e["place_at_least"]) else [])
        where = yield ask.choose(seat, "place_disc", "Choose where you place your disc", options,
                                 lambda w: _disc_place(game, w))
        if where == SKIP:
            break
        place_disc(game, seat, where)
        placed += 1


def _disc_place(game: Game, where: Any) -> str:
    if where == SKIP:
        return "keep the disc for later"
    if where[0] == "politician":
        return f"{names.politician(game.table, where[1])} on the Politicians' Panel"
    return f"{names.award(game.table, where[1])}: nominate yourself"


HANDLERS: dict[str, Callable[[Game, int, Effect], Steps]] = {
    "gain": _gain,
    "pay": _pay,
    "take_first_player": _first_player,
    "choose": _choose,
    "exchange_crate": _exchange,
    "sell_crate": _sell,
    "buy_crate": _buy,
    "draw_hidden_crates": _draw_hidden,
    "place_roadblock": _place_roadblock,
    "establish_partnership": _establish,
    "adjust_demand": _adjust,
    "update_prices": _nothing,       # prices are read from the meters: nothing to turn
    "delivery": _delivery,
    "hire_manager": _hire,
    "take_tower": _take_tower,
    "perform_stage": _perform_stage,
    "place_discs": _place_discs,
    "remove_strike": _remove_strike,
    "move_truck": _move_truck,
    # Career abilities that change a rule apply where the rule is played (careers.PASSIVE).
    **{kind: _nothing for kind in ("tax_relief", "factory_bonus_extra", "discount", "sale_bonus",
                                   "ignore_requirement", "extra_guard", "reparation_bonus",
                                   "extra_delivery_crates", "extra_capacity", "score_bonus",
                                   "award_bonus")},
}
