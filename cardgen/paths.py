"""Where the game data, schemas and layouts live.

A source checkout (or an editable install) uses the files beside the package; a wheel install
uses the copies bundled inside the package. ``CARDGEN_HOME`` points at another project tree,
for a designer who keeps their own games elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def project_root() -> Path:
    env = os.environ.get("CARDGEN_HOME")
    if env:
        return Path(env).resolve()
    source = _PACKAGE.parent
    if (source / "cards").is_dir() and (source / "schemas").is_dir():
        return source
    return _PACKAGE / "_bundled"


def cards_dir() -> Path:
    return project_root() / "cards"


def schemas_dir() -> Path:
    return project_root() / "schemas"


def templates_dir() -> Path:
    return project_root() / "templates"


def game_dir(game: str) -> Path:
    return cards_dir() / game


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
