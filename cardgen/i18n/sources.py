"""Where a game's translatable strings come from.

Each game's ``texts`` module (``cardgen.games.<game>.texts``) offers ``box_messages()``: every
string its cards and inserts print, read from the game's data (and from the workspace's own
sets or cards where the game has them). It may offer ``other_files()``: files beside the game's
data whose texts those messages hold, for the catalogs' ``#:`` references.
"""

from __future__ import annotations

from cardgen.games import game_module, registered_games, unknown_game
from cardgen.i18n.messages import Message


class UnknownGame(LookupError):
    def __init__(self, game: str):
        super().__init__(unknown_game(game))


class NoTexts(LookupError):
    def __init__(self, game: str):
        super().__init__(f"{game} has no printed texts to translate yet")


def translatable_games() -> list[str]:
    """The registered games whose printed texts are known (they have a ``texts`` module)."""
    return [g for g in registered_games() if game_module(g, "texts") is not None]


def game_messages(game: str) -> list[Message]:
    """Every message the game prints, in a stable order. Raises UnknownGame, NoTexts, or
    DataError when the game data itself is invalid."""
    if game not in registered_games():
        raise UnknownGame(game)
    if game not in translatable_games():
        raise NoTexts(game)
    return game_module(game, "texts").box_messages()
