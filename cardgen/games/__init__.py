"""The games cardgen knows. Each game is a subpackage of ``cardgen.games``:

- ``RULES`` in its ``__init__``: the meaning checks ``cardgen validate`` runs on its data;
- ``simulation.SIMULATOR`` (optional): the ``Simulator`` that ``cardgen simulate`` drives.

Everything else (YAML loading, schemas, problems, the CLI, the simulation runner, the
renderer's imposition) is shared.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

from cardgen.data.documents import Document
from cardgen.problems import Problem

if TYPE_CHECKING:
    from cardgen.sim.result import Simulator


class GameRules(Protocol):
    id: str

    def check(self, docs: list[Document]) -> list[Problem]:
        """Meaning checks across a game's documents (the schema has already passed)."""
        ...

    def authored_values(self, docs: list[Document]) -> list[Problem]:
        """Values not printed in the rulebooks, as notes at their positions."""
        ...


_MODULES = {"briefcase": "cardgen.games.briefcase", "startup": "cardgen.games.startup"}


def registered_games() -> list[str]:
    return sorted(_MODULES)


def game_rules(game: str) -> GameRules:
    return importlib.import_module(_MODULES[game]).RULES


def simulator_ref(game: str) -> str:
    """Where a game's simulator lives, as "module:attribute" (what worker processes import)."""
    return f"{_MODULES[game]}.simulation:SIMULATOR"


def game_simulator(game: str) -> Simulator:
    """The game's simulator; KeyError for an unknown game, LookupError if it has none."""
    module, _, attribute = simulator_ref(game).partition(":")
    try:
        return getattr(importlib.import_module(module), attribute)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise LookupError(f"{game} has no simulator") from exc
