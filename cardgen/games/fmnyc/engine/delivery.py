"""The Delivery Action (stage 15, and stage 10's first option): loading, route, takeover, sale.

Engine readings where the text leaves a choice (rules.yaml ``delivery``, ``takeover``,
``guarding``; rulings delivery-anywhere, delivery-steps, takeover-shop-piece):

- The truck is one of the seat's trucks, behind the screen or parked; it carries 0-2 workers,
  from the screen or already on it, and (rules.yaml ``delivery``: "load 0-2 workers (from your
  Player's Screen or the Action Zone)") from the Action Zone: guards of the seat's partnerships
  and roadblocks, workers on its other trucks, one at a time after those. Crates are chosen at
  the sale, after the route: the choice matters only there, so choosing them first would
  change nothing. A player may stop before the route ("not all are mandatory"): then nothing
  moves.
- A truck parks on a square with no strike and no other truck (a truck in the way is moved by a
  politician: the delivering seat may use his just before the route, ``anytime.before_route``);
  it stays there after the delivery. Moving the truck in the way by "a takeover" is not played:
  the text does not say where it goes. Once it is parked, each seat
  in the Round of Turns may use one politician (ruling delivery-any-time); the takeover and the
  sale happen where the truck then stands.
- A takeover needs more workers on the truck than guards on the place (a place with 2 guards is
  safe). It succeeds with exactly one worker more than the guards: the taker discards that many
  workers, the defender his guards and the shop (or roadblock), "the same quantity" on both
  sides. The defender may bring workers from his trucks on adjacent squares to make the
  numbers equal; then the takeover fails and both sides discard as many workers as the taker
  brought (the guards first, then the defenders).
- The sale: 1-2 crates of the square's colour (any at the pawn shop), one more per purchase
  order spent.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine import anytime, ask, careers, names, zone
from cardgen.games.fmnyc.engine.items import gain_coins, transfer
from cardgen.games.fmnyc.engine.market import price
from cardgen.games.fmnyc.engine.state import Truck
from cardgen.games.fmnyc.engine.zone import route_squares
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

Steps = Generator[Decision, Any, None]
SCREEN = -1          # the truck option "the one behind the screen"
NO_ROUTE = "stay home"
NO_ZONE_WORKER = "none"


def defenders(game: Game, owner: int, square: int) -> int:
    """Workers ``owner`` can bring from his trucks on squares adjacent to ``square``."""
    near = game.table.squares[square].neighbours
    return sum(t.workers for t in game.seats[owner].trucks if t.square in near)


def takeovers(game: Game, seat: int, truck: Truck) -> list[list]:
    """What the truck on its square may take over: the square's partnership, or a roadblock
    whose slot it parks beside."""
    board, out = game.board, []
    safe = int(game.table.rules["guarding"]["safe_at"])
    square = truck.square
    owner = board.partner[square]
    if owner is not None and owner != seat and board.guards[square] < safe \
            and truck.workers > board.guards[square] and game.supply.colour[seat]["shop"]:
        out.append(["partnership", square])
    for slot in game.table.slots:
        rb = board.roadblock[slot.index]
        if slot.adjacent == square and rb is not None and rb != seat:
            guards = roadblock_guards(game, slot.index)
            if guards < safe and truck.workers > guards and game.supply.colour[seat]["roadblock"]:
                out.append(["roadblock", slot.index])
    return out


def roadblock_guards(game: Game, slot: int) -> int:
    """A roadblock's guards, with its owner's cards' extra guard (``extra_guard``)."""
    owner = game.board.roadblock[slot]
    extra = sum(int(e["workers"]) for _, e in careers.passive(game, owner, "extra_guard")
                if e["at"] == "roadblock") if owner is not None else 0
    return game.board.rb_guards[slot] + extra


def _discard_defenders(game: Game, owner: int, square: int, n: int) -> None:
    """``n`` workers of ``owner``'s trucks next to ``square`` go back to the supply."""
    near = game.table.squares[square].neighbours
    for t in game.seats[owner].trucks:
        if n and t.square in near:
            k = min(n, t.workers)
            t.workers -= k
            game.supply.colour[owner]["worker"] += k
            n -= k


