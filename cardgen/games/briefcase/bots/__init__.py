"""Bot players for Briefcase, by name: policies that answer the engine's decisions from
observations. "random" is the shared random policy, which answers any game's decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.games.briefcase.bots.base import Policy
from cardgen.games.briefcase.bots.expert import ExpertBot
from cardgen.games.briefcase.bots.greedy import GreedyBot
from cardgen.sim.driver import RandomPolicy
from cardgen.sim.effects import AVOID, make_told_bot, split_bot

# A bot's factory takes the policy's own seed.
BOTS: dict[str, Callable[[int], Any]] = {"random": RandomPolicy, "greedy": GreedyBot, "expert": ExpertBot}


def base_bot(name: str) -> str:
    """The bot a name is built on: "expert" for "expert/avoid=bank" or "expert/favour=bank"."""
    return split_bot(name)[0]


def make_bot(name: str, seed: int = 0) -> Any:
    """A fresh bot by name; ValueError naming the known bots otherwise.

    ``NAME/avoid=COMPANY_ID`` is bot NAME that never buys that company, ``NAME/favour=COMPANY_ID``
    the bot that buys it first whenever it may and activates it once nothing it values more is
    left (check-set's paired company effects, ``cardgen.sim.effects``); only the heuristic bots
    (greedy, expert) take them."""
    return make_told_bot(name, BOTS, seed, "Briefcase", "a company", lambda bot: hasattr(bot, "avoid"))


__all__ = ["AVOID", "BOTS", "Policy", "base_bot", "make_bot"]
