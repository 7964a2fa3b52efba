"""The table: every physical card is an instance number that lives in exactly one zone.

Instances 0..97 are the draw pile's cards, then the Startup cards, then the Reference cards.
Zones are plain lists and dicts so that the invariant checker can count every card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cardgen.games.startup.model import CardDef, Rules


@dataclass
class Player:
    seat: int
    startup: int | None = None                             # the chosen Startup card
    reference: int | None = None                           # the Reference card in front of them
    hand: list[int] = field(default_factory=list)
    bank: list[int] = field(default_factory=list)          # banked cards, face-up, upright
    attachments: dict[int, int] = field(default_factory=dict)  # banked Employee -> card under it
    markers: list[int] = field(default_factory=list)       # PR Crisis / Lawsuit beside the startup
    partner: int | None = None

    @property
    def hand_size(self) -> int:
        """What the others see of a hand (the legal plays read hands through this alone, so that
        a seat's observation, which holds only the size, answers them too)."""
        return len(self.hand)


class Action(NamedTuple):
    """One card play: bank a card, use its effect, or offer it to the ally in a trade.

    A tuple, so that it is a plain JSON value in a game log (a list of four) and cheap to make:
    the legal plays of a turn are listed at every card play."""

    kind: str                      # "bank" | "use" | "trade"
    card: int                      # the hand card
    target: int | None = None      # a seat
    target_card: int | None = None  # a banked card, marker or Employee, when the effect names one


class Window(NamedTuple):
    """An attack waiting for its one response (from the target or the target's partner); public
    while it resolves."""

    attacker: int
    target: int
    card: int                      # the attack card being resolved
    action: Action


class Offer(NamedTuple):
    """A trade between partners while it is open: seen by the two of them only."""

    offerer: int
    ally: int
    card: int                      # the card offered, from the offerer's hand
    reply: int | None = None       # the ally's card offered back, once it has answered


@dataclass
class Table:
    draw_pile: list[int] = field(default_factory=list)     # top is the end of the list
    discard: list[int] = field(default_factory=list)
    startup_supply: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)           # unused Reference cards
    resolving: list[int] = field(default_factory=list)     # cards whose effect is resolving
    alliances: dict[tuple[int, int], int] = field(default_factory=dict)  # (seat, seat) -> marker


@dataclass(frozen=True)
class Instances:
    """What each instance number is."""

    cards: tuple[CardDef, ...]        # draw-pile instances, by number
    startup_types: tuple[str, ...]    # startup type id of each Startup instance
    references: int

    @property
    def pile_size(self) -> int:
        return len(self.cards)

    @property
    def total(self) -> int:
        return len(self.cards) + len(self.startup_types) + self.references

    def startup_type(self, n: int) -> str:
        return self.startup_types[n - self.pile_size]


def valuation_of(rules: Rules, defs: tuple[CardDef, ...], has_startup: bool, bank: Sequence[int],
                 markers: Sequence[int]) -> int:
    """A valuation from what the table shows (the game and an observation count it alike):
    the Startup, plus the banked cards' printed values, minus PR Crisis penalties; never below 0."""
    value = rules.startup_value if has_startup else 0
    for c in bank:
        value += defs[c].value
    for m in markers:
        effect = defs[m].effect
        if effect.kind == "penalty_marker":
            value -= effect.get("amount", 0)
    return max(0, value)
