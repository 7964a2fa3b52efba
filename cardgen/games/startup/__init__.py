"""Build a startup. Betray your friends.: a valuation race with alliances and betrayal.

Data and meaning checks, rules engine, bots and the simulator adapter."""

from cardgen.games.startup.checks import RULES

__all__ = ["RULES"]
