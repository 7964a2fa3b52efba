"""A hand-built table for rule tests: scripted players and cards placed by name.

The engine asks its players through decisions (``Game.decision``/``apply``); here each seat is a
``ScriptBot`` policy that answers as told, from its observation and the decision only. The
``Scripted`` game runs one step of the rules (a turn, a card play, a draw) to its end at once,
every scripted choice going through ``Game.apply`` (so an illegal one fails the test).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardgen.games.startup.engine import Action, Game
from cardgen.games.startup.engine.game import Steps
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.load import load_startup
from cardgen.games.startup.model import StartupGame
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import Policy, drive


@cache
def model() -> StartupGame:
    return load_startup()


@dataclass
class ScriptBot:
    """Answers exactly as told; by default it plays nothing and answers nothing."""

    name: str = "script"
    plays: list[Action] = field(default_factory=list)
    reacts_with: set[str] = field(default_factory=set)     # card ids it uses as responses
    overrides: bool = False
    accepts: bool = True
    reply: str | None = None                               # card id offered back in a trade
    confirms: bool = True
    picks: str | None = None                               # card id taken by Scandal / reversal
    keeps: set[str] = field(default_factory=set)           # card ids never discarded for the limit
    asked: list[str] = field(default_factory=list)         # what it was asked, in order

    def decide(self, obs: Observation, decision: Decision) -> Any:
        tag, options = decision.tag, decision.options
        cards = [c for c in options if c is not None]
        if tag == "choose_startup":
            return options[0]
        if tag == "action":
            return self.plays.pop(0) if self.plays else None
        if tag == "discard":
            self.asked.append("discard")
            return [c for c in obs.hand if obs.card(c).id not in self.keeps][:decision.high]
        if tag == "react":
            self.asked.append("respond")
            return next((c for c in cards if obs.card(c).id in self.reacts_with), None)
        if tag == "override":
            self.asked.append("override")
            return cards[0] if self.overrides else None
        if tag == "accept_alliance":
            self.asked.append("alliance")
            return self.accepts
        if tag == "trade_reply":
            self.asked.append("trade")
            return next((c for c in obs.hand if obs.card(c).id == self.reply), None)
        if tag == "trade_confirm":
            return self.confirms
        if tag in ("take_from_hand", "reversal"):
            return next(c for c in cards if obs.card(c).id == self.picks)
        raise AssertionError(f"unexpected decision {tag}")


class Scripted:
    """A ``Game`` whose rule steps run to their end when called, each decision answered by its
    seat's policy in ``bots`` (scripted unless a test seats a bot). Everything else is the
    game's own (``players``, ``valuation``, ``legal_actions``...); ``engine`` is the game itself,
    whose steps are generators (for ``asks``)."""

    def __init__(self, game: Game, bots: list[Policy]):
        object.__setattr__(self, "engine", game)
        object.__setattr__(self, "bots", bots)

    def run(self, steps: Steps[Any]) -> Any:
        self.engine.start(steps)
        drive(self.engine, self.bots)
        return self.engine.outcome

    def setup(self) -> None:
        self.run(self.engine.setup())

    def take_turn(self, seat: int) -> None:
        self.run(self.engine.take_turn(seat))

    def draw(self, seat: int) -> None:
        self.run(self.engine.draw(seat))

    def perform(self, seat: int, action: Action) -> int:
        return self.run(self.engine.perform(seat, action))

    def asks(self, steps: Steps[Any]) -> Decision:
        """The first decision ``steps`` asks, left pending (for asking a bot directly)."""
        self.engine.start(steps)
        decision = self.engine.decision()
        assert decision is not None, "the steps asked nothing"
        return decision

    def answer(self, seat: int, decision: Decision) -> Any:
        """What the seat's bot answers to the pending decision, from its observation now."""
        return self.bots[seat].decide(self.engine.observation(seat), decision)

    def next_play(self, seat: int) -> Action | None:
        """The seat's bot's next card play, as its turn would ask it (nothing is played)."""
        return self.answer(seat, self.asks(self.engine.card_plays(seat)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.engine, name, value)


def table(players: int = 3, seed: int = 0) -> tuple[Scripted, list[ScriptBot]]:
    """A game after setup with every hand emptied back into the draw pile: tests place cards."""
    bots = [ScriptBot() for _ in range(players)]
    game = Scripted(Game(model(), players, seed, invariants=True), list(bots))
    game.setup()
    for p in game.players:
        game.table.draw_pile.extend(p.hand)
        p.hand.clear()
    game.current = 0
    game.check()
    return game, bots


def take(game: Game | Scripted, card_id: str) -> int:
    """An instance of the card from the draw pile (or discard pile)."""
    for pile in (game.table.draw_pile, game.table.discard):
        for c in pile:
            if game.card(c).id == card_id:
                pile.remove(c)
                return c
    raise LookupError(card_id)


def hand(game: Game | Scripted, seat: int, *card_ids: str) -> list[int]:
    cards = [take(game, cid) for cid in card_ids]
    game.players[seat].hand.extend(cards)
    return cards


def bank(game: Game | Scripted, seat: int, *card_ids: str) -> list[int]:
    cards = [take(game, cid) for cid in card_ids]
    game.players[seat].bank.extend(cards)
    return cards


def ally(game: Game | Scripted, a: int, b: int) -> int:
    marker = take(game, "strategic_alliance")
    game.form_alliance(a, b, marker)
    return marker


def ids(game: Game | Scripted, cards: list[int]) -> list[str]:
    return [game.card(c).id for c in cards]


def use(game: Scripted, seat: int, card: int, target: int | None = None,
        target_card: int | None = None) -> int:
    return game.perform(seat, Action("use", card, target, target_card))
