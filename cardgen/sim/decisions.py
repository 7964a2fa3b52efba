"""Decisions: the one way a game asks a player for anything.

A game state holds no policies. It exposes the pending ``Decision`` (whose it is, its kind and
its legal options) and ``apply(choice)``, which rejects any choice the decision does not allow
with ``IllegalAction`` saying why. Chance is the state's own seeded RNG, so a game is a pure
function of its seed and its decisions: replaying the decisions replays the game.

A few generic kinds cover every game, so one policy (a bot, a person at the terminal, the
random bot) can answer any game's decisions without game code (the model is OpenSpiel's
``State`` and pyminion's deciders):

- ``choose``: one of ``options`` (the choice is the option itself);
- ``choose_many``: between ``low`` and ``high`` distinct options (a list, in option order);
- ``order``: a permutation of ``options`` (a list);
- ``yes_no``: ``True`` or ``False``;
- ``act``: a turn's next action, among many (a payment plan, a target...). Its options may be
  too many to list up front: ``options`` then holds a representative list that a random bot or
  a person picks from (every one legal), and ``check`` accepts any other legal action.

Choices are plain JSON values (numbers, strings, lists, booleans), so a game log is JSON Lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.problems import quoted

KINDS = ("choose", "choose_many", "order", "yes_no", "act")


class IllegalAction(ValueError):
    """A choice the pending decision does not allow; the message says why."""


def as_logged(value: Any) -> Any:
    """Tuples become lists, as JSON gives them back, so a logged choice compares equal."""
    if isinstance(value, (tuple, list)):     # not ``tuple | list``: a union object per call
        return [as_logged(v) for v in value]
    return value


@dataclass(frozen=True, eq=False)
class Decision:
    seat: int
    kind: str                         # one of KINDS
    tag: str                          # the game's name for this decision point, for logs and bots
    prompt: str                       # the question, for a person
    options: Sequence[Any] = ()       # legal options (see the module docstring for ``act``)
    low: int = 0                      # choose_many: how many at least
    high: int = 0                     # choose_many: how many at most
    # ``act`` only: why a choice outside ``options`` is illegal, or None when it is legal.
    checker: Callable[[Any], str | None] | None = field(default=None, repr=False)
    labels: Sequence[str] = ()        # how each option reads, for a person (default: str(option))

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown decision kind {quoted(self.kind)}")

    def label(self, i: int) -> str:
        return self.labels[i] if i < len(self.labels) else str(self.options[i])

    def describe(self, choice: Any) -> str:
        """How a legal ``choice`` reads for a person (what ``cardgen play`` shows of a bot's
        move, and ``replay --show`` of each step): its options' labels. Read while the
        decision is pending: a label may read the game as it is."""
        if self.kind == "yes_no":
            return "yes" if choice is True else "no" if choice is False else str(choice)
        options = [as_logged(o) for o in self.options]

        def named(item: Any) -> str:
            item = as_logged(item)
            return self.label(options.index(item)) if item in options else str(item)

        if self.kind in ("choose", "act"):
            return named(choice)
        return ", ".join(named(item) for item in choice) if choice else "none"

    def check(self, choice: Any) -> str | None:
        """Why ``choice`` is not allowed, or None when it is."""
        if self.kind in ("choose", "act") and not isinstance(choice, bool):   # True == 1 in Python
            try:
                if choice in self.options:           # the common case, without converting
                    return None
            except TypeError:                        # an unhashable choice against a set
                pass
        elif self.kind == "yes_no":
            return None if isinstance(choice, bool) else f"{self.tag}: answer true or false"
        choice = as_logged(choice)
        options = [as_logged(o) for o in self.options]
        if self.kind == "yes_no":
            return None if isinstance(choice, bool) else f"{self.tag}: answer true or false"
        if self.kind == "choose":
            return None if choice in options else f"{self.tag}: {quoted(choice)} is not one of the options"
        if self.kind == "act":
            if choice in options:
                return None
            if self.checker is None:
                return f"{self.tag}: {quoted(choice)} is not one of the legal actions"
            return self.checker(choice)
        if not isinstance(choice, list):
            return f"{self.tag}: expected a list of options"
        if self.kind == "order":
            remaining = list(options)
            for item in choice:
                if item not in remaining:
                    return f"{self.tag}: {quoted(item)} is not one of the items to order (or repeats)"
                remaining.remove(item)
            return None if not remaining else f"{self.tag}: every item must be placed once"
        # choose_many
        if not self.low <= len(choice) <= self.high:
            return f"{self.tag}: choose between {self.low} and {self.high}, not {len(choice)}"
        remaining = list(options)
        for item in choice:
            if item not in remaining:
                return f"{self.tag}: {quoted(item)} is not one of the options (or repeats)"
            remaining.remove(item)
        return None


def choose(seat: int, tag: str, prompt: str, options: Sequence[Any],
           labels: Sequence[str] = ()) -> Decision:
    return Decision(seat, "choose", tag, prompt, tuple(options), labels=tuple(labels))


def choose_many(seat: int, tag: str, prompt: str, options: Sequence[Any], low: int, high: int,
                labels: Sequence[str] = ()) -> Decision:
    return Decision(seat, "choose_many", tag, prompt, tuple(options), low, high, labels=tuple(labels))


def order(seat: int, tag: str, prompt: str, items: Sequence[Any], labels: Sequence[str] = ()) -> Decision:
    return Decision(seat, "order", tag, prompt, tuple(items), labels=tuple(labels))


def yes_no(seat: int, tag: str, prompt: str) -> Decision:
    return Decision(seat, "yes_no", tag, prompt, (True, False), labels=("yes", "no"))


def act(seat: int, tag: str, prompt: str, options: Sequence[Any],
        checker: Callable[[Any], str | None] | None = None, labels: Sequence[str] = ()) -> Decision:
    return Decision(seat, "act", tag, prompt, tuple(options), checker=checker, labels=tuple(labels))
