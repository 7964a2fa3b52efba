"""A game in progress: setup, the turn sequence, card movements and the win check.

Effects live in ``effects.py`` (one handler per effect kind, driven by the card data) and the
reaction window in ``reactions.py``; this module owns the zones and the order of a turn.

The game holds no players' policies. Its rules are generators (``Steps``): where a player must
choose, they yield a ``Decision`` whose options are exactly the legal choices and receive the
choice back; a rule that may call one that asks (a card drawn above the hand limit asks for a
discard) is a generator too, and the call chain is ``yield from``. ``start`` runs them through
a ``Flow``, which gives the game ``decision`` and ``apply`` (the shared driver's ``GameState``);
``observation`` is what one seat may see. Chance is ``rng`` alone, so a game is a function of its
seed and its decisions.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Generator
from types import MappingProxyType
from typing import Any, TypeVar

from cardgen.games.startup.engine import ask
from cardgen.games.startup.engine.effects import TARGETS, use
from cardgen.games.startup.engine.invariants import InvariantError, check_invariants
from cardgen.games.startup.engine.observation import NO_ATTACHMENTS, Observation, SeatView
from cardgen.games.startup.engine.state import Action, Instances, Offer, Player, Table, Window, valuation_of
from cardgen.games.startup.model import CardDef, StartupGame
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import Flow

R = TypeVar("R")
# A part of the rules: yields the decisions it asks, receives each choice, returns its result.
Steps = Generator[Decision, Any, R]

DEFAULT_MAX_TURNS = 2000

__all__ = ["DEFAULT_MAX_TURNS", "Game", "InvariantError", "Steps"]

_NO_REFUSALS: frozenset[tuple] = frozenset()
# Banking instance n is the same play in every game: made once, as the legal plays are listed
# at every card play (grown by Game for a larger draw pile).
_BANK: list[Action] = [Action("bank", n) for n in range(256)]


class Game(Flow):
    """One game. All chance (shuffles, random picks) comes from ``rng``; players' choices come
    through ``apply``. A game is the ``Flow`` of its rules: ``decision`` and ``apply`` are the
    flow's own (the driver calls them at every decision: no layer in between)."""

    def __init__(self, model: StartupGame, players: int, seed: int, invariants: bool = False,
                 max_turns: int = DEFAULT_MAX_TURNS):
        if not model.min_players <= players <= model.max_players:
            raise ValueError(f"'{model.name}' is for {model.min_players}-{model.max_players} players")
        self.model = model
        self.rules = model.rules
        self.rng = random.Random(seed)
        self.invariants = invariants
        self.max_turns = max_turns
        pile = tuple(c for c in model.cards for _ in range(c.count))
        types = tuple(t.id for t in model.startup_types for _ in range(model.startup_copies))
        self.cards = Instances(pile, types, model.reference_count)
        self.players = [Player(seat) for seat in range(players)]
        self.table = Table()
        self.turns = 0
        self.current: int | None = None
        self.first_player = 0
        self.winner: int | None = None
        self.stalled = False                        # stopped by the safety cap
        self.counters: Counter[str] = Counter()
        self.banked: Counter[str] = Counter()       # card id -> times banked
        self.played: Counter[str] = Counter()       # card id -> times used for its effect
        self.reacted: Counter[str] = Counter()      # card id -> times used as a reaction
        self.users: defaultdict[str, set[int]] = defaultdict(set)   # card id -> seats that used it
        self.refused: set[tuple] = set()            # invitations / offers refused this turn
        # What the pending decision shows, for the observations: the attack resolving (public),
        # the open trade (its two partners), the inviter, cards of a hand shown to one seat.
        self.attack: Window | None = None
        self.offer: Offer | None = None
        self.inviter: int | None = None
        self.shown: dict[int, tuple[int, ...]] = {}
        self.startups: list[str | None] = [None] * players   # each seat's Startup type, once chosen
        self._seat_views: list[tuple | None] = [None] * players  # see observation()
        self.outcome: Any = None                    # what the steps given to ``start`` returned
        super().__init__(self._not_started())
        # Fixed for the game: the seats after each seat in turn order, what each instance is.
        self._others = tuple(tuple((seat + i) % players for i in range(1, players))
                             for seat in range(players))
        self.defs = self.cards.cards
        _BANK.extend(Action("bank", n) for n in range(len(_BANK), len(pile)))

    # --- the state the shared driver plays ----------------------------------------------------
    def start(self, steps: Steps[Any] | None = None) -> Game:
        """Play ``steps`` through ``decision`` and ``apply``: by default the whole game (setup,
        then turns until a win or the safety cap); rule tests pass one part of the rules (a
        turn, a card play) and read what it returned in ``outcome``. Until then there is no
        decision (None); after a win or the safety cap there is none either."""
        super().__init__(self._play() if steps is None else self._outcome(steps))
        return self

    def _not_started(self) -> Steps[None]:
        return
        yield  # a generator that asks nothing

    def _outcome(self, steps: Steps[Any]) -> Steps[None]:
        self.outcome = yield from steps

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now, as a snapshot no later move changes."""
        # Made at every decision (the driver hands it to the policy), so made cheaply: plain
        # tuples (``tuple.__new__`` skips a named tuple's Python-level constructor), and a seat's
        # view is rebuilt only when what it shows differs from the view last built (compared
        # with copies of the lists it was built from; one card play changes one or two seats).
        new, startups, cache = tuple.__new__, self.startups, self._seat_views
        views = []
        for p in self.players:
            bank, markers, attachments, startup = p.bank, p.markers, p.attachments, startups[p.seat]
            kept = cache[p.seat]
            if kept is not None and kept[0] == bank and kept[1] == markers and kept[2] == len(p.hand) \
                    and kept[3] == p.partner and kept[4] == startup and kept[5] == attachments:
                views.append(kept[6])
                continue
            attached = MappingProxyType(dict(attachments)) if attachments else NO_ATTACHMENTS
            size = len(p.hand)
            view = new(SeatView, (p.seat, startup, tuple(bank), tuple(markers), attached, p.partner, size))
            cache[p.seat] = (bank[:], markers[:], size, p.partner, startup, dict(attachments), view)
            views.append(view)
        refused = self.refused
        if refused:
            # Alliance invitations are made at the table; a trade's card only its partners see.
            partner = self.players[seat].partner
            refused = frozenset(r for r in refused if r[0] == "alliance" or r[1] == seat or r[1] == partner)
        else:
            refused = _NO_REFUSALS
        offer = self.offer
        if offer is not None and seat != offer.offerer and seat != offer.ally:
            offer = None
        t = self.table
        alliances = tuple([(a, b, m) for (a, b), m in t.alliances.items()]) if t.alliances else ()
        return new(Observation, (seat, tuple(self.players[seat].hand), tuple(views), self.current, self.turns,
                                 len(t.draw_pile), tuple(t.discard), tuple(t.resolving), alliances, refused,
                                 self.attack, offer, self.inviter, self.shown.get(seat, ()), self.model,
                                 self.rules, self.defs))

    # --- what things are -------------------------------------------------------------------
    def card(self, n: int) -> CardDef:
        return self.defs[n]

    @property
    def n(self) -> int:
        return len(self.players)

    def others(self, seat: int) -> tuple[int, ...]:
        return self._others[seat]

    def valuation(self, seat: int) -> int:
        p = self.players[seat]
        return valuation_of(self.rules, self.defs, p.startup is not None, p.bank, p.markers)

    def pending_skips(self, seat: int) -> list[int]:
        return [m for m in self.players[seat].markers if self.card(m).effect.kind == "skip_turn_marker"]

    # --- setup ------------------------------------------------------------------------------
    def setup(self) -> Steps[None]:
        """Shuffle, deal 5, deal each player 3 different Startup types to choose 1 from, pick the
        first player at random."""
        t = self.table
        t.draw_pile = list(range(self.cards.pile_size))
        self.rng.shuffle(t.draw_pile)
        start = self.cards.pile_size
        t.startup_supply = list(range(start, start + len(self.cards.startup_types)))
        refs = list(range(start + len(self.cards.startup_types), self.cards.total))
        for p in self.players:
            p.reference = refs.pop(0)
        t.box = refs
        for p in self.players:
            for _ in range(self.rules.opening_hand):
                p.hand.append(t.draw_pile.pop())
        for p in self.players:
            yield from self._choose_startup(p)
        self.first_player = self.rng.randrange(self.n)
        self.check()

    def _choose_startup(self, p: Player) -> Steps[None]:
        supply = self.table.startup_supply
        self.rng.shuffle(supply)
        dealt: list[int] = []
        for card in supply:   # duplicates of a type already dealt are replaced by the next card
            if self.cards.startup_type(card) not in {self.cards.startup_type(d) for d in dealt}:
                dealt.append(card)
            if len(dealt) == self.rules.startup_choices:
                break
        options = tuple(self.cards.startup_type(d) for d in dealt)
        names = {t.id: t.name for t in self.model.startup_types}
        chosen = yield ask.choose(p.seat, "choose_startup", "Choose your Startup", options,
                                  labels=tuple(names[o] for o in options))
        card = dealt[options.index(chosen)]
        supply.remove(card)
        p.startup = card
        self.startups[p.seat] = chosen

    # --- moving cards -------------------------------------------------------------------------
    def draw(self, seat: int) -> Steps[None]:
        t = self.table
        if not t.draw_pile and t.discard:
            t.draw_pile = t.discard
            t.discard = []
            self.rng.shuffle(t.draw_pile)
            self.counters["reshuffles"] += 1
        if t.draw_pile:
            hand = self.players[seat].hand
            hand.append(t.draw_pile.pop())
            if len(hand) > self.rules.hand_limit:   # (to_hand, without its generator every turn)
                yield from self.discard_down(seat)
        else:
            self.counters["draws_skipped"] += 1

    def to_hand(self, seat: int, card: int) -> Steps[None]:
        """A card joins a hand; above the limit its owner discards down at once, on any turn."""
        hand = self.players[seat].hand
        hand.append(card)
        yield from self.discard_down(seat)

    def discard_down(self, seat: int) -> Steps[None]:
        hand = self.players[seat].hand
        excess = len(hand) - self.rules.hand_limit
        if excess > 0:
            chosen = yield ask.choose_many(seat, "discard", f"Discard {excess} down to the hand limit",
                                           tuple(hand), excess, excess, self.defs)
            for c in chosen:
                hand.remove(c)
                self.table.discard.append(c)
            self.counters["hand_limit_discards"] += excess

    def discard(self, card: int) -> None:
        self.table.discard.append(card)

    def take_from_bank(self, seat: int, card: int) -> int | None:
        """Remove a banked card; returns the card attached under it, if any (still unplaced)."""
        p = self.players[seat]
        p.bank.remove(card)
        return p.attachments.pop(card, None)

    def move_banked(self, source: int, dest: int, card: int) -> None:
        """A banked card changes startup and stays banked; its attachment follows it."""
        attached = self.take_from_bank(source, card)
        self.players[dest].bank.append(card)
        if attached is not None:
            self.players[dest].attachments[card] = attached

    def end_alliance(self, a: int) -> None:
        b = self.players[a].partner
        if b is None:
            return
        marker = self.table.alliances.pop((min(a, b), max(a, b)))
        self.discard(marker)
        self.players[a].partner = self.players[b].partner = None

    def form_alliance(self, a: int, b: int, marker: int) -> None:
        self.table.alliances[(min(a, b), max(a, b))] = marker
        self.players[a].partner, self.players[b].partner = b, a
        self.counters["alliances_formed"] += 1

    # --- card plays ---------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        defs, bank = self.defs, _BANK
        actions: list[Action] = []
        for card in p.hand:
            actions.append(bank[card])
            eff = defs[card].effect
            find = TARGETS.get(eff.kind)
            if find is not None:
                actions += find(self, seat, card, eff)
        ally = p.partner
        if ally is not None and self.players[ally].hand:
            refused, new = self.refused, tuple.__new__   # (see _BANK)
            actions += [new(Action, ("trade", card, ally, None)) for card in p.hand
                        if not refused or ("trade", seat, defs[card].id) not in refused]
        return actions

    def perform(self, seat: int, action: Action) -> Steps[int]:
        """Carry out one card play; returns the card plays it used (0 when refused)."""
        hand = self.players[seat].hand
        if action.card not in hand:
            raise ValueError(f"card {action.card} is not in seat {seat}'s hand")
        if action.kind == "bank":
            hand.remove(action.card)
            self.players[seat].bank.append(action.card)
            self.banked[self.card(action.card).id] += 1
            spent = 1
        elif action.kind == "trade":
            spent = yield from self._trade(seat, action)
        else:
            spent = yield from use(self, seat, action)
        if self.invariants:
            check_invariants(self)
        return spent

    def _trade(self, seat: int, action: Action) -> Steps[int]:
        ally = self.players[seat].partner
        if ally is None or action.target != ally or not self.players[ally].hand:
            raise ValueError("a trade needs an ally with a card in hand")
        offered = action.card
        # The offered card is shown to the ally, then the reply to the offerer.
        self.offer = Offer(seat, ally, offered)
        self.shown = {ally: (offered,)}
        reply = yield ask.choose(ally, "trade_reply", "Offer a card back for the trade?",
                                 (*self.players[ally].hand, None), self.defs)
        confirmed = False
        if reply is not None:
            self.offer = Offer(seat, ally, offered, reply)
            self.shown = {ally: (offered,), seat: (reply,)}
            confirmed = yield ask.yes_no(seat, "trade_confirm", "Make the trade?")
        self.offer = None
        self.shown = {}
        if not confirmed:
            self.refused.add(("trade", seat, self.card(offered).id))
            self.counters["trades_refused"] += 1
            return 0
        mine, theirs = self.players[seat].hand, self.players[ally].hand
        mine[mine.index(offered)] = reply
        theirs[theirs.index(reply)] = offered
        self.counters["trades"] += 1
        return 1

    # --- turns ---------------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Steps[None]:
        """One turn: a pending Lawsuit skips it whole; else draw, up to two plays, win check."""
        self.turns += 1
        self.current = seat
        self.refused = set()
        skips = self.pending_skips(seat)
        if skips:
            self.players[seat].markers.remove(skips[0])
            self.discard(skips[0])
            self.counters["turns_skipped"] += 1
            self.check()
            return
        for _ in range(self.rules.draws_per_turn):
            yield from self.draw(seat)
        self.check()
        yield from self.card_plays(seat)
        if self.valuation(seat) >= self.rules.win_valuation:
            self.winner = seat

    def card_plays(self, seat: int) -> Steps[None]:
        """The turn's card plays: each a choice among every legal play, or None to stop."""
        plays = self.rules.plays_per_turn
        while plays > 0:
            actions = self.legal_actions(seat)
            if not actions:
                break
            chosen = yield ask.choose(seat, "action", "Play a card (or stop)", (*actions, None), self.defs)
            if chosen is None:
                break
            # A choice read back from a JSON log is a list: the same play.
            plays -= yield from self.perform(seat, chosen if type(chosen) is Action else Action(*chosen))

    def _play(self) -> Steps[None]:
        """The whole game: setup, then turns until a win, or the safety cap (``stalled``)."""
        yield from self.setup()
        seat = self.first_player
        while self.winner is None:
            if self.turns >= self.max_turns:
                self.stalled = True
                return
            yield from self.take_turn(seat)
            seat = (seat + 1) % self.n

    def check(self) -> None:
        if self.invariants:
            check_invariants(self)

    def items(self) -> dict[str, dict]:
        """Per card id: times banked, played for its effect and used as a reaction, the seats
        holding it banked at the end; for a card a player may use (a tactic or an answer), how
        often it was used in all and by which seats."""
        owners: dict[str, set[int]] = defaultdict(set)
        for p in self.players:
            for c in p.bank:
                owners[self.card(c).id].add(p.seat)
        out: dict[str, dict] = {}
        for c in self.model.cards:
            entry = out[c.id] = {"banked": self.banked[c.id], "played": self.played[c.id],
                                 "reacted": self.reacted[c.id], "owners": sorted(owners[c.id])}
            if c.usable:                             # a card a player may use, not only bank
                entry["used"] = self.played[c.id] + self.reacted[c.id]
                entry["users"] = sorted(self.users[c.id])
        return out

    def use(self, card: int, seat: int, as_reaction: bool) -> None:
        """Count ``card`` used by ``seat``, for its effect or as a reaction."""
        cid = self.card(card).id
        (self.reacted if as_reaction else self.played)[cid] += 1
        self.users[cid].add(seat)
