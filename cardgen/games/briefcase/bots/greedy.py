"""The greedy player: the heuristic core with plain, untuned values.

It buys and activates the companies that look best right now, uses their abilities, buys the
resources its companies need, hires, unblocks what it needs, and invests its Buy cards in the
Central Bank once the Decision Bank runs low.
"""

from __future__ import annotations

from cardgen.games.briefcase.bots.heuristic import HeuristicBot, Style


class GreedyBot(HeuristicBot):
    name = "greedy"
    style = Style()
