"""What the player whose turn it is can do in step A (play decision cards).

Each action has a ``*_plan`` function (None when the action is not allowed, else how it
would be paid) and a function that performs it, raising ``IllegalAction`` when it is not
allowed. Bots call the plan functions to look ahead cheaply and pass the plan back.
"""

from __future__ import annotations

from cardgen.games.briefcase.engine import cards, effects, payment
from cardgen.games.briefcase.engine.cards import CardPlan, plan_cards
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, N_CARDS, N_RES, CompanyRule
from cardgen.games.briefcase.engine.state import GameState, IllegalAction, PlayerState

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
        g.resource_blocks_removed += 1
    return k


def basic_exhausted(g: GameState) -> bool:
    market = g.market
    for r in g.rules.basic:
        if not market[r]:
            return True
    return False


# --- Buying ---------------------------------------------------------------------------------


def company_problem(g: GameState, ci: int) -> str | None:
    """Why the current player may not buy company ``ci`` now (cost aside), or None."""
    p = g.players[g.current]
    c = g.rules.companies[ci]
    if g.company_bought >= g.rules.companies_per_turn:
        return "a company was already bought this turn"
    if not g.piles[ci]:
        return f"no {c.name} card is left to buy"
    if ci in g.company_blocks:
        return f"{c.name} is blocked"
    if p.owned[ci]:
        return f"the player already owns a {c.name}"
    if c.level > 1 and p.level1_active < g.rules.level1_for_level2:
        return f"a level-{c.level} company needs {g.rules.level1_for_level2} activated level-1 companies"
    return None


def company_plan(g: GameState, ci: int) -> CardPlan | None:
    if company_problem(g, ci) is not None:
        return None
    p = g.players[g.current]
    return plan_cards(p, g.uses, g.rules.companies[ci].cost or 0, BUY, spend=g.bots[p.seat].spend)


def buy_company(g: GameState, ci: int, plan: CardPlan | None = None) -> None:
    problem = company_problem(g, ci)
    if problem:
        raise IllegalAction(problem)
    p = g.players[g.current]
    plan = plan or company_plan(g, ci)
    if plan is None:
        raise IllegalAction(f"not enough Buy to buy {g.rules.companies[ci].name}")
    cards.pay_cards(g, p, plan)
    g.piles[ci] -= 1
    p.owned[ci] = True
    p.companies.append(ci)
    p.companies.sort()
    g.company_bought += 1
    g.bought[ci] += 1


def resource_problem(g: GameState, r: int, n: int = 1) -> str | None:
    """Why the current player may not buy ``n`` of resource ``r`` now (cost aside), or None."""
    rules = g.rules
    name = rules.res_names[r]
    if rules.buy_cost[r] is None:
        return f"{name} cannot be bought"
    if g.market[r] < n:
        return f"the market has {g.market[r]} {name}"
    if rules.needs_exhausted_basic[r] and not basic_exhausted(g):
        return f"{name} is for sale only once a basic resource is exhausted"
    if r in g.resource_blocks and r not in g.ignored:
        if len(g.ignored) >= g.players[g.current].ignore_blocks:
            return f"{name} is blocked"
    return None


def resource_plan(g: GameState, r: int, n: int = 1) -> CardPlan | None:
    if resource_problem(g, r, n) is not None:
        return None
    p = g.players[g.current]
    return plan_cards(p, g.uses, n * g.rules.buy_cost[r], BUY, for_resources=True,
                      spend=g.bots[p.seat].spend)


def buy_resource(g: GameState, r: int, n: int = 1, plan: CardPlan | None = None) -> None:
    problem = resource_problem(g, r, n)
    if problem:
        raise IllegalAction(problem)
    p = g.players[g.current]
    plan = plan or resource_plan(g, r, n)
    if plan is None:
        raise IllegalAction(f"not enough Buy to buy {n} {g.rules.res_names[r]}")
    if r in g.resource_blocks and r not in g.ignored:
        g.ignored.append(r)       # the Cargo Company's one ignored block this turn
    cards.pay_cards(g, p, plan)
    p.storage[r] += take_from_market(g, r, n)


# --- Activating -----------------------------------------------------------------------------


ActivationPlan = tuple[CardPlan, payment.Plan]


def activation_plan(g: GameState, ci: int) -> ActivationPlan | None:
    p = g.players[g.current]
    if not p.owned[ci]:
        return None
    cplan = plan_cards(p, g.uses, 1, ACTIVATE, spend=g.bots[p.seat].spend)
    if cplan is None:
        return None
    rplan = payment.plan_payment(p, g.rules.companies[ci].activation, g.uses, g.rules.free_pay)
    if rplan is None:
        return None
    return cplan, rplan


