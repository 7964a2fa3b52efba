"""Free Market: NYC: a board game of trade, partnerships and roadblocks in New York City.

Data (``cards/fmnyc``) and its meaning checks. No rules engine, simulator or printable edition
yet: ``cardgen simulate``, ``build`` and ``i18n`` say so."""

from cardgen.games.fmnyc.checks import RULES

__all__ = ["RULES"]
