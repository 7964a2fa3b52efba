"""Bot players for Briefcase, by name."""

from __future__ import annotations

from cardgen.games.briefcase.bots.base import Bot
from cardgen.games.briefcase.bots.expert import ExpertBot
from cardgen.games.briefcase.bots.greedy import GreedyBot
from cardgen.games.briefcase.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}


def make_bot(name: str) -> Bot:
    """A fresh bot by name; ValueError naming the known bots otherwise."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown Briefcase bot '{name}' (known: {', '.join(BOTS)})") from None


__all__ = ["BOTS", "Bot", "make_bot"]
