"""What one seat may see of a Briefcase game: plain, read-only data (numbers and tuples).

Public: the market, the Decision Bank's piles, the resource discard pile, the portfolio's piles,
the blocks, the Central Bank, and for every player the companies (owned, activated, and what
they give), storage, Victory Point cards, the discard pile and played cards (both face up), how
many cards are in hand and in the draw pile, and how many decision cards of each type the
player holds in all (every card gained or lost is shown: production, removals, investments).
Private: the seat's own hand and how many of each type its draw pile holds. Hidden from
everyone: the other players' hands (but the one a Law Firm shows the player choosing what it
discards, while it chooses) and every draw pile's order.

A bot gets only this, never the state. The planners in ``actions``, ``cards`` and ``payment``
read the same field names from an ``Observation`` as from the state, so a bot looks ahead with
them on what it sees.

Each seat has one ``Observation`` for the whole game, which ``observe`` brings up to date when
the seat is asked a decision, as OpenSpiel's observers fill a seat's observation in place:
during a decision it is that decision's view; a caller that keeps one past the next decision
keeps a copy (``copy.deepcopy``). Its fields hold numbers and tuples, written by this module
only: a bot reads them. (The other players' views are shared by every seat's observation, so
an assignment would change what the other seats see: with the invariants on, as in every test
game, the next observation's comparison with one built from scratch reports it. A guard on
assignment, a ``__setattr__`` that refuses, made every update a slow call: measured, it cost
more than the updating saved.) Observations compare by value.

Speed: the driver asks for an observation at every decision (a few hundred a game), and
building one anew cost a tenth of a game (measured: 8% of its instructions went to building
them as tuples). So a decision updates only what changed: the asking seat's own view, each
other player's public view only once it was dropped (``apply`` drops those of the player who
chose and the player whose turn it is; the rules drop any other player's they change,
``state.touch``), a view's company part only when the player's companies changed, and the
table's parts (market, piles...) only when the rules mark them stale. With the invariants on,
every observation is compared with one built from scratch, which checks those marks in every
test game.
"""

from __future__ import annotations

from typing import Any

from cardgen.games.briefcase.engine.rules import N_CARDS, Rules
from cardgen.games.briefcase.engine.state import Conversions, GameState, PlayerState


