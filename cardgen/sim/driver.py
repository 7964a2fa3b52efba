"""One driver for every game: ask the state whose decision it is, hand that seat's policy its
observation and the decision, apply the choice; log it if asked. Nothing here knows a game.

A game provides (in ``cardgen/games/<game>/simulation.py``) a ``Simulator`` (below) with:

- ``new_state(config, seed, invariants)``: a ``GameState`` (below) at the start of a game;
- ``policy(name, seat, seed)``: a bot that answers decisions from observations;
- ``bots``: the bot names; ``result(state)``: the finished game as a ``GameResult``.

A ``GameState`` holds no policies. ``decision()`` is the pending ``Decision`` (None once the
game is over or stopped by its safety cap), ``apply(choice)`` plays it or raises
``IllegalAction``, ``observation(seat)`` is what that seat may see.

Engines written as generators (a function that ``yield``s each ``Decision`` and receives the
choice back) get ``decision`` and ``apply`` from ``Flow``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol

from cardgen.problems import quoted
from cardgen.sim.decisions import Decision, IllegalAction, as_logged
from cardgen.sim.result import GameResult


class GameState(Protocol):
    def decision(self) -> Decision | None: ...

    def apply(self, choice: Any) -> None: ...

    def observation(self, seat: int) -> Any: ...


class Policy(Protocol):
    def decide(self, observation: Any, decision: Decision) -> Any: ...


class Flow:
    """``decision`` and ``apply`` for an engine written as a generator of decisions.

    The generator runs the rules; where a player must choose it yields a ``Decision`` and
    receives the (checked) choice. When it returns, the game is over."""

    def __init__(self, rules: Generator[Decision, Any, None]):
        # The rules, and the pending decision (what ``decision()`` returns): both read directly
        # by a game's state on its hot path (Briefcase's ``apply`` does what ``apply`` below
        # does, written out), as a method call per decision costs more than the rest of it.
        self.steps = rules
        self.pending: Decision | None = next(rules, None)

    def decision(self) -> Decision | None:
        return self.pending

    def apply(self, choice: Any) -> None:
        pending = self.pending
        if pending is None:
            raise IllegalAction("the game is over: there is no decision to make")
        why = pending.check(choice)
        if why is not None:
            raise IllegalAction(why)
        try:
            self.pending = self.steps.send(choice)
        except StopIteration:
            self.pending = None


class RandomPolicy:
    """Answers every decision of every game uniformly at random, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def decide(self, observation: Any, decision: Decision) -> Any:
        rng, options = self.rng, list(decision.options)
        if decision.kind == "yes_no":
            return rng.random() < 0.5
        if decision.kind == "order":
            rng.shuffle(options)
            return options
        if decision.kind == "choose_many":
            k = rng.randint(decision.low, min(decision.high, len(options)))
            picked = sorted(rng.sample(range(len(options)), k))
            return [options[i] for i in picked]
        if not options:
            raise IllegalAction(f"{decision.tag}: no options to choose from")
        return options[rng.randrange(len(options))]


def policy_seed(seed: int, seat: int) -> int:
    """A policy's own seed: from the game's seed and its seat, never from the state's RNG, so a
    bot's randomness cannot change the game's chance outcomes."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) & 0x7FFF_FFFF_FFFF


def drive(state: GameState, policies: Sequence[Policy], log: list[dict[str, Any]] | None = None) -> None:
    """Play ``state`` to its end with one policy per seat; append each decision to ``log``."""
    while True:
        decision = state.decision()
        if decision is None:
            return
        choice = policies[decision.seat].decide(state.observation(decision.seat), decision)
        state.apply(choice)
        if log is not None:
            log.append({"seat": decision.seat, "decision": decision.tag, "choice": as_logged(choice)})


class Simulator(Protocol):
    """A game's simulator, ``SIMULATOR`` in ``cardgen/games/<game>/simulation.py``.

    The runner calls ``prepare`` once (in the parent process) to resolve options into a
    picklable config, then ``play`` for one complete game from it, deterministically for a
    seed. A game played by this driver makes ``play`` a call of ``play_game`` and gives the
    three methods it uses, ``new_state``, ``policy`` and ``result`` (``replay`` and
    ``cardgen play`` use them too); a simulator that plays whole games its own way (a test's
    dice game) needs only ``prepare`` and ``play``.

    Optional, read with ``getattr`` where they are used: ``reference_set`` (the set check-set
    compares game length with), ``settings`` (prepare's options and their kinds),
    ``checked_whole``, ``effect_*`` and ``item_names`` (check-set), ``strongest`` (the bot
    check-set and tune seat everywhere, as benchmarks/bot_strength.py measures it; default: the
    default seat), ``set_player_counts(set_ref)`` (the player counts check-set plays a set at,
    and a note on those it leaves out), ``describe``, ``redeal`` and ``seen_by(state,
    decision, choice)`` (the seats that see a choice when not every seat does, else None:
    ``cardgen play`` prints a bot's choice to the person only at one of them)."""

    game: str
    bots: tuple[str, ...]             # the second, if any, is the default seat
    # The player counts the game is played at: check-set and tune play each of them, simulate
    # and play refuse others.
    player_counts: tuple[int, ...]

    def prepare(self, *, players: int, set_ref: str | None, bots: list[str],
                options: dict[str, Any]) -> Any: ...

    def play(self, config: Any, seed: int, seat_bots: list[str], invariants: bool = False
             ) -> GameResult: ...

    def new_state(self, config: Any, seed: int, invariants: bool = False) -> Any: ...

    def policy(self, name: str, seat: int, seed: int) -> Policy: ...

    def result(self, state: Any, seed: int, seat_bots: list[str]) -> GameResult: ...


def play_game(simulator: Simulator, config: Any, seed: int, seat_bots: list[str],
              invariants: bool = False, log: list[dict[str, Any]] | None = None) -> GameResult:
    """One complete game through the shared driver."""
    state = simulator.new_state(config, seed, invariants)
    policies = [simulator.policy(name, seat, policy_seed(seed, seat)) for seat, name in enumerate(seat_bots)]
    drive(state, policies, log)
    return simulator.result(state, seed, seat_bots)


class ReplayError(IllegalAction):
    """A logged choice that no longer applies: ``step`` (from 1) is which, ``why`` says why."""

    def __init__(self, step: int, why: str):
        super().__init__(f"step {step}: {why}")
        self.step = step
        self.why = why


def replay(simulator: Simulator, config: Any, seed: int, choices: Sequence[dict[str, Any]],
           invariants: bool = False, show: Callable[[int, Decision, Any], None] | None = None) -> Any:
    """The state after applying logged choices in order; ReplayError (naming the step) if one
    no longer applies, as when the rules or the data changed since the log was written.
    ``show(step, decision, choice)`` is told each legal step before it is applied. Seats in
    its messages are numbered from 1, as everything people read; the log keeps indices."""
    state = simulator.new_state(config, seed, invariants)
    for step, entry in enumerate(choices, 1):
        decision = state.decision()
        if decision is None:
            raise ReplayError(step, "the game is already over")
        if decision.seat != entry["seat"] or decision.tag != entry["decision"]:
            raise ReplayError(step, f"the log has seat {entry['seat'] + 1} deciding "
                                    f"{quoted(entry['decision'])}; the game asks seat "
                                    f"{decision.seat + 1} for {quoted(decision.tag)}")
        if show is not None and decision.check(entry["choice"]) is None:
            show(step, decision, entry["choice"])
        try:
            state.apply(entry["choice"])
        except IllegalAction as exc:
            raise ReplayError(step, str(exc)) from None
    return state
