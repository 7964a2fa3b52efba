"""Briefcase as typed, immutable data: what the rules engine, renderer and translations read.

Built from the YAML documents by ``load.py``; nothing here knows about files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

RESOURCES = ("personnel", "steel", "concrete", "paper", "imported", "energy")
DECISIONS = ("buy", "activate", "obstacle", "hire")
PLAYER_COUNTS = (2, 3, 4)
NUMERIC_FIELDS = ("cost", "vp", "activation", "production", "copies")


def frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Ability:
    """A company ability: an effect kind from the closed vocabulary and its parameters."""

    effect: str
    params: Mapping[str, Any]
    text: str
    per_activation: bool = False

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Company:
    id: str
    name: str
    level: int
    cost: int | None
    vp: int
    activation: Mapping[str, int]
    production: Mapping[str, int]
    copies: Mapping[int, int]          # company cards used at 2, 3, 4 players
    ability: Ability
    aliases: tuple[str, ...] = ()
    starting: bool = False             # every player starts with one (Power Plant)
    permanent: bool = False            # cannot be deactivated once activated
    facts: Mapping[str, str] = field(default_factory=lambda: frozen({}))
    authored: tuple[str, ...] = ()
    art: str | None = None             # picture file in templates/briefcase/art/ (presentation)

    @property
    def box_copies(self) -> int:
        """Cards of this company in the box: one per player at most players for a starting
        company, else the most any player count uses."""
        most = max(self.copies.values())
        return most * max(self.copies) if self.starting else most

    @property
    def activation_total(self) -> int:
        return sum(self.activation.values())


@dataclass(frozen=True)
class DecisionCard:
    id: str
    name: str
    letter: str
    count: int


@dataclass(frozen=True)
class Resource:
    id: str
    name: str
    count: int
    buy_cost: int | None
    basic: bool
    blockable: bool
    counts_as_any: bool = False        # Imported: may be paid as any resource except Energy
    needs_exhausted_basic: bool = False
    inexhaustible: bool = False        # Energy: returns to its pile when used
    storage_exempt: bool = False       # Energy: not counted against the storage limit


@dataclass(frozen=True)
class Block:
    id: str
    name: str
    count: int
    blocks: str                        # "resource" or "company"
    colour: str


@dataclass(frozen=True)
class Setup:
    market_per_player: Mapping[str, int]
    market_whole_pile: tuple[str, ...]
    decision_bank_per_player: Mapping[str, int]
    decision_bank_whole_pile: tuple[str, ...]
    starting_deck_from_bank: bool
    central_bank_vp_per_player: int
    resource_blocks: int
    company_blocks: Mapping[int, int]
    starting_deck: Mapping[str, int]
    starting_companies: tuple[str, ...]
    hand_size: int
    storage_limit: int
    portfolio: Mapping[int, int]       # companies of each level in a game
    activated_first_level_for_second_level: int
    activated_first_level_for_central_bank: int
    companies_bought_per_turn: int
    block_move_cards: int
    end_when_resource_types_left: int
    vp_per_stored_resources: int


@dataclass(frozen=True)
class CompanySet:
    id: str
    name: str
    company_ids: tuple[str, ...]
    new_companies: tuple[Company, ...] = ()


@dataclass(frozen=True)
class Briefcase:
    name: str
    card_size_mm: tuple[float, float]
    min_players: int
    max_players: int
    default_players: int
    companies: Mapping[str, Company]   # in rulebook order
    decision_cards: Mapping[str, DecisionCard]
    resources: Mapping[str, Resource]
    blocks: Mapping[str, Block]
    vp_cards: int
    storage_cards: int
    storage_colours: tuple[str, ...]
    setup: Setup
    sets: Mapping[str, CompanySet]
    target_minutes: int | None = None      # the play time on the box (a fact)
    seconds_per_turn: int | None = None    # a turn at the table (authored): game length in minutes

    def company(self, ref: str) -> Company:
        """A company by id, name or alias (case-insensitive); KeyError if none."""
        key = ref.casefold()
        for company in self.companies.values():
            if key in (company.id, company.name.casefold(), *(a.casefold() for a in company.aliases)):
                return company
        raise KeyError(ref)

    def with_set(self, company_set: CompanySet) -> Briefcase:
        """This game with a custom set (and its new companies) added."""
        companies = dict(self.companies)
        companies.update({c.id: c for c in company_set.new_companies})
        sets = dict(self.sets)
        sets[company_set.id] = company_set
        return replace(self, companies=frozen(companies), sets=frozen(sets))

    @property
    def randomizers(self) -> list[Company]:
        """One randomizer card per company that can be in the portfolio (derived, not typed)."""
        return [c for c in self.companies.values() if not c.starting]