def activate(g: GameState, ci: int, plan: ActivationPlan | None = None) -> None:
    """Play an Activate, pay the activation cost, flip, produce, and run a per-activation
    ability."""
    p = g.players[g.current]
    c = g.rules.companies[ci]
    if not p.owned[ci]:
        raise IllegalAction(f"the player does not own a {c.name}")
    plan = plan or activation_plan(g, ci)
    if plan is None:
        raise IllegalAction(f"cannot pay to activate {c.name}")
    cards.pay_cards(g, p, plan[0])
    ctx = effects.ActivationContext(list(g.res_discard)) if c.per_activation else None
    payment.spend(g, p, plan[1])
    if not p.active[ci]:
        p.active[ci] = True
        effects.refresh(g, p)
    g.activations[ci] += 1
    produce(g, p, c, may_top=True)
    if ctx is not None:
        effects.on_activate(g, p, c, ctx)


def produce(g: GameState, p: PlayerState, c: CompanyRule, may_top: bool) -> None:
    """Production from the Decision Bank to the discard pile (or, with a Biology Lab, the top
    of the draw pile in the order the player chooses); produced resources go to storage."""
    made: list[int] = []
    for t in range(N_CARDS):
        want = c.production_cards[t]
        if want:
            made.extend([t] * cards.take_from_bank(g, t, want))
    if made:
        order = None
        if may_top and p.deck_top:
            order = g.bots[p.seat].production_on_top(g, p.seat, list(made))
        if order is not None and sorted(order) == made:
            p.deck.extend(order)
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
    if buys < 1 or p.hand[BUY] < buys:
        return None
    p.hand[BUY] -= buys
    try:
        return plan_cards(p, g.uses, 1, ACTIVATE, spend=g.bots[p.seat].spend)
    finally:
        p.hand[BUY] += buys


def invest(g: GameState, buys: int, plan: CardPlan | None = None) -> int:
    """Activate the Central Bank: ``buys`` Buy cards from the hand leave the game for as many
    Victory Point cards as are left. Returns the VP gained."""
    p = g.players[g.current]
    buys = min(buys, g.central_bank_vp)
    plan = plan or central_bank_plan(g, buys)
    if plan is None:
        raise IllegalAction("the Central Bank cannot be activated now")
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
    return plan_cards(p, g.uses, g.rules.block_move_cards, card, spend=g.bots[p.seat].spend)


def move_block(g: GameState, kind: str, i: int, target: int, card: int,
               plan: CardPlan | None = None) -> None:
    blocks = g.resource_blocks if kind == "resource" else g.company_blocks
    if not 0 <= i < len(blocks):
        raise IllegalAction(f"there is no {kind} block {i}")
    if target not in block_targets(g, kind, i):
        raise IllegalAction(f"a {kind} block cannot move to {target}")
    plan = plan or block_plan(g, card)
    if plan is None:
        raise IllegalAction("moving a block takes two decision cards of one type")
    cards.pay_cards(g, g.players[g.current], plan)
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


HirePlan = tuple[CardPlan, payment.Plan]


def hire_plan(g: GameState, owner: int, ci: int, fee: tuple[int, ...] | None = None) -> HirePlan | None:
    p = g.players[g.current]
    if owner == g.current or not 0 <= owner < g.n or not g.players[owner].active[ci]:
        return None
    cplan = plan_cards(p, g.uses, 1, HIRE, spend=g.bots[p.seat].spend)
    if cplan is None:
        return None
    c = g.rules.companies[ci]
    avail = [g.res_discard[r] + g.market[r] for r in range(N_RES)]
    for option in ([fee] if fee is not None else fee_options(c)):
        rplan = payment.plan_payment(p, option, g.uses, g.rules.free_pay, avail=avail)
        if rplan is not None:
            return cplan, rplan
    return None


def hire(g: GameState, owner: int, ci: int, plan: HirePlan | None = None) -> None:
    """Play a Hire on another player's activated company: pay its owner half the activation
    cost (a resource converted by an ability is first swapped for a real one, fine point 1),
    the owner may refuse the payment (it is discarded), and the hirer gets the production."""
    p = g.players[g.current]
    c = g.rules.companies[ci]
    plan = plan or hire_plan(g, owner, ci)
    if plan is None:
        raise IllegalAction(f"cannot hire {c.name} from seat {owner}")
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
    if g.bots[owner].accept_hire_payment(g, owner, g.current, list(given)):
        for r in given:
            owner_p.storage[r] += 1
    else:
        for r in given:
            payment.return_resource(g, r)
    g.hires += 1
    produce(g, p, c, may_top=False)
