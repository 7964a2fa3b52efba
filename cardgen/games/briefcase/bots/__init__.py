"""Bot players for Briefcase, by name: policies that answer the engine's decisions from
observations. "random" is the shared random policy, which answers any game's decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.games.briefcase.bots.base import Policy
from cardgen.games.briefcase.bots.expert import ExpertBot
from cardgen.games.briefcase.bots.greedy import GreedyBot
from cardgen.sim.driver import RandomPolicy
from cardgen.sim.effects import AVOID

# A bot's factory takes the policy's own seed.
BOTS: dict[str, Callable[[int], Any]] = {"random": RandomPolicy, "greedy": GreedyBot, "expert": ExpertBot}

# AVOID (cardgen.sim.effects): "expert/avoid=bank" is the expert bot that never buys the company bank.


def base_bot(name: str) -> str:
    """The bot a name is built on: "expert" for "expert/avoid=bank"."""
    return name.partition(AVOID)[0]


def make_bot(name: str, seed: int = 0) -> Any:
    """A fresh bot by name; ValueError naming the known bots otherwise.

    ``NAME/avoid=COMPANY_ID`` is bot NAME that never buys that company (for check-set's paired
    company effects); only the heuristic bots (greedy, expert) take it."""
    base, _, avoid = name.partition(AVOID)
    try:
        bot = BOTS[base](seed)
    except KeyError:
        raise ValueError(f"unknown Briefcase bot '{base}' (known: {', '.join(BOTS)})") from None
    if avoid:
        if not hasattr(bot, "avoid"):
            raise ValueError(f"the {base} bot cannot be told to avoid a company")
        bot.avoid = avoid
    return bot


__all__ = ["AVOID", "BOTS", "Policy", "base_bot", "make_bot"]