def takeover(game: Game, seat: int, truck: Truck, what: str, where: int) -> Steps:
    board = game.board
    if what == "partnership":
        owner, guards = board.partner[where], board.guards[where]
    else:
        owner, guards = board.roadblock[where], roadblock_guards(game, where)
    assert owner is not None
    brought = truck.workers
    game.count("takeovers_tried")
    need = brought - guards           # defenders that make the numbers equal
    if defenders(game, owner, truck.square) >= need and (
            yield d.yes_no(owner, "defend", f"Seat {seat + 1} takes over your {_place(game, what, where)}: "
                                            "defend it with workers from an adjacent truck?")):
        game.count("takeovers_defended")
        truck.workers -= brought
        game.supply.colour[seat]["worker"] += brought
        real = board.guards[where] if what == "partnership" else board.rb_guards[where]
        if what == "partnership":
            board.guards[where] = 0
        else:
            board.rb_guards[where] = 0
        game.supply.colour[owner]["worker"] += real
        _discard_defenders(game, owner, truck.square, need)
        return
    used = guards + 1
    truck.workers -= used
    game.supply.colour[seat]["worker"] += used
    game.count("takeovers")
    if what == "partnership":
        zone.remove_partnership(game, where)
        zone.establish(game, seat, where)   # the roadblocks of its lines are paid as for a new one
    else:
        zone.remove_roadblock(game, where)
        zone.place_roadblock(game, seat, where, paid=False)
    # Reparations: the loser "has the opportunity to say his character slogan out loud in
    # exchange for 1 coin from the supply" (rules.yaml reparations). A coin for a sentence is
    # never refused, so it is said at once; a Career's reparation_bonus adds its coins.
    coins = int(game.table.rules["reparations"]["slogan"]) + sum(
        int(e["coins"]) for _, e in careers.passive(game, owner, "reparation_bonus"))
    gain_coins(game, owner, coins, "reparations")


def _place(game: Game, what: str, where: int) -> str:
    """A takeover's target: "partnership at the Jewelry shop", "roadblock on the street slot..."."""
    if what == "partnership":
        return f"partnership at the {names.square(game.table, where)}"
    return f"roadblock on {names.slot(game.table, where)}"


def _truck(game: Game, seat: int, which: int) -> str:
    """A truck of the seat: the one behind its screen, or one parked on a square."""
    if which == SCREEN:
        return "the truck behind your screen"
    workers = next(t.workers for t in game.seats[seat].trucks if t.square == which)
    return f"your truck at the {names.square(game.table, which)} ({names.plural(workers, 'worker')} on it)"


def _zone_workers(game: Game, seat: int, truck: Truck | None, pulled: list[list]) -> list[list]:
    """Places in the Action Zone with a worker of the seat's that may board its delivering
    truck (those already taken in ``pulled`` counted off)."""
    board, out = game.board, []
    for q, p in enumerate(board.partner):
        if p == seat and board.guards[q] > pulled.count(["partnership", q]):
            out.append(["partnership", q])
    for slot, p in enumerate(board.roadblock):
        if p == seat and board.rb_guards[slot] > pulled.count(["roadblock", slot]):
            out.append(["roadblock", slot])
    for other in game.seats[seat].trucks:
        if other is not truck and other.workers > pulled.count(["truck", other.square]):
            out.append(["truck", other.square])
    return out


def _zone_worker(game: Game, option: Any) -> str:
    if option == NO_ZONE_WORKER:
        return "no more workers from the Action Zone"
    kind, where = option
    if kind == "truck":
        return f"a worker from your truck at the {names.square(game.table, where)}"
    return f"a guard of your {_place(game, kind, where)}"


