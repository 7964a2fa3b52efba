"""Briefcase: a deck-building business game. Data, meaning checks, rules engine, layouts."""

from cardgen.games.briefcase.checks import RULES

__all__ = ["RULES"]
