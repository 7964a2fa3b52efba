"""The table as one seat may read it, from its ``Observation``: valuations, alliances, turn
order, face-up cards, hand sizes and the discard pile, plus that seat's own hand. A bot holds
no way to a hidden card: it is given the observation, never the game.

The heuristic bot's estimates of hidden hands live here too: a card in a rival's hand is one
of the cards this seat cannot see, and a rival who banks only value cards (no tactic ever
banked for $10M) is unlikely to sit on value cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardgen.games.startup.bots.thinking import remember
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.model import CardDef


def valuation(obs: Observation, s: int) -> int:
    """A seat's valuation (counted from the table, once per decision)."""
    return remember(("valuation", s), lambda: obs.valuation(s))


# A rival this close to the win is the table's problem: attacks on them gain weight.
NEAR_WIN = 250
# Worth of a hidden card by kind, before knowing whose hand it is in or what it could hit:
# a value card is worth its bank value; a card that answers attacks from hand is worth keeping.
REACTION_KEPT = 40
TACTIC_KEPT = 25


def near_win(obs: Observation, s: int) -> bool:
    return valuation(obs, s) >= obs.rules.win_valuation - NEAR_WIN


def threat(obs: Observation, s: int) -> float:
    """How much seat ``s`` worries the table: their valuation, more when near the win."""
    return valuation(obs, s) + (400 if near_win(obs, s) else 0)


def leader(obs: Observation, seat: int) -> int:
    return max(obs.others(seat), key=lambda s: (valuation(obs, s), -s))


def keeps_alliance(obs: Observation, seat: int) -> bool:
    """Whether this seat wants its alliance to last: its partner is neither near the win nor
    far ahead of it (only one player wins; a partner running away is a rival first)."""
    partner = obs.players[seat].partner
    if partner is None:
        return False
    return not near_win(obs, partner) and valuation(obs, partner) <= valuation(obs, seat) + 150


def common_enemy(obs: Observation, seat: int) -> int | None:
    """A rival outside this seat's alliance who is near the win while neither partner is."""
    partner = obs.players[seat].partner
    if partner is None or near_win(obs, seat) or near_win(obs, partner):
        return None
    rivals = [s for s in obs.others(seat) if s != partner and near_win(obs, s)]
    return max(rivals, key=lambda s: (valuation(obs, s), -s)) if rivals else None


def care(obs: Observation, seat: int, other: int) -> float:
    """How much this seat welcomes a gain of ``other``'s (0 for anyone but a partner it keeps;
    a partner facing a common enemy with it counts fully)."""
    if obs.players[seat].partner != other:
        return 0.0
    if common_enemy(obs, seat) is not None:
        return 1.0
    return 0.5 if keeps_alliance(obs, seat) else 0.0


def mind(obs: Observation, seat: int, other: int) -> float:
    """How much this seat minds a gain of ``other``'s, against a gain of its own (1.0)."""
    if care(obs, seat, other) > 0:
        return 0.0
    if near_win(obs, other):
        return 1.0
    return 1 / (obs.n - 1)


def turn_distance(obs: Observation, s: int) -> int:
    """Turns until seat ``s`` next plays, counted from the player whose turn it is (0 = them)."""
    current = obs.current if obs.current is not None else 0
    return (s - current) % obs.n


def acts_before(obs: Observation, a: int, b: int) -> bool:
    """Whether seat ``a`` plays before seat ``b`` gets its next turn."""
    return turn_distance(obs, a) < turn_distance(obs, b)


# --- hidden cards -----------------------------------------------------------------------------
def kind_worth(d: CardDef) -> float:
    """A hidden card's worth to whoever gets it, knowing only its kind."""
    if not d.is_tactic:
        return d.value
    from_hand = any(r.by in ("target", "target_or_partner") for r in d.reactions)
    return REACTION_KEPT if from_hand else TACTIC_KEPT


def banks_everything(obs: Observation, s: int) -> float:
    """How indiscriminately seat ``s`` banks, from 0 (only value cards ever banked, so value
    cards do not linger in its hand) to 1 (banks tactics as often as the draw pile holds them)."""
    bank = obs.players[s].bank
    tactics = sum(obs.card(c).is_tactic for c in bank)
    tactic_share = remember(("tactic share",), lambda: _tactic_share(obs))
    return min(1.0, (tactics + 1) / (tactic_share * len(bank) + 2))


def _tactic_share(obs: Observation) -> float:
    model = obs.model
    return sum(c.count for c in model.cards if c.is_tactic) / model.draw_pile_size


def _visible(obs: Observation) -> list[int]:
    """The draw-pile cards this seat can see where they are: its hand and every face-up card."""
    cards = list(obs.hand)
    for p in obs.players:
        cards += p.bank
        cards += p.markers
        cards += p.attachments.values()
    cards += obs.discard
    cards += obs.resolving
    cards += (marker for _, _, marker in obs.alliances)
    return cards


@dataclass(frozen=True)
class Unseen:
    """The draw-pile cards whose place one seat cannot see (they are in the draw pile or other
    hands: every card but the visible ones), summarised: the share of value cards, mean worths,
    and the tactics by id."""

    value_share: float
    value_worth: float
    tactic_worth: float
    tactics: int
    tactic_ids: Counter[str]

    @classmethod
    def of(cls, obs: Observation) -> Unseen:
        return remember(("unseen", obs.seat), lambda: cls._count(obs))

    @classmethod
    def _count(cls, obs: Observation) -> Unseen:
        defs = obs.defs
        counts = Counter({d.id: d.count for d in obs.model.cards})
        counts.subtract(defs[c].id for c in _visible(obs))
        by_id = obs.model.by_id
        kinds = {by_id[i]: n for i, n in counts.items() if n > 0}
        size = sum(kinds.values())
        values = sum(n for d, n in kinds.items() if not d.is_tactic)
        tactics = size - values
        value_sum = sum(d.value * n for d, n in kinds.items() if not d.is_tactic)
        tactic_sum = sum(kind_worth(d) * n for d, n in kinds.items() if d.is_tactic)
        return cls(value_share=values / size if size else 0.0,
                   value_worth=value_sum / values if values else 0.0,
                   tactic_worth=tactic_sum / tactics if tactics else 0.0,
                   tactics=tactics,
                   tactic_ids=Counter({d.id: n for d, n in kinds.items() if d.is_tactic}))


class HiddenHand:
    """What the observing seat expects of one random card from seat ``s``'s hidden hand."""

    def __init__(self, obs: Observation, s: int, unseen: Unseen | None = None):
        self.unseen = unseen or Unseen.of(obs)
        self.p_value = self.unseen.value_share * banks_everything(obs, s)
        self.size = obs.players[s].hand_size

    def mean_worth(self) -> float:
        u = self.unseen
        return self.p_value * u.value_worth + (1 - self.p_value) * u.tactic_worth

    def p_holds(self, card_id: str) -> float:
        """Probability that the hand holds at least one copy of the card."""
        u = self.unseen
        if not u.tactics:
            return 0.0
        per_card = (1 - self.p_value) * u.tactic_ids[card_id] / u.tactics
        return 1 - (1 - per_card) ** self.size
