"""The table as one seat may read it: valuations, alliances, turn order, face-up cards, hand
sizes and the discard pile, plus that seat's own hand. Nothing here peeks at a hidden card.

The heuristic bot's estimates of hidden hands live here too: a card in a rival's hand is one
of the cards this seat cannot see, and a rival who banks only value cards (no tactic ever
banked for $10M) is unlikely to sit on value cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.games.startup.bots.thinking import remember
from cardgen.games.startup.model import CardDef

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game

def valuation(game: Game, s: int) -> int:
    """A seat's valuation (the engine's count, once per decision)."""
    return remember(("valuation", s), lambda: game.valuation(s))


# A rival this close to the win is the table's problem: attacks on them gain weight.
NEAR_WIN = 250
# Worth of a hidden card by kind, before knowing whose hand it is in or what it could hit:
# a value card is worth its bank value; a card that answers attacks from hand is worth keeping.
REACTION_KEPT = 40
TACTIC_KEPT = 25


def near_win(game: Game, s: int) -> bool:
    return valuation(game, s) >= game.rules.win_valuation - NEAR_WIN


def threat(game: Game, s: int) -> float:
    """How much seat ``s`` worries the table: their valuation, more when near the win."""
    return valuation(game, s) + (400 if near_win(game, s) else 0)


def leader(game: Game, seat: int) -> int:
    return max(game.others(seat), key=lambda s: (valuation(game, s), -s))


def keeps_alliance(game: Game, seat: int) -> bool:
    """Whether this seat wants its alliance to last: its partner is neither near the win nor
    far ahead of it (only one player wins; a partner running away is a rival first)."""
    partner = game.players[seat].partner
    if partner is None:
        return False
    return not near_win(game, partner) and valuation(game, partner) <= valuation(game, seat) + 150


def common_enemy(game: Game, seat: int) -> int | None:
    """A rival outside this seat's alliance who is near the win while neither partner is."""
    partner = game.players[seat].partner
    if partner is None or near_win(game, seat) or near_win(game, partner):
        return None
    rivals = [s for s in game.others(seat) if s != partner and near_win(game, s)]
    return max(rivals, key=lambda s: (valuation(game, s), -s)) if rivals else None


def care(game: Game, seat: int, other: int) -> float:
    """How much this seat welcomes a gain of ``other``'s (0 for anyone but a partner it keeps;
    a partner facing a common enemy with it counts fully)."""
    if game.players[seat].partner != other:
        return 0.0
    if common_enemy(game, seat) is not None:
        return 1.0
    return 0.5 if keeps_alliance(game, seat) else 0.0


def mind(game: Game, seat: int, other: int) -> float:
    """How much this seat minds a gain of ``other``'s, against a gain of its own (1.0)."""
    if care(game, seat, other) > 0:
        return 0.0
    if near_win(game, other):
        return 1.0
    return 1 / (game.n - 1)


def turn_distance(game: Game, s: int) -> int:
    """Turns until seat ``s`` next plays, counted from the player whose turn it is (0 = them)."""
    current = game.current if game.current is not None else 0
    return (s - current) % game.n


def acts_before(game: Game, a: int, b: int) -> bool:
    """Whether seat ``a`` plays before seat ``b`` gets its next turn."""
    return turn_distance(game, a) < turn_distance(game, b)


# --- hidden cards -----------------------------------------------------------------------------
def kind_worth(d: CardDef) -> float:
    """A hidden card's worth to whoever gets it, knowing only its kind."""
    if not d.is_tactic:
        return d.value
    from_hand = any(r.by in ("target", "target_or_partner") for r in d.reactions)
    return REACTION_KEPT if from_hand else TACTIC_KEPT


def banks_everything(game: Game, s: int) -> float:
    """How indiscriminately seat ``s`` banks, from 0 (only value cards ever banked, so value
    cards do not linger in its hand) to 1 (banks tactics as often as the draw pile holds them)."""
    bank = game.players[s].bank
    tactics = sum(game.card(c).is_tactic for c in bank)
    tactic_share = remember(("tactic share",), lambda: _tactic_share(game))
    return min(1.0, (tactics + 1) / (tactic_share * len(bank) + 2))


def _tactic_share(game: Game) -> float:
    model = game.model
    return sum(c.count for c in model.cards if c.is_tactic) / model.draw_pile_size


@dataclass(frozen=True)
class Unseen:
    """The draw-pile cards whose place one seat cannot see (the draw pile and other hands),
    summarised: the share of value cards, mean worths, and the tactics by id."""

    value_share: float
    value_worth: float
    tactic_worth: float
    tactics: int
    tactic_ids: Counter[str]

    @classmethod
    def of(cls, game: Game, seat: int) -> Unseen:
        return remember(("unseen", seat), lambda: cls._count(game, seat))

    @classmethod
    def _count(cls, game: Game, seat: int) -> Unseen:
        cards = list(game.table.draw_pile)
        for p in game.players:
            if p.seat != seat:
                cards.extend(p.hand)
        by_id = game.model.by_id
        kinds = {by_id[i]: n for i, n in Counter(game.card(c).id for c in cards).items()}
        values = sum(n for d, n in kinds.items() if not d.is_tactic)
        tactics = len(cards) - values
        value_sum = sum(d.value * n for d, n in kinds.items() if not d.is_tactic)
        tactic_sum = sum(kind_worth(d) * n for d, n in kinds.items() if d.is_tactic)
        return cls(value_share=values / len(cards) if cards else 0.0,
                   value_worth=value_sum / values if values else 0.0,
                   tactic_worth=tactic_sum / tactics if tactics else 0.0,
                   tactics=tactics,
                   tactic_ids=Counter({d.id: n for d, n in kinds.items() if d.is_tactic}))


class HiddenHand:
    """What this seat expects of one random card from seat ``s``'s hidden hand."""

    def __init__(self, game: Game, seat: int, s: int, unseen: Unseen | None = None):
        self.unseen = unseen or Unseen.of(game, seat)
        self.p_value = self.unseen.value_share * banks_everything(game, s)
        self.size = len(game.players[s].hand)

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
