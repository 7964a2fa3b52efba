"""The settings a game's simulator takes in ``prepare(options=...)`` and how each is checked.

A simulator may list them in ``settings`` (name -> kind). The options come from the command
line (``cardgen simulate``) or from a game log's header (``play --resume``, ``replay``), which a
person may have edited: a name the game does not take, or a value of the wrong type, is refused
with one line instead of being ignored or reaching the engine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardgen.problems import quoted


@dataclass(frozen=True)
class Kind:
    name: str                       # what a value must be, for the message
    types: tuple[type, ...]
    positive: bool = False          # a number above 0 (and finite)
    most: float | None = None       # the largest value that means something


# A play-time estimate: more than an hour a turn is no table's game, and a time of 1e308
# seconds a turn multiplied into an infinite play time.
SECONDS_PER_TURN = Kind("a number of seconds above 0 and at most 3600", (int, float), positive=True,
                        most=3600)
WHOLE = Kind("a whole number above 0", (int,), positive=True)
# A game's safety cap (rounds, turns or decisions before a game counts as stalled), which a log's
# header may set: a cap of 10^18 let a stalled game run for ever. Far above every default (200
# rounds, 2,000 turns, 20,000 decisions).
SAFETY_CAP = Kind("a whole number from 1 to 1,000,000", (int,), positive=True, most=1_000_000)
FLAG = Kind("true or false", (bool,))
TEXT_OR_FLAG = Kind("a name, true or false", (str, bool))


def option_problem(game: str, settings: Mapping[str, Kind], options: Mapping[str, Any]) -> str | None:
    """Why ``options`` are not settings of ``game`` (an unknown name, a value of another
    kind), or None. A value of None stands for the default. A value reads as the JSON a log's
    header holds it ("3", true), a name as a word in quotes."""
    for key, value in options.items():
        kind = settings.get(key)
        if kind is None:
            return f"{game} has no option '{key}' (options: {', '.join(settings)})"
        if value is None:
            continue
        wrong = not isinstance(value, kind.types) or (isinstance(value, bool) and bool not in kind.types)
        if not wrong and kind.positive:
            wrong = not (math.isfinite(value) and value > 0)
        if not wrong and kind.most is not None:
            wrong = value > kind.most
        if wrong:
            return f"the option '{key}' of {game} must be {kind.name}, not {quoted(value)}"[:300]
    return None
