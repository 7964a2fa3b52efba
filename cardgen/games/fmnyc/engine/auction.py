"""Stage 3, the Merchandise Auction (ruling auction-ties).

In the Round of Turns from the Cup each seat opens a lot (the 2 crates of one container) at a
bid of at least their Cost Prices, or passes. Every other seat, going round from the bidder,
may then outbid by at least 1 coin what it can pay; the lot is sold when the bidding comes back
round to the standing bidder with no raise (a raise is answered by the seats after it, so the
earliest seat in the Round of Turns holds a bid called by two at once). The winner pays the
supply and may buy 1 hidden crate for 2 coins. The stage ends when every seat in a row passes
on opening, or no container holds a full lot.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine import ask, careers, names
from cardgen.games.fmnyc.engine.ask import PASS
from cardgen.games.fmnyc.engine.items import draw_crates, pay_coins
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

Steps = Generator[Decision, Any, None]


def min_bid(game: Game, box: list[str]) -> int:
    return sum(game.table.cost[c] for c in box)


def _bid_checker(low: int, high: int, lots: list[int]) -> Any:
    def check(choice: Any) -> str | None:
        if isinstance(choice, list | tuple) and len(choice) == 2 and choice[0] in lots \
                and isinstance(choice[1], int) and not isinstance(choice[1], bool):
            return None if low <= choice[1] <= high else f"a bid is between {low} and {high}"
        return "choose [container, bid] or pass"
    return check


def auction(game: Game, effect: Mapping[str, Any]) -> Steps:
    lot = int(effect["lot"])
    bonus_price = int(effect.get("bonus_price", 0))
    bonus = int(effect.get("bonus", {}).get("hidden_crate", 0))
    order = game.order()
    n, passes, k = len(order), 0, 0
    boxes = game.board.containers
    while passes < n and any(len(b) >= lot for b in boxes):
        seat = order[k % n]
        k += 1
        coins = game.seats[seat].coins
        lots = [i for i, b in enumerate(boxes) if len(b) >= lot and min_bid(game, b) <= coins]
        if not lots:
            passes += 1
            continue
        options = [PASS, *[[i, min_bid(game, boxes[i])] for i in lots]]
        chosen = yield _open(seat, options, coins, lots, game)
        if chosen == PASS:
            passes += 1
            continue
        passes = 0
        box, high = int(chosen[0]), int(chosen[1])
        holder = seat
        j = order.index(seat)
        while True:
            j += 1
            other = order[j % n]
            if other == holder:
                break
            can = game.seats[other].coins
            if can <= high:
                continue
            game.focus = (box, high, holder)
            raised = yield ask.act(other, "outbid", f"Seat {holder + 1} bids {names.coins(high)} for "
                                   f"{_lot(game, box)}: outbid, or pass", [PASS, high + 1],
                                   lambda o: "pass" if o == PASS else f"bid {names.coins(o)}",
                                   _raise_checker(high + 1, can))
            if raised != PASS:
                high, holder = int(raised), other
        game.focus = ()
        game.count("lots_sold")
        pay_coins(game, holder, max(0, high - careers.stage_bonus(game, holder, "discount", game.stage_id)))
        game.count("auction_coins", high)
        crates = boxes[box][:lot]
        del boxes[box][:lot]
        game.seats[holder].crates.extend(crates)
        if bonus and game.seats[holder].coins >= bonus_price and game.supply.pouch and (
                yield d.yes_no(holder, "auction_bonus", f"Buy {names.plural(bonus, 'hidden crate')} for "
                                                    f"{names.coins(bonus_price)}?")
        ):
            pay_coins(game, holder, bonus_price)
            game.seats[holder].crates.extend(draw_crates(game, bonus))


def _open(seat: int, options: list, coins: int, lots: list[int], game: Game) -> Decision:
    low = min(o[1] for o in options[1:])
    check = _bid_checker(low, coins, lots)

    def checker(choice: Any) -> str | None:
        why = check(choice)
        if why is None and choice[1] < min_bid(game, game.board.containers[choice[0]]):
            return "a bid is at least the Cost Prices of both crates"
        return why
    return ask.act(seat, "open_bid", "Merchandise Auction: open a lot with a bid, or pass", options,
                   lambda o: "pass" if o == PASS else f"bid {names.coins(o[1])} for {_lot(game, o[0])}",
                   checker)


def _lot(game: Game, box: int) -> str:
    """A lot as the bidders see it: "container 2 (Jewelry, Tools)"."""
    return f"{names.container(box)} ({names.crates(game.table, game.board.containers[box])})"


def _raise_checker(low: int, high: int) -> Any:
    def check(choice: Any) -> str | None:
        if isinstance(choice, int) and not isinstance(choice, bool) and low <= choice <= high:
            return None
        return f"outbid with {low} to {high} coins, or pass"
    return check
