"""A random legal player, for fuzzing the engine: every choice is uniform over what is legal,
except that it keeps a few Buy cards: a player who invests or removes every Buy card it owns
can never buy again, and games where everyone does so never end (a real dead end of the rules,
not an engine defect, which the stall check is there to catch)."""

from __future__ import annotations

from cardgen.games.briefcase.bots.base import Bot
from cardgen.games.briefcase.engine import legal
from cardgen.games.briefcase.engine.rules import BUY, N_CARDS, N_RES
from cardgen.games.briefcase.engine.state import GameState

KEEP_BUYS = 3


def _spare_buys(g: GameState, seat: int) -> int:
    return g.players[seat].cards_owned()[BUY] - KEEP_BUYS


class RandomBot(Bot):
    name = "random"

    def play(self, g: GameState, seat: int) -> None:
        rng = g.rng
        while True:
            spare = _spare_buys(g, seat)
            options = [a for a in legal.legal_actions(g) if a[0] != "invest" or a[1] <= spare]
            # Choose a kind of action first, so the many block moves do not crowd out the rest.
            kinds = sorted({a[0] for a in options})
            kind = rng.choice(kinds)
            if kind == "end":
                return
            legal.apply(g, rng.choice([a for a in options if a[0] == kind]))

    def use_start_draw(self, g: GameState, seat: int) -> bool:
        return g.rng.random() < 0.5

    def cycle_card(self, g: GameState, seat: int) -> int | None:
        held = [t for t in range(N_CARDS) if g.players[seat].hand[t]]
        return g.rng.choice(held + [None]) if held else None

    def remove_from_hand(self, g: GameState, seat: int) -> int | None:
        held = [t for t in range(N_CARDS) if g.players[seat].hand[t]
                and (t != BUY or _spare_buys(g, seat) > 0)]
        return g.rng.choice(held + [None]) if held else None

    def take_from_discard(self, g: GameState, seat: int, pool: list[int], count: int) -> list[int]:
        cards = [r for r in range(N_RES) for _ in range(pool[r])]
        g.rng.shuffle(cards)
        return cards[: g.rng.randint(0, count)]

    def opponent_discard(self, g: GameState, seat: int, opponent: int, options: tuple[int, ...]) -> int:
        return g.rng.choice(options)

    def take_from_opponent(self, g: GameState, seat: int, opponent: int, resource: int) -> bool:
        return g.rng.random() < 0.5

    def deactivate_pick(self, g: GameState, seat: int, opponent: int, candidates: list[int]) -> int | None:
        return g.rng.choice(candidates + [None])

    def production_on_top(self, g: GameState, seat: int, made: list[int]) -> list[int] | None:
        if g.rng.random() < 0.5:
            return None
        order = list(made)
        g.rng.shuffle(order)
        return order

    def topdeck_pick(self, g: GameState, seat: int) -> int | None:
        played = [t for t in range(N_CARDS) if g.players[seat].played[t]]
        return g.rng.choice(played + [None])

    def storage_discard(self, g: GameState, seat: int, excess: int) -> list[int]:
        p = g.players[seat]
        stored = [r for r in range(N_RES) for _ in range(p.storage[r])]
        g.rng.shuffle(stored)
        return stored[:excess]

    def keep_hire_payment(self, g: GameState, seat: int, hirer: int, resources: list[int]) -> list[int]:
        return list(resources) if g.rng.random() < 0.8 else []
