"""A heuristic player driven by a ``Style``: how much it values victory points, production,
abilities and resources, and when it turns Buy cards into Central Bank points.

Every value comes from the company data (VP, production, activation cost, effect kind), so a
custom company is judged like any other. A turn, in order: activate what pays off, buying the
missing resources of a company it can then activate; invest in the Central Bank when the style
says it is late; buy the best company; buy resources for the next activations; spend spare Buy
cards (Central Bank, else resources); hire; move blocks.

It sees only its observation. Its turn is a generator that yields one action at a time: the
policy resumes it at each ``act`` decision of the turn with the new observation, so each step
decides on what the previous actions changed. The engine's plan functions, run on the
observation, are how it looks ahead and how it pays, so everything it does is legal.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.games.briefcase.bots.base import Policy
from cardgen.games.briefcase.engine import actions, payment
from cardgen.games.briefcase.engine.cards import DEFAULT_SPEND, most_payable, plan_cards
from cardgen.games.briefcase.engine.legal import END, Action
from cardgen.games.briefcase.engine.memo import Memo
from cardgen.games.briefcase.engine.observation import Observation, PlayerView
from cardgen.games.briefcase.engine.rules import (
    ACTIVATE,
    BUY,
    HIRE,
    N_CARDS,
    N_RES,
    OBSTACLE,
    CompanyRule,
    Rules,
)
from cardgen.games.briefcase.engine.turn import limited_stored
from cardgen.sim.decisions import Decision

# In this module ``g`` is the bot's observation and ``p`` its own view (the names the engine's
# planners use for the state and its player, whose fields they share).
GameState = Observation
PlayerState = PlayerView
# A part of a turn: yields actions, returns what the part found.
Plays = Generator[Action, None, Any]

# What an ongoing or per-activation ability is worth to its owner, in VP-like units, by kind.
ABILITY_VALUE = {
    "none": 0.0, "resource_as": 1.0, "cards_as": 1.2, "hand_size": 2.5, "storage_limit": 0.4,
    "draw_at_turn_start": 1.0, "cycle_at_turn_start": 0.8, "remove_from_hand": 0.5,
    "take_from_resource_discard": 0.8, "ignore_resource_block": 0.4, "endgame_vp": 0.0,
    "production_to_deck_top": 0.8, "topdeck_played": 1.0, "opponents_discard": 0.5,
    "take_from_opponents": 0.4, "deactivate_opponent_company": 0.6,
}


@dataclass(frozen=True)
class Style:
    vp: float = 1.0                         # a company's printed VP
    card: tuple[float, ...] = (1.0, 0.6, 0.05, 0.2)   # a produced Buy, Activate, Obstacle, Hire
    energy: float = 0.35                    # a produced Energy
    resource: float = 0.3                   # a resource spent
    ability: float = 1.0                    # scale of ABILITY_VALUE
    buy_cost: float = 0.6                   # per Buy of a company's buying cost
    future_activations: float = 2.0         # how often a bought company is expected to produce
    # Invest Buy cards in the Central Bank first once the game is this close to its end (0-1).
    late: float = 0.85
    invest_keep: int = 0                    # Buy cards kept in hand (for a company) when investing
    reserve: int = 4                        # Buy cards never invested before the end is triggered
    invest_first: bool = False              # once it is late, invest before activating companies
    eligibility: float = 0.0                # bonus for the activations that open level 2 and the Bank
    final_turn: bool = False                # cash in on its last turn once the end is triggered
    unblock: bool = True                    # move resource blocks off what it needs
    hire: bool = True
    block_rivals: bool = False              # move company blocks onto what rivals want
    # Move a company block off the company it would buy first, when it can pay for it at once.
    unblock_companies: bool = False
    abilities: dict[str, float] = field(default_factory=dict)  # per-kind overrides
    # A card-converting ability (``cards_as``) is worth this much more for each company in the
    # portfolio that produces the card type it values least (Obstacles): with such companies
    # in play, decks fill with cards that are worth something only when converted.
    convert_junk: float = 0.0
    # Once the player holds this many Activate cards more than its starting deck has (None:
    # never), one more produced is worth nothing instead of ``card[ACTIVATE]``: each clogs
    # every later hand, and a company that makes them, activated again and again, fills the
    # deck with cards it cannot use.
    activate_spare: int | None = None
    # A company whose activation needs basic resources the market is running out of is worth
    # this much less per missing resource, times the share of that resource's pile already
    # gone: bought, it may never be activated (rivals empty the pile first).
    scarcity: float = 0.0
    # A company making a resource the market does not sell (the Power Plant's Energy) is worth
    # this much more, as an activation target, per unit it makes that the player's companies
    # need and its storage lacks: nothing else supplies them, so without it those companies
    # are bought and never activated.
    supply: float = 0.0


# Which resource to buy for a missing one: itself, then other basics, then Imported, Energy last.
_SOURCE_ORDER = tuple((t,) + tuple(s for s in (0, 1, 2, 3) if s != t) + (4, 5) for t in range(6))
# The same for each mask of the sources that may pay it (``_SOURCES[t][mask]``), so the search
# in ``shortfall`` goes over those only.
_SOURCES = tuple(tuple(tuple(s for s in order if (m >> s) & 1) for m in range(1 << N_RES))
                 for order in _SOURCE_ORDER)


def _needed(cost: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``cost``'s resources with a count, as (resource, count): an activation needs one to
    three of the six, and the purchase searches below go over those only."""
    items = _NEEDED.get(cost)
    if items is None:
        items = _NEEDED[cost] = tuple((r, k) for r, k in enumerate(cost) if k)
    return items


