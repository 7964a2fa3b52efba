"""Decision cards: drawing with reshuffle, taking from the Decision Bank, and paying for an
action with cards (real ones, or groups of cards that abilities let count as another type).
"""

from __future__ import annotations

from cardgen.games.briefcase.engine.rules import N_CARDS
from cardgen.games.briefcase.engine.state import GameState, PlayerState

# The order in which cards are given up when an ability lets any cards stand in for another:
# the least useful first. Bots may pass their own.
DEFAULT_SPEND = (2, 3, 1, 0)   # obstacle, hire, activate, buy


def reshuffle(g: GameState, p: PlayerState) -> None:
    """The discard pile, shuffled, becomes the draw pile (under what is left of it)."""
    new = []
    for t in range(N_CARDS):
        k = p.discard[t]
        if k:
            new.extend([t] * k)
            p.discard[t] = 0
    g.rng.shuffle(new)
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
               spend: tuple[int, ...] = DEFAULT_SPEND) -> CardPlan | None:
    """How ``p`` can pay ``n`` cards of type ``t`` from the hand, or None if it cannot.

    Real cards of the type are used first; the rest comes from the player's ``cards_as``
    abilities (``only_for: resources`` ones only when ``for_resources``)."""
    hand = p.hand
    have = hand[t]
    if have >= n:
        plan = _REAL.get((t, n))
        return plan if plan is not None else _real_cards(t, n)
    if not p.card_convs:
        return None
    conv = p.card_conv
    cands = conv.cands[t][1 if for_resources else 0]
    if conv.limited:
        cands = [c for c in cands if not c[5] or uses[c[0]] < c[5]]
    if not cands:
        return None
    left = list(hand)
    left[t] = 0
    consume = [0] * N_CARDS
    consume[t] = have
    used: dict[int, int] = {}
    if _convert(n - have, left, cands, uses, consume, used, spend):
        return tuple(consume), tuple(sorted(used.items()))
    return None


def _convert(need: int, left: list[int], cands: list, uses: list[int], consume: list[int],
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


def pay_cards(g: GameState, p: PlayerState, plan: CardPlan) -> None:
    """Play the planned cards: from the hand to the played area."""
    consume, used = plan
    hand, played = p.hand, p.played
    for t in range(N_CARDS):
        k = consume[t]
        if k:
            hand[t] -= k
            played[t] += k
    for comp, k in used:
        g.uses[comp] += k
