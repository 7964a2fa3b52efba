"""Bot players of Free Market: NYC: policies that answer the engine's decisions from one seat's
observation. ``random`` is the shared driver's ``RandomPolicy`` (uniform among the legal
options, so that it finds holes in the rules); ``heuristic`` plays with a simple plan."""

from __future__ import annotations

from collections.abc import Callable

from cardgen.games.fmnyc.bots.heuristic import HeuristicBot
from cardgen.sim.driver import Policy, RandomPolicy

__all__ = ["BOTS", "HeuristicBot", "make_bot"]

BOTS: dict[str, Callable[[int], Policy]] = {"random": RandomPolicy, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> Policy:
    return BOTS[name](seed)