_NEEDED: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


class _Tables:
    """A style's values of each company that do not change during a game."""

    __slots__ = ("rules", "players", "first", "prod", "spend", "again", "buy", "buy_clog", "endgame", "ready",
                 "fresh", "level", "cost", "min_buy_cost", "clog", "activate_need", "bank_size",
                 "market_size", "made", "bank_caps", "market_caps", "unsold", "unsold_need", "unsold_made",
                 "by_cost", "needs", "buy_counters")

    def __init__(self, bot: HeuristicBot, rules: Rules, players: int, portfolio: tuple[int, ...]):
        st = bot.style
        self.rules = rules
        self.players = players
        n = len(rules.companies)
        self.first = [0.0] * n     # printed VP and ongoing ability, earned on the first activation
        self.prod = [0.0] * n      # production, with the Decision Bank full
        # What each company produces, as (pile, count, value) for cards and then for resources:
        # production as it would be now reads only these piles (``production_value``).
        self.made = [(tuple((t, k, st.card[t]) for t, k in enumerate(c.production_cards) if k),
                      tuple((r, k, st.energy) for r, k in enumerate(c.production_res) if k))
                     for c in rules.companies]
        # (pile, the most any company produces of it) for the card types and the resources some
        # company produces: production reads no more of a pile than that (``targets``).
        self.bank_caps = tuple((t, k) for t in range(N_CARDS)
                               if (k := max(c.production_cards[t] for c in rules.companies)))
        self.market_caps = tuple((r, k) for r in range(N_RES)
                                 if (k := max(c.production_res[r] for c in rules.companies)))
        self.spend = [0.0] * n     # the resources an activation spends
        self.again = [0.0] * n     # a per-activation ability, earned on every activation
        self.buy = [0.0] * n       # buying it, before end-of-game abilities
        self.buy_clog = [0.0] * n  # what buying it loses while its Activate cards are worth nothing
        self.endgame: list[tuple[str, int] | None] = [None] * n
        self.ready = [0.0] * n     # an activation with the Decision Bank full (before first-time values)
        self.fresh = [0.0] * n     # the same, with first-time values, before end-of-game abilities
        self.level = [c.level for c in rules.companies]
        self.cost = [c.cost or 0 for c in rules.companies]
        # The cheapest resource: a bound on what buying a missing resource costs.
        self.min_buy_cost = min((k for k in rules.buy_cost if k is not None), default=0)
        # What an activation loses when the player already holds enough Activate cards (from
        # ``activate_need`` on; 0: never).
        self.clog = [-c.production_cards[ACTIVATE] * st.card[ACTIVATE] for c in rules.companies]
        self.activate_need = (0 if st.activate_spare is None
                              else max(1, rules.starting_deck[ACTIVATE] + st.activate_spare))
        # The Buy pile and the basic resource piles at the start (``progress``).
        self.bank_size = max(1, rules.bank_per_player[BUY] * players)
        self.market_size = tuple(max(1, rules.market_per_player[r] * players) for r in rules.basic)
        # Resources no one can buy, what each company's activation needs of them and makes.
        self.unsold = tuple(r for r in range(N_RES) if rules.buy_cost[r] is None)
        self.unsold_need = [tuple((r, c.activation[r]) for r in self.unsold if c.activation[r])
                            for c in rules.companies]
        self.unsold_made = [tuple((r, c.production_res[r]) for r in self.unsold if c.production_res[r])
                            for c in rules.companies]
        # What the activations of up to two companies need, per resource, by their indices
        # (``wants``: asked at most turns, mostly for the same companies).
        self.needs: dict[tuple[int, ...], tuple[int, ...]] = {}
        # The portfolio, cheapest first: the buying ranking stops at the first it cannot afford.
        self.by_cost = tuple(sorted(portfolio, key=lambda ci: (self.cost[ci], ci)))
        junk = min(range(N_CARDS), key=lambda t: st.card[t])
        junk_makers = sum(1 for ci in portfolio if rules.companies[ci].production_cards[junk])
        for c in rules.companies:
            i = c.index
            ability = bot.static_ability_value(c, players, junk_makers)
            self.prod[i] = (sum(st.card[t] * c.production_cards[t] for t in range(N_CARDS))
                            + st.energy * sum(c.production_res))
            self.spend[i] = st.resource * c.activation_total
            self.first[i] = c.vp * st.vp + (0.0 if c.per_activation else ability)
            self.again[i] = ability if c.per_activation else 0.0
            if c.effect == "endgame_vp":
                self.endgame[i] = (c.params["per"], c.params.get("vp", 1))
            self.ready[i] = self.prod[i] + self.again[i] - self.spend[i]
            self.fresh[i] = self.ready[i] + self.first[i]
            activations = self._activations(st, self.ready[i])
            self.buy[i] = self.first[i] + self.again[i] + activations - st.buy_cost * (c.cost or 0)
            # The same once its Activate cards are worth nothing (the player holds enough).
            self.buy_clog[i] = self._activations(st, self.ready[i] + self.clog[i]) - activations
        # The companies whose end-of-game points count the Buy cards held (``targets``).
        self.buy_counters = tuple(i for i, e in enumerate(self.endgame)
                                  if e is not None and e[0] == "buy_card_owned")

    @staticmethod
    def _activations(st: Style, ready: float) -> float:
        """What a bought company's activations are worth, each worth ``ready``: about
        ``future_activations`` of them, unless one is worth less than it spends; the ranking
        then activates it once only (for its points and ability), so it costs that one
        activation, not a share of every turn."""
        return st.future_activations * ready if ready > 0 else ready


