"""The Briefcase data compiled into small index tables the engine reads in its hot path.

Everything here is plain tuples, dicts and ints, so a compiled ``Rules`` pickles (the typed
model uses read-only mapping proxies, which do not) and costs nothing to look up during play.
Companies, decision cards and resources are numbered once; the engine works with the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.games.briefcase.model import DECISIONS, RESOURCES, Briefcase, Company, CompanySet

BUY, ACTIVATE, OBSTACLE, HIRE = (DECISIONS.index(d) for d in ("buy", "activate", "obstacle", "hire"))
N_CARDS = len(DECISIONS)
N_RES = len(RESOURCES)
ALL_RES_MASK = (1 << N_RES) - 1


def mask(indices: Any) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


@dataclass(frozen=True, slots=True)
class CompanyRule:
    """One company, numbered. ``params`` is the ability's parameters as a plain dict."""

    index: int
    id: str
    name: str
    level: int
    cost: int | None
    vp: int
    activation: tuple[int, ...]        # resources paid, by resource index
    activation_total: int
    production_cards: tuple[int, ...]  # decision cards produced, by card index
    production_res: tuple[int, ...]    # resources produced into storage (the Power Plant's Energy)
    copies: tuple[tuple[int, int], ...]  # (players, company cards used)
    effect: str
    params: dict[str, Any]
    per_activation: bool
    starting: bool
    permanent: bool

    def pile_size(self, players: int) -> int:
        return dict(self.copies).get(players, 0)


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything a game needs that does not change during it."""

    companies: tuple[CompanyRule, ...]
    company_index: dict[str, int]
    # The portfolio (indices) of a fixed set, or None to draw one from the randomizers each game.
    portfolio: tuple[int, ...] | None
    portfolio_name: str
    randomizers: tuple[tuple[int, ...], ...]   # candidate companies per level (index 0 = level 1)
    portfolio_sizes: tuple[int, ...]           # companies drawn per level
    starting: tuple[int, ...]                  # companies each player starts with
    # Resources, by index in RESOURCES.
    res_names: tuple[str, ...]
    res_total: tuple[int, ...]                 # cards in the box
    buy_cost: tuple[int | None, ...]
    basic_mask: int
    basic: tuple[int, ...]                     # basic_mask as indices, for the hot loops
    blockable: tuple[int, ...]
    counts_as_any_mask: int                    # Imported: paid as any resource but Energy
    counts_as_any: tuple[int, ...]             # the same, as indices
    needs_exhausted_basic: tuple[bool, ...]
    inexhaustible_mask: int                    # Energy: spent cards return to the pile
    storage_exempt_mask: int
    storage_limited: tuple[int, ...]           # resources that count against the storage limit
    storage_exempt: tuple[int, ...]            # and those that do not
    free_pay: tuple[int, ...]                  # sources paying each target without an ability
    market_per_player: tuple[int, ...]
    market_whole_pile: tuple[bool, ...]
    # Decision cards, by index in DECISIONS.
    card_total: tuple[int, ...]
    bank_per_player: tuple[int, ...]
    bank_whole_pile: tuple[bool, ...]
    starting_deck: tuple[int, ...]
    starting_deck_from_bank: bool
    # Setup and turn numbers.
    vp_cards_total: int
    central_bank_vp_per_player: int
    resource_blocks: int
    company_blocks: tuple[tuple[int, int], ...]
    hand_size: int
    storage_limit: int
    level1_for_level2: int
    level1_for_central_bank: int
    companies_per_turn: int
    block_move_cards: int
    end_resource_types_left: int
    vp_per_stored: int
    min_players: int
    max_players: int

    def company(self, ref: str) -> CompanyRule:
        return self.companies[self.company_index[ref]]

    def company_blocks_for(self, players: int) -> int:
        return dict(self.company_blocks).get(players, 0)


def free_masks(inexhaustible: int, counts_as_any: int) -> tuple[int, ...]:
    """Sources that pay each target without an ability: the resource itself, and resources that
    count as any (Imported), though never for an inexhaustible one (Energy)."""
    return tuple((1 << t) | (0 if (inexhaustible >> t) & 1 else counts_as_any) for t in range(N_RES))


def _company_rule(index: int, c: Company) -> CompanyRule:
    params = dict(c.ability.params)
    return CompanyRule(
        index=index, id=c.id, name=c.name, level=c.level, cost=c.cost, vp=c.vp,
        activation=tuple(c.activation.get(r, 0) for r in RESOURCES),
        activation_total=c.activation_total,
        production_cards=tuple(c.production.get(d, 0) for d in DECISIONS),
        production_res=tuple(c.production.get(r, 0) for r in RESOURCES),
        copies=tuple(sorted(c.copies.items())),
        effect=c.ability.effect, params=params, per_activation=c.ability.per_activation,
        starting=c.starting, permanent=c.permanent,
    )


def compile_rules(game: Briefcase, portfolio: CompanySet | str | None = None) -> Rules:
    """Compile ``game`` with a portfolio: an official set id, a ``CompanySet`` (custom, already
    added to ``game`` with ``with_set``), or None for the randomizers. KeyError for an unknown
    set id."""
    companies = tuple(_company_rule(i, c) for i, c in enumerate(game.companies.values()))
    index = {c.id: c.index for c in companies}
    if isinstance(portfolio, str):
        company_set = game.sets[portfolio]
    else:
        company_set = portfolio
    if company_set is not None:
        fixed: tuple[int, ...] | None = tuple(index[cid] for cid in company_set.company_ids)
        name = company_set.name
    else:
        fixed, name = None, "random"
    levels = sorted(game.setup.portfolio)
    randomizers = tuple(tuple(c.index for c in companies if not c.starting and c.level == lv)
                        for lv in levels)
    res = [game.resources[r] for r in RESOURCES]
    s = game.setup
    inexhaustible = mask(i for i, r in enumerate(res) if r.inexhaustible)
    counts_as_any = mask(i for i, r in enumerate(res) if r.counts_as_any)
    basic = tuple(i for i, r in enumerate(res) if r.basic)
    return Rules(
        companies=companies, company_index=index, portfolio=fixed, portfolio_name=name,
        randomizers=randomizers, portfolio_sizes=tuple(s.portfolio[lv] for lv in levels),
        starting=tuple(index[cid] for cid in s.starting_companies),
        res_names=RESOURCES,
        res_total=tuple(r.count for r in res),
        buy_cost=tuple(r.buy_cost for r in res),
        basic_mask=mask(basic), basic=basic,
        blockable=tuple(i for i, r in enumerate(res) if r.blockable),
        counts_as_any_mask=counts_as_any,
        counts_as_any=tuple(i for i, r in enumerate(res) if r.counts_as_any),
        needs_exhausted_basic=tuple(r.needs_exhausted_basic for r in res),
        inexhaustible_mask=inexhaustible,
        storage_exempt_mask=mask(i for i, r in enumerate(res) if r.storage_exempt),
        storage_limited=tuple(i for i, r in enumerate(res) if not r.storage_exempt),
        storage_exempt=tuple(i for i, r in enumerate(res) if r.storage_exempt),
        free_pay=free_masks(inexhaustible, counts_as_any),
        market_per_player=tuple(s.market_per_player.get(r, 0) for r in RESOURCES),
        market_whole_pile=tuple(r in s.market_whole_pile for r in RESOURCES),
        card_total=tuple(game.decision_cards[d].count for d in DECISIONS),
        bank_per_player=tuple(s.decision_bank_per_player.get(d, 0) for d in DECISIONS),
        bank_whole_pile=tuple(d in s.decision_bank_whole_pile for d in DECISIONS),
        starting_deck=tuple(s.starting_deck.get(d, 0) for d in DECISIONS),
        starting_deck_from_bank=s.starting_deck_from_bank,
        vp_cards_total=game.vp_cards,
        central_bank_vp_per_player=s.central_bank_vp_per_player,
        resource_blocks=s.resource_blocks,
        company_blocks=tuple(sorted(s.company_blocks.items())),
        hand_size=s.hand_size, storage_limit=s.storage_limit,
        level1_for_level2=s.activated_first_level_for_second_level,
        level1_for_central_bank=s.activated_first_level_for_central_bank,
        companies_per_turn=s.companies_bought_per_turn,
        block_move_cards=s.block_move_cards,
        end_resource_types_left=s.end_when_resource_types_left,
        vp_per_stored=s.vp_per_stored_resources,
        min_players=game.min_players, max_players=game.max_players,
    )
