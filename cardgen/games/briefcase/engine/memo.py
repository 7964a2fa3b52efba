"""A bounded memo: answers that come back in every game (payments, card plans, what a set of
activated companies gives, a bot's value tables), kept across games in one process."""

from __future__ import annotations

from typing import Any


class Memo(dict):
    """A dict whose ``keep`` empties it once it holds more than ``limit`` answers: the same few
    answers recur, so starting afresh costs little, and memory stays bounded in a long run (a
    tune plays hundreds of thousands of games in one worker). Lookups are the dict's own."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def keep(self, key: Any, value: Any) -> Any:
        """Remember ``value`` for ``key`` and return it."""
        if len(self) > self.limit:
            self.clear()
        self[key] = value
        return value
