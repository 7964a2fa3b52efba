"""Free Market: NYC: a board game of trade, partnerships and roadblocks in New York City.

Data (``cards/fmnyc``) and its meaning checks; the print-and-play edition (``cards``: Career
cards, characters, tokens and standees; ``board``: the board side for the player count, tiled;
``inserts``: the Player's Screens and the other aids; ``texts``: every printed string, for
``cardgen i18n``); the rules engine (``engine``), its bots (``bots``) and ``simulation``, the
simulator ``cardgen simulate fmnyc`` plays."""

from cardgen.games.fmnyc.checks import RULES

__all__ = ["RULES"]
