"""Decision cards: drawing with reshuffle, taking from the Decision Bank, and paying for an
action with cards (real ones, or groups of cards that abilities let count as another type).
"""

from __future__ import annotations

import random

from cardgen.games.briefcase.engine.memo import Memo
from cardgen.games.briefcase.engine.rules import N_CARDS, Rules
from cardgen.games.briefcase.engine.state import GameState, PlayerState
from cardgen.games.briefcase.model import DECISIONS

# The order in which cards are given up when an ability lets any cards stand in for another:
# the least useful first. A bot may plan with its own and pass the plan.
DEFAULT_SPEND = (2, 3, 1, 0)   # obstacle, hire, activate, buy
_NAMES = tuple(d.capitalize() for d in DECISIONS)   # for messages


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, the same order from the same generator, written out: the standard
    one makes a method call per card for its random index, and a game reshuffles a few
    hundred cards (the order is kept so that a seed's games stay as they were)."""
    getrandbits = rng.getrandbits
    steps = _STEPS[len(x)] if len(x) < len(_STEPS) else _steps(len(x))
    for i, n, bits in steps:
        j = getrandbits(bits)
        while j >= n:                   # random.Random._randbelow: redraw an index out of range
            j = getrandbits(bits)
        x[i], x[j] = x[j], x[i]


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """``shuffle``'s steps for a list of ``size``: (index swapped, how many indices it draws
    from, the bits of a draw), as random.shuffle goes."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS = tuple(_steps(size) for size in range(64))     # a deck rarely holds more


def reshuffle(g: GameState, p: PlayerState) -> None:
    """The discard pile, shuffled, becomes the draw pile (under what is left of it)."""
    new = []
    for t in range(N_CARDS):
        k = p.discard[t]
        if k:
            new.extend([t] * k)
            p.discard[t] = 0
    shuffle(g.rng, new)
    new.extend(p.deck)
    p.deck = new


def draw(g: GameState, p: PlayerState, n: int) -> int:
    """Draw up to ``n`` cards into the hand, reshuffling the discard pile when the deck runs
    out. Returns how many were drawn (fewer only if the player owns too few cards)."""
    deck, hand = p.deck, p.hand
    drawn = 0
    while drawn < n:
        if not deck:
            if not any(p.discard):
                break
            reshuffle(g, p)
            deck = p.deck
        k = min(n - drawn, len(deck))      # from the top, the end of the list
        for t in deck[-k:]:
            hand[t] += 1
        del deck[-k:]
        drawn += k
    return drawn


def take_from_bank(g: GameState, t: int, n: int) -> int:
    """Take up to ``n`` cards of type ``t`` from the Decision Bank; fine point 4: what is not
    there is not taken. Returns how many were taken."""
    k = g.bank[t] if g.bank[t] < n else n
    g.bank[t] -= k
    return k


# A card plan: (cards consumed per type, ((company, uses), ...) of per-turn-limited abilities).
CardPlan = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


def most_payable(p: PlayerState, t: int, for_resources: bool = False, held: int = 0) -> int:
    """A cheap upper bound on how many cards of type ``t`` the hand can pay (``plan_cards``
    gives the exact answer), with ``held`` other cards kept back: the real ones, plus one per
    the fewest cards an ability takes to stand in for one."""
    hand = p.hand
    have = hand[t]
    fewest = p.card_conv.fewest[t][1 if for_resources else 0]
    if not fewest:
        return have
    return have + (sum(hand) - have - held) // fewest


def _real_cards(t: int, n: int) -> CardPlan:
    consume = [0] * N_CARDS
    consume[t] = n
    return tuple(consume), ()


# Paying with real cards only, by (type, count): the common case, built once.
_REAL = {(t, n): _real_cards(t, n) for t in range(N_CARDS) for n in range(16)}


def plan_cards(p: PlayerState, uses: list[int], n: int, t: int, for_resources: bool = False,
               spend: tuple[int, ...] = DEFAULT_SPEND, hand: list[int] | tuple[int, ...] | None = None
               ) -> CardPlan | None:
    """How ``p`` can pay ``n`` cards of type ``t`` from the hand (or from ``hand``, cards it
    keeps back left out), or None if it cannot.

    Real cards of the type are used first; the rest comes from the player's ``cards_as``
    abilities (``only_for: resources`` ones only when ``for_resources``). ``p`` may be the
    state's player or an observation's view of the seat itself."""
    if hand is None:
        hand = p.hand
    have = hand[t]
    if have >= n:
        plan = _REAL.get((t, n))
        return plan if plan is not None else _real_cards(t, n)
    if not p.card_convs:
        return None
    conv = p.card_conv
    cands = conv.cands[t][1 if for_resources else 0]
    limited = ()                # this turn's uses of the abilities limited per turn
    if conv.limited:
        limited = tuple([uses[c[0]] for c in cands if c[5]])
        cands = tuple([c for c in cands if not c[5] or uses[c[0]] < c[5]])
    if not cands:
        return None
    # The search reads the abilities that may pay (``conv``, what for, and those uses), the
    # hand, what to pay and the order to give cards up in: the same ones meet again and again
    # (a bot asks before each action whether its hand pays), so its answers are kept.
    key = (conv, for_resources, limited, tuple(hand), n, t, spend)
    plan = _SEARCHED.get(key, False)
    if plan is False:
        left = list(hand)
        left[t] = 0
        consume = [0] * N_CARDS
        consume[t] = have
        used: dict[int, int] = {}
        plan = None
        if _convert(n - have, left, cands, uses, consume, used, spend):
            plan = tuple(consume), tuple(sorted(used.items()))
        _SEARCHED.keep(key, plan)
    return plan


_SEARCHED: Memo = Memo(100_000)


def _convert(need: int, left: list[int], cands: tuple, uses: list[int], consume: list[int],
             used: dict[int, int], spend: tuple[int, ...]) -> bool:
    """Depth-first search over ability uses to cover ``need`` more cards (small: a hand holds a
    handful of cards)."""
    if need == 0:
        return True
    for comp, count, same_type, _as, _only, per_turn in cands:
        if per_turn and uses[comp] + used.get(comp, 0) >= per_turn:
            continue
        if same_type or count == 1:
            for s in spend:
                if left[s] >= count:
                    left[s] -= count
                    consume[s] += count
                    used[comp] = used.get(comp, 0) + 1
                    if _convert(need - 1, left, cands, uses, consume, used, spend):
                        return True
                    used[comp] -= 1
                    if not used[comp]:
                        del used[comp]
                    consume[s] -= count
                    left[s] += count
        elif sum(left) >= count:
            # Any mix of cards: give up the least useful ones.
            took = [0] * N_CARDS
            k = count
            for s in spend:
                x = left[s] if left[s] < k else k
                took[s] = x
                k -= x
            for s in range(N_CARDS):
                left[s] -= took[s]
                consume[s] += took[s]
            used[comp] = used.get(comp, 0) + 1
            if _convert(need - 1, left, cands, uses, consume, used, spend):
                return True
            used[comp] -= 1
            if not used[comp]:
                del used[comp]
            for s in range(N_CARDS):
                left[s] += took[s]
                consume[s] -= took[s]
    return False


# What a plan's parts may be: tuples, or lists (a plan read back from a JSON game log).
_SEQ = (tuple, list)


def card_plan_problem(p: PlayerState, uses: list[int], plan: object, n: int, t: int,
                      for_resources: bool = False, hand: list[int] | tuple[int, ...] | None = None,
                      rules: Rules | None = None) -> str | None:
    """Why ``plan`` does not pay ``n`` cards of type ``t`` from ``hand`` (default: the player's),
    or None when it does.

    A plan pays with real cards of the type and with the player's ``cards_as`` abilities, each
    use giving up a group of cards (of one type when the ability says so); the cards it gives up
    must be in the hand, and an ability limited per turn has only the uses left this turn.
    ``rules`` name the companies in the messages."""
    if hand is None:
        hand = p.hand
    if plan is _REAL.get((t, n)):                # the planners' own real-card plan: the common case
        return None if hand[t] >= n else f"the hand holds {hand[t]} {_NAMES[t]}, not {n}"
    # Checks written out (no generators, no helper calls): a bot's plans come through here at
    # most actions of a game.
    if type(plan) not in _SEQ or len(plan) != 2:
        return "a card payment is (cards given up per type, ((ability, uses), ...))"
    consume, used = plan
    if type(consume) not in _SEQ or len(consume) != N_CARDS:
        return f"a card payment gives up a whole number of cards of each of the {N_CARDS} types"
    c0, c1, c2, c3 = consume
    if not (type(c0) is type(c1) is type(c2) is type(c3) is int) or min(consume) < 0:
        return f"a card payment gives up a whole number of cards of each of the {N_CARDS} types"
    if c0 > hand[0] or c1 > hand[1] or c2 > hand[2] or c3 > hand[3]:
        s = next(s for s in range(N_CARDS) if consume[s] > hand[s])
        return f"the payment gives up {consume[s]} {_NAMES[s]} but the hand holds {hand[s]}"
    if type(used) not in _SEQ:
        return "a card payment lists its abilities as ((ability, uses), ...)"
    if not used:                                 # real cards only: exactly n of the type
        if consume[t] == n and c0 + c1 + c2 + c3 == n:
            return None
        return f"the payment gives up {c0 + c1 + c2 + c3} cards, not what {n} {_NAMES[t]} take"
    groups: list[int] = []          # cards per group of a same-type ability, one entry per use
    mixed = 0                       # cards given up to abilities taking any mix
    uses_total = 0
    seen: set[int] = set()
    for entry in used:
        if type(entry) not in _SEQ or len(entry) != 2:
            return "a card payment lists its abilities as ((ability, uses), ...)"
        comp, k = entry
        if type(comp) is not int or type(k) is not int or k < 1 or comp in seen:
            return "a card payment names each ability once, with one use or more"
        seen.add(comp)
        conv = None
        for c in p.card_convs:
            if c[0] == comp:
                conv = c
                break
        if conv is None:
            return f"{_company(rules, comp)} gives the player no ability to pay with other cards"
        _comp, count, same_type, as_mask, only_resources, per_turn = conv
        if not (as_mask >> t) & 1 or (only_resources and not for_resources):
            return f"{_company(rules, comp)} cannot pay {_NAMES[t]} here"
        if per_turn and uses[comp] + k > per_turn:
            return (f"{_company(rules, comp)} may be used {per_turn} times a turn; it was used "
                    f"{uses[comp]} times and the payment uses it {k} more")
        uses_total += k
        if same_type:
            groups.extend([count] * k)
        else:
            mixed += count * k
    real = n - uses_total
    if real < 0:
        return f"the payment uses abilities {uses_total} times for {n} {_NAMES[t]}"
    extra = list(consume)
    extra[t] -= real
    if extra[t] < 0:
        return f"the payment gives up {consume[t]} {_NAMES[t]} and abilities for {uses_total}: short of {n}"
    if sum(extra) != sum(groups) + mixed:
        return f"the payment gives up {sum(consume)} cards, not what {n} {_NAMES[t]} take"
    # One group (the usual case): all its cards of one type, the only cards given up beyond
    # the real ones (the totals match above).
    if groups and not (max(extra) >= groups[0] if len(groups) == 1 and not mixed
                       else _fits(sorted(groups, reverse=True), extra)):
        return "the abilities' groups of cards of one type do not match the cards given up"
    return None


def _company(rules: Rules | None, comp: int) -> str:
    return rules.companies[comp].name if rules is not None else f"company {comp}"


def _fits(groups: list[int], left: list[int]) -> bool:
    """Whether each group can take its cards from one type of ``left`` (the rest going to the
    abilities that take any mix): a search over a handful of groups."""
    if not groups:
        return True
    k = groups[0]
    for s in range(N_CARDS):
        if left[s] >= k:
            left[s] -= k
            ok = _fits(groups[1:], left)
            left[s] += k
            if ok:
                return True
    return False


def pay_cards(g: GameState, p: PlayerState, plan: CardPlan) -> None:
    """Play the planned cards: from the hand to the played area."""
    consume, used = plan
    hand, played = p.hand, p.played
    # Written out for the four card types (observation.py asserts there are four): a loop
    # cost more than the rest of paying.
    c0, c1, c2, c3 = consume
    if c0:
        hand[0] -= c0
        played[0] += c0
    if c1:
        hand[1] -= c1
        played[1] += c1
    if c2:
        hand[2] -= c2
        played[2] += c2
    if c3:
        hand[3] -= c3
        played[3] += c3
    if used:
        uses = g.uses
        for comp, k in used:
            uses[comp] += k
