"""The table: every physical card is an instance number that lives in exactly one zone.

Instances 0..97 are the draw pile's cards, then the Startup cards, then the Reference cards.
Zones are plain lists and dicts so that the invariant checker can count every card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.games.startup.model import CardDef


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


@dataclass(frozen=True)
class Action:
    """One card play: bank a card, use its effect, or offer it to the ally in a trade."""

    kind: str                      # "bank" | "use" | "trade"
    card: int                      # the hand card
    target: int | None = None      # a seat
    target_card: int | None = None  # a banked card, marker or Employee, when the effect names one


@dataclass
class Window:
    """An attack waiting for its one response (from the target or the target's partner)."""

    attacker: int
    target: int
    card: int                      # the attack card being resolved
    action: Action


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

    def is_startup(self, n: int) -> bool:
        return self.pile_size <= n < self.pile_size + len(self.startup_types)

    def startup_type(self, n: int) -> str:
        return self.startup_types[n - self.pile_size]
