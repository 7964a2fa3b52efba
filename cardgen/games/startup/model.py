"""The startup card game as typed, immutable data: what the rules engine, bots and renderer read.

Built from the YAML documents by ``load.py``; nothing here knows about files. Plain tuples and
frozen dataclasses only, so a model pickles into simulation worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

VALUE_CATEGORIES = ("employee", "growth", "funding", "investor")
TACTIC_CATEGORIES = ("tactic", "reaction")
PROVENANCE_FIELDS = ("name", "value", "count")


def money(amount: int) -> str:
    """A money amount as the cards and the tool print it: "$125M", "$1,000M"."""
    return f"${amount:,}M"


# Effect kinds that aim at another player and so open a reaction window before resolving.
ATTACK_KINDS = ("take_banked", "return_to_hand", "take_from_hand", "penalty_marker", "skip_turn_marker")
MARKER_KINDS = ("penalty_marker", "skip_turn_marker")


@dataclass(frozen=True)
class Effect:
    """A card-play effect: a kind from the closed vocabulary and its parameters."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    @cached_property
    def _by_name(self) -> dict[str, Any]:
        # Built once: the legal plays read parameters at every card play of every simulated turn.
        return dict(self.params)

    def get(self, name: str, default: Any = None) -> Any:
        return self._by_name.get(name, default)

    @property
    def is_attack(self) -> bool:
        return self.kind in ATTACK_KINDS


@dataclass(frozen=True)
class Reaction:
    """A trigger at which a card answers another card (``against``, a card id)."""

    against: str
    action: str                 # cancel | reverse | override
    by: str                     # target_or_partner | target | attacker | attached
    during: str | None = None   # for override: the attack the answered defense was defending


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    category: str
    value: int                  # $M when banked
    count: int                  # copies in the draw pile
    effect: Effect
    text: str
    reactions: tuple[Reaction, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    authored: tuple[str, ...] = ()
    art: str | None = None      # picture file in templates/startup/art/ (presentation)

    @property
    def is_tactic(self) -> bool:
        return self.category in TACTIC_CATEGORIES

    @property
    def usable(self) -> bool:
        """Whether a player may play it for an effect or answer with it (a tactic, a reaction,
        or an Employee such as the Investor with an effect), not only bank it."""
        return self.is_tactic or bool(self.reactions) or self.effect.kind != "none"

    def reaction_against(self, card_id: str) -> Reaction | None:
        for r in self.reactions:
            if r.against == card_id:
                return r
        return None


@dataclass(frozen=True)
class StartupType:
    id: str
    name: str
    art: str | None = None      # picture file in templates/startup/art/ (presentation)


@dataclass(frozen=True)
class Rules:
    opening_hand: int
    draws_per_turn: int
    plays_per_turn: int
    hand_limit: int
    startup_value: int
    win_valuation: int
    startup_choices: int
    value_card_range: tuple[int, int]
    tactic_bank_value: int
    target_minutes: int
    seconds_per_turn: int


@dataclass(frozen=True)
class StartupGame:
    name: str
    card_size_mm: tuple[float, float]
    min_players: int
    max_players: int
    default_players: int
    rules: Rules
    cards: tuple[CardDef, ...]            # the draw pile's card kinds, in file order
    startup_types: tuple[StartupType, ...]
    startup_copies: int                   # Startup cards per type
    reference_name: str
    reference_text: str
    reference_count: int

    @cached_property
    def by_id(self) -> dict[str, CardDef]:
        return {c.id: c for c in self.cards}

    def card(self, ref: str) -> CardDef:
        """A card kind by id or name (case-insensitive); KeyError if none."""
        if ref in self.by_id:
            return self.by_id[ref]
        key = ref.casefold()
        for c in self.cards:
            if key in (c.id, c.name.casefold()):
                return c
        raise KeyError(ref)

    @property
    def draw_pile_size(self) -> int:
        return sum(c.count for c in self.cards)
