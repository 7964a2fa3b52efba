"""A plan the engine's planner issued on a seat's observation is accepted at the decision it
was made for without its payment and rules checked again (actions.issue): the planner applied
them to that very version. It buys nothing at any other decision, and the action's arguments
are still checked: the planners take them on trust."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.state import forget_observations
from cardgen.games.briefcase.simulation import SIMULATOR
from cardgen.sim.decisions import IllegalAction

from .helpers import set_hand


def _at_an_action() -> tuple[Any, int, int]:
    """A game at its first action decision, the seat holding the Buy cards one resource costs
    (and an Obstacle, so that buying leaves step A going); with that resource."""
    config = SIMULATOR.prepare(players=2, set_ref="simple", bots=["greedy"] * 2, options={})
    g = SIMULATOR.new_state(config, 1)
    while g.decision().tag != "action":
        g.apply(SIMULATOR.policy("greedy", g.decision().seat, 1).decide(
            g.observation(g.decision().seat), g.decision()))
    seat = g.decision().seat
    r = next(r for r in g.rules.basic if g.market[r] and r not in g.resource_blocks)
    set_hand(g, seat, buy=g.rules.buy_cost[r], obstacle=1)
    forget_observations(g)          # the hand was set behind the rules' back
    return g, seat, r


def test_an_issued_plan_pays_only_at_the_decision_it_was_made_for():
    g, seat, r = _at_an_action()
    plan = actions.resource_plan(g.observation(seat), r)
    assert plan is not None
    g.apply(("buy_resource", r, 1, plan))
    assert g.decision().seat == seat and g.decision().tag == "action"     # the Obstacle is left
    hand = tuple(g.players[seat].hand)
    with pytest.raises(IllegalAction, match="cannot pay"):
        g.apply(("buy_resource", r, 1, plan))       # the Buy cards it named were spent
    assert tuple(g.players[seat].hand) == hand


def test_an_issued_plan_does_not_make_an_argument_of_the_wrong_type_legal():
    g, seat, r = _at_an_action()
    plan = actions.resource_plan(g.observation(seat), r, True)   # type: ignore[arg-type]
    assert plan is not None                 # the planner takes its arguments on trust
    storage = tuple(g.players[seat].storage)
    with pytest.raises(IllegalAction, match="one or more at a time, not true"):
        g.apply(("buy_resource", r, True, plan))
    assert tuple(g.players[seat].storage) == storage
