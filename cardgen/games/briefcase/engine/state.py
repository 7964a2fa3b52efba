"""The mutable state of one Briefcase game: counts in small lists, indexed as in ``rules``.

Decision cards in a hand, discard pile or played area are counts per card type (their order
never matters there); a draw pile is a list of card types with its top at the end, because
the Biology Lab and the Consulting Firm put cards on top of it. Resources are counts per type.

The state holds no players' policies. A game started with ``turn.begin`` runs its rules as a
generator (``driver.Flow``): ``decision()`` is the pending decision, ``apply(choice)`` plays it
or raises ``IllegalAction``, ``observation(seat)`` is what that seat may see.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardgen.games.briefcase.engine.memo import Memo
from cardgen.games.briefcase.engine.rules import N_CARDS, N_RES, Rules
from cardgen.sim.decisions import Decision, IllegalAction

if TYPE_CHECKING:
    from cardgen.sim.driver import Flow

# An action the rules do not allow in the current state: the one class every game raises, so the
# shared driver, ``play`` and ``replay`` catch the engine's refusals like any decision's.
__all__ = ["Conversions", "GameState", "IllegalAction", "PlayerState", "conversions"]


class Conversions:
    """A player's ``cards_as`` abilities by what they may stand in for, kept with the player
    by ``effects.refresh`` (abilities change only with a flip). ``cands[t][for_resources]``
    lists those that may pay a card of type ``t``, in the order the search tries them;
    ``fewest[t][for_resources]`` is the fewest cards one of them takes (0: none may)."""

    __slots__ = ("cands", "fewest", "limited", "_hash")

    def __init__(self, card_convs: tuple) -> None:
        def usable(c: tuple, t: int, for_resources: bool) -> bool:
            return bool((c[3] >> t) & 1) and (for_resources or not c[4])

        self.cands = tuple(tuple(tuple(c for c in card_convs if usable(c, t, for_resources))
                                 for for_resources in (False, True)) for t in range(N_CARDS))
        self.fewest = tuple(tuple(min((c[1] for c in cands), default=0) for cands in by_use)
                            for by_use in self.cands)
        self.limited = any(c[5] for c in card_convs)    # any of them limited per turn
        # Kept: the payment planner's memo hashes it at every search, and a tuple of tuples
        # does not keep its hash.
        self._hash = hash(self.cands)

    # By value: it is made from the abilities alone (a copied observation equals its original).
    def __eq__(self, other: object) -> bool:
        return type(other) is Conversions and (self.cands, self.fewest, self.limited) == (
            other.cands, other.fewest, other.limited)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Conversions(cands={self.cands!r})"


def conversions(card_convs: tuple) -> Conversions:
    """The ``Conversions`` of a player's ``card_convs`` (sorted as ``effects.refresh`` sorts them)."""
    table = _CONVERSIONS.get(card_convs)
    if table is None:
        table = _CONVERSIONS.keep(card_convs, Conversions(card_convs))
    return table


# The few distinct ability combinations recur in every game.
_CONVERSIONS: Memo = Memo(4096)
NO_CONVERSIONS = conversions(())


