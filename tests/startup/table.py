"""A hand-built table for rule tests: scripted players and cards placed by name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from cardgen.games.startup.engine import Action, Game, Window
from cardgen.games.startup.load import load_startup
from cardgen.games.startup.model import StartupGame


@cache
def model() -> StartupGame:
    return load_startup()


@dataclass
class ScriptBot:
    """Answers exactly as told; by default it plays nothing and answers nothing."""

    name: str = "script"
    plays: list[Action | Callable[[Game, int], Action | None]] = field(default_factory=list)
    reacts_with: set[str] = field(default_factory=set)     # card ids it uses as responses
    overrides: bool = False
    accepts: bool = True
    reply: str | None = None                               # card id offered back in a trade
    confirms: bool = True
    picks: str | None = None                               # card id taken by Scandal / reversal
    keeps: set[str] = field(default_factory=set)           # card ids never discarded for the limit
    asked: list[str] = field(default_factory=list)         # what it was asked, in order

    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str:
        return options[0]

    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None:
        if not self.plays:
            return None
        nxt = self.plays.pop(0)
        return nxt(game, seat) if callable(nxt) else nxt

    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]:
        self.asked.append("discard")
        hand = game.players[seat].hand
        return [c for c in hand if game.card(c).id not in self.keeps][:count]

    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        self.asked.append("respond")
        return next((c for c in options if game.card(c).id in self.reacts_with), None)

    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        self.asked.append("override")
        return options[0] if self.overrides else None

    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool:
        self.asked.append("alliance")
        return self.accepts

    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None:
        self.asked.append("trade")
        return next((c for c in game.players[seat].hand if game.card(c).id == self.reply), None)

    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool:
        return self.confirms

    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int:
        return next(c for c in cards if game.card(c).id == self.picks)

    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int:
        return next(c for c in cards if game.card(c).id == self.picks)


def table(players: int = 3, seed: int = 0) -> tuple[Game, list[ScriptBot]]:
    """A game after setup with every hand emptied back into the draw pile: tests place cards."""
    bots = [ScriptBot() for _ in range(players)]
    game = Game(model(), bots, seed, invariants=True)
    game.setup()
    for p in game.players:
        game.table.draw_pile.extend(p.hand)
        p.hand.clear()
    game.current = 0
    game.check()
    return game, bots


def take(game: Game, card_id: str) -> int:
    """An instance of the card from the draw pile (or discard pile)."""
    for pile in (game.table.draw_pile, game.table.discard):
        for c in pile:
            if game.card(c).id == card_id:
                pile.remove(c)
                return c
    raise LookupError(card_id)


def hand(game: Game, seat: int, *card_ids: str) -> list[int]:
    cards = [take(game, cid) for cid in card_ids]
    game.players[seat].hand.extend(cards)
    return cards


def bank(game: Game, seat: int, *card_ids: str) -> list[int]:
    cards = [take(game, cid) for cid in card_ids]
    game.players[seat].bank.extend(cards)
    return cards


def ally(game: Game, a: int, b: int) -> int:
    marker = take(game, "strategic_alliance")
    game.form_alliance(a, b, marker)
    return marker


def ids(game: Game, cards: list[int]) -> list[str]:
    return [game.card(c).id for c in cards]


def use(game: Game, seat: int, card: int, target: int | None = None, target_card: int | None = None) -> int:
    return game.perform(seat, Action("use", card, target, target_card))
