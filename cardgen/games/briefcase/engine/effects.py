"""Company abilities: each effect kind of the data's closed vocabulary is implemented once here.

Ongoing effects are folded into a player's derived fields whenever the set of activated
companies changes (``refresh``); the rest of the engine reads those fields. Per-activation
effects run each time their company is activated (``on_activate``). End-of-game effects are
scored in ``scoring``. A custom company is just data using these kinds.

Where an ability leaves the player a choice, its code is a generator that yields the decision
(``cardgen.sim.decisions``) and receives the checked choice; an ability that changes another
player marks that player for the observations (``state.touch``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from cardgen.games.briefcase.engine import cards, payment
from cardgen.games.briefcase.engine.memo import Memo
from cardgen.games.briefcase.engine.rules import (
    ALL_RES_MASK,
    BUY,
    N_CARDS,
    N_RES,
    CompanyRule,
    Rules,
    mask,
)
from cardgen.games.briefcase.engine.state import GameState, PlayerState, conversions, touch
from cardgen.games.briefcase.model import DECISIONS, RESOURCES
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision

# Rules that may ask a player: generators yielding each Decision and receiving the choice.
Steps = Generator[Decision, Any, None]


def _res_mask(rules: Rules, spec: str) -> int:
    """Resources an ability names: one resource, or any / any_except_energy / basic."""
    if spec == "any":
        return ALL_RES_MASK
    if spec == "any_except_energy":
        return ALL_RES_MASK & ~rules.inexhaustible_mask
    if spec == "basic":
        return rules.basic_mask
    return 1 << RESOURCES.index(spec)


def _card_mask(spec: Any) -> int:
    if spec == "any":
        return (1 << N_CARDS) - 1
    return mask(DECISIONS.index(d) for d in spec)


class _Derived:
    """Accumulates a player's ongoing effects."""

    __slots__ = ("hand_size", "storage_limit", "res_conv", "res_limited", "card_convs",
                 "start_draw", "start_cycle", "ignore_blocks", "deck_top", "topdeck", "endgame",
                 "extra_draws")

    def __init__(self, rules: Rules):
        self.hand_size = rules.hand_size
        self.storage_limit = rules.storage_limit
        self.res_conv = [0] * N_RES
        self.res_limited: list[tuple[int, int, int, int]] = []
        self.card_convs: list[tuple[int, int, bool, int, bool, int]] = []
        self.start_draw: list[tuple[int, int, int, int]] = []
        self.start_cycle: list[tuple[int, int]] = []
        self.extra_draws: list[tuple[int, int]] = []
        self.ignore_blocks = 0
        self.deck_top = False
        self.topdeck = 0
        self.endgame: list[tuple[str, int]] = []


