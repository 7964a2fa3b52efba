"""Build Briefcase engine states directly for rule tests: a hand, a storage, companies.

Cards and resources are moved between the bank/market and players, so the engine's
conservation invariant still holds and a test can check it after acting.
"""

from __future__ import annotations

import random
from functools import lru_cache

from cardgen.games.briefcase.bots.base import Bot
from cardgen.games.briefcase.engine import compile_rules, effects, new_game
from cardgen.games.briefcase.engine.invariants import check_blocks, check_conservation
from cardgen.games.briefcase.engine.rules import N_CARDS, N_RES, Rules
from cardgen.games.briefcase.engine.state import GameState
from cardgen.games.briefcase.load import load_briefcase
from cardgen.games.briefcase.model import DECISIONS, RESOURCES, CompanySet


@lru_cache(maxsize=1)
def game_data():
    return load_briefcase()[0]


@lru_cache(maxsize=32)
def rules_for(ref: str | tuple[str, ...] | None) -> Rules:
    data = game_data()
    if isinstance(ref, tuple):
        return compile_rules(data, CompanySet("test", "Test", ref))
    return compile_rules(data, ref)


class ScriptBot(Bot):
    """Plays nothing by itself; answers hooks from ``answers`` (else the defaults) and records
    every hook call in ``calls``."""

    name = "script"

    def __init__(self, **answers):
        self.answers = answers
        self.calls: list[tuple] = []

    def _answer(self, hook: str, default, *args):
        self.calls.append((hook, *args))
        if hook in self.answers:
            a = self.answers[hook]
            return a(*args) if callable(a) else a
        return default

    def use_start_draw(self, g, seat):
        return self._answer("use_start_draw", super().use_start_draw(g, seat))

    def start_order(self, g, seat, companies):
        return self._answer("start_order", super().start_order(g, seat, companies), companies)

    def extra_draw(self, g, seat, company):
        return self._answer("extra_draw", True, company)

    def cycle_card(self, g, seat):
        return self._answer("cycle_card", super().cycle_card(g, seat))

    def remove_from_hand(self, g, seat):
        return self._answer("remove_from_hand", super().remove_from_hand(g, seat))

    def take_from_discard(self, g, seat, pool, count):
        return self._answer("take_from_discard", super().take_from_discard(g, seat, pool, count), pool, count)

    def opponent_discard(self, g, seat, opponent, options):
        return self._answer("opponent_discard", super().opponent_discard(g, seat, opponent, options),
                            opponent, options)

    def take_from_opponent(self, g, seat, opponent, resource):
        return self._answer("take_from_opponent", True, opponent, resource)

    def deactivate_pick(self, g, seat, opponent, candidates):
        return self._answer("deactivate_pick", super().deactivate_pick(g, seat, opponent, candidates),
                            opponent, candidates)

    def production_on_top(self, g, seat, made):
        return self._answer("production_on_top", super().production_on_top(g, seat, made), made)

    def topdeck_pick(self, g, seat):
        return self._answer("topdeck_pick", super().topdeck_pick(g, seat))

    def storage_discard(self, g, seat, excess):
        return self._answer("storage_discard", [], excess)

    def keep_hire_payment(self, g, seat, hirer, resources):
        return self._answer("keep_hire_payment", resources, hirer, resources)


def make_game(players: int = 2, set_ref: str | tuple[str, ...] | None = "simple", seed: int = 0,
              bots: list[Bot] | None = None) -> GameState:
    rules = rules_for(set_ref)
    return new_game(rules, players, random.Random(seed), bots or [ScriptBot() for _ in range(players)])


def cid(g: GameState, company: str) -> int:
    return g.rules.company_index[company]


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