class PlayerState:
    __slots__ = (
        "seat", "hand", "deck", "discard", "played", "storage", "owned", "active", "companies",
        "vp_cards",
        # Derived from the player's activated companies by effects.refresh().
        "hand_size", "storage_limit", "res_conv", "res_limited", "card_convs", "start_draw",
        "start_cycle", "ignore_blocks", "deck_top", "topdeck", "level1_active", "endgame",
        "pay_key", "card_conv", "extra_draws", "active_key",
    )

    def __init__(self, seat: int, n_companies: int):
        self.seat = seat
        self.hand = [0] * N_CARDS
        self.deck: list[int] = []
        self.discard = [0] * N_CARDS
        self.played = [0] * N_CARDS
        self.storage = [0] * N_RES
        self.owned = [False] * n_companies
        self.active = [False] * n_companies
        self.companies: list[int] = []          # owned company indices, in index order
        self.vp_cards = 0
        self.hand_size = 0
        self.storage_limit = 0
        self.res_conv: tuple[int, ...] = (0,) * N_RES     # unlimited "any resource as X" sources
        self.res_limited: tuple[tuple[int, int, int, int], ...] = ()  # (company, from, to, per turn)
        self.card_convs: tuple[tuple[int, int, bool, int, bool, int], ...] = ()
        self.card_conv: Conversions = NO_CONVERSIONS     # card_convs by what they pay
        self.start_draw: tuple[tuple[int, int, int, int], ...] = ()  # (company, count, card type, at most)
        self.start_cycle: tuple[tuple[int, int], ...] = ()  # (company, cards cycled)
        self.extra_draws: tuple[tuple[int, int], ...] = ()  # (company, cards it may add to a Draw step)
        self.ignore_blocks = 0
        self.deck_top = False
        self.topdeck = 0
        self.level1_active = 0
        self.endgame: tuple[tuple[str, int], ...] = ()
        self.pay_key = -1                       # the way it pays resources (effects._PAY_KEYS)
        self.active_key: tuple[int, ...] = ()   # the activated companies, a new tuple at each refresh

    def cards_owned(self) -> list[int]:
        """Every decision card the player holds anywhere, per type."""
        out = [self.hand[t] + self.discard[t] + self.played[t] for t in range(N_CARDS)]
        for t in self.deck:
            out[t] += 1
        return out

    def stored(self) -> int:
        return sum(self.storage)


