"""Problems found in user files, reported as ``path:line:col: severity[rule]: message``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    col: int
    rule: str
    message: str
    severity: str = "error"

    def format(self) -> str:
        # A value quoted in a message may hold line breaks; one problem stays one line.
        message = self.message.replace("\r", "\\r").replace("\n", "\\n")
        return f"{self.path}:{self.line}:{self.col}: {self.severity}[{self.rule}]: {message}"


class DataError(Exception):
    """Raised when game data cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        first = problems[0].format() if problems else "invalid data"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


def problems_to_json(problems: list[Problem]) -> str:
    return json.dumps([asdict(p) for p in problems], indent=2, ensure_ascii=False)
