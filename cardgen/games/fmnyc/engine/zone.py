"""The Action Zone: partnerships (a shop on a shop or factory square), roadblocks and what they
pay when they are built or taken over (rules.yaml ``roadblocks``, ``takeover``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.games.fmnyc.engine.items import gain_coins, transfer

if TYPE_CHECKING:
    from cardgen.games.fmnyc.engine.game import Game


def free_squares(game: Game, kind: str) -> list[int]:
    """Squares of ``kind`` ("shop" includes the pawn shop, which "operates similarly to the
    other shops") where nobody has a partnership."""
    kinds = ("shop", "pawn_shop") if kind == "shop" else (kind,)
    partner = game.board.partner
    return [q.index for q in game.table.squares if q.kind in kinds and partner[q.index] is None]


def _line_payment(game: Game, builder: int, partner: int, kind: str) -> None:
    """What a roadblock's builder collects for one partnership of its line."""
    rule = game.table.rules["roadblocks"][kind]
    pay = rule["own_partner"] if partner == builder else rule["other_partner"]
    if pay.get("from_partner"):
        transfer(game, partner, builder, int(pay["from_partner"]), "roadblocks")
    if pay.get("from_supply"):
        gain_coins(game, builder, int(pay["from_supply"]), "roadblocks")


def establish(game: Game, seat: int, square: int) -> None:
    """A shop of ``seat``'s colour on ``square``; every roadblock whose line holds the square
    collects for it. The caller has checked the square is free and a shop is in the supply."""
    game.supply.colour[seat]["shop"] -= 1
    game.board.partner[square] = seat
    game.board.guards[square] = 0
    for slot in game.table.lines_of(square):
        owner = game.board.roadblock[slot]
        if owner is not None:
            _line_payment(game, owner, seat, game.table.slots[slot].kind)


def free_slots(game: Game) -> list[int]:
    return [s.index for s in game.table.slots if game.board.roadblock[s.index] is None]


def place_roadblock(game: Game, seat: int, slot: int, paid: bool = True) -> None:
    """A roadblock of ``seat``'s colour in ``slot``; a newly built one collects for every
    partnership already in its line, a taken-over one does not (``paid`` False: "they
    already paid to the prior constructer")."""
    game.supply.colour[seat]["roadblock"] -= 1
    game.board.roadblock[slot] = seat
    game.board.rb_guards[slot] = 0
    if paid:
        info = game.table.slots[slot]
        for square in info.line:
            partner = game.board.partner[square]
            if partner is not None:
                _line_payment(game, seat, partner, info.kind)


def remove_partnership(game: Game, square: int) -> None:
    """The shop and its guards go back to their colour's supply."""
    owner = game.board.partner[square]
    if owner is None:
        return
    game.supply.colour[owner]["shop"] += 1
    game.supply.colour[owner]["worker"] += game.board.guards[square]
    game.board.partner[square] = None
    game.board.guards[square] = 0


def remove_roadblock(game: Game, slot: int) -> None:
    owner = game.board.roadblock[slot]
    if owner is None:
        return
    game.supply.colour[owner]["roadblock"] += 1
    game.supply.colour[owner]["worker"] += game.board.rb_guards[slot]
    game.board.roadblock[slot] = None
    game.board.rb_guards[slot] = 0


def route_squares(game: Game, seat: int, truck: Any) -> list[int]:
    """Squares a truck (``None``: one from behind the screen) may park on: no strike, no other
    truck."""
    taken = {t.square for s in game.seats for t in s.trucks if t is not truck}
    return [q.index for q in game.table.squares
            if not game.board.strike[q.index] and q.index not in taken]
