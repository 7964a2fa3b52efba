"""What ``cardgen list`` shows of a game: the shared shape of a listing, which the command builds
for what every game has (bots, languages, cards, effects) and a game's ``listings`` module for
what only it has (Briefcase's companies and company sets)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Listing:
    """One listing: ``data`` is what --format json prints; ``headers`` and ``rows`` the table
    --format text prints (usually the same values, sometimes laid out differently)."""

    data: list[dict[str, Any]]
    headers: list[str]
    rows: list[list[Any]]
    right: set[str] = field(default_factory=set)     # columns of numbers, aligned right
    summary: str = ""                                 # for the overview: what the count means


class NotListed(Exception):
    """A listing that does not apply to the game: one line saying so (and what to use)."""


# -- where things come from ------------------------------------------------------------------

def where_defined(path: Path) -> tuple[str, str]:
    """('shipped' or 'workspace', the file relative to its layer): relative paths read the same
    on every machine, and the origin says which folder they are in."""
    from cardgen.workspace import current

    workspace = current()
    for layer in workspace.layers:
        try:
            return workspace.origin(path), path.resolve().relative_to(layer.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):
            continue
    return workspace.origin(path), str(path)
