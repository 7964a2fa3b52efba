"""Build Briefcase engine states directly for rule tests: a hand, a storage, companies; and
play parts of the rules on them with scripted answers to their decisions.

Cards and resources are moved between the bank/market and players, so the engine's
conservation invariant still holds and a test can check it after acting.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from cardgen.games.briefcase.engine import actions, compile_rules, effects, new_game, turn
from cardgen.games.briefcase.engine.defaults import default_choice
from cardgen.games.briefcase.engine.invariants import check_blocks, check_conservation
from cardgen.games.briefcase.engine.observation import observe
from cardgen.games.briefcase.engine.rules import N_CARDS, N_RES, Rules
from cardgen.games.briefcase.engine.state import GameState
from cardgen.games.briefcase.load import load_briefcase
from cardgen.games.briefcase.model import DECISIONS, RESOURCES, CompanySet
from cardgen.sim.decisions import Decision


@lru_cache(maxsize=1)
def game_data():
    return load_briefcase()[0]


@lru_cache(maxsize=32)
def rules_for(ref: str | tuple[str, ...] | None) -> Rules:
    data = game_data()
    if isinstance(ref, tuple):
        return compile_rules(data, CompanySet("test", "Test", ref))
    return compile_rules(data, ref)


class ScriptBot:
    """Plays nothing by itself: answers each decision from ``answers`` by its tag (a value, or a
    function of the decision), else with the decision's default answer, and records every
    decision it is asked as (tag, decision) in ``calls``."""

    name = "script"

    def __init__(self, **answers: Any):
        self.answers = answers
        self.calls: list[tuple[str, Decision]] = []

    def answer(self, g: GameState, decision: Decision) -> Any:
        self.calls.append((decision.tag, decision))
        if decision.tag in self.answers:
            a = self.answers[decision.tag]
            return a(decision) if callable(a) else a
        return default_choice(g.rules, decision)

    def asked(self, tag: str) -> list[Decision]:
        return [d for t, d in self.calls if t == tag]


# The bots of the games built here, by game: the state holds none.
_BOTS: weakref.WeakKeyDictionary[GameState, list[Any]] = weakref.WeakKeyDictionary()


def make_game(players: int = 2, set_ref: str | tuple[str, ...] | None = "simple", seed: int = 0,
              bots: list[Any] | None = None, rules: Rules | None = None) -> GameState:
    """A new game at its first turn, with ``bots`` (ScriptBots or policies; default ScriptBots)
    answering the decisions of the rules played through the functions below; ``rules`` (the
    set's, changed by the test) instead of the set's own."""
    rules = rules or rules_for(set_ref)
    g = new_game(rules, players, random.Random(seed))
    _BOTS[g] = bots or [ScriptBot() for _ in range(players)]
    return g


def bots(g: GameState) -> list[Any]:
    return _BOTS[g]


def asker(g: GameState) -> Callable[[Decision], Any]:
    """Who answers ``g``'s decisions: the bot of the seat each decision belongs to."""
    def ask(decision: Decision) -> Any:
        bot = _BOTS[g][decision.seat]
        if isinstance(bot, ScriptBot):
            return bot.answer(g, decision)
        return bot.decide(observe(g, decision.seat), decision)
    return ask


# The engine's functions, with the game's bots answering their decisions.
def activate(g: GameState, ci: int, plan: Any = None) -> None:
    actions.activate(g, ci, plan, ask=asker(g))


def hire(g: GameState, owner: int, ci: int, plan: Any = None) -> None:
    actions.hire(g, owner, ci, plan, ask=asker(g))


def start_turn(g: GameState) -> None:
    turn.start_turn(g, asker(g))


def end_turn(g: GameState) -> None:
    turn.end_turn(g, asker(g))


def play_turn(g: GameState) -> None:
    turn.play_turn(g, asker(g))


def play_game(g: GameState, max_rounds: int = 200) -> GameState:
    return turn.play_game(g, max_rounds, asker(g))


def cid(g: GameState, company: str) -> int:
    return g.rules.company_index[company]


def costing(g: GameState, cost: int, level: int = 1, besides: tuple[str, ...] = ()) -> int:
    """A company of the game's portfolio with this buying cost: the rule tests name a cost, not
    a company, since costs are authored numbers that tuning may move."""
    for ci in g.portfolio:
        c = g.rules.companies[ci]
        if c.cost == cost and c.level == level and c.id not in besides:
            return ci
    raise LookupError(f"no level-{level} company costs {cost} in this portfolio")


def res(name: str) -> int:
    return RESOURCES.index(name)


def card(name: str) -> int:
    return DECISIONS.index(name)


def set_hand(g: GameState, seat: int, **counts: int) -> None:
    """The player's hand becomes exactly ``counts`` (buy=, activate=, obstacle=, hire=); the old
    hand goes back to the Decision Bank and the new one comes from it."""
    p = g.players[seat]
    for t in range(N_CARDS):
        g.bank[t] += p.hand[t]
        p.hand[t] = 0
    for name, k in counts.items():
        t = card(name)
        assert g.bank[t] >= k, f"the bank has only {g.bank[t]} {name}"
        g.bank[t] -= k
        p.hand[t] = k


def set_deck(g: GameState, seat: int, cards: list[str], discard: dict[str, int] | None = None) -> None:
    """The draw pile becomes ``cards`` (last on top) and the discard pile ``discard``."""
    p = g.players[seat]
    for t in p.deck:
        g.bank[t] += 1
    for t in range(N_CARDS):
        g.bank[t] += p.discard[t]
        p.discard[t] = 0
    p.deck = []
    for name in cards:
        g.bank[card(name)] -= 1
        p.deck.append(card(name))
    for name, k in (discard or {}).items():
        g.bank[card(name)] -= k
        p.discard[card(name)] = k


def set_storage(g: GameState, seat: int, **counts: int) -> None:
    """The player's storage becomes exactly ``counts`` (personnel=, steel=, ...), moved from and
    to the market."""
    p = g.players[seat]
    for r in range(N_RES):
        g.market[r] += p.storage[r]
        p.storage[r] = 0
    for name, k in counts.items():
        r = res(name)
        assert g.market[r] >= k
        g.market[r] -= k
        p.storage[r] = k


def give(g: GameState, seat: int, company: str, active: bool = True) -> int:
    """The player owns ``company`` (taken from its pile), activated or not."""
    ci = cid(g, company)
    p = g.players[seat]
    if not p.owned[ci]:
        assert g.piles[ci] > 0, f"no {company} in the portfolio"
        g.piles[ci] -= 1
        p.owned[ci] = True
        p.companies.append(ci)
        p.companies.sort()
    p.active[ci] = active
    effects.refresh(g, p)
    return ci


def only_for_sale(g: GameState, *companies: int) -> None:
    """Only ``companies`` (indices) are left to buy: every other pile is empty and no company
    block is in play (a bot's choice between them, nothing else)."""
    for ci in g.portfolio:
        if ci not in companies:
            g.piles[ci] = 0
    g.company_blocks = []


def check_all(g: GameState) -> None:
    check_conservation(g)
    check_blocks(g)


def every_company() -> tuple[str, ...]:
    """A portfolio of every company of the box, so that a rule test can use any of them."""
    return tuple(c.id for c in game_data().companies.values() if not c.starting)


def pay_for(g: GameState, seat: int, company: str, times: int = 1, **extra: int) -> None:
    """Store exactly what activating ``company`` ``times`` times costs (plus ``extra``)."""
    cost = g.rules.companies[cid(g, company)].activation
    counts = {g.rules.res_names[r]: k * times for r, k in enumerate(cost) if k}
    for name, k in extra.items():
        counts[name] = counts.get(name, 0) + k
    set_storage(g, seat, **counts)


def hire_with_energy(g: GameState, owner: int) -> Any:
    """Seat 1 hires, from seat ``owner + 1``, a company of the portfolio whose activation cost
    includes Energy (costs are authored: found in the data), paying one Energy and the rest of
    the fee from the cost's other resources; returns the company's rule and the fee."""
    c = next(c for c in g.rules.companies if c.activation[res("energy")] and c.index in g.portfolio)
    give(g, owner, c.id)
    fee = [0] * N_RES
    fee[res("energy")] = 1
    for r, k in enumerate(c.activation):           # the rest of the fee from the other resources
        if r != res("energy"):
            fee[r] = min(k, actions.hire_fee(c) - sum(fee))
    set_storage(g, 0, **{g.rules.res_names[r]: k for r, k in enumerate(fee) if k})
    set_hand(g, 0, hire=1)
    return c, fee
