"""The Briefcase rules engine, driven by the typed data (no per-company code paths).

- ``rules``: the data compiled into index tables (``compile_rules``);
- ``state``: the mutable game; ``setup``: a new game; ``turn``: turns and the game's end;
- ``actions``: what a player does with decision cards; ``cards`` and ``payment``: paying
  with decision cards and with resources (with the conversions abilities allow);
- ``effects``: each ability effect kind, once; ``scoring``; ``invariants``;
- ``legal``: every legal action as data (for the random bot and fuzzing).

Bots (``cardgen.games.briefcase.bots``) take the decisions through hooks the engine calls.
"""

from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, OBSTACLE, Rules, compile_rules
from cardgen.games.briefcase.engine.setup import new_game
from cardgen.games.briefcase.engine.state import GameState, IllegalAction, PlayerState
from cardgen.games.briefcase.engine.turn import play_game, play_turn

__all__ = ["ACTIVATE", "BUY", "HIRE", "OBSTACLE", "GameState", "IllegalAction", "PlayerState", "Rules",
           "compile_rules", "new_game", "play_game", "play_turn"]
