"""Bot players: policies that answer the game's decisions from one seat's observation.

``random`` is the shared driver's ``RandomPolicy``: uniform among the legal options of any
decision, so that it finds holes in the rules. ``HeuristicBot`` plays sensibly from what its
seat may see (banks, markers, hand sizes, alliances, its own hand). A bot is given an
``Observation`` and a ``Decision``, never the game; a bot's randomness comes from its own seed
(``cardgen.sim.driver.policy_seed``), never from the game's RNG, so no bot can change a chance
outcome. A bot instance plays one seat of one game.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.games.startup.bots.heuristic import HeuristicBot
from cardgen.sim.driver import Policy, RandomPolicy
from cardgen.sim.effects import make_told_bot

__all__ = ["BOTS", "HeuristicBot", "make_bot"]

# name -> the policy for one seat, made from its seed.
BOTS: dict[str, Callable[[int], Policy]] = {"random": RandomPolicy, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> Policy:
    """A fresh bot by name. ``NAME/avoid=CARD_ID`` is bot NAME that never plays that card for its
    effect nor as an answer, ``NAME/favour=CARD_ID`` the bot that plays it whenever it may
    (check-set's paired card effects, ``cardgen.sim.effects``); only the heuristic takes them."""
    return make_told_bot(name, BOTS, seed, "startup", "a card", lambda bot: isinstance(bot, HeuristicBot))