_TABLES: Memo = Memo(64)   # (bot class, id of the rules, players, portfolio) -> its tables


class HeuristicBot(Policy):
    name = "heuristic"
    style = Style()
    avoid: str | None = None    # id of a company this bot never buys (check-set's paired effects)
    favour: str | None = None   # id of a company it buys first whenever it may, activated
    # once nothing it values more is left (activated first, it lost as much or more: 2026-12-04)
    spend = DEFAULT_SPEND      # cards given up first when an ability lets any cards pay

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.g: Observation | None = None     # the latest observation
        self.p: PlayerView | None = None      # its own view in it
        self._turn: Plays | None = None       # this turn's actions still to come
        self._turn_id = -1

    # --- Values -------------------------------------------------------------------------------
    _tb: _Tables | None = None
    _tb_portfolio: tuple[int, ...] | None = None   # the game's portfolio object ``_tb`` was found for
    # The indices of the companies it never buys and favours in that game (``_told``).
    _avoided = _favoured = -1

    def tables(self, g: GameState) -> _Tables:
        # By identity: a game's portfolio is one tuple all game, made for that game (its rules,
        # its players), and held here, so no other game's can be the same object. (The shared
        # tables keep the equal tuple of the game that made them: comparing those, every call
        # missed.)
        if self._tb_portfolio is g.portfolio:
            return self._tb                 # type: ignore[return-value]
        key = (type(self), id(g.rules), g.n, g.portfolio)
        t = _TABLES.get(key)
        if t is None or t.rules is not g.rules:
            t = _TABLES.keep(key, _Tables(self, g.rules, g.n, g.portfolio))
        self._tb, self._tb_portfolio = t, g.portfolio
        # The told companies with the tables, once a game, not in the buying loop of every turn.
        self._avoided, self._favoured = self._told(g.rules)
        return t

    def static_ability_value(self, c: CompanyRule, players: int, junk_makers: int = 0) -> float:
        """``junk_makers``: the portfolio's companies producing the card type valued least."""
        st = self.style
        base = st.abilities.get(c.effect, ABILITY_VALUE.get(c.effect, 0.0))
        if c.effect in ("opponents_discard", "take_from_opponents", "deactivate_opponent_company"):
            base *= players - 1
        elif c.effect == "cards_as":
            base *= 1 + st.convert_junk * junk_makers
        return base * st.ability

    def production_value(self, g: GameState, c: CompanyRule) -> float:
        """Production as it would be now: what the Decision Bank and the market still hold."""
        return self._made(g, self.tables(g), c.index)

    @staticmethod
    def _made(g: GameState, tb: _Tables, ci: int) -> float:
        # Only the piles the company produces from (most produce one or two things): this runs
        # for every owned company at every ranking once the Decision Bank runs low.
        cards, res = tb.made[ci]
        v = 0.0
        if cards:
            bank = g.bank
            for t, k, w in cards:
                v += w * min(k, bank[t])
        if res:
            market = g.market
            for r, k, w in res:
                v += w * min(k, market[r])
        return v

    def _prod(self, g: GameState, tb: _Tables, ci: int) -> float:
        bank = g.bank
        if bank[0] >= 3 and bank[1] >= 3 and bank[2] >= 3 and bank[3] >= 3:
            return tb.prod[ci]
        return self._made(g, tb, ci)

    def _endgame_count(self, g: GameState, p: PlayerState, per: str) -> int:
        if per == "activated_company":
            return 1 + sum(1 for ci in p.companies if p.active[ci])
        if per == "buy_card_owned":
            return p.cards_owned()[BUY]
        return sum(g.rules.companies[ci].production_cards[BUY] for ci in p.companies if p.active[ci])

    def _endgame_value(self, g: GameState, p: PlayerState, tb: _Tables, ci: int) -> float:
        eg = tb.endgame[ci]
        return eg[1] * self._endgame_count(g, p, eg[0]) * self.style.vp if eg else 0.0

    def activation_value(self, g: GameState, p: PlayerState, ci: int, final: bool) -> float:
        tb = self.tables(g)
        first = not p.active[ci]
        if final:
            # The last turn: only points count.
            if not first:
                return 0.0
            c = g.rules.companies[ci]
            return c.vp * self.style.vp + self._endgame_value(g, p, tb, ci) - 0.01 * c.activation_total
        v = self._prod(g, tb, ci) + tb.again[ci] - tb.spend[ci]
        if self._glutted(tb, p):
            v += tb.clog[ci]
        if first:
            v += tb.first[ci] + self._endgame_value(g, p, tb, ci)
            if p.level1_active < g.rules.level1_for_central_bank and g.rules.companies[ci].level == 1:
                v += self.style.eligibility   # a step towards level 2 and the Central Bank
        return v

    def company_value(self, g: GameState, p: PlayerState, ci: int) -> float:
        """What buying company ``ci`` is worth to ``p`` now."""
        return self._company_value(g, p, self.tables(g), ci)

    def _company_value(self, g: GameState, p: PlayerState, tb: _Tables, ci: int) -> float:
        """``company_value`` with the tables at hand (the buying loop has them)."""
        v = tb.buy[ci]
        if tb.endgame[ci]:
            v += self._endgame_value(g, p, tb, ci)
        if self.style.scarcity:
            v -= self.style.scarcity * self._scarce(g, p, tb, ci)
        return v

    @staticmethod
    def _glutted(tb: _Tables, p: PlayerState) -> bool:
        """Whether a produced Activate card is worth nothing to ``p`` now."""
        need = tb.activate_need
        return bool(need) and p.cards[ACTIVATE] >= need

    # --- Helpers ------------------------------------------------------------------------------
    def has(self, g: GameState, p: PlayerState, t: int, n: int = 1, for_resources: bool = False,
            hand: list[int] | tuple[int, ...] | None = None) -> bool:
        """Whether the hand (or ``hand``, cards kept back left out) pays ``n`` cards of type ``t``."""
        if hand is None:
            hand = p.hand
        if hand[t] >= n:
            return True
        if not p.card_convs:
            return False
        return plan_cards(p, g.uses, n, t, for_resources=for_resources, spend=self.spend,
                          hand=hand) is not None

    def is_final(self, g: GameState) -> bool:
        return self.style.final_turn and g.end_condition is not None

    # targets' last inputs, answer, and the cards held if the answer read them (else None).
    _ranked: tuple[tuple, tuple[int, ...], tuple[int, ...] | None] | None = None

    def targets(self, g: GameState, p: PlayerState, final: bool) -> tuple[int, ...]:
        """Owned companies worth activating, best first."""
        tb = self.tables(g)
        bank = g.bank
        full = bank[0] >= 3 and bank[1] >= 3 and bank[2] >= 3 and bank[3] >= 3
        # Everything the ranking reads: the companies and their flips, the cards held (if it
        # reads them, see below) and, unless the Decision Bank is full, the bank and the market
        # piles as production reads them (``_made``: no more of a pile than a company produces,
        # so a pile's size above that changes nothing). It is asked several times a turn and
        # again the next, mostly with the same inputs, so the last answer is kept. (An
        # observation's fields are tuples: the key holds them as they are.)
        market = g.market
        key = (tb, p.companies, p.active, final, None if full else (
            tuple([bank[t] if bank[t] < k else k for t, k in tb.bank_caps]),
            tuple([market[r] if market[r] < k else k for r, k in tb.market_caps])),
            # _lacking reads the storage of the unsold resources only; the basic ones change
            # every turn and would miss the cache for nothing.
            tuple([p.storage[r] for r in tb.unsold]) if self.style.supply else None)
        last = self._ranked
        if last is not None and last[0] == key and (last[2] is None or last[2] == p.cards):
            return last[1]
        ranked = self._rank(g, p, tb, final, full)
        # The cards held change at most activations, but the ranking reads them only for the
        # Activate glut and for an owned company not activated yet that counts Buy cards at the
        # end: whether it does follows from the key, so the answer keeps them only then.
        cards = p.cards if tb.activate_need else None
        active, owned = p.active, p.owned
        for ci in tb.buy_counters:
            if owned[ci] and not active[ci]:
                cards = p.cards
        self._ranked = (key, ranked, cards)
        return ranked

    def _rank(self, g: GameState, p: PlayerState, tb: _Tables, final: bool, full: bool) -> tuple[int, ...]:
        if final:
            ranked = [(-v, ci) for ci in p.companies if (v := self.activation_value(g, p, ci, True)) > 0]
        else:
            # activation_value, inlined: this runs several times a turn.
            level1 = p.level1_active < g.rules.level1_for_central_bank
            eligibility = self.style.eligibility
            active, level, endgame = p.active, tb.level, tb.endgame
            ready, fresh, clog = tb.ready, tb.fresh, tb.clog if self._glutted(tb, p) else None
            made = self._made
            lacking = self._lacking(g, p, tb) if self.style.supply else None
            ranked = []
            for ci in p.companies:
                if active[ci]:
                    v = ready[ci] if full else made(g, tb, ci) + tb.again[ci] - tb.spend[ci]
                else:
                    v = fresh[ci] if full else (made(g, tb, ci) + tb.again[ci] - tb.spend[ci]
                                                + tb.first[ci])
                    if endgame[ci]:
                        v += self._endgame_value(g, p, tb, ci)
                    if level1 and level[ci] == 1:
                        v += eligibility
                if clog is not None:
                    v += clog[ci]
                if lacking and tb.unsold_made[ci]:
                    v += self.style.supply * sum(min(k, lacking.get(r, 0)) for r, k in tb.unsold_made[ci])
                if v > 0:
                    ranked.append((-v, ci))
        if self.favour is not None:
            favoured = self._favoured
            if favoured >= 0 and p.owned[favoured] and not p.active[favoured] and \
                    all(ci != favoured for _v, ci in ranked):
                # Activated once when nothing it values more is left to activate.
                ranked.append((-1e-9, favoured))
        ranked.sort()
        return tuple([ci for _v, ci in ranked])

    @staticmethod
    def _lacking(g: GameState, p: PlayerState, tb: _Tables) -> dict[int, int]:
        """Per resource the market does not sell: how much more of it the activations of the
        player's companies need than its storage holds (only those it lacks). Nothing is
        lacking when the player can pay all of it anyway: the payment planner is asked whether
        the storage, with every resource the market sells at hand, pays the whole need, so an
        ability such as "use any resource as Energy" counts as a supply."""
        need = [0] * N_RES
        for ci in p.companies:
            for r, k in tb.unsold_need[ci]:
                need[r] += k
        storage = p.storage
        lacking = {r: need[r] - storage[r] for r in tb.unsold if need[r] > storage[r]}
        if lacking and (p.res_conv != payment.NO_RESOURCE_CONVERSION or p.res_limited):
            # What the market sells counts as at hand (as much as the whole need): only a
            # conversion from it can pay what storage lacks. Once-a-turn abilities are counted
            # as unused (the need is for turns to come), which also keeps the ranking's cache
            # key, which holds no uses, complete.
            enough = sum(need)
            stock = [storage[r] if r in tb.unsold else storage[r] + enough for r in range(N_RES)]
            if payment.plan_payment(p, tuple(need), [0] * len(g.uses), g.rules.free_pay,
                                    None, stock) is not None:
                return {}
        return lacking

    def wants(self, g: GameState, p: PlayerState, targets: Sequence[int] | None = None) -> tuple[int, ...]:
        """Resources the next two activations need, per resource."""
        if targets is None:
            targets = self.targets(g, p, self.is_final(g))
        firsts = tuple(targets[:2])
        needs = self.tables(g).needs
        need = needs.get(firsts)
        if need is None:
            total = [0] * N_RES
            for ci in firsts:
                cost = g.rules.companies[ci].activation
                for r in range(N_RES):
                    total[r] += cost[r]
            need = needs[firsts] = tuple(total)
        return need

    def payable(self, g: GameState, p: PlayerState, cost: tuple[int, ...], stock: list[int]) -> bool:
        return payment.plan_payment(p, cost, g.uses, g.rules.free_pay, None, stock) is not None

    def shortfall(self, g: GameState, p: PlayerState, cost: tuple[int, ...],
                  stock: list[int] | tuple[int, ...]) -> list[int] | None:
        """Resources to buy (per resource) so that ``stock`` pays ``cost``; None if the market
        cannot supply them. A missing resource that is blocked or sold out is replaced by one
        that pays for it (Imported, or through the player's conversions)."""
        # Nearly always something is missing (the callers ask for companies the storage does
        # not pay): no check first that nothing is; the search below then buys nothing, and
        # the payment planner's first test answers it when the stock may pay otherwise.
        needed = _NEEDED.get(cost) or _needed(cost)     # (no call when known)
        rules = g.rules
        flexible = p.res_limited or p.res_conv != payment.NO_RESOURCE_CONVERSION
        if not flexible:
            for r in rules.counts_as_any:
                if stock[r]:
                    flexible = True
                    break
        if flexible and self.payable(g, p, cost, stock):
            return [0] * N_RES
        free = rules.free_pay
        conv = p.res_conv
        market, blocks, buy_cost = g.market, g.resource_blocks, rules.buy_cost
        buys = [0] * N_RES
        ignored = g.ignored                # blocks a Cargo-like ability will ignore this turn
        exhausted = None                   # actions.basic_exhausted(g), once needed
        substituted = False
        for r, k in needed:
            short = k - stock[r]
            if short <= 0:
                continue
            sources = _SOURCES[r][free[r] | conv[r]]
            while short:
                # The first source in order the market sells, one unit at a time. Once one is
                # chosen, the sources before it stay refused (buying it changes none of their
                # reasons), so it takes as many units as the market holds: in one step.
                for s in sources:
                    if buy_cost[s] is None or market[s] <= buys[s]:
                        continue
                    blocked = s in blocks and s not in ignored
                    if blocked and len(ignored) >= p.ignore_blocks:
                        continue
                    if rules.needs_exhausted_basic[s]:
                        if exhausted is None:
                            exhausted = actions.basic_exhausted(g)
                        if not exhausted:
                            continue
                    if blocked:
                        ignored = (*ignored, s)
                    break
                else:
                    return None
                k = market[s] - buys[s]     # all the market has, up to what is short
                if k > short:
                    k = short
                buys[s] += k
                short -= k
                if s != r:
                    substituted = True
        if not substituted:
            return buys                    # exactly what was missing: the stock then pays as it is
        more = list(stock)
        for r in range(N_RES):
            more[r] += buys[r]
        return buys if self.payable(g, p, cost, more) else None

    def buy_price(self, g: GameState, buys: list[int]) -> int:
        buy_cost = g.rules.buy_cost
        price = 0
        for r, k in enumerate(buys):
            if k:
                price += k * (buy_cost[r] or 0)
        return price

    def room(self, g: GameState, p: PlayerState) -> int:
        return p.storage_limit - limited_stored(g, p)

    # --- The turn -----------------------------------------------------------------------------
    def decide(self, g: Observation, decision: Decision) -> Any:
        """The next action of its turn (most decisions: here, without a handler's call):
        resume the turn's plan with the new observation. Any other decision: its handler."""
        if decision.tag != "action":
            return super().decide(g, decision)
        self.g = g
        self.p = g.players[g.seat]
        if g.turns != self._turn_id:          # the first action of a new turn
            self._turn_id = g.turns
            self._turn = self.play()
        turn = self._turn
        if turn is not None:
            act = next(turn, None)          # None once the turn's plan is done (no exception)
            if act is not None:
                return act
            self._turn = None
        return END

    def play(self) -> Plays:
        """The turn, one action at a time. ``self.g`` and ``self.p`` are the latest observation
        after each ``yield``. Each part of the turn is a plain function giving the next action
        (or None): a generator per part would cost more than the part, in most turns."""
        g, p = self.g, self.p
        final = self.is_final(g)
        if self.style.invest_first and self.invest_now(g, p, final):
            act = self.invest_action(g, p)
            if act is not None:
                yield act
                g, p = self.g, self.p
        targets = self.targets(g, p, final)
        # Each round asks whether an Activate can be played once (on the latest observation).
        # (``has`` only when the hand holds no Activate: it answers True at once otherwise.)
        while targets and (self.p.hand[ACTIVATE] or self.has(self.g, self.p, ACTIVATE)):
            # Activate the most valuable company it can pay for, again and again...
            act = self.activation_action(self.g, self.p, targets)
            if act is not None:
                yield act
            else:
                # ... then buy the missing resources of the best company it can then activate.
                buys = self.enable_buys(self.g, self.p, targets)
                if buys is None:
                    break
                for r in range(N_RES):
                    if buys[r]:
                        plan = actions.resource_plan(self.g, r, buys[r])
                        if plan is None:      # the cards do not split that way after all
                            buys = None
                            break
                        yield ("buy_resource", r, buys[r], plan)
                if buys is None:
                    break
            targets = self.targets(self.g, self.p, final)
        if self.invest_now(self.g, self.p, final):
            act = self.invest_action(self.g, self.p)
            if act is not None:
                yield act
        if not final:
            if self.style.unblock_companies:
                act = self.unblock_action(self.g, self.p)
                if act is not None:
                    yield act
            act = self.company_action(self.g, self.p)
            if act is not None:
                yield act
        if targets and (self.p.hand[BUY] or self.has(self.g, self.p, BUY, for_resources=True)):
            yield from self.stock_up(targets)
        if self.p.hand[BUY]:
            yield from self.spend_spare()
        if not final:
            if self.style.hire:
                while (act := self.hire_action(self.g, self.p)) is not None:
                    yield act
            act = self.block_action(self.g, self.p, targets)
            if act is not None:
                yield act

    def activation_action(self, g: GameState, p: PlayerState, targets: Sequence[int]) -> Action | None:
        """Activating the first of ``targets`` it can pay for, or None."""
        companies = g.rules.companies
        stored = sum(p.storage)
        uses, free = g.uses, g.rules.free_pay
        plan_payment = payment.plan_payment
        for ci in targets:
            c = companies[ci]
            # activation_plan's resource payment first (memoised, and the same search), so a
            # company the storage cannot pay costs no card plan: most targets fail here.
            if c.activation_total > stored or plan_payment(p, c.activation, uses, free) is None:
                continue
            plan = actions.activation_plan(g, ci)
            if plan is not None:
                return ("activate", ci, plan)
        return None

    def enable_buys(self, g: GameState, p: PlayerState, targets: Sequence[int]) -> list[int] | None:
        """The missing resources (per resource) of the best company it can then activate this
        turn, or None. The turn asks only once it knows an Activate card can be played."""
        if not (p.hand[BUY] or p.card_convs):
            return None
        keep = 1 if p.hand[ACTIVATE] else 0     # the Buy must not be paid with the Activate card
        cap = most_payable(p, BUY, for_resources=True, held=keep)
        cheapest = self.tables(g).min_buy_cost
        if cap < cheapest:
            return None                         # not even one resource (each target misses one)
        storage = p.storage
        companies = g.rules.companies
        for ci in targets[:3]:
            cost = companies[ci].activation
            # Each missing resource costs at least the cheapest price: when the hand cannot pay
            # that, the search below would find nothing affordable.
            missing = 0
            for r, k in _NEEDED.get(cost) or _needed(cost):
                if k > storage[r]:
                    missing += k - storage[r]
            if missing * cheapest > cap:
                continue
            buys = self.shortfall(g, p, cost, storage)
            if buys is None or not any(buys):
                continue
            hand = list(p.hand)
            hand[ACTIVATE] -= keep
            if not self.has(g, p, BUY, self.buy_price(g, buys), for_resources=True, hand=hand):
                continue
            return buys
        return None

    def stock_up(self, targets: Sequence[int]) -> Plays:
        """Spend the Buy left on resources for the next activations, as far as storage allows."""
        g, p = self.g, self.p
        room = self.room(g, p)
        if room <= 0:
            return
        stock = list(p.storage)
        cheapest = self.tables(g).min_buy_cost
        # Whether the hand can pay for nothing more: it changes only with a purchase.
        spent = most_payable(p, BUY, for_resources=True) < cheapest
        for ci in targets[:3]:
            if spent:
                return
            cost = g.rules.companies[ci].activation
            buys = self.shortfall(self.g, self.p, cost, stock)
            if buys is None:
                continue
            bought = False
            for r in range(N_RES):
                while buys[r] and room > 0:
                    plan = actions.resource_plan(self.g, r)
                    if plan is None:
                        return
                    yield ("buy_resource", r, 1, plan)
                    bought = True
                    buys[r] -= 1
                    stock[r] += 1
                    room -= 1
            if any(buys):
                return
            for r in range(N_RES):
                stock[r] = max(0, stock[r] - cost[r])
            if bought:
                spent = most_payable(self.p, BUY, for_resources=True) < cheapest

    def progress(self, g: GameState) -> float:
        """How close the game is to an end condition, from 0 to 1."""
        tb = self.tables(g)
        bank = 1 - g.bank[BUY] / tb.bank_size
        market = g.market
        sizes = []
        for r, size in zip(g.rules.basic, tb.market_size, strict=True):
            sizes.append(market[r] / size)
        sizes.sort()
        left = g.rules.end_resource_types_left
        market = 1 - sizes[-left - 1] if len(sizes) > left else 0.0
        return max(bank, market)

    def invest_now(self, g: GameState, p: PlayerState, final: bool) -> bool:
        if final:
            return True
        if p.level1_active < g.rules.level1_for_central_bank or not g.central_bank_vp or not p.hand[BUY]:
            return False              # investing is impossible anyway
        return self.progress(g) >= self.style.late

    def spend_spare(self) -> Plays:
        """Buy cards nothing else wanted: Central Bank points, else the scarcest basic
        resources: they score 1 VP per 4 stored, and past the storage limit they still bring the
        end nearer (a game where every player idles would never end)."""
        act = self.invest_action(self.g, self.p)
        if act is not None:
            yield act
        g, p = self.g, self.p
        if not p.hand[BUY]:
            return
        market = g.market
        order = sorted([r for r in g.rules.basic if market[r]], key=lambda r: (market[r], r))
        for r in order:
            while self.p.hand[BUY]:
                plan = actions.resource_plan(self.g, r)
                if plan is None:
                    break
                yield ("buy_resource", r, 1, plan)

    def invest_action(self, g: GameState, p: PlayerState) -> Action | None:
        # Keep a few Buy cards in the deck: without any, a player can never buy again, and if
        # everyone does that the game never ends. Once the end is triggered, keep nothing.
        if p.level1_active < g.rules.level1_for_central_bank or not g.central_bank_vp:
            return None
        reserve = 0 if g.end_condition is not None else self.style.reserve
        k = min(p.hand[BUY] - self.style.invest_keep, g.central_bank_vp)
        if k > 0 and reserve:
            k = min(k, p.cards[BUY] - reserve)
        while k > 0:
            plan = actions.central_bank_plan(g, k)
            if plan is not None:
                return ("invest", k, plan)
            k -= 1
        return None

    def _told(self, rules: Rules) -> tuple[int, int]:
        """The indices of the companies this bot never buys and favours (-1: none)."""
        ids = [c.id for c in rules.companies]
        avoid = ids.index(self.avoid) if self.avoid in ids else -1
        favour = ids.index(self.favour) if self.favour in ids else -1
        return avoid, favour

    def _buy_ranking(self, g: GameState, p: PlayerState, budget: int,
                     blocked: bool) -> list[tuple[float, int]]:
        """The companies it would buy for at most ``budget`` Buy, best first, as (-value, index);
        with ``blocked``, the blocked ones too."""
        tb = self.tables(g)
        piles, owned, blocks = g.piles, p.owned, g.company_blocks
        # Leave out early what actions.company_problem would refuse: a locked level (or a block).
        top_level = actions.open_level(g, p)
        avoided, favoured = self._avoided, self._favoured
        # Holding enough Activate cards, the ones it would make are worth nothing.
        clog = tb.buy_clog if self._glutted(tb, p) else None
        cost, level = tb.cost, tb.level
        value = self._company_value
        ranked = []
        for ci in tb.by_cost:
            if cost[ci] > budget:
                break
            if (piles[ci] and not owned[ci] and level[ci] <= top_level
                    and (blocked or ci not in blocks) and ci != avoided):
                v = value(g, p, tb, ci)
                if clog is not None:
                    v += clog[ci]
                if ci == favoured:
                    v = float("inf")          # bought first, whatever it seems worth
                if v > 0:
                    ranked.append((-v, ci))
        ranked.sort()
        return ranked

    @staticmethod
    def _scarce(g: GameState, p: PlayerState, tb: _Tables, ci: int) -> float:
        """The basic resources company ``ci``'s activation needs beyond the player's storage,
        each weighted by the share of its market pile already gone."""
        need, stored, market = g.rules.companies[ci].activation, p.storage, g.market
        short = 0.0
        for r, size in zip(g.rules.basic, tb.market_size, strict=True):
            missing = need[r] - stored[r]
            if missing > 0:
                short += missing * max(0.0, 1 - market[r] / size)
        return short

    def company_action(self, g: GameState, p: PlayerState) -> Action | None:
        """Buying the best company it can pay for, or None."""
        if g.company_bought >= g.rules.companies_per_turn or not (p.hand[BUY] or p.card_convs):
            return None
        for _v, ci in self._buy_ranking(g, p, most_payable(p, BUY), blocked=False):
            plan = actions.company_plan(g, ci)
            if plan is not None:
                return ("buy_company", ci, plan)
        return None

    def unblock_action(self, g: GameState, p: PlayerState) -> Action | None:
        """Moving a company block off the company it would buy first, when the Buy cards in
        its hand pay for it right after, with a pair of cards it does not pay with; or None.
        The block goes onto what the leading rival would buy next, else onto what it wants
        least. Without this a blocked company stays out of its reach all game (nobody else
        moves a block off it), however much it wants it. (Moving a block off it at the end of
        a turn, for the next, was measured too: it won less, since rivals block it again.)"""
        if g.company_bought >= g.rules.companies_per_turn:
            return None
        # Buy cards alone: the pair may be what an ability would have paid with.
        budget, blocks, cost = p.hand[BUY], g.company_blocks, self.tables(g).cost
        # The ranking only when a block sits on a company it could buy (most turns it does not).
        if not any(b >= 0 and cost[b] <= budget and not p.owned[b] for b in blocks):
            return None
        pair = self._block_pair(g, p)
        if pair is None:
            return None
        ranked = self._buy_ranking(g, p, budget, blocked=True)
        if not ranked or ranked[0][1] not in blocks:
            return None
        wanted = ranked[0][1]
        i = blocks.index(wanted)
        targets = [c for c in actions.block_targets(g, "company", i) if c != wanted]
        if not targets:
            return None
        rival = self.rival_target(g, p)
        if rival not in targets:
            rival = min(targets, key=lambda c: (self.company_value(g, p, c), c))
        plan = actions.block_plan(g, pair)
        return None if plan is None else ("move_block", "company", i, rival, pair, plan)

    def hire_action(self, g: GameState, p: PlayerState) -> Action | None:
        """The most valuable hire it can pay for, or None."""
        if not self.has(g, p, HIRE):
            return None
        best, plan, value = None, None, 0.0
        for o in g.opponents(p.seat):
            opp = g.players[o]
            for ci in opp.companies:
                if not opp.active[ci]:
                    continue
                c = g.rules.companies[ci]
                v = self.production_value(g, c) - self.style.resource * actions.hire_fee(c)
                if v <= value:
                    continue
                pl = actions.hire_plan(g, o, ci)
                if pl is not None:
                    best, plan, value = (o, ci), pl, v
        if best is None:
            return None
        return ("hire", best[0], best[1], plan)

    def block_action(self, g: GameState, p: PlayerState, targets: Sequence[int]) -> Action | None:
        """Moving a block off what it needs (or, with the style, onto a rival's next company), or
        None."""
        pair = self._block_pair(g, p)
        if pair is None:
            return None
        if self.style.unblock and g.resource_blocks:
            need = self.wants(g, p, targets)
            storage, market = p.storage, g.market
            for i, r in enumerate(g.resource_blocks):
                if need[r] > storage[r]:
                    targets = actions.block_targets(g, "resource", i)
                    targets = [t for t in targets if need[t] <= storage[t]] or targets
                    if targets:
                        target = max(targets, key=lambda t: (market[t], -t))
                        return ("move_block", "resource", i, target, pair, actions.block_plan(g, pair))
        if self.style.block_rivals and g.company_blocks:
            return self.block_rival(g, p, pair)
        return None

    @staticmethod
    def _block_pair(g: GameState, p: PlayerState) -> int | None:
        """The card type it moves a block with (a pair of Obstacles, else of Hires), or None."""
        cards = g.rules.block_move_cards
        if p.hand[OBSTACLE] >= cards:
            return OBSTACLE
        if p.hand[HIRE] >= cards:
            return HIRE
        return None

    def rival_target(self, g: GameState, p: PlayerState) -> int | None:
        """What the leading rival would buy next (by this bot's values), or None."""
        def points(o: int) -> int:
            q = g.players[o]
            return sum(g.rules.companies[c].vp for c in q.companies if q.active[c]) + q.vp_cards

        leader = max(g.opponents(p.seat), key=lambda o: (points(o), -o))
        opp = g.players[leader]
        # Only what the rival may buy: a level it has opened (a block on a company it cannot
        # buy yet stops nobody), for no more Buy cards than it holds in all.
        top_level = actions.open_level(g, opp)
        tb = self.tables(g)
        cands = [c for c in g.portfolio if g.piles[c] and not opp.owned[c] and tb.level[c] <= top_level
                 and (tb.cost[c] <= opp.cards[BUY] or opp.card_convs)]
        if not cands:
            return None
        return max(cands, key=lambda c: (self.company_value(g, opp, c), -c))

    def block_rival(self, g: GameState, p: PlayerState, pair: int) -> Action | None:
        """Putting a company block on what the leading rival would buy next, or None."""
        target = self.rival_target(g, p)
        if target is None or target in g.company_blocks:
            return None
        i = g.company_blocks.index(-1) if -1 in g.company_blocks else 0
        if target in actions.block_targets(g, "company", i):
            return ("move_block", "company", i, target, pair, actions.block_plan(g, pair))
        return None

    # --- The rules' other choices --------------------------------------------------------------
    def cycle_card(self, g: Observation, decision: Decision) -> int | None:
        hand = g.players[g.seat].hand
        if hand[OBSTACLE] == 1 or hand[OBSTACLE] > 2:
            return OBSTACLE
        return HIRE if hand[HIRE] and not self.style.hire else None

    def take_from_discard(self, g: Observation, decision: Decision) -> list[int]:
        p = g.players[g.seat]
        need = self.wants(g, p)
        pool = [0] * N_RES
        for r in decision.options:
            pool[r] += 1
        picks: list[int] = []
        while len(picks) < decision.high and any(pool):
            r = max(range(N_RES), key=lambda r: (pool[r] > 0, need[r] - p.storage[r] - picks.count(r),
                                                 pool[r], -r))
            pool[r] -= 1
            picks.append(r)
        return picks

    def deactivate_pick(self, g: Observation, decision: Decision) -> int | None:
        tb = self.tables(g)
        return max((c for c in decision.options if c is not None), key=lambda c: (tb.first[c], -c))

    def storage_discard(self, g: Observation, decision: Decision) -> list[int]:
        p = g.players[g.seat]
        need = self.wants(g, p)
        stock = list(p.storage)
        exempt = g.rules.storage_exempt_mask
        picks = []
        for _ in range(decision.low):
            r = max((r for r in range(N_RES) if stock[r] and not (exempt >> r) & 1),
                    key=lambda r: (stock[r] - need[r], -r))
            stock[r] -= 1
            picks.append(r)
        return picks