class _Fields:
    """Fields read as attributes; equal when their fields are."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()

    def values(self) -> tuple:
        """The fields' values, in order."""
        return tuple([getattr(self, f) for f in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.values() == other.values()   # type: ignore[attr-defined]

    __hash__ = None     # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS if f != "rules")
        return f"{type(self).__name__}({shown})"


def _rebuild(cls: type, values: tuple) -> Any:
    """An object of ``cls`` with ``values`` as its fields, its caches empty."""
    obj = cls.__new__(cls)
    for name, value in zip(cls.FIELDS, values, strict=True):
        setattr(obj, name, value)
    for name in cls.__slots__[len(cls.FIELDS):]:      # the caches, after the fields
        setattr(obj, name, None)
    return obj


class PlayerView(_Fields):
    """What a seat sees of one player; ``hand`` and ``deck`` only for the seat itself."""

    seat: int
    hand: tuple[int, ...] | None        # cards per type in hand (the seat's own; else None)
    deck: tuple[int, ...] | None        # cards per type in the draw pile (own; its order is hidden)
    hand_count: int
    deck_count: int
    cards: tuple[int, ...]              # decision cards per type the player holds anywhere
    discard: tuple[int, ...]
    played: tuple[int, ...]
    storage: tuple[int, ...]
    vp_cards: int
    owned: tuple[bool, ...]             # by company index
    active: tuple[bool, ...]
    companies: tuple[int, ...]          # owned companies, in index order
    # What the activated companies give (effects.refresh, same order and meaning as PlayerState).
    hand_size: int
    storage_limit: int
    res_conv: tuple[int, ...]
    res_limited: tuple[tuple[int, int, int, int], ...]
    card_convs: tuple[tuple[int, int, bool, int, bool, int], ...]
    card_conv: Conversions
    start_draw: tuple[tuple[int, int, int, int], ...]
    start_cycle: tuple[tuple[int, int], ...]
    ignore_blocks: int
    deck_top: bool
    topdeck: int
    level1_active: int
    endgame: tuple[tuple[str, int], ...]
    pay_key: int
    extra_draws: tuple[tuple[int, int], ...]

    COMPANY = ("vp_cards", "owned", "active", "companies", "hand_size", "storage_limit", "res_conv",
               "res_limited", "card_convs", "card_conv", "start_draw", "start_cycle", "ignore_blocks",
               "deck_top", "topdeck", "level1_active", "endgame", "pay_key", "extra_draws")
    FIELDS = ("seat", "hand", "deck", "hand_count", "deck_count", "cards", "discard", "played",
              "storage", *COMPANY)
    # The company part's key when it was last set (see ``_refresh``).
    __slots__ = (*FIELDS, "_active_key", "_companies")

    def cards_owned(self) -> tuple[int, ...]:
        return self.cards

    def stored(self) -> int:
        return sum(self.storage)


class Observation(_Fields):
    """One seat's view of the game. Field names match ``GameState``'s where they mean the same."""

    seat: int
    rules: Rules
    n: int
    current: int
    turns: int
    end_condition: str | None
    over: bool
    bank: tuple[int, ...]
    market: tuple[int, ...]
    res_discard: tuple[int, ...]
    piles: tuple[int, ...]
    portfolio: tuple[int, ...]
    resource_blocks: tuple[int, ...]
    company_blocks: tuple[int, ...]
    ignored: tuple[int, ...]            # resource blocks ignored this turn (Cargo Company)
    uses: tuple[int, ...]               # this turn's uses of limited abilities, by company
    company_bought: int
    central_bank_vp: int
    players: tuple[PlayerView, ...]     # the seat's own entry with its hand and deck
    version: int                        # how many choices the game has applied
    # The payment plans the engine's planners made on this seat's observations (actions.issue);
    # a plan only says how the seat's own cards pay, which the seat sees anyway.
    issued: dict[int, tuple]

    FIELDS = ("seat", "rules", "n", "current", "turns", "end_condition", "over", "bank", "market",
              "res_discard", "piles", "portfolio", "resource_blocks", "company_blocks", "ignored",
              "uses", "company_bought", "central_bank_vp", "players", "version", "issued")
    # The table's parts version it shows, and its players without a Law Firm's reveal.
    __slots__ = (*FIELDS, "_table", "_players")

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]

    @property
    def player(self) -> PlayerView:
        return self.players[self.current]

    def opponents(self, seat: int) -> list[int]:
        """The other seats in clockwise order starting after ``seat``."""
        n = self.n
        return [(seat + k) % n for k in range(1, n)]

    @property
    def rounds(self) -> int:
        return self.turns // self.n


def _deck_counts(deck: list[int]) -> tuple[int, ...]:
    return (deck.count(0), deck.count(1), deck.count(2), deck.count(3))


assert N_CARDS == 4, "the views below count four card types"


def _company_part(p: PlayerState) -> tuple:
    """``PlayerView.COMPANY``'s values for ``p``."""
    return (p.vp_cards, tuple(p.owned), tuple(p.active), tuple(p.companies), p.hand_size,
            p.storage_limit, p.res_conv, p.res_limited, p.card_convs, p.card_conv, p.start_draw,
            p.start_cycle, p.ignore_blocks, p.deck_top, p.topdeck, p.level1_active, p.endgame,
            p.pay_key, p.extra_draws)


def _new_view(seat: int) -> PlayerView:
    return _rebuild(PlayerView, (seat,) + (None,) * (len(PlayerView.FIELDS) - 1))


def _refresh(g: GameState, p: PlayerState, v: PlayerView, own: bool) -> None:
    """Bring ``v``, ``p`` as seen by itself (``own``: with its hand and its draw pile's counts)
    or by the others, up to date."""
    # The company part changes only with a purchase (more companies), a flip (``refresh``
    # records the activated companies in a new tuple) or an investment (more Victory Point cards).
    if (v._active_key is not p.active_key or v._companies != len(p.companies)
            or v.vp_cards != p.vp_cards):
        v._active_key = p.active_key
        v._companies = len(p.companies)
        # PlayerView.COMPANY, written out: one unpacking instead of 19 setattr calls (the
        # invariants compare every observation with fresh_observation's, which uses COMPANY).
        (v.vp_cards, v.owned, v.active, v.companies, v.hand_size, v.storage_limit, v.res_conv,
         v.res_limited, v.card_convs, v.card_conv, v.start_draw, v.start_cycle, v.ignore_blocks,
         v.deck_top, v.topdeck, v.level1_active, v.endgame, v.pay_key, v.extra_draws) = _company_part(p)
    seat = p.seat
    deck = p.deck
    size = len(deck)
    counted = g.obs_decks[seat]
    # A draw pile changes size whenever its cards change (draws, top-decking, a reshuffle makes
    # a new list); only its order changes in place (redeal, which clears this cache).
    if counted is None or counted[0] is not deck or counted[1] != size:
        counted = g.obs_decks[seat] = (deck, size, _deck_counts(deck))
    hand, discard, played = p.hand, p.discard, p.played
    k0, k1, k2, k3 = deck_counts = counted[2]
    h0, h1, h2, h3 = hand
    d0, d1, d2, d3 = discard
    p0, p1, p2, p3 = played
    if own:
        v.hand = tuple(hand)
        v.deck = deck_counts
    v.hand_count = h0 + h1 + h2 + h3
    v.deck_count = size
    v.cards = (h0 + d0 + p0 + k0, h1 + d1 + p1 + k1, h2 + d2 + p2 + k2, h3 + d3 + p3 + k3)
    v.discard = tuple(discard)
    v.played = tuple(played)
    v.storage = tuple(p.storage)


# The table's parts that change during a turn, a bit each (``GameState.obs_stale``). The rules
# mark what an action may have changed (turn.py); anything else marks them all.
BANK, MARKET, DISCARD, PILES, BLOCKS, IGNORED, USES = (1 << i for i in range(7))
ALL_PARTS = (1 << 7) - 1


def _new_observation(g: GameState, seat: int) -> Observation:
    """Seat ``seat``'s observation, its fields to be filled by ``observe``: its own view, and
    the public views it shares with every other seat's."""
    obs = _rebuild(Observation, (seat, g.rules, g.n) + (None,) * (len(Observation.FIELDS) - 3))
    views = g.obs_views
    for s in range(g.n):
        if views[s] is None:
            views[s] = _new_view(s)
            g.obs_dirty |= 1 << s       # to fill
    players = tuple(_new_view(seat) if s == seat else views[s] for s in range(g.n))
    obs._players = obs.players = players
    obs._table = -1
    return obs


def observe(g: GameState, seat: int) -> Observation:
    """What ``seat`` may see now: its observation, brought up to date."""
    obs = g.obs_own[seat]
    if obs is None:
        obs = g.obs_own[seat] = _new_observation(g, seat)
    elif obs.version == g.version:
        return obs                      # nothing applied since it was brought up to date
    stale = g.obs_stale
    if stale:
        # The table's stale parts made anew (bank, market, resource discard pile, company
        # piles, resource blocks, company blocks, ignored blocks, uses), here rather than in a
        # function of their own: most decisions make one.
        parts = g.obs_table
        if stale & BANK:
            parts[0] = tuple(g.bank)
        if stale & MARKET:
            parts[1] = tuple(g.market)
        if stale & DISCARD:
            parts[2] = tuple(g.res_discard)
        if stale & PILES:
            parts[3] = tuple(g.piles)
        if stale & BLOCKS:
            parts[4] = tuple(g.resource_blocks)
            parts[5] = tuple(g.company_blocks)
        if stale & IGNORED:
            parts[6] = tuple(g.ignored)
        if stale & USES:
            parts[7] = tuple(g.uses)
        g.obs_stale = 0
        g.obs_table_version += 1
    if obs._table != g.obs_table_version:
        obs._table = g.obs_table_version
        (obs.bank, obs.market, obs.res_discard, obs.piles, obs.resource_blocks, obs.company_blocks,
         obs.ignored, obs.uses) = g.obs_table
        obs.portfolio = g.portfolio
    obs.current = g.current
    obs.turns = g.turns
    obs.end_condition = g.end_condition
    obs.over = g.over
    obs.company_bought = g.company_bought
    obs.central_bank_vp = g.central_bank_vp
    obs.version = g.version
    obs.issued = g.issued[seat]
    players = obs._players
    _refresh(g, g.players[seat], players[seat], True)
    # The others' public views are brought up to date when a seat looks: a player's own
    # decisions need only its own view, and most decisions find the others' up to date.
    # (A bit mask, not a list to search: during a player's turn its own bit is set at every
    # decision, since its public view waits for another seat to look.)
    dirty = g.obs_dirty & ~(1 << seat)
    if dirty:
        views, states = g.obs_views, g.players
        for s in range(g.n):
            if (dirty >> s) & 1:
                _refresh(g, states[s], views[s], False)
        g.obs_dirty &= 1 << seat
    if g.revealed >= 0 and seat == g.current:
        obs.players = _reveal(g, players)
    elif obs.players is not players:
        obs.players = players
    if g.invariants:
        fresh = fresh_observation(g, seat)
        if obs != fresh:
            raise AssertionError(f"turn {g.turns}: seat {seat}'s cached observation is stale")
    return obs


def _reveal(g: GameState, players: tuple[PlayerView, ...]) -> tuple[PlayerView, ...]:
    """The Law Firm's moment: the player whose turn it is looks at an opponent's hand."""
    o = g.revealed
    values = players[o].values()
    shown = _rebuild(PlayerView, values[:1] + (tuple(g.players[o].hand),) + values[2:])
    return players[:o] + (shown,) + players[o + 1:]


def fresh_observation(g: GameState, seat: int) -> Observation:
    """An observation built from scratch, with no cache (what ``observe`` must equal)."""
    players: list[PlayerView] = []
    for p in g.players:
        deck = _deck_counts(p.deck)
        cards = tuple(p.hand[t] + p.discard[t] + p.played[t] + deck[t] for t in range(N_CARDS))
        mine = p.seat == seat
        players.append(_rebuild(PlayerView, (
            p.seat, tuple(p.hand) if mine else None, deck if mine else None, sum(p.hand), len(p.deck),
            cards, tuple(p.discard), tuple(p.played), tuple(p.storage)) + _company_part(p)))
    shown = tuple(players)
    if g.revealed >= 0 and seat == g.current:
        shown = _reveal(g, shown)
    return _rebuild(Observation, (
        seat, g.rules, g.n, g.current, g.turns, g.end_condition, g.over, tuple(g.bank), tuple(g.market),
        tuple(g.res_discard), tuple(g.piles), g.portfolio, tuple(g.resource_blocks),
        tuple(g.company_blocks), tuple(g.ignored), tuple(g.uses), g.company_bought,
        g.central_bank_vp, shown, g.version, g.issued[seat]))