class GameState:
    """One game. ``current`` is the seat whose turn it is."""

    __slots__ = (
        "rules", "n", "rng", "bots", "players", "bank", "market", "res_discard", "piles",
        "portfolio", "resource_blocks", "company_blocks", "central_bank_vp", "central_bank_buys",
        "removed", "current", "turns", "company_bought", "uses", "ignored", "end_condition",
        "over", "stalled", "bought", "activations", "hires", "blocks_moved", "deactivations",
        "resource_blocks_removed", "invariants", "initial_cards", "initial_res", "initial_piles",
        "draw_to", "revealed", "flow", "version", "obs_dirty", "obs_views", "obs_table",
        "obs_table_version", "obs_own", "obs_decks", "obs_stale", "issued", "__weakref__",
    )

    def __init__(self, rules: Rules, players: int, rng: random.Random):
        n_comp = len(rules.companies)
        self.rules = rules
        self.n = players
        self.rng = rng
        self.players = [PlayerState(s, n_comp) for s in range(players)]
        self.bank = [0] * N_CARDS               # the Decision Bank
        self.market = [0] * N_RES               # the resource market (Energy pile included)
        self.res_discard = [0] * N_RES          # the resource discard pile
        self.piles = [0] * n_comp               # company piles of the portfolio
        self.portfolio: tuple[int, ...] = ()
        self.resource_blocks: list[int] = []    # resource index under each block still in play
        self.company_blocks: list[int] = []     # company index under each block, -1 beside the portfolio
        self.central_bank_vp = 0
        self.central_bank_buys = 0              # Buy cards invested (removed from the game)
        self.removed = [0] * N_CARDS            # decision cards removed by abilities
        self.current = 0
        self.turns = 0
        # Per turn.
        self.company_bought = 0
        self.uses = [0] * n_comp                # per-turn ability uses, by company
        self.ignored: list[int] = []            # resource blocks ignored this turn (Cargo Company)
        self.draw_to = 0                        # the hand size the last Draw step drew to
        self.revealed = -1                      # the seat whose hand the rules show the current player
        # End of game.
        self.end_condition: str | None = None
        self.over = False
        self.stalled = False
        # Statistics.
        self.bought = [0] * n_comp
        self.activations = [0] * n_comp
        self.hires = 0
        self.blocks_moved = 0
        self.deactivations = 0
        self.resource_blocks_removed = 0
        # Invariant bookkeeping: what setup put into play.
        self.invariants = False
        self.initial_cards = [0] * N_CARDS
        self.initial_res = [0] * N_RES
        self.initial_piles = [0] * n_comp
        # The rules as a generator of decisions (turn.begin), and what observation() keeps:
        # ``version`` counts applied choices; each seat's observation (``obs_own``) and each
        # player's public view (``obs_views``), shared by the others' observations, are brought
        # up to date in place; ``obs_dirty`` has a bit set for each player whose view is to
        # update (bit ``seat``; see observation.py).
        self.flow: Flow | None = None
        self.version = 0
        self.obs_dirty = (1 << players) - 1
        self.obs_views: list[Any] = [None] * players
        self.obs_table: list[Any] = [None] * 8      # the table's parts (observation.py)
        self.obs_stale = (1 << 7) - 1               # which of them to rebuild (observation.ALL_PARTS)
        self.obs_table_version = 0                  # how many times they were rebuilt
        self.obs_own: list[Any] = [None] * players
        self.obs_decks: list[Any] = [None] * players
        # Per seat, the payment plans the engine's planners made on that seat's observation of
        # this version (actions.issue): the check of an action paid with one of them skips
        # re-checking its payment (legal.action_problem).
        self.issued: list[dict[int, tuple]] = [{} for _ in range(players)]

    # --- The decision-point shape (cardgen.sim.driver) --------------------------------------------
    def decision(self) -> Decision | None:
        """The pending decision; None once the game is over (or stopped by the safety cap)."""
        flow = self.flow
        if flow is None:
            raise RuntimeError("this game was not started (turn.begin)")
        return flow.pending

    def apply(self, choice: Any) -> None:
        """Play ``choice`` for the pending decision; IllegalAction (nothing changed) if the
        decision does not allow it."""
        # Flow.apply, written out (one call fewer at every decision).
        flow = self.flow
        pending = flow.pending              # type: ignore[union-attr]
        if pending is None:
            raise IllegalAction("the game is over: there is no decision to make")
        why = pending.check(choice)
        if why is not None:
            raise IllegalAction(why)        # nothing changed: the decision is still pending
        before = self.current
        # A new version before the rules go on: what they build for the next decision (its
        # options, an observation) belongs to it.
        self.version += 1
        try:
            flow.pending = flow.steps.send(choice)          # type: ignore[union-attr]
        except StopIteration:
            flow.pending = None                             # type: ignore[union-attr]
        issued = self.issued[pending.seat]
        if issued:
            issued.clear()                  # plans of an older version are never accepted
        # The player who chose and the player whose turn it is now changed; the rules mark any
        # other player they change (touch). The main phase marks what each action changes of
        # the table; after any other decision the rules may have changed anything.
        self.obs_dirty |= (1 << before) | (1 << self.current)
        if pending.kind != "act":           # type: ignore[union-attr]
            self.obs_stale = (1 << 7) - 1

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    def opponents(self, seat: int) -> list[int]:
        """The other seats in clockwise order starting after ``seat``."""
        return [(seat + k) % self.n for k in range(1, self.n)]

    @property
    def rounds(self) -> int:
        return self.turns // self.n


def touch(g: GameState, seat: int) -> None:
    """Seat ``seat``'s public view changed in a way ``apply`` does not know about (another
    player's turn changed it: a hire's payment, an opponent-targeting ability)."""
    g.obs_dirty |= 1 << seat


def touch_all(g: GameState) -> None:
    """Everything may have changed: every view and every part of the table."""
    g.obs_dirty = (1 << g.n) - 1
    g.obs_stale = (1 << 7) - 1


def forget_observations(g: GameState) -> None:
    """The state was changed behind the rules' back (a redeal): every seat's observation and
    every view is made anew, so the ones handed out before stay as they were."""
    touch_all(g)
    g.obs_own = [None] * g.n
    g.obs_views = [None] * g.n
    g.obs_decks = [None] * g.n


# observation.py reads this module's classes: imported once they exist. ``observation(seat)``,
# what that seat may see, is ``observe`` itself: a method wrapping it cost one more call at
# every decision.
from cardgen.games.briefcase.engine.observation import observe  # noqa: E402

GameState.observation = observe     # type: ignore[attr-defined]
