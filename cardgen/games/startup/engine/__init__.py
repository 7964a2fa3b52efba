"""The rules engine of the startup card game: state, legal plays, effects and reactions, turns."""

from cardgen.games.startup.engine.game import Game, InvariantError
from cardgen.games.startup.engine.state import Action, Window

__all__ = ["Action", "Game", "InvariantError", "Window"]
