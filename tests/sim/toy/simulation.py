"""A toy card game that exercises every decision kind through the shared driver, with hidden
hands; it proves that adding a game means writing its state, its observation and its data.

Rules: a shuffled deck of cards 1..12; each player is dealt 3. On a turn the player plays one
card from their hand (``choose``) and scores its value, then may draw a card (``yes_no``). Once
a game, when the deck first runs down to 4 cards or fewer, every player in turn discards 0-2
cards from hand (``choose_many``). At the end each player orders their hand (``order``): the
card put first scores double. The game ends when every hand is empty, or after 40 turns
(the safety cap: then it is 'stalled').
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import Flow, RandomPolicy, play_game
from cardgen.sim.result import GameResult

CAP = 40


@dataclass(frozen=True)
class Observation:
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    scores: tuple[int, ...]


class ToyState:
    def __init__(self, players: int, seed: int):
        self.rng = random.Random(seed)
        self.deck = list(range(1, 13))
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(players)]
        self.scores = [0] * players
        self.turns = 0
        self.stalled = False
        self._flow = Flow(self._rules())

    def decision(self) -> Decision | None:
        return self._flow.decision()

    def apply(self, choice: Any) -> None:
        self._flow.apply(choice)

    def observation(self, seat: int) -> Observation:
        return Observation(seat, tuple(self.hands[seat]), tuple(len(h) for h in self.hands),
                           len(self.deck), tuple(self.scores))

    def _rules(self) -> Generator[Decision, Any, None]:
        n = len(self.hands)
        seat = 0
        purged = False
        while any(self.hands) and not (seat == 0 and not self.deck and self.turns):
            if self.turns >= CAP:
                self.stalled = True
                return
            hand = self.hands[seat]
            if hand:
                card = yield d.choose(seat, "play", "Play a card", sorted(hand))
                hand.remove(card)
                self.scores[seat] += card
                if self.deck and (yield d.yes_no(seat, "draw", "Draw a card?")):
                    hand.append(self.deck.pop())
            self.turns += 1
            if not purged and len(self.deck) <= 4:
                purged = True
                for s in range(n):
                    if self.hands[s]:
                        gone = yield d.choose_many(s, "discard", "Discard up to 2 cards",
                                                   sorted(self.hands[s]), 0, min(2, len(self.hands[s])))
                        for c in gone:
                            self.hands[s].remove(c)
            seat = (seat + 1) % n
        for s in range(n):
            if len(self.hands[s]) >= 2:
                ordered = yield d.order(s, "order", "Order your hand: the first card scores double",
                                        sorted(self.hands[s]))
                self.scores[s] += 2 * ordered[0] + sum(ordered[1:])
            elif self.hands[s]:
                self.scores[s] += 2 * self.hands[s][0]


class ToySimulator:
    game = "toy"
    bots = ("random", "high")
    player_counts = (2, 3, 4)

    def prepare(self, *, players: int, set_ref: str | None, bots: list[str],
                options: dict[str, Any]) -> dict[str, Any]:
        if players not in self.player_counts:
            raise ValueError(f"the toy game is for 2 to 4 players, not {players}")
        return {"players": players}

    def play(self, config: dict[str, Any], seed: int, seat_bots: list[str],
             invariants: bool = False) -> GameResult:
        return play_game(self, config, seed, seat_bots, invariants)

    def new_state(self, config: dict[str, Any], seed: int, invariants: bool = False) -> ToyState:
        return ToyState(config["players"], seed)

    def policy(self, name: str, seat: int, seed: int) -> Any:
        return HighPolicy() if name == "high" else RandomPolicy(seed)

    def result(self, state: ToyState, seed: int, seat_bots: list[str]) -> GameResult:
        best = max(state.scores)
        winners = [] if state.stalled else [s for s, v in enumerate(state.scores) if v == best]
        return GameResult(seed=seed, players=len(state.scores), seat_bots=list(seat_bots),
                          turns=state.turns, rounds=state.turns // len(state.scores),
                          stalled=state.stalled, end_condition=None if state.stalled else "hands",
                          scores=list(state.scores), winners=winners)

    def redeal(self, state: ToyState, seat: int, rng: random.Random) -> None:
        """Reshuffle what ``seat`` cannot see (the other hands and the deck), keeping sizes."""
        hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + state.deck
        rng.shuffle(hidden)
        for s, h in enumerate(state.hands):
            if s != seat:
                state.hands[s] = [hidden.pop() for _ in h]
        state.deck = hidden


class HighPolicy:
    """Plays its highest card, always draws, discards nothing."""

    def decide(self, observation: Observation, decision: Decision) -> Any:
        if decision.kind == "yes_no":
            return True
        if decision.kind == "choose_many":
            return []
        if decision.kind == "order":
            return sorted(decision.options, reverse=True)
        return max(decision.options)


SIMULATOR = ToySimulator()
