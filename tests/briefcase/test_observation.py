"""A seat's observation: one object a game long, brought up to date at each of the seat's
decisions (observation.py), equal at every decision to one built from scratch; a copy keeps a
decision's view; a bot that writes into it is reported when the invariants are on."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardgen.games.briefcase.engine.observation import Observation, fresh_observation
from cardgen.games.briefcase.simulation import SIMULATOR
from cardgen.sim import driver
from cardgen.sim.decisions import Decision


def _state(invariants: bool = False) -> Any:
    config = SIMULATOR.prepare(players=3, set_ref="simple", bots=["greedy"] * 3, options={})
    return SIMULATOR.new_state(config, 5, invariants)


def _bots(seed: int = 5) -> list[Any]:
    return [SIMULATOR.policy("greedy", s, driver.policy_seed(seed, s)) for s in range(3)]


def test_a_seats_observation_is_one_object_brought_up_to_date_at_each_of_its_decisions():
    g, bots = _state(), _bots()
    first = {s: g.observation(s) for s in range(3)}
    for _ in range(60):
        decision = g.decision()
        obs = g.observation(decision.seat)
        assert obs is first[decision.seat]
        assert obs == fresh_observation(g, decision.seat) and obs.version == g.version
        g.apply(bots[decision.seat].decide(obs, decision))


def test_a_copy_keeps_the_view_of_its_decision():
    g, bots = _state(), _bots()
    decision = g.decision()
    obs = g.observation(decision.seat)
    kept = copy.deepcopy(obs)
    assert type(kept) is Observation and kept == obs
    while g.observation(decision.seat).version == kept.version or g.decision().seat != decision.seat:
        d = g.decision()
        g.apply(bots[d.seat].decide(g.observation(d.seat), d))
    assert kept.version < obs.version and kept != obs          # the object moved on, the copy did not


def test_a_bot_that_writes_into_its_observation_is_reported_when_the_invariants_are_on():
    class Vandal:
        """Plays as the greedy bot, but changes another player's storage as it sees it."""

        def __init__(self) -> None:
            self.inner = _bots()[0]

        def decide(self, observation: Any, decision: Decision) -> Any:
            other = observation.players[(observation.seat + 1) % observation.n]
            other.storage = (9,) * len(other.storage)
            return self.inner.decide(observation, decision)

    g = _state(invariants=True)
    with pytest.raises(AssertionError, match="observation is stale"):
        driver.drive(g, [Vandal(), *_bots()[1:]])
