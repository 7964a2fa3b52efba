"""The random bot: uniform among the legal choices, so that it finds holes in the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.startup.engine.state import Action, Window

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game


class RandomBot:
    """Uniform among legal choices; ends its plays early as one more choice among them."""

    name = "random"

    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str:
        return game.rng.choice(options)

    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None:
        pick = game.rng.randrange(len(actions) + 1)
        return actions[pick] if pick < len(actions) else None

    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]:
        return game.rng.sample(game.players[seat].hand, count)

    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        return game.rng.choice([None, *options])

    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None:
        return game.rng.choice([None, *options])

    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool:
        return game.rng.random() < 0.5

    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None:
        return game.rng.choice([None, *game.players[seat].hand])

    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool:
        return game.rng.random() < 0.5

    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int:
        return game.rng.choice(cards)

    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int:
        return game.rng.choice(cards)
