"""Bot players: every decision the rules leave to a player, answered by a policy.

``RandomBot`` picks uniformly among the legal choices (it finds rule holes). ``HeuristicBot``
plays sensibly from what a player may see (banks, markers, hand sizes, alliances, its own hand).
Both draw all randomness from the game's one ``random.Random``. A bot instance plays one seat
of one game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardgen.games.startup.bots.heuristic import HeuristicBot
from cardgen.games.startup.bots.random_bot import RandomBot
from cardgen.games.startup.engine.state import Action, Window

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]


class Bot(Protocol):
    name: str

    def choose_startup(self, game: Game, seat: int, options: list[str]) -> str: ...
    def choose_play(self, game: Game, seat: int, actions: list[Action]) -> Action | None: ...
    def choose_discard(self, game: Game, seat: int, count: int) -> list[int]: ...
    def respond(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None: ...
    def override(self, game: Game, seat: int, window: Window, options: list[int]) -> int | None: ...
    def accept_alliance(self, game: Game, seat: int, inviter: int) -> bool: ...
    def trade_reply(self, game: Game, seat: int, offerer: int, offered: int) -> int | None: ...
    def confirm_trade(self, game: Game, seat: int, ally: int, offered: int, reply: int) -> bool: ...
    def choose_from_hand(self, game: Game, seat: int, target: int, cards: list[int]) -> int: ...
    def choose_reversal(self, game: Game, seat: int, attacker: int, cards: list[int]) -> int: ...


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str) -> Bot:
    return BOTS[name]()