def _resource_as(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    src = _res_mask(rules, c.params["from"])
    dst = _res_mask(rules, c.params["as"])
    per_turn = c.params.get("per_turn", 0)
    if per_turn:
        d.res_limited.append((c.index, src, dst, per_turn))
    else:
        for t in range(N_RES):
            if (dst >> t) & 1:
                d.res_conv[t] |= src


def _cards_as(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    p = c.params
    d.card_convs.append((c.index, p["count"], bool(p["same_type"]), _card_mask(p["as"]),
                         p.get("only_for") == "resources", p.get("per_turn", 0)))


def _hand_size(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.hand_size += c.params["delta"]
    if c.params["delta"] > 0:
        # "When drawing new cards, a player may draw one additional card": a choice each Draw step.
        d.extra_draws.append((c.index, c.params["delta"]))


def _storage_limit(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.storage_limit = max(d.storage_limit, c.params["limit"])


def _draw_at_turn_start(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    cond = c.params.get("if_at_most")
    if cond:
        d.start_draw.append((c.index, c.params["count"], DECISIONS.index(cond["card"]), cond["count"]))
    else:
        d.start_draw.append((c.index, c.params["count"], 0, 1 << 30))


def _cycle_at_turn_start(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.start_cycle.append((c.index, c.params["count"]))


def _ignore_resource_block(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.ignore_blocks += c.params["per_turn"]


def _production_to_deck_top(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.deck_top = True


def _topdeck_played(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.topdeck += c.params["count"]


def _endgame_vp(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    d.endgame.append((c.params["per"], c.params.get("vp", 1)))


def _nothing(d: _Derived, c: CompanyRule, rules: Rules) -> None:
    pass


ONGOING: dict[str, Callable[[_Derived, CompanyRule, Rules], None]] = {
    "none": _nothing,
    "resource_as": _resource_as,
    "cards_as": _cards_as,
    "hand_size": _hand_size,
    "storage_limit": _storage_limit,
    "draw_at_turn_start": _draw_at_turn_start,
    "cycle_at_turn_start": _cycle_at_turn_start,
    "ignore_resource_block": _ignore_resource_block,
    "production_to_deck_top": _production_to_deck_top,
    "topdeck_played": _topdeck_played,
    "endgame_vp": _endgame_vp,
}


# Each distinct way of paying resources (the rules' free payments, the unlimited conversions,
# the limited ones and their uses a turn) by a number, a player's ``pay_key``: the payment memo
# (``payment.plan_payment``) holds it in its key, cheaper to hash than the tuples it stands for.
# Never cleared, so a number always means the same way of paying; there are as few as the data
# has combinations of conversion abilities.
_PAY_KEYS: dict[tuple, int] = {}


def _derive(rules: Rules, active: tuple[int, ...]) -> tuple:
    """What the activated companies ``active`` give, in ``refresh``'s order of fields."""
    d = _Derived(rules)
    level1 = 0
    for ci in active:
        c = rules.companies[ci]
        if c.level == 1:
            level1 += 1
        if not c.per_activation:
            ONGOING[c.effect](d, c, rules)
    res_conv = tuple(d.res_conv)
    res_limited = tuple(d.res_limited)
    # Cheapest groups first: the card search tries them in this order.
    card_convs = tuple(sorted(d.card_convs, key=lambda c: (c[1], c[0])))
    paying = (rules.free_pay, res_conv, tuple((f, t, k) for _c, f, t, k in res_limited))
    pay_key = _PAY_KEYS.setdefault(paying, len(_PAY_KEYS))
    return (d.hand_size, d.storage_limit, res_conv, res_limited, card_convs, conversions(card_convs),
            tuple(d.start_draw), tuple(d.start_cycle), d.ignore_blocks, d.deck_top, d.topdeck, level1,
            tuple(d.endgame), pay_key, tuple(d.extra_draws))


# Derived fields by rules (identity) and activated companies: the same few combinations recur in
# every game. The rules object is kept with its entry, so its id cannot be reused meanwhile.
_DERIVED: Memo = Memo(4096)   # (id of the rules, activated companies) -> (rules, what they give)


def refresh(g: GameState, p: PlayerState) -> None:
    """Recompute what ``p``'s activated companies give. Call after any flip."""
    rules = g.rules
    active = tuple([ci for ci in p.companies if p.active[ci]])
    key = (id(rules), active)
    hit = _DERIVED.get(key)
    if hit is None or hit[0] is not rules:
        hit = _DERIVED.keep(key, (rules, _derive(rules, active)))
    (p.hand_size, p.storage_limit, p.res_conv, p.res_limited, p.card_convs, p.card_conv,
     p.start_draw, p.start_cycle, p.ignore_blocks, p.deck_top, p.topdeck, p.level1_active,
     p.endgame, p.pay_key, p.extra_draws) = hit[1]
    p.active_key = active          # the activated companies: observation.py caches by it


# --- The storage limit ----------------------------------------------------------------------


def limited_stored(g: GameState, p: PlayerState) -> int:
    """Stored resources that count against the storage limit (all but Energy)."""
    storage = p.storage
    total = sum(storage)            # all, less the exempt: cheaper than adding up the others
    for r in g.rules.storage_exempt:
        total -= storage[r]
    return total


def enforce_storage(g: GameState, p: PlayerState, over: int) -> Steps:
    """The player discards the ``over`` resources over the storage limit (to the resource
    discard pile; Energy back to its pile), choosing which."""
    options = [r for r in g.rules.storage_limited for _ in range(p.storage[r])]
    picks = yield d.choose_many(p.seat, "storage_discard",
                                f"Storage holds {over} resources over its limit: discard which?",
                                options, over, over, [g.rules.res_names[r].capitalize() for r in options])
    for r in picks:
        p.storage[r] -= 1
        payment.return_resource(g, r)


def keep_within_limit(g: GameState, p: PlayerState) -> Steps:
    """A player changed in another player's turn (paid for a hire, or a Warehouses
    deactivated) discards down to the storage limit at once: "A player may not store more than
    5 resource cards"; only "during his turn, a player may exceed his storage limit" (ruling
    storage-limit-outside-turn)."""
    over = limited_stored(g, p) - p.storage_limit
    if over > 0:
        yield from enforce_storage(g, p, over)


# --- Per activation -------------------------------------------------------------------------


class ActivationContext:
    """What a per-activation effect may need to know about its activation."""

    __slots__ = ("discard_before",)

    def __init__(self, discard_before: list[int]):
        self.discard_before = discard_before   # resource discard pile before paying the cost


def _card_labels(options: list[int | None]) -> list[str]:
    return [DECISIONS[t].capitalize() if t is not None else "none" for t in options]


def _remove_from_hand(g: GameState, p: PlayerState, c: CompanyRule, ctx: ActivationContext) -> Steps:
    # "A player selects one unused decision card from his hand. This card is then removed from
    # the game": the player chooses which card, not whether (ruling oil-refinery-removal-required).
    for _ in range(c.params["count"]):
        options = [t for t in range(N_CARDS) if p.hand[t]]
        if not options:
            return
        t = yield d.choose(p.seat, "remove_from_hand",
                           f"{c.name}: choose a card of your hand to remove from the game",
                           options, _card_labels(options))
        p.hand[t] -= 1
        g.removed[t] += 1


def _take_from_resource_discard(g: GameState, p: PlayerState, c: CompanyRule,
                                ctx: ActivationContext) -> Steps:
    # Not the resources just paid for this activation, and never Energy.
    pool = [min(ctx.discard_before[r], g.res_discard[r]) if not (g.rules.inexhaustible_mask >> r) & 1
            else 0 for r in range(N_RES)]
    options = [r for r in range(N_RES) for _ in range(pool[r])]
    if not options:
        return
    count = c.params["count"]
    picks = yield d.choose_many(p.seat, "take_from_discard",
                                f"{c.name}: take up to {count} resources from the discard pile",
                                options, 0, min(count, len(options)),
                                [g.rules.res_names[r].capitalize() for r in options])
    for r in picks:
        g.res_discard[r] -= 1
        p.storage[r] += 1


def _opponents_discard(g: GameState, p: PlayerState, c: CompanyRule, ctx: ActivationContext) -> Steps:
    kinds = tuple(DECISIONS.index(k) for k in c.params["cards"])
    for o in g.opponents(p.seat):
        opp = g.players[o]
        options = [t for t in kinds if opp.hand[t]]
        if not options:
            continue
        if len(options) == 1:
            t = options[0]
        else:
            # "The player looks at each opponent's hand ... and if a player has both, chooses":
            # while it chooses, the observation shows it that hand.
            g.revealed = o
            touch(g, o)
            t = yield d.choose(p.seat, "opponent_discard",
                               f"{c.name}: which card does seat {o + 1} discard?", options,
                               _card_labels(list(options)))
            g.revealed = -1
        opp.hand[t] -= 1
        opp.discard[t] += 1
        touch(g, o)


def _take_from_opponents(g: GameState, p: PlayerState, c: CompanyRule, ctx: ActivationContext) -> Steps:
    # Fine point 2: the opponent converts nothing, so only real cards of the resource count.
    r = RESOURCES.index(c.params["resource"])
    for o in g.opponents(p.seat):
        opp = g.players[o]
        k = min(c.params["count"], opp.storage[r])
        if k and (yield d.yes_no(p.seat, "take_from_opponent",
                                 f"{c.name}: take {k} {RESOURCES[r].capitalize()} from seat {o + 1}?")):
            opp.storage[r] -= k
            p.storage[r] += k
            touch(g, o)


def _deactivate_opponent_company(g: GameState, p: PlayerState, c: CompanyRule,
                                 ctx: ActivationContext) -> Steps:
    level = c.params["level"]
    for o in g.opponents(p.seat):
        opp = g.players[o]
        cands: list[int | None] = [ci for ci in opp.companies if opp.active[ci]
                                   and g.rules.companies[ci].level == level
                                   and not g.rules.companies[ci].permanent]
        if not cands:
            continue
        cands.append(None)
        pick = yield d.choose(p.seat, "deactivate_pick",
                              f"{c.name}: deactivate a company of seat {o + 1} (or none)", cands,
                              [g.rules.companies[ci].name if ci is not None else "none" for ci in cands])
        if pick is None:
            continue
        opp.active[pick] = False
        g.deactivations += 1
        refresh(g, opp)
        touch(g, o)
        yield from keep_within_limit(g, opp)       # a Warehouses' 8 may fall back to 5


PER_ACTIVATION: dict[str, Callable[[GameState, PlayerState, CompanyRule, ActivationContext], Steps]] = {
    "remove_from_hand": _remove_from_hand,
    "take_from_resource_discard": _take_from_resource_discard,
    "opponents_discard": _opponents_discard,
    "take_from_opponents": _take_from_opponents,
    "deactivate_opponent_company": _deactivate_opponent_company,
}


def check_supported(rules: Rules) -> None:
    """ValueError naming a company whose ability the engine does not know."""
    for c in rules.companies:
        table = PER_ACTIVATION if c.per_activation else ONGOING
        if c.effect not in table:
            when = "per activation" if c.per_activation else "ongoing"
            raise ValueError(f"company '{c.name}': effect '{c.effect}' cannot be used {when}")


def on_activate(g: GameState, p: PlayerState, c: CompanyRule, ctx: ActivationContext) -> Steps:
    if c.per_activation:
        yield from PER_ACTIVATION[c.effect](g, p, c, ctx)


# --- Start of turn --------------------------------------------------------------------------


def start_abilities(p: PlayerState) -> list[int]:
    """The companies whose abilities act at the start of ``p``'s turn, in the default order:
    Newspaper-like draws, then Contractor-like cycling."""
    return [e[0] for e in p.start_draw] + [e[0] for e in p.start_cycle]


def start_of_turn(g: GameState, p: PlayerState) -> Steps:
    """Newspaper-like draws (if the hand qualifies when it acts) and Contractor-like cycling,
    in the order the player chooses when several apply (a cycled Buy card can make the hand
    qualify for the Newspaper)."""
    order = start_abilities(p)
    if len(order) > 1:
        order = yield d.order(p.seat, "start_order", "Order your start-of-turn abilities (first acts first)",
                              order, [g.rules.companies[ci].name for ci in order])
    draws = {e[0]: e for e in p.start_draw}
    cycles = dict(p.start_cycle)
    for ci in order:
        name = g.rules.companies[ci].name
        if ci in draws:
            _ci, count, card, at_most = draws[ci]
            if p.hand[card] <= at_most and (p.deck or any(p.discard)) and (
                    yield d.yes_no(p.seat, "use_start_draw", f"{name}: draw {count} more card(s)?")):
                cards.draw(g, p, count)
            continue
        for _ in range(cycles[ci]):
            options: list[int | None] = [t for t in range(N_CARDS) if p.hand[t]]
            if not options:
                break
            options.append(None)
            t = yield d.choose(p.seat, "cycle_card", f"{name}: discard a card and draw a new one (or none)",
                               options, _card_labels(options))
            if t is None:
                break
            p.hand[t] -= 1
            p.discard[t] += 1
            cards.draw(g, p, 1)


# --- End of game ----------------------------------------------------------------------------


def endgame_vp(g: GameState, p: PlayerState) -> int:
    total = 0
    for per, vp in p.endgame:
        if per == "activated_company":
            n = sum(1 for ci in p.companies if p.active[ci])
        elif per == "buy_card_owned":
            n = p.cards_owned()[BUY]
        elif per == "buy_in_production":
            n = sum(g.rules.companies[ci].production_cards[BUY] for ci in p.companies if p.active[ci])
        else:
            raise ValueError(f"unknown end-of-game count '{per}'")
        total += n * vp
    return total
