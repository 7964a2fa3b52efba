"""Every legal action of the current player, as plain tuples, and applying one.

Slow by design (it tries everything); the random bot and the fuzz tests use it. Actions:
("end",), ("buy_company", c), ("buy_resource", r), ("activate", c), ("invest", buys),
("move_block", kind, block, target, card), ("hire", owner, c).
"""

from __future__ import annotations

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import BUY, N_CARDS, N_RES
from cardgen.games.briefcase.engine.state import GameState, IllegalAction

Action = tuple


def legal_actions(g: GameState) -> list[Action]:
    p = g.players[g.current]
    out: list[Action] = [("end",)]
    for ci in g.portfolio:
        if actions.company_plan(g, ci) is not None:
            out.append(("buy_company", ci))
    for r in range(N_RES):
        if actions.resource_plan(g, r) is not None:
            out.append(("buy_resource", r))
    for ci in p.companies:
        if actions.activation_plan(g, ci) is not None:
            out.append(("activate", ci))
    for k in range(1, min(p.hand[BUY], g.central_bank_vp) + 1):
        if actions.central_bank_plan(g, k) is not None:
            out.append(("invest", k))
    payable = [t for t in range(N_CARDS) if actions.block_plan(g, t) is not None]
    if payable:
        for kind, blocks in (("resource", g.resource_blocks), ("company", g.company_blocks)):
            for i in range(len(blocks)):
                for target in actions.block_targets(g, kind, i):
                    for t in payable:
                        out.append(("move_block", kind, i, target, t))
    for o in g.opponents(g.current):
        for ci in g.players[o].companies:
            if g.players[o].active[ci] and actions.hire_plan(g, o, ci) is not None:
                out.append(("hire", o, ci))
    return out


def apply(g: GameState, action: Action) -> None:
    kind = action[0]
    if kind == "end":
        return
    if kind == "buy_company":
        actions.buy_company(g, action[1])
    elif kind == "buy_resource":
        actions.buy_resource(g, action[1])
    elif kind == "activate":
        actions.activate(g, action[1])
    elif kind == "invest":
        actions.invest(g, action[1])
    elif kind == "move_block":
        actions.move_block(g, action[1], action[2], action[3], action[4])
    elif kind == "hire":
        actions.hire(g, action[1], action[2])
    else:
        raise IllegalAction(f"unknown action {kind!r}")
