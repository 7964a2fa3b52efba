"""Bot players for Briefcase, by name."""

from __future__ import annotations

from cardgen.games.briefcase.bots.base import Bot
from cardgen.games.briefcase.bots.expert import ExpertBot
from cardgen.games.briefcase.bots.greedy import GreedyBot
from cardgen.games.briefcase.bots.random_bot import RandomBot
from cardgen.sim.effects import AVOID

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}

# AVOID (cardgen.sim.effects): "expert/avoid=bank" is the expert bot that never buys the company bank.


def base_bot(name: str) -> str:
    """The bot a name is built on: "expert" for "expert/avoid=bank"."""
    return name.partition(AVOID)[0]


def make_bot(name: str) -> Bot:
    """A fresh bot by name; ValueError naming the known bots otherwise.

    ``NAME/avoid=COMPANY_ID`` is bot NAME that never buys that company (for check-set's paired
    company effects); only the heuristic bots (greedy, expert) take it."""
    base, _, avoid = name.partition(AVOID)
    try:
        bot = BOTS[base]()
    except KeyError:
        raise ValueError(f"unknown Briefcase bot '{base}' (known: {', '.join(BOTS)})") from None
    if avoid:
        if not hasattr(bot, "avoid"):
            raise ValueError(f"the {base} bot cannot be told to avoid a company")
        bot.avoid = avoid
    return bot


__all__ = ["AVOID", "BOTS", "Bot", "base_bot", "make_bot"]
