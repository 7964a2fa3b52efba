"""Moving coins and pieces between a seat, the supply, the pouch and the tower, with debts.

"Whenever you need to pay a coin to another player and you have no coins, you may pay as soon
as you get coins" and the tax's "the balance must be paid to the supply as soon as the player
earns additional coins": a payment a seat cannot make in full becomes a debt, settled first
from the next coins it receives (``settle``). A gain the supply cannot give in full gives what
is left and counts the shortage (``short_<item>``): the supply-exhaustion figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.fmnyc.engine.table import COLOURED

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game

SUPPLY = -1      # a debt's creditor: the supply
TOWER = -2       # ... or the Donation Tower


def gain_coins(game: Game, seat: int, n: int, source: str) -> int:
    """``n`` coins from the supply (fewer if it runs out), debts settled first."""
    got = min(n, game.supply.coins)
    if got < n:
        game.count("short_coin")
    game.supply.coins -= got
    game.seats[seat].coins += got
    game.income[source] += got
    settle(game, seat)
    return got


def settle(game: Game, seat: int) -> None:
    """Pay what the seat owes, oldest debt first, from the coins it has now. A debt is written
    down before its coins reach the creditor: a creditor who owes this seat in turn pays it back
    at once (``_credit`` settles him), and must find the debt already paid."""
    s = game.seats[seat]
    while s.debts and s.coins:
        debt = s.debts[0]
        paid = min(debt[1], s.coins)
        s.coins -= paid
        debt[1] -= paid
        if not debt[1]:
            s.debts.pop(0)
        _credit(game, debt[0], paid)


def _credit(game: Game, creditor: int, n: int) -> None:
    if creditor == SUPPLY:
        game.supply.coins += n
    elif creditor == TOWER:
        game.tower.coins += n
    else:
        game.seats[creditor].coins += n
        settle(game, creditor)


def pay_coins(game: Game, seat: int, n: int, to: int = SUPPLY) -> None:
    """Pay ``n`` coins to the supply, the tower or a seat; what it lacks becomes a debt."""
    s = game.seats[seat]
    paid = min(n, s.coins)
    s.coins -= paid
    if paid:
        _credit(game, to, paid)
    if paid < n:
        s.debts.append([to, n - paid])
        game.count("debts")


def transfer(game: Game, payer: int, payee: int, n: int, source: str) -> None:
    """``payer`` pays ``payee`` (now or, lacking coins, as a debt); counted as ``payee``'s
    income from ``source`` when promised."""
    game.income[source] += n
    pay_coins(game, payer, n, payee)


def gain_piece(game: Game, seat: int, item: str, n: int = 1) -> int:
    """Pieces from the supply (the seat's own colour for coloured pieces) behind the screen."""
    supply = game.supply.colour[seat] if item in COLOURED else game.supply.shared
    got = min(n, supply[item])
    if got < n:
        game.count(f"short_{item}")
    supply[item] -= got
    if item == "manager":
        game.seats[seat].managers += got
    else:
        game.seats[seat].held[item] += got
    return got


def return_piece(game: Game, seat: int, item: str, n: int = 1) -> None:
    """Pieces from behind the screen back to the supply."""
    supply = game.supply.colour[seat] if item in COLOURED else game.supply.shared
    if item == "manager":
        game.seats[seat].managers -= n
    else:
        game.seats[seat].held[item] -= n
    supply[item] += n


def draw_crates(game: Game, n: int) -> list[str]:
    """``n`` crates drawn unseen from the Concealment Pouch (fewer if it runs out)."""
    pouch = game.supply.pouch
    if len(pouch) < n:
        game.count("short_crate")
    out = []
    for _ in range(min(n, len(pouch))):
        out.append(pouch.pop(game.rng.randrange(len(pouch))))
    return out
