"""Bot players of Free Market: NYC: policies that answer the engine's decisions from one seat's
observation. ``random`` is the shared driver's ``RandomPolicy`` (uniform among the legal
options, so that it finds holes in the rules); ``heuristic`` plays with a simple plan;
``planner`` is the heuristic with the game's end in view.

``NAME/avoid=CARD_ID`` (``cardgen.sim.effects.avoiding``) is bot NAME that never keeps that
Career card in the draft while it has another choice, and ``NAME/favour=CARD_ID``
(``favouring``) the bot that keeps it whenever it is dealt: check-set's paired card effects.
Only the heuristic bots (heuristic, planner) take them."""

from __future__ import annotations

from collections.abc import Callable

from cardgen.games.fmnyc.bots.heuristic import HeuristicBot
from cardgen.games.fmnyc.bots.planner import PlannerBot
from cardgen.sim.driver import Policy, RandomPolicy
from cardgen.sim.effects import make_told_bot

__all__ = ["BOTS", "HeuristicBot", "PlannerBot", "make_bot"]

# The second is the default seat of ``cardgen simulate``.
BOTS: dict[str, Callable[[int], Policy]] = {"random": RandomPolicy, "heuristic": HeuristicBot,
                                            "planner": PlannerBot}


def make_bot(name: str, seed: int = 0) -> Policy:
    """A fresh bot by name; ValueError naming the known bots otherwise."""
    return make_told_bot(name, BOTS, seed, "Free Market: NYC", "a Career card",
                         lambda bot: isinstance(bot, HeuristicBot))
