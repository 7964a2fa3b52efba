"""A game of Free Market: NYC in progress: setup, the Game Round of 17 stages, the end.

The rules are generators (``Steps``): where a player must choose they yield a ``Decision`` whose
options are the legal choices and receive the choice back; ``Game`` is the ``Flow`` of them
(the shared driver's ``GameState``). All chance (the pouch, the die) comes from ``rng``, so a
game is a function of its seed and its decisions. Stages are played from their data: every
effect of stages.yaml is handled by its kind (``management.py`` for stages 1-4, ``effects.py``
for 5-17), never by a stage's name.

Engine rulings where the text is silent (besides cards/fmnyc/rulings.yaml, which it follows):

- idle-manager: a stage's costs (its ``pay`` effects, a hire's price) are paid first; a seat
  that cannot pay them all when its manager's turn comes performs nothing of the stage.
- first-seat: seat 1 holds the Cup at the start (the runner rotates the bots over the seats).
- keep-one-manager: a seat may not fire its last manager.
- Penalties for knocked-over screens are table talk: not played. A reparation (the slogan's coin)
  is always taken, at the takeover (``delivery.takeover``).
- Career cards (Add-on 2): see ``careers.py`` for how the timing symbols are read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator, Mapping
from typing import Any

from cardgen.games.fmnyc.engine import anytime, careers, management
from cardgen.games.fmnyc.engine.effects import affordable, applies, perform
from cardgen.games.fmnyc.engine.invariants import check_invariants
from cardgen.games.fmnyc.engine.items import draw_crates, pay_coins
from cardgen.games.fmnyc.engine.scoring import final_scores
from cardgen.games.fmnyc.engine.state import Board, Seat, Supply, Tower
from cardgen.games.fmnyc.engine.table import Table
from cardgen.games.fmnyc.load import Fmnyc
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import Flow

Steps = Generator[Decision, Any, None]

# The safety cap: a game asking more decisions than this is stopped and counted as stalled. A
# 6-round 5-player random game asks about 2,000.
MAX_DECISIONS = 20_000


class Game(Flow):
    def __init__(self, model: Fmnyc, table: Table, seed: int, rounds: int, invariants: bool = False,
                 stocks: bool = False, max_decisions: int = MAX_DECISIONS, career: str | None = None):
        self.model, self.table = model, table
        self.rng = random.Random(seed)
        self.rounds = rounds
        self.invariants = invariants
        self.stocks_on = stocks
        self.career_mode = career                  # None, "full" or "quick" (the draft)
        self.drafting: list[list[str]] = []        # each seat's hand during the draft (private)
        self.career_box: list[str] = []            # Career cards not held by a seat
        self.career_owner: dict[str, int] = {}     # card -> the seat that kept it
        self.career_cards = {str(c["id"]): c for c in model.careers}   # id -> card
        self.extra_managers: dict[int, int] = {}   # stage -> managers past its outlines (a card)
        self.max_decisions = max_decisions
        n = table.players
        self.n = n
        pouch = [c for c in table.crates for _ in range(table.crate_count[c])]
        self.supply = Supply(coins=table.coins, shared=Counter(table.shared),
                             colour=[Counter(table.per_colour) for _ in range(n)],
                             stocks=[str(s["id"]) for s in table.stocks] if stocks else [], pouch=pouch)
        self.board = Board(partner=[None] * len(table.squares), guards=[0] * len(table.squares),
                           strike=[False] * len(table.squares), roadblock=[None] * len(table.slots),
                           rb_guards=[0] * len(table.slots), containers=[[] for _ in range(table.containers)],
                           politician={}, nominees={a: [] for a in table.awards})
        self.tower = Tower()
        self.seats = [Seat(s) for s in range(n)]
        self.demand = {c: 0 for c in table.crates}
        self.round = 1
        self.stage = 0
        self.first = 0
        self.decisions = 0
        self.stalled = False
        self.finished = False
        self.scores: list[int] = []
        self.parts: list[dict[str, int]] = []
        self.counters: Counter[str] = Counter()
        self.income: Counter[str] = Counter()
        self.used: list[Counter[int]] = [Counter() for _ in range(n)]   # stage -> managers, by seat
        self.source = "stages"                 # what a coin gain is counted as (income by source)
        self.shown: dict[int, tuple[str, ...]] = {}   # crates a decision shows one seat only
        # What the pending decision is about, public: the lot auctioned (container, bid,
        # bidder), the square a truck delivers to.
        self.focus: tuple = ()
        self._stock = {str(s["id"]): s for s in table.stocks}
        self._setup()
        super().__init__(self._play())
        if invariants:
            check_invariants(self)

    # --- the shared driver's GameState --------------------------------------------------------
    def apply(self, choice: Any) -> None:
        super().apply(choice)
        self.decisions += 1
        if self.decision() is not None and self.decisions >= self.max_decisions:
            self.stalled = True
            self.steps.close()
            self.pending = None
        if self.invariants:
            check_invariants(self)

    def start(self, steps: Steps) -> Game:
        """Play ``steps`` (one part of the rules) instead of the rest of the game, through
        ``decision`` and ``apply``: what rule tests do."""
        Flow.__init__(self, steps)
        return self

    def observation(self, seat: int) -> Any:
        from cardgen.games.fmnyc.engine.observation import observe

        return observe(self, seat)

    # --- helpers the rules share --------------------------------------------------------------
    def count(self, what: str, n: int = 1) -> None:
        self.counters[what] += n

    def order(self) -> list[int]:
        """The Round of Turns, from the seat with the Cup."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def others(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(1, self.n)]

    def stock(self, sid: str) -> Mapping[str, Any]:
        return self._stock[sid]

    @property
    def stage_id(self) -> str:
        """The id of the stage being played (stages.yaml), "" between stages."""
        stage = self.table.stages.get(self.stage)
        return str(stage["id"]) if stage else ""

    def career(self, cid: str) -> Mapping[str, Any]:
        return self.career_cards[cid]

    def tax_relief(self, seat: int) -> int:
        return sum(int(e["managers"]) for _, e in careers.passive(self, seat, "tax_relief"))

    def stock_options(self, seat: int) -> list[list]:
        """Stocks the seat may buy on this assignment turn: once a Game Round, those it can pay."""
        s = self.seats[seat]
        if not self.stocks_on or s.stock_round == self.round:
            return []
        return [["stock", k] for k in self.supply.stocks if int(self._stock[k]["purchase_cost"]) <= s.coins]

    def buy_stock(self, seat: int, sid: str) -> None:
        s = self.seats[seat]
        self.supply.stocks.remove(sid)
        pay_coins(self, seat, int(self._stock[sid]["purchase_cost"]))
        s.stocks.append(sid)
        s.stock_round = self.round
        self.count("stocks_bought")

    # --- setup and the Game Rounds ------------------------------------------------------------
    def _setup(self) -> None:
        t = self.table
        for seat in self.seats:
            for item, key in (("manager", "manager"), ("truck", "truck")):
                self.supply.colour[seat.seat][item] -= t.start[key]
            seat.managers = t.start["manager"]
            seat.held["truck"] = t.start["truck"]
            seat.crates = draw_crates(self, t.start["crate"])
            coins = t.start_coins + (t.extra_coin if seat.seat in t.extra_coin_seats else 0)
            seat.coins = coins
            self.supply.coins -= coins

    def _play(self) -> Steps:
        stages = self.table.stages
        if self.career_mode:
            yield from careers.draft(self, quick=self.career_mode == "quick")
            self.career_owner = {c: s.seat for s in self.seats for c in s.careers}
        for rnd in range(1, self.rounds + 1):
            self.round = rnd
            for number in (1, 2, 3, 4):
                self.stage = number
                if rnd < int(stages[number].get("from_round", 1)):
                    continue
                yield from anytime.stock_window(self)   # "including the Management Stages"
                for effect in stages[number]["effects"]:
                    if applies(self, effect):
                        yield from management.HANDLERS[effect["kind"]](self, effect)
            for number in range(5, 18):
                yield from self._operation(number)
            self.stage = 18
            yield from anytime.window(self)        # "allow all players to perform 'at any time'"
            self.board.managers_on.clear()
            self.extra_managers.clear()
        self.stage = 0
        yield from anytime.final_nominations(self)
        self.scores, self.parts = final_scores(self)
        self.finished = True

    def _operation(self, number: int) -> Steps:
        on = self.board.managers_on.get(number)
        if not on:
            return
        self.stage = number
        stage = self.table.stages[number]
        yield from anytime.window(self)
        self.stage = number
        # Several managers act in the Round of Turns; a seat's second manager after everyone's
        # first (the Cup may move at Union Member: the order is read again for each stage).
        waiting = Counter(on)
        while waiting:
            for seat in self.order():
                if not waiting[seat]:
                    continue
                waiting[seat] -= 1
                if not waiting[seat]:
                    del waiting[seat]
                self.count(f"stage:{number}")
                self.used[seat][number] += 1
                if not affordable(self, seat, stage["effects"]):
                    self.count("idle_managers")
                    continue
                self.source = f"stage:{number}"
                yield from perform(self, seat, stage["effects"])
                self.source = "stages"
                yield from careers.after_stage(self, seat, number)

    # --- the end ------------------------------------------------------------------------------
    def winners(self) -> list[int]:
        if not self.finished:
            return []
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]    # ruling winner-tie: shared


__all__ = ["Game", "MAX_DECISIONS"]
