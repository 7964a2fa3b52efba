"""The Briefcase rules engine, driven by the typed data (no per-company code paths).

- ``rules``: the data compiled into index tables (``compile_rules``);
- ``state``: the mutable game; ``setup``: a new game; ``turn``: turns and the game's end;
- ``actions``: what a player does with decision cards; ``cards`` and ``payment``: paying
  with decision cards and with resources (with the conversions abilities allow);
- ``effects``: each ability effect kind, once; ``scoring``; ``invariants``;
- ``legal``: the main phase's ``act`` decision, actions as data and their check;
- ``observation``: what a seat may see; ``defaults``: each decision's default answer.

The state holds no bots: the rules yield decisions (``cardgen.sim.decisions``), and policies
(``cardgen.games.briefcase.bots``) answer them from observations through the shared driver.
"""

from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, OBSTACLE, Rules, compile_rules
from cardgen.games.briefcase.engine.setup import new_game
from cardgen.games.briefcase.engine.state import GameState, IllegalAction, PlayerState
from cardgen.games.briefcase.engine.turn import begin, play_game, play_turn

__all__ = ["ACTIVATE", "BUY", "HIRE", "OBSTACLE", "GameState", "IllegalAction", "PlayerState", "Rules",
           "begin", "compile_rules", "new_game", "play_game", "play_turn"]
