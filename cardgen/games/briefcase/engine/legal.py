"""The main phase's decision: the next action of the player whose turn it is.

An action is a plain tuple (a JSON list in a game log), its payment included:

    ("end",)                                         end step A
    ("buy_company", company, card_plan)
    ("buy_resource", resource, count, card_plan)
    ("activate", company, (card_plan, resource_plan))
    ("invest", buy_cards, card_plan)                 the Central Bank; card_plan pays the Activate
    ("move_block", "resource"|"company", block, target, card_type, card_plan)
    ("hire", owner_seat, company, (card_plan, resource_plan))

A card plan is ``(cards given up per type, ((company, uses), ...))`` for the ``cards_as``
abilities it uses; a resource plan lists ``(source, target, limited-ability company or -1)``
(``cards.plan_cards`` and ``payment.plan_payment`` make them). ``action_problem`` checks any
action against the state and the rules (``actions``' checks); ``options`` lists a representative
set of legal actions (each affordable action, with one way to pay it), enough for a random
player or a person to play a whole game.
"""

from __future__ import annotations

import functools
from typing import Any

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import BUY, N_CARDS, N_RES
from cardgen.games.briefcase.engine.state import GameState
from cardgen.games.briefcase.model import DECISIONS
from cardgen.problems import quoted
from cardgen.sim.decisions import Decision

Action = tuple
END: Action = ("end",)

# Each kind's number of fields (the kind included) and its check.
_ARITY = {"end": 1, "buy_company": 3, "buy_resource": 4, "activate": 3, "invest": 3, "move_block": 6,
          "hire": 4}
_CHECKS: dict[str, Any] = {
    "end": actions.turn_problem,
    "buy_company": actions.buy_company_problem,
    "buy_resource": actions.buy_resource_problem,
    "activate": actions.activate_problem,
    "invest": actions.invest_problem,
    "move_block": actions.move_block_problem,
    "hire": actions.hire_plan_problem,
}

# The kinds whose planners issue their plans (``actions.issue``), with the check of their
# arguments alone: for an action paid with a plan the planner issued for it in this version
# (``actions.issued_plan``), the planner applied the rules to these arguments on this very
# version (the game is not over while an action is pending); what is left to check is the
# arguments' types and ranges, which the planners take on trust.
_ARG_CHECKS: dict[str, Any] = {
    "buy_company": actions.company_arg_problem,
    "buy_resource": actions.resource_arg_problem,
    "activate": actions.company_arg_problem,
    "invest": actions.invest_arg_problem,
}

# The three above by kind, looked up once per check: (fields, check, argument check or None).
_KINDS: dict[str, tuple[int, Any, Any]] = {k: (_ARITY[k], _CHECKS[k], _ARG_CHECKS.get(k)) for k in _ARITY}
# An action's type (a tuple from a bot, a list from a JSON log); a tuple, not ``tuple | list``,
# which would build a union object at every check.
_SEQ = (tuple, list)


def action_problem(g: GameState, action: Any, version: int | None = None) -> str | None:
    """Why ``action`` (a tuple or a JSON list) is not legal for the current player now, or None.
    ``version``: that of the pending decision, whose observations' plans are accepted."""
    if not isinstance(action, _SEQ) or not action:
        return f"an action is a list [kind, ...], not {quoted(action)}"
    kind = action[0]
    entry = _KINDS.get(kind) if isinstance(kind, str) else None
    if entry is None:
        return f"unknown action {quoted(kind)} (actions: {', '.join(_ARITY)})"
    arity, check, arg_check = entry
    if len(action) != arity:
        article = "an" if kind[0] in "aeiou" else "a"
        return f"{article} {kind} action has {arity - 1} fields after its kind, not {len(action) - 1}"
    if arity == 1:                                  # "end"
        return check(g)
    if arg_check is not None and version is not None and actions.issued_plan(g, action, version):
        why = arg_check(g, *action[1:-1])
        if g.invariants and why != check(g, *action[1:]):
            raise AssertionError(f"turn {g.turns}: an issued plan for {action!r} is not legal")
        return why
    return check(g, *action[1:])


