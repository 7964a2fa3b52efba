""""At any time" actions (stages 5-17 and once after stage 17): placing strikes and workers,
politicians' three uses, discs onto the Awards Panel, a stock's early trade (which the
management stages allow too: ``stock_window``).

Engine reading (the text lets anyone act at any moment, which no turn structure can ask): a
*window* opens before each operation stage that has a manager (Gala Honoring's too, but never
during it) and once after stage 17; in a window each seat, in the Round of Turns, may take one
action or pass, and after a politician's use, use other politicians in a row. Inside a
Delivery Action (the freeze of rules.yaml ``delivery``) only its defence and politicians act:
once the truck is parked each seat may use one politician (``politician_window``, ruling
delivery-any-time). A politician's use needs his requirements held (panels.yaml ``requires``)
and his disc on +1; the disc goes to -1, so the same politician is never used twice in a row.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine import ask, careers, names
from cardgen.games.fmnyc.engine.ask import PASS
from cardgen.games.fmnyc.engine.items import gain_coins
from cardgen.games.fmnyc.engine.market import demand_steps, move_demand
from cardgen.games.fmnyc.engine.zone import route_squares
from cardgen.sim.decisions import Decision

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

Steps = Generator[Decision, Any, None]


def lobbied(game: Game, seat: int, politician: str) -> Any:
    """The seat's card that lets it use ``politician`` without his requirement, if any now."""
    return next((card for card, e in careers.passive(game, seat, "ignore_requirement")
                 if e["politician"] == politician), None)


def requirement_met(game: Game, seat: int, politician: str) -> bool:
    s = game.seats[seat]
    return requirement_holds(game.table.requires[politician], seat, game.board, s.coins, s.held["worker"],
                             sum(t.workers for t in s.trucks), s.held["purchase_order"])


def requirement_holds(requires: Any, seat: int, board: Any, coins: int, workers_held: int,
                      workers_on_trucks: int, purchase_orders: int) -> bool:
    """Whether ``seat`` holds what a politician ``requires`` (panels.yaml): ``board`` is the
    board or a seat's observation, which shows the same fields (the bots ask too)."""
    have = {
        "coin": coins,
        "shop": sum(1 for p in board.partner if p == seat),
        "roadblock": sum(1 for p in board.roadblock if p == seat),
        "worker": workers_held + workers_on_trucks
        + sum(g for p, g in zip(board.partner, board.guards, strict=True) if p == seat)
        + sum(g for p, g in zip(board.roadblock, board.rb_guards, strict=True) if p == seat),
        "purchase_order": purchase_orders,
    }
    return all(have.get(item, 0) >= int(n) for item, n in requires.items())


def disc_places(game: Game, seat: int, politicians: bool = True, awards: bool = True) -> list[list]:
    """Where a disc from behind the screen may go: a free politician (on +1), an award with a
    free nomination circle that the seat has not nominated itself for."""
    out: list[list] = []
    if politicians:
        out += [["politician", p] for p in game.table.politicians if p not in game.board.politician]
    if awards:
        out += [["award", a] for a in award_places(game, seat)]
    return out


def award_places(game: Game, seat: int) -> list[str]:
    noms = game.board.nominees
    return [a for a in game.table.awards
            if seat not in noms[a] and len(noms[a]) < game.table.award_places[a]]


def place_disc(game: Game, seat: int, where: list) -> None:
    game.seats[seat].held["disc"] -= 1
    if where[0] == "politician":
        game.board.politician[where[1]] = [seat, True]      # "placed on the +1 circle"
    else:
        game.board.nominees[where[1]].append(seat)


