"""A Briefcase policy: answers the engine's decisions from observations.

The engine asks through decisions (``cardgen.sim.decisions``), each with a tag: "action" (the
next action of step A), and the choices the rules leave a player (an ability's target, which
card to top-deck, which resources to discard over the storage limit, which paid resources to
keep...). A policy sees an ``Observation`` (what its seat may see), never the state. A subclass
decides a tag by defining a method of that name, ``method(observation, decision)``; any other
decision gets its default answer (``engine.defaults``). Randomness comes from the policy's own
seeded RNG, never the game's.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, ClassVar

from cardgen.games.briefcase.engine.defaults import default_choice
from cardgen.games.briefcase.engine.observation import Observation
from cardgen.sim.decisions import Decision

# Every decision tag of the engine.
TAGS = ("action", "start_order", "use_start_draw", "cycle_card", "remove_from_hand", "take_from_discard",
        "opponent_discard", "take_from_opponent", "deactivate_pick", "production_on_top",
        "production_order", "topdeck_pick", "storage_discard", "extra_draw", "keep_hire_payment")


class Policy:
    name = "base"
    # tag -> the method answering it, per class (built once, so a decision costs one lookup).
    _handlers: ClassVar[dict[str, Callable[..., Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._handlers = {tag: getattr(cls, tag) for tag in TAGS if callable(getattr(cls, tag, None))}

    def __init__(self, seed: int = 0):
        self.seed = seed

    @functools.cached_property
    def rng(self) -> random.Random:
        """The policy's own RNG, seeded when first used: seeding one costs as much as a few
        decisions, at every game, and the heuristic bots never draw from it."""
        return random.Random(self.seed)

    def decide(self, observation: Observation, decision: Decision) -> Any:
        handler = self._handlers.get(decision.tag)
        if handler is None:
            return default_choice(observation.rules, decision)
        return handler(self, observation, decision)
