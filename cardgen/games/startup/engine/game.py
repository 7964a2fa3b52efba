"""A game in progress: setup, the turn sequence, card movements and the win check.

Effects live in ``effects.py`` (one handler per effect kind, driven by the card data) and the
reaction window in ``reactions.py``; this module owns the zones and the order of a turn.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from cardgen.games.startup.engine.invariants import InvariantError, check_invariants
from cardgen.games.startup.engine.state import Action, Instances, Player, Table
from cardgen.games.startup.model import CardDef, StartupGame

if TYPE_CHECKING:
    from cardgen.games.startup.bots import Bot

DEFAULT_MAX_TURNS = 2000

__all__ = ["Game", "InvariantError"]


class Game:
    """One game. All randomness (shuffles, random picks, bot choices) comes from ``rng``."""

    def __init__(self, model: StartupGame, bots: list[Bot], seed: int, invariants: bool = False,
                 max_turns: int = DEFAULT_MAX_TURNS):
        if not model.min_players <= len(bots) <= model.max_players:
            raise ValueError(f"{model.name} is for {model.min_players}-{model.max_players} players")
        self.model = model
        self.rules = model.rules
        self.bots = bots
        self.rng = random.Random(seed)
        self.invariants = invariants
        self.max_turns = max_turns
        pile = tuple(c for c in model.cards for _ in range(c.count))
        types = tuple(t.id for t in model.startup_types for _ in range(model.startup_copies))
        self.cards = Instances(pile, types, model.reference_count)
        self.players = [Player(seat) for seat in range(len(bots))]
        self.table = Table()
        self.turns = 0
        self.current: int | None = None
        self.first_player = 0
        self.winner: int | None = None
        self.counters: Counter[str] = Counter()
        self.banked: Counter[str] = Counter()       # card id -> times banked
        self.played: Counter[str] = Counter()       # card id -> times used for its effect
        self.reacted: Counter[str] = Counter()      # card id -> times used as a reaction
        self.refused: set[tuple] = set()            # invitations / offers refused this turn

    # --- what things are -------------------------------------------------------------------
    def card(self, n: int) -> CardDef:
        return self.cards.cards[n]

    @property
    def n(self) -> int:
        return len(self.players)

    def others(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(1, self.n)]

    def valuation(self, seat: int) -> int:
        p = self.players[seat]
        value = self.rules.startup_value if p.startup is not None else 0
        value += sum(self.card(c).value for c in p.bank)
        value -= sum(self.card(m).effect.get("amount", 0) for m in p.markers
                     if self.card(m).effect.kind == "penalty_marker")
        return max(0, value)

    def pending_skips(self, seat: int) -> list[int]:
        return [m for m in self.players[seat].markers if self.card(m).effect.kind == "skip_turn_marker"]

    # --- setup ------------------------------------------------------------------------------
    def setup(self) -> None:
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
            self._choose_startup(p)
        self.first_player = self.rng.randrange(self.n)
        self.check()

    def _choose_startup(self, p: Player) -> None:
        supply = self.table.startup_supply
        self.rng.shuffle(supply)
        dealt: list[int] = []
        for card in supply:   # duplicates of a type already dealt are replaced by the next card
            if self.cards.startup_type(card) not in {self.cards.startup_type(d) for d in dealt}:
                dealt.append(card)
            if len(dealt) == self.rules.startup_choices:
                break
        options = [self.cards.startup_type(d) for d in dealt]
        chosen = self.bots[p.seat].choose_startup(self, p.seat, options)
        card = dealt[options.index(chosen)]
        supply.remove(card)
        p.startup = card

    # --- moving cards -------------------------------------------------------------------------
    def draw(self, seat: int) -> None:
        t = self.table
        if not t.draw_pile and t.discard:
            t.draw_pile = t.discard
            t.discard = []
            self.rng.shuffle(t.draw_pile)
            self.counters["reshuffles"] += 1
        if t.draw_pile:
            self.to_hand(seat, t.draw_pile.pop())
        else:
            self.counters["draws_skipped"] += 1

    def to_hand(self, seat: int, card: int) -> None:
        """A card joins a hand; above the limit its owner discards down at once, on any turn."""
        hand = self.players[seat].hand
        hand.append(card)
        excess = len(hand) - self.rules.hand_limit
        if excess > 0:
            chosen = self.bots[seat].choose_discard(self, seat, excess)
            if len(set(chosen)) != excess or not set(chosen) <= set(hand):
                raise ValueError(f"seat {seat} must discard {excess} cards from hand")
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
        from cardgen.games.startup.engine.effects import targets

        p = self.players[seat]
        actions: list[Action] = []
        for card in p.hand:
            actions.append(Action("bank", card))
            actions.extend(targets(self, seat, card))
        ally = p.partner
        if ally is not None and self.players[ally].hand:
            actions.extend(Action("trade", card, ally) for card in p.hand
                           if ("trade", seat, self.card(card).id) not in self.refused)
        return actions

    def perform(self, seat: int, action: Action) -> int:
        """Carry out one card play; returns the card plays it used (0 when refused)."""
        from cardgen.games.startup.engine.effects import use

        hand = self.players[seat].hand
        if action.card not in hand:
            raise ValueError(f"card {action.card} is not in seat {seat}'s hand")
        if action.kind == "bank":
            hand.remove(action.card)
            self.players[seat].bank.append(action.card)
            self.banked[self.card(action.card).id] += 1
            spent = 1
        elif action.kind == "trade":
            spent = self._trade(seat, action)
        else:
            spent = use(self, seat, action)
        self.check()
        return spent

    def _trade(self, seat: int, action: Action) -> int:
        ally = self.players[seat].partner
        if ally is None or action.target != ally or not self.players[ally].hand:
            raise ValueError("a trade needs an ally with a card in hand")
        offered = action.card
        reply = self.bots[ally].trade_reply(self, ally, seat, offered)
        if reply is not None and reply not in self.players[ally].hand:
            raise ValueError("a trade reply must come from the ally's hand")
        if reply is None or not self.bots[seat].confirm_trade(self, seat, ally, offered, reply):
            self.refused.add(("trade", seat, self.card(offered).id))
            self.counters["trades_refused"] += 1
            return 0
        mine, theirs = self.players[seat].hand, self.players[ally].hand
        mine[mine.index(offered)] = reply
        theirs[theirs.index(reply)] = offered
        self.counters["trades"] += 1
        return 1

    # --- turns ---------------------------------------------------------------------------------
    def take_turn(self, seat: int) -> None:
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
            self.draw(seat)
        self.check()
        plays = self.rules.plays_per_turn
        while plays > 0:
            actions = self.legal_actions(seat)
            if not actions:
                break
            chosen = self.bots[seat].choose_play(self, seat, actions)
            if chosen is None:
                break
            plays -= self.perform(seat, chosen)
        if self.valuation(seat) >= self.rules.win_valuation:
            self.winner = seat

    def play(self) -> bool:
        """Play to the end; True when someone won, False when the safety cap stopped it."""
        self.setup()
        seat = self.first_player
        while self.winner is None:
            if self.turns >= self.max_turns:
                return False
            self.take_turn(seat)
            seat = (seat + 1) % self.n
        return True

    def check(self) -> None:
        if self.invariants:
            check_invariants(self)

    def items(self) -> dict[str, dict]:
        """Per card id: times banked, played for its effect, used as a reaction, and the seats
        holding it banked at the end."""
        owners: dict[str, set[int]] = defaultdict(set)
        for p in self.players:
            for c in p.bank:
                owners[self.card(c).id].add(p.seat)
        return {c.id: {"banked": self.banked[c.id], "played": self.played[c.id],
                       "reacted": self.reacted[c.id], "owners": sorted(owners[c.id])}
                for c in self.model.cards}
