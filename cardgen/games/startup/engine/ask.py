"""The startup engine's decisions: the generic kinds of ``cardgen.sim.decisions``, made cheaply.

A simulated game asks about 90 decisions (5 players: 140), and two costs of the generic
``Decision`` add up at that rate: its constructor (a frozen dataclass sets each field through
``object.__setattr__``: 2.3 us) and ``check``, which turns every option into its JSON form before
comparing (23 us for a turn's dozen card plays), a random game taking about 13 us a decision in
all. ``Ask`` is a ``Decision`` (same fields, kinds and answers from ``check``) built by filling
its fields at once, whose ``check`` accepts one of its own options before the generic
comparison; anything else (a choice read back from a JSON log, an illegal one) goes through
the generic ``check`` unchanged. Its options read as text for a person (``label``: "bank Series
A ($50M)", "Poach on seat 2's CTO") from the static card data, only when asked: a simulated game
never builds a label.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardgen.games.startup.engine.state import Action
from cardgen.games.startup.model import CardDef, money
from cardgen.sim.decisions import Decision

# Every Decision field with its default, so that an Ask has them all even if Decision grows.
_DEFAULTS: dict[str, Any] = {
    f.name: f.default if f.default is not dataclasses.MISSING else f.default_factory()
    for f in dataclasses.fields(Decision)
    if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
}


# What None, the option of doing nothing, means at each decision that offers it.
NOTHING = {"action": "stop playing cards this turn", "react": "let the attack through",
           "override": "let the answer stand", "trade_reply": "refuse the trade"}


class Ask(Decision):
    def __init__(self, seat: int, kind: str, tag: str, prompt: str, options: tuple[Any, ...],
                 low: int = 0, high: int = 0, labels: Sequence[str] = (),
                 defs: tuple[CardDef, ...] = ()):
        # Decision is frozen: its fields are written past its __setattr__, into its __dict__.
        fields = self.__dict__
        fields.update(_DEFAULTS)
        fields["seat"], fields["kind"], fields["tag"], fields["prompt"] = seat, kind, tag, prompt
        fields["options"], fields["low"], fields["high"], fields["labels"] = options, low, high, labels
        fields["defs"] = defs       # what each card instance is, to name the options (static)

    def label(self, i: int) -> str:
        if i < len(self.labels):
            return self.labels[i]
        option, defs = self.options[i], self.__dict__["defs"]
        if option is None:
            return NOTHING.get(self.tag, "none")
        if isinstance(option, Action) and defs:
            return play_label(option, self.seat, defs)
        if isinstance(option, int) and not isinstance(option, bool) and option < len(defs):
            return defs[option].name
        return str(option)

    def check(self, choice: Any) -> str | None:
        kind = self.kind
        if kind == "choose":
            # ``in`` compares by identity first: a policy answers with the option itself.
            if choice in self.options:
                return None
        elif kind == "yes_no" and (choice is True or choice is False):
            return None
        return super().check(choice)


def play_label(a: Action, seat: int, defs: tuple[CardDef, ...]) -> str:
    """A card play as a person reads it, for the player in ``seat``."""
    card = defs[a.card]
    if a.kind == "bank":
        return f"bank {card.name} ({money(card.value)})"
    if a.kind == "trade":
        return f"offer {card.name} to your ally (seat {a.target + 1}) for a card of theirs"
    whose = "your" if a.target == seat else f"seat {a.target + 1}'s"
    if a.target_card is not None:
        return f"{card.name} on {whose} {defs[a.target_card].name}"
    return f"{card.name} on {'yourself' if a.target == seat else f'seat {a.target + 1}'}"


def choose(seat: int, tag: str, prompt: str, options: tuple[Any, ...], defs: tuple[CardDef, ...] = (),
           labels: Sequence[str] = ()) -> Ask:
    return Ask(seat, "choose", tag, prompt, options, 0, 0, labels, defs)


def choose_many(seat: int, tag: str, prompt: str, options: tuple[Any, ...], low: int, high: int,
                defs: tuple[CardDef, ...] = ()) -> Ask:
    return Ask(seat, "choose_many", tag, prompt, options, low, high, (), defs)


def yes_no(seat: int, tag: str, prompt: str) -> Ask:
    return Ask(seat, "yes_no", tag, prompt, (True, False), labels=("yes", "no"))
