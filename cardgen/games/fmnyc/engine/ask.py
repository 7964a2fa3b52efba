"""The engine's decisions (``cardgen.sim.decisions``) with options that read as text for a
person, made only when read.

A decision's options are the rules' values (``[0, 10]`` for a bid, ``["strike", 5]``), which
the game logs keep; a person at ``cardgen play`` reads each through ``Decision.label``. A
simulated game asks thousands of decisions and never reads a label, so an ``Ask`` holds a
function naming one option (``Name``), called when a label is read. That is while the decision
is pending (the game has not moved on), so a name may read the game's state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardgen.problems import quoted
from cardgen.sim.decisions import KINDS, Decision

Name = Callable[[Any], str]          # one option as a person reads it
PASS = "pass"                        # the option that passes, in every decision that offers one


class Ask(Decision):
    """A ``Decision`` (same fields, kinds and ``check``) whose labels are ``name(option)``.

    Built by writing its fields at once, past the frozen dataclass's ``__init__`` (which sets
    each through ``object.__setattr__``): the labels' function then costs the engine nothing."""

    def __init__(self, seat: int, kind: str, tag: str, prompt: str, options: Sequence[Any], name: Name,
                 low: int = 0, high: int = 0, checker: Callable[[Any], str | None] | None = None):
        if kind not in KINDS:                # what Decision's __post_init__ checks
            raise ValueError(f"unknown decision kind {quoted(kind)}")
        fields = self.__dict__
        fields["seat"], fields["kind"], fields["tag"], fields["prompt"] = seat, kind, tag, prompt
        fields["options"], fields["low"], fields["high"] = tuple(options), low, high
        fields["checker"], fields["name"] = checker, name

    @property                                # type: ignore[override]
    def labels(self) -> tuple[str, ...]:
        name = self.__dict__["name"]
        return tuple(name(o) for o in self.options)

    def label(self, i: int) -> str:
        return self.__dict__["name"](self.options[i])


def choose(seat: int, tag: str, prompt: str, options: Sequence[Any], name: Name) -> Decision:
    return Ask(seat, "choose", tag, prompt, options, name)


def choose_many(seat: int, tag: str, prompt: str, options: Sequence[Any], low: int, high: int,
                name: Name) -> Decision:
    return Ask(seat, "choose_many", tag, prompt, options, name, low, high)


def act(seat: int, tag: str, prompt: str, options: Sequence[Any], name: Name,
        checker: Callable[[Any], str | None]) -> Decision:
    return Ask(seat, "act", tag, prompt, options, name, checker=checker)
