"""The games cardgen knows. Each game is a subpackage with one ``GameRules`` object that the
shared commands (validate, simulate, build) call; everything else is shared."""

from __future__ import annotations

import importlib
from typing import Protocol

from cardgen.data.documents import Document
from cardgen.problems import Problem


class GameRules(Protocol):
    id: str

    def check(self, docs: list[Document]) -> list[Problem]:
        """Meaning checks across a game's documents (the schema has already passed)."""
        ...

    def authored_values(self, docs: list[Document]) -> list[Problem]:
        """Values not printed in the rulebooks, as notes at their positions."""
        ...


_MODULES = {"briefcase": "cardgen.games.briefcase"}


def registered_games() -> list[str]:
    return sorted(_MODULES)


def game_rules(game: str) -> GameRules:
    return importlib.import_module(_MODULES[game]).RULES
