"""What the player whose turn it is can do in step A (play decision cards).

Each action has a ``*_plan`` function (None when the action is not allowed, else how it
would be paid), a ``*_problem`` function saying why given arguments (a plan included) are not
allowed, and a function that performs it. The performing function checks everything it is
given against the state and the rules first and raises ``IllegalAction`` saying why, before it
changes anything: a plan is only a proposal, never trusted. Bots call the plan functions to
look ahead cheaply and pass the plan back.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cardgen.games.briefcase.engine import cards, effects, payment
from cardgen.games.briefcase.engine.cards import CardPlan, card_plan_problem, plan_cards
from cardgen.games.briefcase.engine.defaults import Ask, run
from cardgen.games.briefcase.engine.observation import BLOCKS, IGNORED, Observation
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, N_CARDS, N_RES, CompanyRule
from cardgen.games.briefcase.engine.state import GameState, IllegalAction, PlayerState, touch
from cardgen.games.briefcase.model import DECISIONS, RESOURCES
from cardgen.problems import quoted
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision

Steps = Generator[Decision, Any, None]


def issue(g: Any, plan: Any, *key: Any) -> Any:
    """``plan`` (None, or how the action ``key`` would be paid), recorded as issued when it was
    planned on a seat's observation: checking an action of this version paid with this very
    object then skips re-checking the payment (``legal.action_problem``), as the planner made
    it from exactly what the state holds, and the rules, which the planner applied to the
    action's arguments on that version: only the arguments themselves are checked again
    (their types and ranges, which the planners take on trust)."""
    if plan is not None and g.__class__ is Observation:
        g.issued[id(plan)] = (plan, key, g.version)
    return plan


def issued_plan(g: GameState, action: tuple, version: int) -> bool:
    """Whether ``action``'s last part is a plan the current player's planner issued for these
    arguments on an observation of ``version`` (the pending decision's; see ``issue``)."""
    plan = action[-1]
    entry = g.issued[g.current].get(id(plan))
    return (entry is not None and entry[0] is plan and entry[2] == version
            and entry[1] == action[:-1])

# What a plan's parts may be: tuples, or lists (a plan read back from a JSON game log).
_SEQ = (tuple, list)


def _index(x: object, n: int, what: str) -> str | None:
    """Why ``x`` is not one of ``n`` things numbered from 0 (JSON gives ints; a bool is not)."""
    if type(x) is not int or not 0 <= x < n:
        return f"{what} {quoted(x)} is not one of 0 to {n - 1}"
    return None


_OVER = "the game is over"


def turn_problem(g: GameState) -> str | None:
    return _OVER if g.over else None


# The planners (``*_plan``) take indices a bot got from the state or its observation and only
# apply the rules; the checks (``*_problem``) also check that each argument is one.


# --- The market -----------------------------------------------------------------------------


def take_from_market(g: GameState, r: int, k: int) -> int:
    """Take up to ``k`` cards of resource ``r`` from the market. When a basic pile runs out, a
    resource block still in play is removed from the game at random."""
    have = g.market[r]
    k = have if have < k else k
    if not k:
        return 0
    g.market[r] = have - k
    if have == k and (g.rules.basic_mask >> r) & 1 and g.resource_blocks:
        g.resource_blocks.pop(g.rng.randrange(len(g.resource_blocks)))
        g.obs_stale |= BLOCKS
        g.resource_blocks_removed += 1
    return k


def basic_exhausted(g: GameState) -> bool:
    market = g.market
    for r in g.rules.basic:
        if not market[r]:
            return True
    return False


# --- Buying ---------------------------------------------------------------------------------


# The planners (``*_plan``) take indices a bot got from the state and only apply the rules; the
# checks (``*_problem``) also check that each argument is one, since anyone may pass anything.
# An action paid with a plan its planner issued for this version is checked for its arguments
# only (``*_arg_problem``; ``legal.action_problem``): the planner applied the rules to them.


def company_arg_problem(g: GameState, ci: object) -> str | None:
    """Why ``ci`` is not a company index, or None."""
    return _index(ci, len(g.rules.companies), "company")


def company_problem(g: GameState, ci: int) -> str | None:
    """Why the current player may not buy company ``ci`` now (cost aside), or None."""
    return company_arg_problem(g, ci) or _company_rule_problem(g, ci)


ANY_LEVEL = 1 << 30


def open_level(g: GameState, p: PlayerState) -> int:
    """The highest company level ``p`` may buy: 1 until it has activated enough level-1
    companies, then any (``ANY_LEVEL``). "A player may only purchase a 2nd level company card
    (red frame) if he has activated at least two 1st level (orange frame) company cards." """
    return 1 if p.level1_active < g.rules.level1_for_level2 else ANY_LEVEL


def _company_rule_problem(g: GameState, ci: int) -> str | None:
    """``company_problem`` for a company index (the planners' case: bots pass their own)."""
    p = g.players[g.current]
    c = g.rules.companies[ci]
    if g.company_bought >= g.rules.companies_per_turn:
        return "a company was already bought this turn"
    if not g.piles[ci]:
        if ci not in g.portfolio:
            return f"{c.name} is not in the portfolio"
        return f"no {c.name} card is left to buy"
    if ci in g.company_blocks:
        return f"{c.name} is blocked"
    if p.owned[ci]:
        return f"the player already owns a {c.name}"
    if c.level > open_level(g, p):
        return f"a level-{c.level} company needs {g.rules.level1_for_level2} activated level-1 companies"
    return None


def company_plan(g: GameState, ci: int) -> CardPlan | None:
    if _company_rule_problem(g, ci) is not None:
        return None
    p = g.players[g.current]
    return issue(g, plan_cards(p, g.uses, g.rules.companies[ci].cost or 0, BUY), "buy_company", ci)


def buy_company_problem(g: GameState, ci: int, plan: CardPlan) -> str | None:
    why = company_problem(g, ci) or (_OVER if g.over else None)
    if why:
        return why
    c = g.rules.companies[ci]
    why = card_plan_problem(g.players[g.current], g.uses, plan, c.cost or 0, BUY, rules=g.rules)
    return f"cannot pay {c.name} (cost {c.cost or 0} Buy): {why}" if why else None


def buy_company(g: GameState, ci: int, plan: CardPlan | None = None) -> None:
    """Buy company ``ci``, paying with ``plan`` (default: the engine's own plan)."""
    if plan is None:
        why = turn_problem(g) or company_problem(g, ci)
        if why:
            raise IllegalAction(why)
        plan = company_plan(g, ci)
        if plan is None:
            raise IllegalAction(f"not enough Buy to buy {g.rules.companies[ci].name}")
    else:
        why = buy_company_problem(g, ci, plan)
        if why:
            raise IllegalAction(why)
    perform_buy_company(g, ci, plan)


def perform_buy_company(g: GameState, ci: int, plan: CardPlan) -> None:
    """``buy_company`` with arguments already checked."""
    p = g.players[g.current]
    cards.pay_cards(g, p, plan)
    g.piles[ci] -= 1
    p.owned[ci] = True
    p.companies.append(ci)
    p.companies.sort()
    g.company_bought += 1
    g.bought[ci] += 1


def resource_arg_problem(g: GameState, r: object, n: object) -> str | None:
    """Why ``r`` is not a resource index or ``n`` not a count to buy, or None."""
    why = _index(r, N_RES, "resource")
    if why is None and (type(n) is not int or n < 1):       # type: ignore[operator]
        why = f"resources are bought one or more at a time, not {quoted(n)}"
    return why


def resource_problem(g: GameState, r: int, n: int = 1) -> str | None:
    """Why the current player may not buy ``n`` of resource ``r`` now (cost aside), or None."""
    return resource_arg_problem(g, r, n) or _resource_rule_problem(g, r, n)


def _resource_rule_problem(g: GameState, r: int, n: int) -> str | None:
    """``resource_problem`` for a resource index and a positive count (the planners' case)."""
    rules = g.rules
    if rules.buy_cost[r] is None:
        return f"{rules.res_names[r]} cannot be bought"
    if g.market[r] < n:
        return f"the market has {g.market[r]} {rules.res_names[r]}"
    if rules.needs_exhausted_basic[r] and not basic_exhausted(g):
        return f"{rules.res_names[r]} is for sale only once a basic resource is exhausted"
    if r in g.resource_blocks and r not in g.ignored:
        if len(g.ignored) >= g.players[g.current].ignore_blocks:
            return f"{rules.res_names[r]} is blocked"
    return None


def resource_plan(g: GameState, r: int, n: int = 1) -> CardPlan | None:
    if _resource_rule_problem(g, r, n) is not None:
        return None
    p = g.players[g.current]
    return issue(g, plan_cards(p, g.uses, n * g.rules.buy_cost[r], BUY, for_resources=True),
                 "buy_resource", r, n)


def buy_resource_problem(g: GameState, r: int, n: int, plan: CardPlan) -> str | None:
    why = resource_problem(g, r, n) or (_OVER if g.over else None)
    if why:
        return why
    price = n * g.rules.buy_cost[r]
    why = card_plan_problem(g.players[g.current], g.uses, plan, price, BUY, for_resources=True,
                            rules=g.rules)
    return f"cannot pay {n} {g.rules.res_names[r]} ({price} Buy): {why}" if why else None


def buy_resource(g: GameState, r: int, n: int = 1, plan: CardPlan | None = None) -> None:
    """Buy ``n`` of resource ``r``, paying with ``plan`` (default: the engine's own plan)."""
    if plan is None:
        why = turn_problem(g) or resource_problem(g, r, n)
        if why:
            raise IllegalAction(why)
        plan = resource_plan(g, r, n)
        if plan is None:
            raise IllegalAction(f"not enough Buy to buy {n} {g.rules.res_names[r]}")
    else:
        why = buy_resource_problem(g, r, n, plan)
        if why:
            raise IllegalAction(why)
    perform_buy_resource(g, r, n, plan)


def perform_buy_resource(g: GameState, r: int, n: int, plan: CardPlan) -> None:
    """``buy_resource`` with arguments already checked."""
    p = g.players[g.current]
    if r in g.resource_blocks and r not in g.ignored:
        g.ignored.append(r)       # the Cargo Company's one ignored block this turn
        g.obs_stale |= IGNORED
    cards.pay_cards(g, p, plan)
    p.storage[r] += take_from_market(g, r, n)


# --- Activating -----------------------------------------------------------------------------


ActivationPlan = tuple[CardPlan, payment.Plan]


def activation_plan(g: GameState, ci: int) -> ActivationPlan | None:
    p = g.players[g.current]
    if not p.owned[ci]:
        return None
    cplan = plan_cards(p, g.uses, 1, ACTIVATE)
    if cplan is None:
        return None
    rplan = payment.plan_payment(p, g.rules.companies[ci].activation, g.uses, g.rules.free_pay)
    if rplan is None:
        return None
    return issue(g, (cplan, rplan), "activate", ci)


def owned_problem(g: GameState, ci: int) -> str | None:
    why = company_arg_problem(g, ci)
    if why:
        return why
    if g.over:
        return _OVER
    if not g.players[g.current].owned[ci]:
        return f"the player does not own a {g.rules.companies[ci].name}"
    return None


def activate_problem(g: GameState, ci: int, plan: ActivationPlan) -> str | None:
    why = owned_problem(g, ci)
    if why:
        return why
    c = g.rules.companies[ci]
    if type(plan) not in _SEQ or len(plan) != 2:
        return "an activation is paid with (card payment, resource payment)"
    p = g.players[g.current]
    why = card_plan_problem(p, g.uses, plan[0], 1, ACTIVATE, rules=g.rules)
    if why:
        return f"cannot play an Activate for {c.name}: {why}"
    why = payment.plan_problem(p, plan[1], c.activation, g.uses, g.rules)
    return f"cannot pay the activation cost of {c.name}: {why}" if why else None


def activate(g: GameState, ci: int, plan: ActivationPlan | None = None, ask: Ask | None = None) -> None:
    """Play an Activate, pay the activation cost, flip, produce, and run a per-activation
    ability; ``plan`` (default: the engine's own) pays the card and the cost. Outside a game's
    flow (tests, tools), ``ask`` answers the decisions the activation raises (default: each
    decision's default answer)."""
    if plan is None:
        why = owned_problem(g, ci)
        if why:
            raise IllegalAction(why)
        plan = activation_plan(g, ci)
        if plan is None:
            raise IllegalAction(f"cannot pay to activate {g.rules.companies[ci].name}")
    else:
        why = activate_problem(g, ci, plan)
        if why:
            raise IllegalAction(why)
    run(g, perform_activate(g, ci, plan), ask)


def perform_activate(g: GameState, ci: int, plan: ActivationPlan) -> Steps:
    """``activate`` with arguments already checked."""
    p = g.players[g.current]
    c = g.rules.companies[ci]
    cards.pay_cards(g, p, plan[0])
    ctx = effects.ActivationContext(list(g.res_discard)) if c.per_activation else None
    payment.spend(g, p, plan[1])
    if not p.active[ci]:
        p.active[ci] = True
        effects.refresh(g, p)
    g.activations[ci] += 1
    if p.deck_top:                  # production may go on top of the draw pile: a question
        yield from produce(g, p, c, may_top=True)
    else:
        deliver(g, p, c, take_production(g, c), False)
    if ctx is not None:
        yield from effects.on_activate(g, p, c, ctx)


def produce(g: GameState, p: PlayerState, c: CompanyRule, may_top: bool) -> Steps:
    """Production from the Decision Bank to the discard pile (or, with a Biology Lab, the top
    of the draw pile in the order the player chooses); produced resources go to storage."""
    made = take_production(g, c)
    on_top = False
    if made and may_top and p.deck_top:
        # The cards' names only for the question: most productions ask none.
        names = [DECISIONS[t].capitalize() for t in made]
        on_top = yield d.yes_no(p.seat, "production_on_top",
                                f"{c.name} produces {', '.join(names)}: put it on top of your draw pile?")
        if on_top and len(set(made)) > 1:
            made = yield d.order(p.seat, "production_order",
                                 "Order the production: the last one goes on top", made, names)
    deliver(g, p, c, made, on_top)


def take_production(g: GameState, c: CompanyRule) -> list[int]:
    """The decision cards ``c`` produces, taken from the Decision Bank (what is left of them)."""
    made: list[int] = []
    for t in range(N_CARDS):
        want = c.production_cards[t]
        if want:
            made.extend([t] * cards.take_from_bank(g, t, want))
    return made


def deliver(g: GameState, p: PlayerState, c: CompanyRule, made: list[int], on_top: bool) -> None:
    """The produced cards ``made`` to the discard pile (``on_top``: on top of the draw pile, in
    that order), and the produced resources from the market to storage."""
    if on_top:
        p.deck.extend(made)
    else:
        for t in made:
            p.discard[t] += 1
    for r in range(N_RES):
        want = c.production_res[r]
        if want:
            p.storage[r] += take_from_market(g, r, want)


# --- The Central Bank -----------------------------------------------------------------------


def central_bank_plan(g: GameState, buys: int) -> CardPlan | None:
    """Fine point 3: the invested Buy cards are real ones; the Activate may come from an
    ability, from the cards left."""
    p = g.players[g.current]
    if p.level1_active < g.rules.level1_for_central_bank or not g.central_bank_vp:
        return None
    if type(buys) is not int or buys < 1 or p.hand[BUY] < buys:
        return None
    hand = list(p.hand)
    hand[BUY] -= buys
    return issue(g, plan_cards(p, g.uses, 1, ACTIVATE, hand=hand), "invest", buys)


def invest_arg_problem(g: GameState, buys: object) -> str | None:
    """Why ``buys`` is not a number of Buy cards to invest, or None."""
    if type(buys) is not int or buys < 1:               # type: ignore[operator]
        return f"the Central Bank takes one Buy card or more, not {quoted(buys)}"
    return None


def central_bank_problem(g: GameState, buys: int) -> str | None:
    """Why the current player may not invest ``buys`` Buy cards now (the Activate aside)."""
    why = turn_problem(g) or invest_arg_problem(g, buys)
    if why:
        return why
    p = g.players[g.current]
    if p.level1_active < g.rules.level1_for_central_bank:
        return f"the Central Bank needs {g.rules.level1_for_central_bank} activated level-1 companies"
    if not g.central_bank_vp:
        return "the Central Bank has no Victory Point cards left"
    if p.hand[BUY] < buys:
        # Fine point 3: only real Buy cards can be invested.
        return f"the hand holds {p.hand[BUY]} Buy cards, not {buys}"
    return None


def invest_problem(g: GameState, buys: int, plan: CardPlan) -> str | None:
    why = central_bank_problem(g, buys)
    if why:
        return why
    p = g.players[g.current]
    hand = list(p.hand)
    hand[BUY] -= min(buys, g.central_bank_vp)
    why = card_plan_problem(p, g.uses, plan, 1, ACTIVATE, hand=hand, rules=g.rules)
    return f"cannot play an Activate for the Central Bank: {why}" if why else None


def invest(g: GameState, buys: int, plan: CardPlan | None = None) -> int:
    """Activate the Central Bank: ``buys`` Buy cards from the hand leave the game for as many
    Victory Point cards as are left; ``plan`` pays the Activate from the other cards. Returns
    the VP gained."""
    if plan is None:
        why = central_bank_problem(g, buys)
        if why:
            raise IllegalAction(why)
        plan = central_bank_plan(g, min(buys, g.central_bank_vp))
        if plan is None:
            raise IllegalAction("the Central Bank cannot be activated now: no Activate to play")
    else:
        why = invest_problem(g, buys, plan)
        if why:
            raise IllegalAction(why)
    return perform_invest(g, buys, plan)


def perform_invest(g: GameState, buys: int, plan: CardPlan) -> int:
    """``invest`` with arguments already checked."""
    p = g.players[g.current]
    buys = min(buys, g.central_bank_vp)
    cards.pay_cards(g, p, plan)
    p.hand[BUY] -= buys
    g.central_bank_buys += buys
    g.central_bank_vp -= buys
    p.vp_cards += buys
    return buys


# --- Blocks ---------------------------------------------------------------------------------


def block_targets(g: GameState, kind: str, i: int) -> list[int]:
    """Where block ``i`` of ``kind`` ('resource' or 'company') may move: a different pile of
    its kind with cards left, not under another block."""
    if kind == "resource":
        blocks = g.resource_blocks
        return [r for r in g.rules.blockable if r not in blocks and g.market[r]]
    blocks = g.company_blocks
    return [c for c in g.portfolio if c not in blocks and g.piles[c]]


def block_plan(g: GameState, card: int) -> CardPlan | None:
    """Any two cards of one type (``card``) move a block."""
    p = g.players[g.current]
    return plan_cards(p, g.uses, g.rules.block_move_cards, card)


def block_problem(g: GameState, kind: str, i: int, target: int, card: int) -> str | None:
    """Why block ``i`` of ``kind`` may not move to ``target`` paid with cards of type ``card``
    (the cards aside)."""
    why = turn_problem(g)
    if why:
        return why
    if kind not in ("resource", "company"):
        return f"blocks are 'resource' or 'company' blocks, not {quoted(kind)}"
    blocks = g.resource_blocks if kind == "resource" else g.company_blocks
    if type(i) is not int or not 0 <= i < len(blocks):
        return f"there is no {kind} block {quoted(i)}"
    # block_targets' condition for this one target (without listing them all).
    if type(target) is not int:
        legal = False
    elif kind == "resource":
        legal = target in g.rules.blockable and target not in blocks and bool(g.market[target])
    else:
        legal = target in g.portfolio and target not in blocks and bool(g.piles[target])
    if not legal:
        return f"a {kind} block cannot move to {quoted(target)}"
    if type(card) is not int or not 0 <= card < N_CARDS:
        return _index(card, N_CARDS, "card type")
    return None


def move_block_problem(g: GameState, kind: str, i: int, target: int, card: int,
                       plan: CardPlan) -> str | None:
    why = block_problem(g, kind, i, target, card)
    if why:
        return why
    why = card_plan_problem(g.players[g.current], g.uses, plan, g.rules.block_move_cards, card,
                            rules=g.rules)
    return f"cannot pay the block's move: {why}" if why else None


def move_block(g: GameState, kind: str, i: int, target: int, card: int,
               plan: CardPlan | None = None) -> None:
    """Move block ``i`` of ``kind`` onto ``target``, paying cards of type ``card`` with ``plan``
    (default: the engine's own plan)."""
    if plan is None:
        why = block_problem(g, kind, i, target, card)
        if why:
            raise IllegalAction(why)
        plan = block_plan(g, card)
        if plan is None:
            raise IllegalAction("moving a block takes two decision cards of one type")
    else:
        why = move_block_problem(g, kind, i, target, card, plan)
        if why:
            raise IllegalAction(why)
    perform_move_block(g, kind, i, target, plan)


def perform_move_block(g: GameState, kind: str, i: int, target: int, plan: CardPlan) -> None:
    """``move_block`` with arguments already checked."""
    blocks = g.resource_blocks if kind == "resource" else g.company_blocks
    cards.pay_cards(g, g.players[g.current], plan)
    if kind == "resource" and blocks[i] in g.ignored:
        # The block the Cargo Company ignores this turn stays ignored where it goes: the ability
        # ignores a block, not a pile (ruling cargo-ignored-block-moved).
        g.ignored[g.ignored.index(blocks[i])] = target
        g.obs_stale |= IGNORED
    blocks[i] = target
    g.blocks_moved += 1


# --- Hiring ---------------------------------------------------------------------------------


def hire_fee(c: CompanyRule) -> int:
    """Half the activation cost, rounded up."""
    return (c.activation_total + 1) // 2


def fee_options(c: CompanyRule) -> list[tuple[int, ...]]:
    """Every choice of ``hire_fee`` resources out of the activation cost."""
    need = hire_fee(c)
    out: list[tuple[int, ...]] = []
    cur = [0] * N_RES

    def rec(r: int, left: int) -> None:
        if left == 0:
            out.append(tuple(cur))
            return
        if r == N_RES:
            return
        for k in range(min(left, c.activation[r]), -1, -1):
            cur[r] = k
            rec(r + 1, left - k)
        cur[r] = 0

    rec(0, need)
    return out


def fee_problem(c: CompanyRule, fee: object) -> str | None:
    """Why ``fee`` (resources per type) is not half of ``c``'s activation cost, rounded up,
    taken from that cost; None when it is."""
    if (type(fee) not in _SEQ or len(fee) != N_RES
            or not all(type(k) is int and k >= 0 for k in fee)):
        return f"a hire fee is a count of each of the {N_RES} resources"
    need = hire_fee(c)
    if sum(fee) != need:
        return f"hiring {c.name} pays {need} resources of its activation cost, not {sum(fee)}"
    for r in range(N_RES):
        if fee[r] > c.activation[r]:
            return (f"the fee for {c.name} may include {c.activation[r]} {RESOURCES[r].capitalize()}, "
                    f"not {fee[r]}")
    return None


def hire_problem(g: GameState, owner: int, ci: int) -> str | None:
    """Why the current player may not hire company ``ci`` of seat ``owner`` (payment aside)."""
    why = (turn_problem(g) or _index(owner, g.n, "seat")
           or _index(ci, len(g.rules.companies), "company"))
    if why:
        return why
    if owner == g.current:
        return "a player hires another player's company, not their own"
    if not g.players[owner].active[ci]:
        return f"seat {owner} has no activated {g.rules.companies[ci].name}"
    return None


HirePlan = tuple[CardPlan, payment.Plan]


def hire_plan(g: GameState, owner: int, ci: int, fee: tuple[int, ...] | None = None) -> HirePlan | None:
    """How the current player can hire ``ci`` from ``owner`` (paying ``fee``, default any
    fee), or None if it cannot. IllegalAction for a ``fee`` the rules do not allow."""
    if hire_problem(g, owner, ci) is not None:
        return None
    c = g.rules.companies[ci]
    if fee is not None:
        why = fee_problem(c, fee)
        if why:
            raise IllegalAction(why)
    p = g.players[g.current]
    cplan = plan_cards(p, g.uses, 1, HIRE)
    if cplan is None:
        return None
    avail = [g.res_discard[r] + g.market[r] for r in range(N_RES)]
    for option in ([fee] if fee is not None else fee_options(c)):
        rplan = payment.plan_payment(p, option, g.uses, g.rules.free_pay, avail=avail)
        if rplan is not None:
            return cplan, rplan
    return None


def hire_plan_problem(g: GameState, owner: int, ci: int, plan: HirePlan) -> str | None:
    why = hire_problem(g, owner, ci)
    if why:
        return why
    c = g.rules.companies[ci]
    if type(plan) not in _SEQ or len(plan) != 2:
        return "a hire is paid with (card payment, resource payment)"
    p = g.players[g.current]
    why = card_plan_problem(p, g.uses, plan[0], 1, HIRE, rules=g.rules)
    if why:
        return f"cannot play a Hire for {c.name}: {why}"
    units = plan[1]
    fee = [0] * N_RES
    if type(units) in _SEQ:
        for unit in units:      # the fee is what the units pay; their shape is checked below
            if type(unit) in _SEQ and len(unit) == 3 and type(unit[1]) is int \
                    and 0 <= unit[1] < N_RES:
                fee[unit[1]] += 1
    why = fee_problem(c, fee)
    if why:
        return why
    avail = [g.res_discard[r] + g.market[r] for r in range(N_RES)]
    why = payment.plan_problem(p, units, fee, g.uses, g.rules, avail=avail)
    return f"cannot pay the fee for {c.name}: {why}" if why else None


def hire(g: GameState, owner: int, ci: int, plan: HirePlan | None = None, ask: Ask | None = None) -> None:
    """Play a Hire on another player's activated company: pay its owner half the activation
    cost (a resource converted by an ability is first swapped for a real one, fine point 1),
    the owner may deny any of the paid resources (they are discarded), and the hirer gets the
    production. ``plan`` (default: the engine's own) pays the card and the fee; outside a
    game's flow ``ask`` answers the owner's decision (default: keep everything)."""
    if plan is None:
        why = hire_problem(g, owner, ci)
        if why:
            raise IllegalAction(why)
        plan = hire_plan(g, owner, ci)
        if plan is None:
            raise IllegalAction(f"cannot hire {g.rules.companies[ci].name} from seat {owner}")
    else:
        why = hire_plan_problem(g, owner, ci, plan)
        if why:
            raise IllegalAction(why)
    run(g, perform_hire(g, owner, ci, plan), ask)


def perform_hire(g: GameState, owner: int, ci: int, plan: HirePlan) -> Steps:
    """``hire`` with arguments already checked."""
    p = g.players[g.current]
    c = g.rules.companies[ci]
    cards.pay_cards(g, p, plan[0])
    free = g.rules.free_pay
    given: list[int] = []
    for s, t, comp in plan[1]:
        p.storage[s] -= 1
        if (free[t] >> s) & 1:
            given.append(s)
            continue
        payment.return_resource(g, s)
        if g.res_discard[t]:
            g.res_discard[t] -= 1
        elif not take_from_market(g, t, 1):
            raise AssertionError("hire plan used an unavailable replacement")
        given.append(t)
        if comp >= 0:
            g.uses[comp] += 1
    owner_p = g.players[owner]
    kept: list[int] = []
    if given:
        # "The owner may deny receiving any of the paid resources": each one, not all or nothing.
        kept = list((yield d.choose_many(
            owner, "keep_hire_payment",
            f"Seat {g.current + 1} hires your {c.name}: which of the paid resources do you keep?",
            given, 0, len(given), [RESOURCES[r].capitalize() for r in given])))
    for r in given:
        if r in kept:
            kept.remove(r)
            owner_p.storage[r] += 1
        else:
            payment.return_resource(g, r)
    touch(g, owner)
    # It is not the owner's turn: what it keeps may not take it over its storage limit.
    yield from effects.keep_within_limit(g, owner_p)
    g.hires += 1
    yield from produce(g, p, c, may_top=False)