def actions(game: Game, seat: int, stocks: bool = True) -> list[list]:
    """Every at-any-time action the seat may take now (politician uses with their targets)."""
    s, board, table = game.seats[seat], game.board, game.table
    out: list[list] = []
    if s.held["strike"]:
        out += [["strike", q] for q in range(len(table.squares)) if not board.strike[q]]
    most = int(table.rules["guarding"]["max_per_place"])
    for q, p in enumerate(board.partner):
        if p == seat:
            if s.held["worker"] and board.guards[q] < most:
                out.append(["guard", q])
            if board.guards[q]:
                out.append(["unguard", q])
    for slot, p in enumerate(board.roadblock):
        if p == seat:
            if s.held["worker"] and board.rb_guards[slot] < most:
                out.append(["guard_roadblock", slot])
            if board.rb_guards[slot]:
                out.append(["unguard_roadblock", slot])
    for t in s.trucks:
        if s.held["worker"] and t.workers < most:
            out.append(["load", t.square])
        if t.workers:
            out.append(["unload", t.square])
    for pol, (owner, charged) in board.politician.items():
        if owner != seat:
            continue
        out += [["to_award", pol, a] for a in award_places(game, seat)]
        if not charged or not (requirement_met(game, seat, pol) or lobbied(game, seat, pol)):
            continue
        for other in game.seats:
            if other.seat != seat:
                for t in other.trucks:
                    out += [["move_truck", pol, t.square, q] for q in route_squares(game, other.seat, t)
                            if q != t.square]
        out += [["remove_strike", pol, q] for q in range(len(table.squares)) if board.strike[q]]
        out += [["raise_demand", pol, c] for c in table.crates if demand_steps(game, c, (1, 1), "up")]
    if s.held["disc"]:
        out += [["disc", *w] for w in disc_places(game, seat)]
    # "Once a disc is placed, you may alter your nomination to a different award."
    free = award_places(game, seat)
    out += [["renominate", a, b] for a in table.awards if seat in board.nominees[a] for b in free]
    if stocks:
        out += [["trade_stock", k] for k in s.stocks]
    if s.careers:
        out += careers.actions(game, seat)
    return out


def act(game: Game, seat: int, action: list) -> None:
    """Carry out one action of ``actions``."""
    s, board = game.seats[seat], game.board
    kind = action[0]
    game.count(f"anytime:{kind}")
    if kind == "strike":
        s.held["strike"] -= 1
        board.strike[action[1]] = True
    elif kind in ("guard", "unguard"):
        step = 1 if kind == "guard" else -1
        board.guards[action[1]] += step
        s.held["worker"] -= step
    elif kind in ("guard_roadblock", "unguard_roadblock"):
        step = 1 if kind == "guard_roadblock" else -1
        board.rb_guards[action[1]] += step
        s.held["worker"] -= step
    elif kind in ("load", "unload"):
        step = 1 if kind == "load" else -1
        next(t for t in s.trucks if t.square == action[1]).workers += step
        s.held["worker"] -= step
    elif kind == "to_award":
        del board.politician[action[1]]
        board.nominees[action[2]].append(seat)
    elif kind == "disc":
        place_disc(game, seat, action[1:])
    elif kind == "renominate":
        board.nominees[action[1]].remove(seat)
        board.nominees[action[2]].append(seat)
    elif kind == "trade_stock":
        s.stocks.remove(action[1])
        game.supply.stocks.append(action[1])
        gain_coins(game, seat, int(game.stock(action[1])["early_trade"]), "stocks")
    else:
        board.politician[action[1]][1] = False               # the disc goes to -1
        game.count(f"politician:{action[1]}")
        card = None if requirement_met(game, seat, action[1]) else lobbied(game, seat, action[1])
        if card is not None:
            careers.use(game, seat, card)
        if kind == "move_truck":
            truck = next(t for o in game.seats for t in o.trucks if t.square == action[2])
            truck.square = action[3]
        elif kind == "remove_strike":
            board.strike[action[2]] = False
            game.supply.shared["strike"] += 1
        else:
            move_demand(game, action[2], 1)


def describe(game: Game, seat: int, action: Any) -> str:
    """One option of ``actions`` (or PASS) as ``seat`` reads it."""
    t = game.table
    if action == PASS:
        return "pass"
    kind = action[0]
    if kind == "strike":
        return f"place a strike on the {names.square(t, action[1])}"
    if kind in ("guard", "unguard"):
        what = f"your partnership at the {names.square(t, action[1])}"
        return f"guard {what} with a worker" if kind == "guard" else f"take a guard back from {what}"
    if kind in ("guard_roadblock", "unguard_roadblock"):
        what = f"your roadblock on {names.slot(t, action[1])}"
        return (f"guard {what} with a worker" if kind == "guard_roadblock"
                else f"take a guard back from {what}")
    if kind in ("load", "unload"):
        what = f"your truck at the {names.square(t, action[1])}"
        return f"put a worker on {what}" if kind == "load" else f"take a worker off {what}"
    if kind == "to_award":
        return f"move your disc from {names.politician(t, action[1])} to {names.award(t, action[2])}"
    if kind == "disc":
        if action[1] == "politician":
            return f"place a disc on {names.politician(t, action[2])}"
        return f"nominate yourself for {names.award(t, action[2])} (place a disc)"
    if kind == "renominate":
        return f"move your nomination from {names.award(t, action[1])} to {names.award(t, action[2])}"
    if kind == "trade_stock":
        value = int(game.stock(action[1])["early_trade"])
        return f"trade {names.stock(t, action[1])} in early for {names.coins(value)}"
    if kind == "career":
        return f"use your Career card {names.career(t, action[1], text=True)}"
    # A politician's use: his name first, the disc he turns to -1.
    use = names.politician(t, action[1])
    if kind == "move_truck":
        owner = next(o.seat for o in game.seats for tr in o.trucks if tr.square == action[2])
        return (f"{use}: move {names.whose(owner, seat)} truck from the {names.square(t, action[2])} "
                f"to the {names.square(t, action[3])}")
    if kind == "remove_strike":
        return f"{use}: remove the strike from the {names.square(t, action[2])}"
    return f"{use}: raise the Market Demand of {names.crate(t, action[2])} by 1 notch"


