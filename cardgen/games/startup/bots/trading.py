"""Alliance trades for the heuristic player: one hand card each, both must agree.

A swap is judged by what each card is worth in each hand (``hand_worth``): a card can be worth
more to one partner than the other (a Non-Compete to the one with an Employee to protect, an
attack to the one who plays before a near-winning rival). Each side counts its own gain plus
its regard for the partner's gain (``care`` - ``mind``): positive for a partner it means to
keep, negative for a partner who has become a rival for the win.

Never traded: cards that betray the ally or answer a betrayal (they are about the alliance
itself). A card that would let the partner reach the win is never handed over either: a
partner near the win is a rival first (``mind`` weighs its gains fully).
"""

from __future__ import annotations

from cardgen.games.startup.bots.plays import betrayal_card, hand_worth
from cardgen.games.startup.bots.view import (
    HiddenHand,
    acts_before,
    banks_everything,
    care,
    common_enemy,
    mind,
)
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.engine.state import Action

# The least gain (in $M) that makes a swap worth asking for or agreeing to.
MARGIN = 5
# An offer is worth making when the card is worth this much more to the ally than to us:
# room for a reply that pays us back.
ROOM = 10
# An ally this indiscriminate (``banks_everything``) is asked for its better cards blindly; a
# selective ally banks its value cards at once and would only refuse.
HOARDER = 0.5
# A trade spends one of the offerer's card plays; a play it pushes to the next turn is
# deferred, not lost, so only a share of its score is the cost.
DEFER = 0.2


def regard(obs: Observation, seat: int, other: int) -> float:
    return care(obs, seat, other) - mind(obs, seat, other)


def tradeable(obs: Observation, card: int) -> bool:
    return not betrayal_card(obs, obs.card(card))


def play_cost(scores: list[float], plays_left: int) -> float:
    """What spending a play on a trade costs: the share of the best other play it defers.

    ``scores``: the other plays' scores, best first, not counting the card offered."""
    useful = [s for s in scores if s > 10]
    deferred = useful[plays_left - 1] if len(useful) >= plays_left else 0.0
    return DEFER * deferred + MARGIN


# Why an offer is made: a card worth more to the ally, our least useful card when the ally's
# hidden hand is expected to hold better (an ally who banks tactics as readily as value cards
# sits on value cards), or a call for help against a rival near the win.
SPARE = "spare"
ASK = "ask"
HELP = "help"


def pick_offer(obs: Observation, seat: int, trades: list[Action], other_plays: list[Action],
               ready_after: bool, declined: set[str]) -> tuple[Action, str] | None:
    """The card to offer the ally, if any is worth offering, and why (``SPARE``, ``ASK``, ``HELP``).

    Offered: a card worth clearly more to the ally than to us; or our least useful card, when
    the ally's hand is expected to hold better, or when a rival outside the alliance is near the
    win and plays before the ally does and we hold nothing to hit them with (the ally may hand
    over an attack we can use in time).
    ``declined``: reasons the ally has lately turned down; asking again would only be turned
    down again.
    """
    ally = obs.players[seat].partner
    if ally is None:
        return None
    candidates = [a for a in trades if tradeable(obs, a.card)]
    if not candidates:
        return None
    hand = obs.hand
    worth_mine = {a.card: hand_worth(obs, seat, a.card, ready_after, [c for c in hand if c != a.card])
                  for a in candidates}
    worth_theirs = {a.card: hand_worth(obs, ally, a.card, False) for a in candidates}

    def mine(a: Action) -> float:
        return worth_mine[a.card]

    def room(a: Action) -> float:
        return worth_theirs[a.card] - worth_mine[a.card]

    best = max(candidates, key=lambda a: (room(a), -a.card))
    if SPARE not in declined and room(best) >= ROOM:
        return best, SPARE
    cheapest = min(candidates, key=lambda a: (mine(a), a.card))
    if ASK not in declined and banks_everything(obs, ally) > HOARDER \
            and HiddenHand(obs, ally).mean_worth() - mine(cheapest) >= ROOM:
        return cheapest, ASK
    enemy = common_enemy(obs, seat)
    if HELP in declined or enemy is None or not acts_before(obs, enemy, ally):
        return None
    armed = any(a.kind == "use" and a.target == enemy and obs.card(a.card).effect.is_attack
                for a in other_plays)
    if armed:
        return None
    return cheapest, HELP


def swap_gain(obs: Observation, seat: int, other: int, give: int, get: int, ready: bool,
              other_ready: bool) -> tuple[float, float]:
    """(this seat's own gain, the other's gain as this seat can tell) from the swap.

    The other's hand is hidden, but a card it offers up is one it can spare."""
    rest = [c for c in obs.hand if c != give]
    own = hand_worth(obs, seat, get, ready, rest) - hand_worth(obs, seat, give, ready, rest)
    theirs = hand_worth(obs, other, give, other_ready) - hand_worth(obs, other, get, other_ready, [get])
    return own, theirs


def reply(obs: Observation, seat: int, offerer: int, offered: int) -> int | None:
    """The ally's answer to an offer: the hand card whose swap helps this seat most, or None.

    It agrees only when its own gain is not negative, except against a common enemy (a rival
    near the win beats both partners, so arming the partner who plays first helps both), and
    only with a card the offerer gains by too (anything else would be refused)."""
    if not tradeable(obs, offered):
        return None
    allied_against = common_enemy(obs, seat) is not None
    weight = regard(obs, seat, offerer)
    best, best_gain = None, float(MARGIN)
    for card in sorted(obs.hand):
        if not tradeable(obs, card) or obs.card(card).id == obs.card(offered).id:
            continue
        own, theirs = swap_gain(obs, seat, offerer, card, offered, False, True)
        if theirs > MARGIN and (own >= 0 or allied_against) and own + weight * theirs > best_gain:
            best, best_gain = card, own + weight * theirs
    return best


def confirm(obs: Observation, seat: int, ally: int, offered: int, answer: int, ready_after: bool,
            cost: float) -> bool:
    """The offerer's final word once it sees the reply: its own gain must pay for the play."""
    own, theirs = swap_gain(obs, seat, ally, offered, answer, ready_after, False)
    return own > 0 and own + regard(obs, seat, ally) * theirs > cost
