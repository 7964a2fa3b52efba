"""The expert player: the heuristic core with weights tuned by measurement, plus three habits
the greedy player lacks. Once it is late it invests Buy cards in the Central Bank before
spending its Activate cards on companies; it cashes in on its last turn once the end is
triggered; and it puts company blocks on what the leading rival would buy next.

The weights came from a hill-climbing search (run during development) over 4-player games
against three greedy players; ``benchmarks/briefcase_sim.py --duel`` measures the result on
fresh seeds.
"""

from __future__ import annotations

from cardgen.games.briefcase.bots.heuristic import HeuristicBot, Style


class ExpertBot(HeuristicBot):
    name = "expert"
    style = Style(
        vp=1.0, card=(1.27, 0.33, 0.05, 0.2), energy=0.28, resource=0.29, ability=0.72,
        buy_cost=0.9, future_activations=4.39, late=0.6, reserve=2, invest_first=True,
        eligibility=0.62, final_turn=True, unblock=True, hire=True, block_rivals=True,
    )