def _ask(game: Game, seat: int, tag: str, prompt: str, options: list) -> Decision:
    return ask.choose(seat, tag, prompt, [PASS, *options], lambda a: describe(game, seat, a))


def window(game: Game) -> Steps:
    """Each seat, in the Round of Turns, may take one at-any-time action; one who used a
    politician may go on using others ("You may use multiple politicians in a row. [...]
    However, you may not use the same politician twice in a row": each use leaves his disc on
    -1, so he is not offered again)."""
    for seat in game.order():
        options = actions(game, seat, game.stocks_on)
        if not options:
            continue
        chosen = yield _ask(game, seat, "any_time", "At any time: take one action, or pass", options)
        if chosen == PASS:
            continue
        if chosen[0] == "career":
            yield from careers.perform_card(game, seat, chosen[1])
            continue
        act(game, seat, chosen)
        while chosen[0] in POLITICIAN_USES:
            options = politician_uses(game, seat)
            if not options:
                break
            chosen = yield _ask(game, seat, "any_time", "At any time: use another politician, or pass",
                                options)
            if chosen == PASS:
                break
            act(game, seat, chosen)


def stock_window(game: Game) -> Steps:
    """Before each management stage played: each seat holding a stock, in the Round of Turns, may
    trade one in early ("The early trade in of stock may be made at any time during the game,
    including the Management Stages"; stocks.yaml ``early_trade``). The windows of stages 5-17
    offer it among the other at-any-time actions."""
    if not game.stocks_on:
        return
    for seat in game.order():
        options = [["trade_stock", k] for k in game.seats[seat].stocks]
        if not options:
            continue
        chosen = yield _ask(game, seat, "stock_trade", "Trade a stock in early, or pass", options)
        if chosen != PASS:
            act(game, seat, chosen)


POLITICIAN_USES = ("move_truck", "remove_strike", "raise_demand")


def politician_uses(game: Game, seat: int) -> list[list]:
    """The at-any-time actions of the seat that use a politician, each with its target."""
    return [a for a in actions(game, seat, stocks=False) if a[0] in POLITICIAN_USES]


def politician_window(game: Game) -> Steps:
    """Inside a Delivery Action: each seat, in the Round of Turns, may use one politician."""
    for seat in game.order():
        options = politician_uses(game, seat)
        if not options:
            continue
        chosen = yield _ask(game, seat, "politician", "During the delivery: use a politician, or pass",
                            options)
        if chosen != PASS:
            act(game, seat, chosen)


def before_route(game: Game, seat: int) -> Steps:
    """Delivery Action, Route: "If the square is occupied (with an opponent's truck on it), you
    may move his truck in 2 ways: utilize a politician or implement a takeover." Before his
    truck parks, the delivering seat may use his politicians, one after another (each goes to
    -1, so none twice): the square is cleared where he parks, not only between stages."""
    while options := politician_uses(game, seat):
        chosen = yield _ask(game, seat, "route_politician", "Delivery: before you park, use a politician "
                            "(move a truck off the square you want), or pass", options)
        if chosen == PASS:
            return
        act(game, seat, chosen)


def final_nominations(game: Game) -> Steps:
    """After the last stage 17, each seat in turn may nominate itself with its remaining discs
    (kept ones, or moved from the Politicians' Panel), until it passes."""
    for seat in game.order():
        while True:
            options = [a for a in actions(game, seat, stocks=False)
                       if a[0] in ("to_award", "renominate") or (a[0] == "disc" and a[1] == "award")]
            if not options:
                break
            chosen = yield _ask(game, seat, "final_nomination",
                                "Before the final scoring: nominate yourself for an award, or pass", options)
            if chosen == PASS:
                break
            act(game, seat, chosen)