def options(g: GameState) -> list[Action]:
    """A representative list of legal actions: ending the turn, and each affordable action with
    one way to pay it (a block's move with the first card type that pays it)."""
    p = g.players[g.current]
    out: list[Action] = [END]
    for ci in g.portfolio:
        plan = actions.company_plan(g, ci)
        if plan is not None:
            out.append(("buy_company", ci, plan))
    for r in range(N_RES):
        plan = actions.resource_plan(g, r)
        if plan is not None:
            out.append(("buy_resource", r, 1, plan))
    for ci in p.companies:
        aplan = actions.activation_plan(g, ci)
        if aplan is not None:
            out.append(("activate", ci, aplan))
    for k in range(1, min(p.hand[BUY], g.central_bank_vp) + 1):
        plan = actions.central_bank_plan(g, k)
        if plan is not None:
            out.append(("invest", k, plan))
    payable = [(t, plan) for t in range(N_CARDS) if (plan := actions.block_plan(g, t)) is not None]
    if payable:
        t, plan = payable[0]
        for kind, blocks in (("resource", g.resource_blocks), ("company", g.company_blocks)):
            for i in range(len(blocks)):
                for target in actions.block_targets(g, kind, i):
                    out.append(("move_block", kind, i, target, t, plan))
    for o in g.opponents(g.current):
        opp = g.players[o]
        for ci in opp.companies:
            if opp.active[ci]:
                hplan = actions.hire_plan(g, o, ci)
                if hplan is not None:
                    out.append(("hire", o, ci, hplan))
    return out


def describe(g: GameState, action: Action) -> str:
    """An action as a person reads it."""
    rules = g.rules
    kind = action[0]

    def paid(plan: Any) -> str:
        consume = plan[0]
        return ", ".join(f"{k} {DECISIONS[t].capitalize()}" for t, k in enumerate(consume) if k) or "nothing"

    if kind == "end":
        return "end your turn"
    if kind == "buy_company":
        return f"buy {rules.companies[action[1]].name} (pay {paid(action[2])})"
    if kind == "buy_resource":
        return f"buy {action[2]} {rules.res_names[action[1]].capitalize()} (pay {paid(action[3])})"
    if kind == "activate":
        spent = [rules.res_names[s].capitalize() for s, _t, _c in action[2][1]]
        return (f"activate {rules.companies[action[1]].name} (pay {paid(action[2][0])}; "
                f"spend {', '.join(spent) or 'nothing'})")
    if kind == "invest":
        return f"invest {action[1]} Buy in the Central Bank (pay {paid(action[2])})"
    if kind == "move_block":
        # A block is named by where it stands, as the table shows it ("resource blocks on: ...").
        if action[1] == "resource":
            target, on = rules.res_names[action[3]].capitalize(), g.resource_blocks[action[2]]
            block = f"the resource block on {rules.res_names[on].capitalize()}"
        else:
            target, on = rules.companies[action[3]].name, g.company_blocks[action[2]]
            if on < 0:                           # not on the table yet
                return f"put company block {action[2] + 1} on {target} (pay {paid(action[5])})"
            block = f"the company block on {rules.companies[on].name}"
        return f"move {block} to {target} (pay {paid(action[5])})"
    spent = [rules.res_names[s].capitalize() for s, _t, _c in action[3][1]]
    return (f"hire {rules.companies[action[2]].name} of seat {action[1] + 1} (pay {paid(action[3][0])}; "
            f"give {', '.join(spent) or 'nothing'})")


class ActDecision(Decision):
    """The ``act`` decision of step A, built at every action of every turn, so it is cheap:
    its options and labels are listed only when something reads them (the random bot or a
    person; a heuristic bot plans its own action), and its check is the engine's validation
    (any legal action is allowed, listed or not; every listed one is legal)."""

    # The dataclass fields that never change, as class attributes: an instance holds only its
    # seat, its game and the version it was made at, set directly (the generated __init__ and
    # its frozen setattr cost more than the rest of an action).
    kind = "act"
    tag = "action"
    prompt = "Your next action (or end your turn)"
    low = 0
    high = 0
    _options: tuple[Action, ...] | None = None     # listed when first read

    def __init__(self, g: GameState, seat: int) -> None:
        fields = self.__dict__
        fields["seat"] = seat
        fields["_g"] = g
        fields["_version"] = g.version

    @property                                # type: ignore[override]
    def checker(self) -> Any:
        # Made when read (rarely: ``check`` below is what the engine calls), and not this
        # decision's bound method, which would make it a reference cycle.
        return functools.partial(action_problem, self.__dict__["_g"])

    @property                                # type: ignore[override]
    def options(self) -> tuple[Action, ...]:
        listed = self._options
        if listed is None:
            g = self.__dict__["_g"]
            if g.version != self.__dict__["_version"]:
                raise RuntimeError("the options of an action decision are read while it is pending")
            listed = self.__dict__["_options"] = tuple(options(g))
        return listed

    @property                                # type: ignore[override]
    def labels(self) -> tuple[str, ...]:
        g = self.__dict__["_g"]
        return tuple(describe(g, a) for a in self.options)

    def describe(self, choice: Any) -> str:
        # Any legal action, listed or not (a bot's own payment plan), reads as the listed ones do.
        return describe(self.__dict__["_g"], choice)

    def check(self, choice: Any) -> str | None:
        fields = self.__dict__
        return action_problem(fields["_g"], choice, fields["_version"])
