"""Each Briefcase decision's default answer, and playing rules outside a game's flow.

The defaults are what the engine did before players made these choices (a bot that overrides
nothing plays them, so seeded games kept their results): keep every card drawn and every
resource paid, cycle and remove Obstacles, put production on top with Buy last, and so on.
They read only the decision and the rules, so any policy can fall back on them.

``run`` plays a part of the rules (an activation, a turn) directly on a state, answering its
decisions with a function: what tests and tools use instead of the driver.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, N_RES, OBSTACLE, Rules
from cardgen.games.briefcase.engine.state import GameState, IllegalAction, touch_all
from cardgen.sim.decisions import Decision

END = ("end",)
# How much a decision card is worth keeping, by type: production put on top of the draw pile is
# ordered by it (the most valuable drawn first).
CARD_VALUE = {BUY: 3, ACTIVATE: 2, HIRE: 1, OBSTACLE: 0}


def _most_plentiful(options: list[Any], k: int) -> list[int]:
    """``k`` of ``options`` (resources, repeated), each time of the most plentiful left."""
    pool = [0] * N_RES
    for r in options:
        pool[r] += 1
    picks: list[int] = []
    while len(picks) < k and any(pool):
        r = max(range(N_RES), key=lambda r: (pool[r], -r))
        pool[r] -= 1
        picks.append(r)
    return picks


def default_choice(rules: Rules, decision: Decision) -> Any:
    """The default answer to ``decision`` (always one it allows)."""
    tag, options = decision.tag, list(decision.options) if decision.kind != "act" else []
    if tag == "action":
        return END
    if tag in ("use_start_draw", "extra_draw", "production_on_top", "take_from_opponent"):
        return True
    if tag in ("start_order", "keep_hire_payment"):
        return options
    if tag == "cycle_card":
        return OBSTACLE if OBSTACLE in options else None
    if tag == "remove_from_hand":
        return min(options, key=CARD_VALUE.__getitem__)           # the least useful card
    if tag == "take_from_discard":
        return _most_plentiful(options, decision.high)
    if tag == "storage_discard":
        return _most_plentiful(options, decision.low)
    if tag == "opponent_discard":
        return BUY if BUY in options else options[0]
    if tag == "deactivate_pick":
        return max((c for c in options if c is not None), key=lambda c: (rules.companies[c].vp, -c))
    if tag == "production_order":
        return sorted(options, key=lambda t: CARD_VALUE[t])
    if tag == "topdeck_pick":
        return next((t for t in (BUY, ACTIVATE, HIRE, OBSTACLE) if t in options), None)
    # A decision this module does not know: the first allowed answer of its kind.
    if decision.kind == "yes_no":
        return True
    if decision.kind == "order":
        return options
    if decision.kind == "choose_many":
        return options[: decision.low]
    return options[0]


Ask = Callable[[Decision], Any]


def run(g: GameState, steps: Generator[Decision, Any, Any], ask: Ask | None = None) -> Any:
    """Play ``steps`` (rules written as a generator of decisions) on ``g`` outside a game's flow,
    answering each decision with ``ask`` (default: its default answer); IllegalAction for an
    answer the decision does not allow. Returns what the steps return."""
    answer = ask or (lambda decision: default_choice(g.rules, decision))
    # Tests change the state between calls: observations must not come from the cache.
    g.version += 1
    touch_all(g)
    try:
        decision = next(steps)
        while True:
            choice = answer(decision)
            why = decision.check(choice)
            if why is not None:
                raise IllegalAction(why)
            g.version += 1
            touch_all(g)
            decision = steps.send(choice)
    except StopIteration as stop:
        return stop.value