def delivery(game: Game, seat: int) -> Steps:
    s = game.seats[seat]
    t = game.table
    trucks = ([SCREEN] if s.held["truck"] else []) + [t.square for t in s.trucks]
    if not trucks:
        game.count("delivery_without_truck")
        return
    which = trucks[0] if len(trucks) == 1 else (
        yield ask.choose(seat, "delivery_truck", "Delivery: choose the truck that delivers", trucks,
                         lambda w: _truck(game, seat, w)))
    truck = None if which == SCREEN else next(t for t in s.trucks if t.square == which)
    aboard = truck.workers if truck else 0
    most_aboard = int(game.table.rules["delivery"]["workers_on_truck"][1])
    most = min(most_aboard, aboard + s.held["worker"])
    load = 0
    if most:
        load = yield ask.choose(seat, "delivery_load", "Delivery: choose how many workers ride on the truck",
                                range(most + 1), lambda n: names.plural(n, "worker") if n else "no workers")
    # Loading: "load 0-2 workers (from your Player's Screen or the Action Zone)": after those
    # from the screen (or already aboard), workers guarding the seat's partnerships and
    # roadblocks or riding its other trucks may board, one at a time (moved once the route is
    # chosen).
    pulled: list[list] = []
    while load + len(pulled) < most_aboard:
        places = _zone_workers(game, seat, truck, pulled)
        if not places:
            break
        place = yield ask.choose(seat, "delivery_load_zone", "Delivery: take a worker from the Action "
                                 "Zone onto the truck, or not", [NO_ZONE_WORKER, *places],
                                 lambda o: _zone_worker(game, o))
        if place == NO_ZONE_WORKER:
            break
        pulled.append(place)
    # Route: a square taken by an opponent's truck may be cleared with a politician first.
    yield from anytime.before_route(game, seat)
    squares = route_squares(game, seat, truck)
    if not squares:
        return
    route = yield ask.choose(seat, "delivery_route", "Delivery: choose where your truck parks (and sells)",
                             [*squares, NO_ROUTE],
                             lambda q: "stay home: no delivery" if q == NO_ROUTE else names.square(t, q))
    if route == NO_ROUTE:
        return           # nothing was moved: the loading is undone with the route
    # Loading: the workers on the truck become ``load``, the rest from or to the screen, and
    # those taken from the Action Zone come aboard.
    s.held["worker"] += aboard - load
    for kind, where in pulled:
        if kind == "partnership":
            game.board.guards[where] -= 1
        elif kind == "roadblock":
            game.board.rb_guards[where] -= 1
        else:
            next(o for o in s.trucks if o.square == where).workers -= 1
    load += len(pulled)
    if truck is None:
        s.held["truck"] -= 1
        truck = Truck(route, load)
        s.trucks.append(truck)
    else:
        truck.square, truck.workers = route, load
    game.count(f"route:{game.table.squares[route].kind}")
    game.focus = (route,)
    # Politicians still act while a Delivery Action is under way (ruling delivery-any-time): a
    # defender may move the truck away, anyone may lift a strike or raise a demand.
    yield from anytime.politician_window(game)
    route = truck.square
    game.focus = (route,)
    options = takeovers(game, seat, truck)
    if options:
        chosen = yield ask.choose(seat, "takeover", "Delivery: take over a partnership or roadblock here, "
                                  "or not", [*options, "no"], lambda o: _takeover(game, seat, o))
        if chosen != "no":
            yield from takeover(game, seat, truck, chosen[0], chosen[1])
    yield from sale(game, seat, route)
    game.focus = ()


def _takeover(game: Game, seat: int, option: Any) -> str:
    if option == "no":
        return "no takeover"
    what, where = option
    owner = game.board.partner[where] if what == "partnership" else game.board.roadblock[where]
    return f"take over {names.whose(owner, seat)} {_place(game, what, where)}"


def sale(game: Game, seat: int, square: int) -> Steps:
    s, table = game.seats[seat], game.table
    sellable = sorted(c for c in s.crates if table.sells(square, c))
    if not sellable:
        return
    base = int(table.rules["delivery"]["crates"][1]) \
        + careers.stage_bonus(game, seat, "extra_delivery_crates", game.stage_id)
    extra = int(table.rules["delivery"]["extra_crate_per_purchase_order"])
    most = min(len(sellable), base + extra * s.held["purchase_order"])
    sold = yield ask.choose_many(seat, "sell", f"Delivery: choose up to {names.plural(most, 'crate')} to "
                                 f"sell at the {names.square(table, square)}", sellable, 0, most,
                                 lambda c: f"{names.crate(table, c)} for "
                                           f"{names.coins(price(game, c, square))}")
    if not sold:
        return
    orders = -(-max(0, len(sold) - base) // extra)
    s.held["purchase_order"] -= orders
    game.supply.shared["purchase_order"] += orders
    coins = 0
    for crate in sold:
        coins += price(game, crate, square)
        s.crates.remove(crate)
        game.supply.pouch.append(crate)      # sold crates go back to the supply's pouch
    game.count("crates_sold", len(sold))
    gain_coins(game, seat, coins, "sales")
    kind = table.squares[square].kind
    if kind == "pawn_shop" and table.pawn_bonus:
        gain_coins(game, seat, table.pawn_bonus, "sales")
    for card, bonus in list(careers.passive(game, seat, "sale_bonus")):
        if bonus["at"] not in ("any", kind):
            continue
        n = sum(1 for c in sold if c == bonus["crate"]) if bonus.get("crate") else len(sold)
        if n:
            gain_coins(game, seat, int(bonus["coins"]) * (n if bonus["per"] == "crate" else 1), "careers")
            careers.use(game, seat, card)
    partner = game.board.partner[square]
    if partner is not None:
        income = table.rules["partnership_income"]["own_sale" if partner == seat else "other_sale"]
        if income.get("from_seller"):
            transfer(game, seat, partner, int(income["from_seller"]), "partnerships")
        gain_coins(game, partner, int(income.get("from_supply", 0)), "partnerships")
