"""The startup engine's decisions: the generic kinds of ``cardgen.sim.decisions``, made cheaply.

A simulated game asks about 90 decisions (5 players: 140), and two costs of the generic
``Decision`` add up at that rate: its constructor (a frozen dataclass sets each field through
``object.__setattr__``: 2.3 us) and ``check``, which turns every option into its JSON form before
comparing (23 us for a turn's dozen card plays), a random game taking about 13 us a decision in
all. ``Ask`` is a ``Decision`` (same fields, kinds and answers from ``check``) built by filling
its fields at once, whose ``check`` accepts one of its own options before the generic
comparison; anything else (a choice read back from a JSON log, an illegal one) goes through
the generic ``check`` unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardgen.sim.decisions import Decision

# Every Decision field with its default, so that an Ask has them all even if Decision grows.
_DEFAULTS: dict[str, Any] = {
    f.name: f.default if f.default is not dataclasses.MISSING else f.default_factory()
    for f in dataclasses.fields(Decision)
    if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
}


class Ask(Decision):
    def __init__(self, seat: int, kind: str, tag: str, prompt: str, options: tuple[Any, ...],
                 low: int = 0, high: int = 0, labels: Sequence[str] = ()):
        # Decision is frozen: its fields are written past its __setattr__, into its __dict__.
        fields = self.__dict__
        fields.update(_DEFAULTS)
        fields["seat"], fields["kind"], fields["tag"], fields["prompt"] = seat, kind, tag, prompt
        fields["options"], fields["low"], fields["high"], fields["labels"] = options, low, high, labels

    def check(self, choice: Any) -> str | None:
        kind = self.kind
        if kind == "choose":
            # ``in`` compares by identity first: a policy answers with the option itself.
            if choice in self.options:
                return None
        elif kind == "yes_no" and (choice is True or choice is False):
            return None
        return super().check(choice)


def choose(seat: int, tag: str, prompt: str, options: tuple[Any, ...]) -> Ask:
    return Ask(seat, "choose", tag, prompt, options)


def choose_many(seat: int, tag: str, prompt: str, options: tuple[Any, ...], low: int, high: int) -> Ask:
    return Ask(seat, "choose_many", tag, prompt, options, low, high)


def yes_no(seat: int, tag: str, prompt: str) -> Ask:
    return Ask(seat, "yes_no", tag, prompt, (True, False), labels=("yes", "no"))
