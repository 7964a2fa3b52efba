"""Paying resources, with the conversions abilities allow.

A payment is a matching of stored resource cards (sources) to the resources a cost asks for
(targets). A source pays a target if it is that resource, if it is a resource that counts as
any (Imported, for anything but Energy), if an unlimited ability lets it ("any resource as
Steel"), or through a once-per-turn ability while uses are left. Fine point 1: a converted
resource is not replaced; the stored card itself is discarded.

Exception (hiring): a resource converted by an ability to pay a hire must be replaced by a real
card of the target resource taken from the resource discard pile, else from the market; if
neither has one, that conversion cannot be used. Plans for hires carry that constraint.

Plans are searched depth-first (costs are a handful of cards) and memoised, since the same
storage meets the same cost again and again.
"""

from __future__ import annotations

from operator import sub

from cardgen.games.briefcase.engine.memo import Memo
from cardgen.games.briefcase.engine.rules import N_RES, Rules
from cardgen.games.briefcase.engine.state import GameState, PlayerState

# One unit of a plan: (source resource, target resource, limited ability company or -1).
Unit = tuple[int, int, int]
Plan = tuple[Unit, ...]

# What a plan and its units may be: tuples, or lists (a plan read back from a JSON game log).
_SEQ = (tuple, list)

_MEMO: Memo = Memo(200_000)
_DIRECT: dict[tuple, Plan] = {}        # paying a cost with exactly its resources
NO_RESOURCE_CONVERSION = (0,) * N_RES   # ``res_conv`` without an "any resource as" ability
# The resources in each mask of resources.
_IN_MASK = tuple(tuple(s for s in range(N_RES) if (m >> s) & 1) for m in range(1 << N_RES))


def plan_payment(p: PlayerState, cost: tuple[int, ...] | list[int], uses: list[int] | tuple[int, ...],
                 free: tuple[int, ...], avail: list[int] | None = None,
                 storage: list[int] | tuple[int, ...] | None = None) -> Plan | None:
    """A way for ``p`` to pay ``cost`` from storage (or from ``storage``, a storage it
    considers), or None. ``avail`` (hires only) caps the units an ability may convert into
    each target by what can physically replace them. ``p`` may be the state's player or an
    observation's view."""
    if storage is None:
        storage = p.storage
    for r in range(N_RES):
        if storage[r] < cost[r]:
            break
    else:
        key = cost if type(cost) is tuple else tuple(cost)
        plan = _DIRECT.get(key)
        if plan is None:
            plan = _DIRECT[key] = tuple((r, r, -1) for r in range(N_RES) for _ in range(cost[r]))
        return plan
    limited = p.res_limited
    if not limited and p.res_conv == NO_RESOURCE_CONVERSION:
        # Without abilities the first resource short (``r``) is paid only by a resource that
        # pays for it without one (Imported): with none stored there is no plan. Most costs a
        # bot tries fail so; this answers them without building the memo's key.
        for s in _IN_MASK[free[r] & ~(1 << r)]:
            if storage[s]:
                break
        else:
            return None
    # (A list made into a tuple: a generator expression costs a resumption per ability.)
    left = tuple([0 if not per_turn else max(0, per_turn - uses[comp])
                  for comp, _f, _t, per_turn in limited]) if limited else ()
    key = None
    if avail is None:
        key = (tuple(storage), tuple(cost), p.pay_key, left)
        hit = _MEMO.get(key, False)
        if hit is not False:
            return hit
    masks = tuple(free[t] | p.res_conv[t] for t in range(N_RES))
    # The most constrained targets first.
    units = sorted((t for t in range(N_RES) for _ in range(cost[t])),
                   key=lambda t: (bin(masks[t]).count("1"), t))
    out: list[Unit] = []
    stock = list(storage)
    ok = _search(0, units, stock, list(left), masks, free, limited,
                 None if avail is None else list(avail), out, set())
    plan = tuple(out) if ok else None
    if key is not None:
        _MEMO.keep(key, plan)
    return plan


def _search(i: int, units: list[int], stock: list[int], left: list[int], masks: tuple[int, ...],
            free: tuple[int, ...], limited: tuple, avail: list[int] | None, out: list[Unit],
            failed: set) -> bool:
    if i == len(units):
        return True
    state = (i, tuple(stock), tuple(left), None if avail is None else tuple(avail))
    if state in failed:
        return False
    t = units[i]
    # Exact resource first, then the most plentiful sources, Imported last (it pays for anything).
    order = sorted((s for s in range(N_RES) if stock[s]),
                   key=lambda s: (s != t, (free[t] >> s) & 1 and s != t, -stock[s], s))
    for s in order:
        is_free = (free[t] >> s) & 1
        if is_free or (masks[t] >> s) & 1:
            needs_swap = avail is not None and not is_free
            if needs_swap and not avail[t]:
                pass
            else:
                stock[s] -= 1
                if needs_swap:
                    avail[t] -= 1
                out.append((s, t, -1))
                if _search(i + 1, units, stock, left, masks, free, limited, avail, out, failed):
                    return True
                out.pop()
                if needs_swap:
                    avail[t] += 1
                stock[s] += 1
                continue
        for k, (comp, fm, tm, _per) in enumerate(limited):
            if left[k] and (fm >> s) & 1 and (tm >> t) & 1:
                if avail is not None and not avail[t]:
                    continue
                stock[s] -= 1
                left[k] -= 1
                if avail is not None:
                    avail[t] -= 1
                out.append((s, t, comp))
                if _search(i + 1, units, stock, left, masks, free, limited, avail, out, failed):
                    return True
                out.pop()
                if avail is not None:
                    avail[t] += 1
                left[k] += 1
                stock[s] += 1
    failed.add(state)
    return False


