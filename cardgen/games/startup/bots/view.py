"""The table as one seat may read it: valuations, alliances, turn order, face-up cards, hand
sizes and the discard pile, plus that seat's own hand. Nothing here peeks at a hidden card.

The heuristic bot's estimates of hidden hands live here too: a card in a rival's hand is one
of the cards this seat cannot see, and a rival who banks only value cards (no tactic ever
banked for $10M) is unlikely to sit on value cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.startup.model import CardDef

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game

# A rival this close to the win is the table's problem: attacks on them gain weight.
NEAR_WIN = 250
# Worth of a hidden card by kind, before knowing whose hand it is in or what it could hit:
# a value card is worth its bank value; a card that answers attacks from hand is worth keeping.
REACTION_KEPT = 40
TACTIC_KEPT = 25


def near_win(game: Game, s: int) -> bool:
    return game.valuation(s) >= game.rules.win_valuation - NEAR_WIN


def threat(game: Game, s: int) -> float:
    """How much seat ``s`` worries the table: their valuation, more when near the win."""
    return game.valuation(s) + (400 if near_win(game, s) else 0)


def leader(game: Game, seat: int) -> int:
    return max(game.others(seat), key=lambda s: (game.valuation(s), -s))


def keeps_alliance(game: Game, seat: int) -> bool:
    """Whether this seat wants its alliance to last: its partner is neither near the win nor
    far ahead of it (only one player wins; a partner running away is a rival first)."""
    partner = game.players[seat].partner
    if partner is None:
        return False
    return not near_win(game, partner) and game.valuation(partner) <= game.valuation(seat) + 150


def common_enemy(game: Game, seat: int) -> int | None:
    """A rival outside this seat's alliance who is near the win while neither partner is."""
    partner = game.players[seat].partner
    if partner is None or near_win(game, seat) or near_win(game, partner):
        return None
    rivals = [s for s in game.others(seat) if s != partner and near_win(game, s)]
    return max(rivals, key=lambda s: (game.valuation(s), -s)) if rivals else None


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


def unseen(game: Game, seat: int) -> list[int]:
    """The draw-pile cards whose place this seat cannot see: the draw pile and other hands."""
    hidden = list(game.table.draw_pile)
    for p in game.players:
        if p.seat != seat:
            hidden.extend(p.hand)
    return hidden


def banks_everything(game: Game, s: int) -> float:
    """How indiscriminately seat ``s`` banks, from 0 (only value cards ever banked, so value
    cards do not linger in its hand) to 1 (banks tactics as often as they come)."""
    bank = game.players[s].bank
    tactics = sum(game.card(c).is_tactic for c in bank)
    model = game.model
    # an indiscriminate player banks tactics as often as the draw pile holds them
    tactic_share = sum(c.count for c in model.cards if c.is_tactic) / model.draw_pile_size
    return min(1.0, (tactics + 1) / (tactic_share * len(bank) + 2))


class HiddenHand:
    """What this seat expects of one random card from seat ``s``'s hidden hand."""

    def __init__(self, game: Game, seat: int, s: int):
        pool = [game.card(c) for c in unseen(game, seat)]
        values = [d for d in pool if not d.is_tactic]
        self.tactics = [d for d in pool if d.is_tactic]
        share = len(values) / len(pool) if pool else 0.0
        self.p_value = share * banks_everything(game, s)
        self.value_worth = sum(d.value for d in values) / len(values) if values else 0.0
        self.tactic_worth = (sum(kind_worth(d) for d in self.tactics) / len(self.tactics)
                             if self.tactics else 0.0)
        self.size = len(game.players[s].hand)

    def mean_worth(self) -> float:
        return self.p_value * self.value_worth + (1 - self.p_value) * self.tactic_worth

    def p_holds(self, card_id: str) -> float:
        """Probability that the hand holds at least one copy of the card."""
        if not self.tactics:
            return 0.0
        per_card = (1 - self.p_value) * sum(d.id == card_id for d in self.tactics) / len(self.tactics)
        return 1 - (1 - per_card) ** self.size
