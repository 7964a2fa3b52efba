"""A bot's decision is one moment: the table does not move while a player thinks.

The heuristic bot's decision methods are marked ``@thinks``; during one, figures asked for
many times (valuations, the cards a seat cannot see) are computed once and remembered, and
forgotten when the decision returns.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_memo: dict[tuple, Any] | None = None


@contextmanager
def thinking() -> Iterator[None]:
    global _memo
    if _memo is not None:        # already thinking: one decision inside another
        yield
        return
    _memo = {}
    try:
        yield
    finally:
        _memo = None


def thinks(method: Callable[P, R]) -> Callable[P, R]:
    """A bot decision: runs under ``thinking()``."""
    @functools.wraps(method)
    def decide(*args: P.args, **kwargs: P.kwargs) -> R:
        with thinking():
            return method(*args, **kwargs)
    return decide


def remember(key: tuple, compute: Callable[[], R]) -> R:
    """``compute()``, once per decision for the same key (every time outside a decision)."""
    if _memo is None:
        return compute()
    if key not in _memo:
        _memo[key] = compute()
    return _memo[key]