def plan_problem(p: PlayerState, plan: object, cost: tuple[int, ...] | list[int], uses: list[int],
                 rules: Rules, avail: list[int] | None = None) -> str | None:
    """Why ``plan`` does not pay ``cost`` from ``p``'s storage, or None when it does: its units
    pay each resource of the cost once, from resources in storage, each source paying its target
    as itself, as a resource that counts as any, through an unlimited ability of the player, or
    through a limited one with uses left this turn. ``avail`` (hires) caps the units an ability
    converts into each target by the real cards that can replace them (fine point 1)."""
    storage, free, names = p.storage, rules.free_pay, rules.res_names
    if plan is _DIRECT.get(cost if type(cost) is tuple else tuple(cost)):
        # The planner's exact-resources plan, the common case: only the storage can fall short.
        if min(map(sub, storage, cost)) >= 0:
            return None
        r = next(r for r in range(N_RES) if storage[r] < cost[r])
        return f"storage holds {storage[r]} {_name(names, r)}, the cost asks {cost[r]}"
    if type(plan) not in _SEQ:
        return "a resource payment is a list of (source, target, ability or -1)"
    paid = [0] * N_RES
    taken = [0] * N_RES
    swaps = [0] * N_RES
    limited: dict[int, int] = {}
    res_conv = p.res_conv
    # Written out (no generators, no helper calls): conversions send many plans this way.
    for unit in plan:
        if type(unit) not in _SEQ or len(unit) != 3:
            return "a resource payment is a list of (source, target, ability or -1)"
        s, t, comp = unit
        if type(s) is not int or type(t) is not int or type(comp) is not int:
            return "a resource payment is a list of (source, target, ability or -1)"
        if not (0 <= s < N_RES and 0 <= t < N_RES):
            return f"resources are numbered 0 to {N_RES - 1}"
        taken[s] += 1
        paid[t] += 1
        if (free[t] >> s) & 1:
            if comp != -1:
                return f"{_name(names, s)} pays {_name(names, t)} without an ability"
            continue
        if comp == -1:
            if not (res_conv[t] >> s) & 1:
                return f"nothing lets {_name(names, s)} pay for {_name(names, t)}"
        else:
            ability = None
            for a in p.res_limited:
                if a[0] == comp:
                    ability = a
                    break
            if ability is None or not (ability[1] >> s) & 1 or not (ability[2] >> t) & 1:
                return f"no limited ability of the player lets {_name(names, s)} pay for {_name(names, t)}"
            limited[comp] = limited.get(comp, 0) + 1
            if uses[comp] + limited[comp] > ability[3]:
                return (f"{rules.companies[comp].name} may be used {ability[3]} times a turn; it was "
                        f"used {uses[comp]} times")
        swaps[t] += 1
    if paid != list(cost):
        r = next(r for r in range(N_RES) if paid[r] != cost[r])
        return f"the payment gives {paid[r]} {_name(names, r)}, the cost asks {cost[r]}"
    if min(map(sub, storage, taken)) < 0:
        r = next(r for r in range(N_RES) if taken[r] > storage[r])
        return f"the payment spends {taken[r]} {_name(names, r)}, storage holds {storage[r]}"
    if avail is not None:
        for r in range(N_RES):
            if swaps[r] > avail[r]:
                return (f"a converted {_name(names, r)} must be replaced by a real one, and only "
                        f"{avail[r]} can be")
    return None


def _name(names: tuple[str, ...], r: int) -> str:
    return names[r].capitalize()


def spend(g: GameState, p: PlayerState, plan: Plan) -> list[int]:
    """Discard the planned sources from storage. Spent Energy returns to its pile, anything
    else goes to the resource discard pile. Returns the sources spent, per resource."""
    storage, market, discard = p.storage, g.market, g.res_discard
    back = g.rules.inexhaustible_mask
    spent = [0] * N_RES
    for s, _t, comp in plan:
        storage[s] -= 1
        spent[s] += 1
        if (back >> s) & 1:
            market[s] += 1
        else:
            discard[s] += 1
        if comp >= 0:
            g.uses[comp] += 1
    return spent


def return_resource(g: GameState, r: int, k: int = 1) -> None:
    """Resources leaving play: Energy back to its pile, the rest to the resource discard pile."""
    if (g.rules.inexhaustible_mask >> r) & 1:
        g.market[r] += k
    else:
        g.res_discard[r] += k
