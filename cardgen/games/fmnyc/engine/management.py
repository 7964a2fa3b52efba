"""The management stages' effect kinds (stages 1-4 of stages.yaml): advance_round, roll_demand,
update_prices, fill_containers, factory_bonuses, recharge_politicians, tax, clear_strikes,
auction and assign_managers."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine import ask, careers, names
from cardgen.games.fmnyc.engine.ask import PASS
from cardgen.games.fmnyc.engine.auction import auction
from cardgen.games.fmnyc.engine.effects import by_round, perform
from cardgen.games.fmnyc.engine.items import SUPPLY, TOWER, gain_coins, pay_coins
from cardgen.games.fmnyc.engine.market import fill_containers, roll_demand
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

Steps = Generator[Decision, Any, None]
Effect = Mapping[str, Any]


def _advance(game: Game, e: Effect) -> Steps:
    return      # the round number is the game's loop counter (``Game._play``)
    yield


def _roll(game: Game, e: Effect) -> Steps:
    roll_demand(game)
    return
    yield


def _nothing(game: Game, e: Effect) -> Steps:
    return
    yield


def _fill(game: Game, e: Effect) -> Steps:
    fill_containers(game, int(e["crates"]))
    return
    yield


def _factory_bonuses(game: Game, e: Effect) -> Steps:
    """Every factory partner collects its factory's bonus, unless a strike stands on it
    (ruling strike-factory-bonus)."""
    bonuses = game.table.bonuses
    for q in game.table.squares:
        partner = game.board.partner[q.index]
        if q.kind != "factory" or partner is None:
            continue
        if game.board.strike[q.index]:
            game.count("factory_bonus_struck")
            continue
        game.source = "factories"
        times = 1 + sum(int(e["times"]) for _, e in careers.passive(game, partner, "factory_bonus_extra")
                        if e["factory"] == q.what)
        for _ in range(times):
            yield from perform(game, partner, bonuses[q.what])
        game.source = "stages"


def _recharge(game: Game, e: Effect) -> Steps:
    """A disc on +1 collects ``income``; one on -1 may go back to +1 for ``cost`` donated."""
    cost, to = int(e["cost"]), TOWER if e["to"] == "tower" else SUPPLY
    for pol in game.table.politicians:
        held = game.board.politician.get(pol)
        if held is None:
            continue
        seat, charged = held
        if charged:
            gain_coins(game, seat, int(e["income"]), "politicians")
        elif game.seats[seat].coins >= cost and (
                yield d.yes_no(seat, "recharge", f"Turn your disc on {names.politician(game.table, pol)} "
                                                 f"back to +1 for {names.coins(cost)}?")):
            pay_coins(game, seat, cost, to)
            held[1] = True


def _tax(game: Game, e: Effect) -> Steps:
    """Tax per manager over ``free_managers``. A seat short of coins donates one crate to the
    tower for 1 coin and owes the rest (ruling tax-shortfall): "must donate any asset in his
    possession (such as a crate) for 1 coin ... If the deficit is more than one coin, the
    balance must be paid to the supply as soon as the player earns additional coins"."""
    rate = by_round(game, e["by_round"], bool(e.get("last_holds")))
    if rate is None:
        return
    for seat in game.order():
        s = game.seats[seat]
        due = rate * max(0, s.managers - int(e["free_managers"]) - game.tax_relief(seat))
        if not due:
            continue
        game.count("tax_coins", due)
        if due > s.coins and s.crates:
            crate = s.crates[0] if len(set(s.crates)) == 1 else (
                yield ask.choose(seat, "donate_crate", "Tax: choose a crate to donate to the tower for "
                                 "1 coin", sorted(set(s.crates)), lambda c: names.crate(game.table, c)))
            s.crates.remove(crate)
            game.tower.crates.append(crate)
            game.count("tax_crates_donated")
            due -= 1
        pay_coins(game, seat, due)


def _clear_strikes(game: Game, e: Effect) -> Steps:
    for q, struck in enumerate(game.board.strike):
        if struck:
            game.board.strike[q] = False
            game.supply.shared["strike"] += 1
    return
    yield


def _auction(game: Game, e: Effect) -> Steps:
    yield from auction(game, e)


def _assign(game: Game, e: Effect) -> Steps:
    """Each seat in turn assigns one manager to a stage with a free outline (one each on a stage
    open to all, ruling same-stage-managers), or buys a stock instead (ruling stock-turn), until
    every manager is assigned. A seat whose managers are all assigned may still use its turn
    to buy a stock while others assign (ruling stock-turn)."""
    table, on = game.table, game.board.managers_on
    left = {s.seat: s.managers for s in game.seats}
    while any(left.values()):
        for seat in game.order():
            if not left[seat]:
                stocks = game.stock_options(seat)
                if stocks and any(left.values()):
                    chosen = yield ask.choose(seat, "stock_turn", "Your managers are assigned: buy a "
                                              "stock with your turn, or pass", [PASS, *stocks],
                                              lambda o: "pass" if o == PASS else _assignment(game, o))
                    if chosen != PASS:
                        game.buy_stock(seat, chosen[1])
                continue
            stages = [n for n in sorted(table.capacity)
                      if len(on.get(n, ())) < table.capacity[n]
                      and not (n in table.all_stage and seat in on.get(n, ()))]
            # A card of extra_capacity (single use) opens its full stage to the holder.
            beyond = {table.number_of(e["stage"]): card
                      for card, e in careers.passive(game, seat, "extra_capacity")}
            stages += sorted(n for n in beyond if n not in stages)
            stocks = game.stock_options(seat)
            if not stages:
                game.count("managers_unplaced", left[seat])
                left[seat] = 0
                continue
            chosen = yield ask.choose(seat, "assign", "Assign a manager to a stage"
                                      + (", or buy a stock instead" if stocks else ""),
                                      [*stages, *stocks], lambda o: _assignment(game, o))
            if isinstance(chosen, int):
                if chosen in beyond and len(on.get(chosen, ())) >= table.capacity[chosen]:
                    careers.use(game, seat, beyond[chosen])
                    game.extra_managers[chosen] = game.extra_managers.get(chosen, 0) + 1
                on.setdefault(chosen, []).append(seat)
                left[seat] -= 1
            else:
                game.buy_stock(seat, chosen[1])


def _assignment(game: Game, option: Any) -> str:
    """A stage (with the managers already on it) or a stock to buy."""
    if isinstance(option, int):
        free = game.table.capacity[option] - len(game.board.managers_on.get(option, ()))
        left = f"{names.plural(free, 'place')} left" if free > 0 else "full: your Career card adds a place"
        return f"{names.stage(game.table, option)}, {left}"
    cost = int(game.stock(option[1])["purchase_cost"])
    return f"buy {names.stock(game.table, option[1])} for {names.coins(cost)}"


HANDLERS: dict[str, Callable[[Game, Effect], Steps]] = {
    "advance_round": _advance,
    "roll_demand": _roll,
    "update_prices": _nothing,
    "fill_containers": _fill,
    "factory_bonuses": _factory_bonuses,
    "recharge_politicians": _recharge,
    "tax": _tax,
    "clear_strikes": _clear_strikes,
    "auction": _auction,
    "assign_managers": _assign,
}
