"""What one seat may see of a Briefcase game: a frozen snapshot of plain data (tuples).

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

Both are NamedTuples of immutable values (tuples), so a bot cannot change the game through
them, and they compare by value.

Speed: the driver asks for an observation at every decision (a few hundred a game), so it is
built from cached parts. A player's public view is built anew only once it was dropped
(``apply`` drops those of the player who chose and the player whose turn it is; the rules drop
any other player's they change, ``state.touch``) and another seat looks; its company part only
when the player's companies changed. The table's parts (market, piles...) are rebuilt only when the rules mark
them stale. With the invariants on, every observation is compared with one built from scratch,
which checks those marks in every test game.
"""

from __future__ import annotations

from typing import NamedTuple

from cardgen.games.briefcase.engine.rules import N_CARDS, Rules
from cardgen.games.briefcase.engine.state import Conversions, GameState, PlayerState

_new = tuple.__new__       # builds a NamedTuple from a tuple, without its slower keyword __new__


class PlayerView(NamedTuple):
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

    def cards_owned(self) -> tuple[int, ...]:
        return self.cards

    def stored(self) -> int:
        return sum(self.storage)


class Observation(NamedTuple):
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
    return (p.vp_cards, tuple(p.owned), tuple(p.active), tuple(p.companies), p.hand_size,
            p.storage_limit, p.res_conv, p.res_limited, p.card_convs, p.card_conv, p.start_draw,
            p.start_cycle, p.ignore_blocks, p.deck_top, p.topdeck, p.level1_active, p.endgame,
            p.pay_key, p.extra_draws)


def _view(g: GameState, p: PlayerState, own: bool) -> PlayerView:
    """``p`` as seen by itself (``own``: with its hand and its draw pile's counts) or by the
    others, from cached parts."""
    seat = p.seat
    cached = g.obs_parts[seat]
    # The company part changes only with a purchase (more companies), a flip (``refresh``
    # records the activated companies in a new tuple) or an investment (more Victory Point cards).
    if (cached is None or cached[1] is not p.active_key or cached[0] != len(p.companies)
            or cached[2] != p.vp_cards):
        cached = g.obs_parts[seat] = (len(p.companies), p.active_key, p.vp_cards, _company_part(p))
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
    return _new(PlayerView, (
        seat, tuple(hand) if own else None, deck_counts if own else None, h0 + h1 + h2 + h3, size,
        (h0 + d0 + p0 + k0, h1 + d1 + p1 + k1, h2 + d2 + p2 + k2, h3 + d3 + p3 + k3),
        tuple(discard), tuple(played), tuple(p.storage)) + cached[3])


# The table's parts that change during a turn, a bit each (``GameState.obs_stale``). The rules
# mark what an action may have changed (turn.py); anything else marks them all.
BANK, MARKET, DISCARD, PILES, BLOCKS, IGNORED, USES = (1 << i for i in range(7))
ALL_PARTS = (1 << 7) - 1


def _parts(g: GameState, stale: int, parts: list) -> None:
    """Rebuild the table's ``stale`` parts into ``parts`` (bank, market, resource discard
    pile, company piles, resource blocks, company blocks, ignored blocks, uses)."""
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


def observe(g: GameState, seat: int) -> Observation:
    """What ``seat`` may see now (cached until the next applied choice)."""
    version = g.version
    own = g.obs_own[seat]
    if own is not None and own[0] == version:
        return own[1]
    parts = g.obs_table
    stale = g.obs_stale
    if stale:
        _parts(g, stale, parts)
        g.obs_stale = 0
        # The table's fields of an observation, in order, as one tuple until a part changes.
        g.obs_middle = (parts[0], parts[1], parts[2], parts[3], g.portfolio, parts[4], parts[5], parts[6],
                        parts[7])
    public = g.obs_public           # the public views not yet invalidated (None: build anew)
    players = public.copy()
    players[seat] = _view(g, g.players[seat], True)
    # Public views are built when another seat looks: a player's own decisions need only its
    # own view, and most decisions find the others' views built.
    if None in players:
        for s, view in enumerate(players):
            if view is None:
                players[s] = public[s] = _view(g, g.players[s], False)
    if g.revealed >= 0 and seat == g.current:
        players = list(_reveal(g, tuple(players)))
    obs = _new(Observation, (seat, g.rules, g.n, g.current, g.turns, g.end_condition, g.over) + g.obs_middle
               + (g.company_bought, g.central_bank_vp, tuple(players), version, g.issued[seat]))
    if g.invariants:
        fresh = fresh_observation(g, seat)
        if obs != fresh:
            raise AssertionError(f"turn {g.turns}: seat {seat}'s cached observation is stale")
    g.obs_own[seat] = (version, obs)
    return obs


def _table(g: GameState) -> tuple:
    return (g.rules, g.n, g.current, g.turns, g.end_condition, g.over, tuple(g.bank), tuple(g.market),
            tuple(g.res_discard), tuple(g.piles), g.portfolio, tuple(g.resource_blocks),
            tuple(g.company_blocks), tuple(g.ignored), tuple(g.uses), g.company_bought,
            g.central_bank_vp)


def _reveal(g: GameState, players: tuple[PlayerView, ...]) -> tuple[PlayerView, ...]:
    """The Law Firm's moment: the player whose turn it is looks at an opponent's hand."""
    o = g.revealed
    shown = _new(PlayerView, players[o][:1] + (tuple(g.players[o].hand),) + players[o][2:])
    return players[:o] + (shown,) + players[o + 1:]


def fresh_observation(g: GameState, seat: int) -> Observation:
    """An observation built from scratch, with no cache (what ``observe`` must equal)."""
    players: list[PlayerView] = []
    for p in g.players:
        deck = _deck_counts(p.deck)
        cards = tuple(p.hand[t] + p.discard[t] + p.played[t] + deck[t] for t in range(N_CARDS))
        mine = p.seat == seat
        players.append(_new(PlayerView, (
            p.seat, tuple(p.hand) if mine else None, deck if mine else None, sum(p.hand), len(p.deck),
            cards, tuple(p.discard), tuple(p.played), tuple(p.storage)) + _company_part(p)))
    shown = tuple(players)
    if g.revealed >= 0 and seat == g.current:
        shown = _reveal(g, shown)
    return _new(Observation, (seat,) + _table(g) + (shown, g.version, g.issued[seat]))
