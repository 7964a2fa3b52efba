"""Bot players of Free Market: NYC: policies that answer the engine's decisions from one seat's
observation. ``random`` is the shared driver's ``RandomPolicy`` (uniform among the legal
options, so that it finds holes in the rules); ``heuristic`` plays with a simple plan;
``planner`` is the heuristic with the game's end in view."""

from __future__ import annotations

from collections.abc import Callable

from cardgen.games.fmnyc.bots.heuristic import HeuristicBot
from cardgen.games.fmnyc.bots.planner import PlannerBot
from cardgen.sim.driver import Policy, RandomPolicy

__all__ = ["BOTS", "HeuristicBot", "PlannerBot", "make_bot"]

# The second is the default seat of ``cardgen simulate``.
BOTS: dict[str, Callable[[int], Policy]] = {"random": RandomPolicy, "heuristic": HeuristicBot,
                                            "planner": PlannerBot}


def make_bot(name: str, seed: int = 0) -> Policy:
    return BOTS[name](seed)
