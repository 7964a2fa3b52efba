"""The games cardgen knows. Each game is a subpackage of ``cardgen.games``:

- ``RULES`` in its ``__init__``: the meaning checks ``cardgen validate`` runs on its data;
- ``simulation.SIMULATOR`` (optional): the ``Simulator`` that ``cardgen simulate`` drives;
- ``cards`` and ``inserts`` (optional): what ``cardgen build`` prints (see ``render.pipeline``);
  ``cards`` may add ``TEMPLATE_CHECKS`` (the YAML files of ``templates/<game>/`` it reads besides
  the card layouts, name -> check, which ``cardgen validate`` runs) and ``drawing_problems(ctx)``
  (what else it draws that the layouts lack, a board's colours and styles);
- ``texts`` (optional): the strings ``cardgen i18n`` translates;
- ``listings`` (optional): what ``cardgen list`` shows that only this game has (``LISTINGS``,
  name -> a function giving a ``cardgen.listing.Listing``), ``SETS_NOTE`` (what its --set takes,
  when it has no sets to list) and ``set_called(name)`` (what ``name`` is when it names one of
  its sets, for a set typed where the game goes).

Everything else (YAML loading, schemas, problems, the CLI, the simulation runner, the
renderer's imposition) is shared.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from cardgen.data.documents import Document, game_files
from cardgen.problems import Problem, shorten

if TYPE_CHECKING:
    from cardgen.sim.driver import Simulator


class GameRules(Protocol):
    id: str

    def check(self, docs: list[Document]) -> list[Problem]:
        """Meaning checks across a game's documents (the schema has already passed)."""
        ...

    def authored_values(self, docs: list[Document]) -> list[Problem]:
        """Values not printed in the rulebooks, as notes at their positions."""
        ...


# The game a command works on when none is named (README: the Quick start's), unless the
# workspace's cardgen.toml names another (``default_game``).
DEFAULT_GAME = "briefcase"
# How help texts name it.
DEFAULT_GAME_HELP = f"{DEFAULT_GAME}, or the workspace's game setting"


def default_game() -> str:
    """The game a command works on when none is named: the workspace's ``game`` setting
    (cardgen.toml; ``cardgen init --from GAME`` writes it), else ``DEFAULT_GAME``."""
    from cardgen.workspace import current

    return current().default_game()

_MODULES = {"briefcase": "cardgen.games.briefcase", "fmnyc": "cardgen.games.fmnyc",
            "startup": "cardgen.games.startup"}


def registered_games() -> list[str]:
    return sorted(_MODULES)


def unknown_game(game: str, known: Iterable[str] | None = None, typed: bool = False) -> str:
    """What every command says of a name that is no game: the name, cut short (it may be a
    megabyte argument, which would push the list out of the line), and the games it knows
    (``known``; default: the registered ones). ``typed``: the name is one a person gave where
    the game goes, which may be a set (``_set_given_as_game`` says how to give it)."""
    names = sorted(known) if known is not None else registered_games()
    said = f"unknown game '{shorten(game)}'; known games: {', '.join(names)}"
    return said + _set_given_as_game(game) if typed else said


def _set_given_as_game(name: str) -> str:
    """What to say after ``unknown_game`` when the name given for the game is a set: a set file,
    or the id or name of one of a game's sets (``listings.set_called``). check-set takes its set
    as its argument, so 'cardgen simulate "My Set"' is a natural slip; it was told only that
    'My Set' is no game. Empty when the name is none of these (or the data cannot be read: the
    command that reads it says so)."""
    import os
    from pathlib import Path

    if not name or name.casefold() == "random":
        return ""
    if Path(name).suffix.lower() in (".yaml", ".yml") and os.path.isfile(name):
        return f"; {shorten(name)} is a file: a set file is given with --set {shorten(name)}"
    found = set_owner(name)
    return f"; '{shorten(name)}' is {found[1]}: give it with --set '{shorten(name)}'" if found else ""


def set_owner(name: str) -> tuple[str, str] | None:
    """(the game, what it is: "a Briefcase company set") when ``name`` is the id or name of one
    of a game's sets (``listings.set_called``); None otherwise, or when the data cannot be read
    (the command that reads it says so)."""
    for game in registered_games():
        set_called = getattr(game_module(game, "listings"), "set_called", None)
        try:
            what = set_called(name) if set_called else None
        except Exception:                    # data the command itself reports
            what = None
        if what:
            return game, what
    return None


def whose_set(name: str) -> str | None:
    """"NAME is a Briefcase company set: name its game, as in --game briefcase" when ``name``
    is a set of some game (``set_owner``), for a command that looked for it in a game without
    sets; else None."""
    owner = set_owner(name)
    if owner is None:
        return None
    from cardgen.problems import printable

    return f"{printable(name)} is {owner[1]}: name its game, as in --game {owner[0]}"


def sets_note(game: str) -> str | None:
    """What ``game`` takes in place of sets when it has none to list (``cardgen list GAME sets``,
    check-set GAME); None when it lists its sets."""
    module = game_module(game, "listings")
    if "sets" in getattr(module, "LISTINGS", {}):
        return None
    played_whole = f"{game} has no company sets (its box is always played whole)"
    return getattr(module, "SETS_NOTE", None) or played_whole


def files_read(game: str, set_name: str | None) -> list[Path]:
    """The data files a run of ``game`` with the set named ``set_name`` (None: the box) reads,
    as a game's ``load.files_read`` says (Briefcase leaves out its other set files); else all
    its data files."""
    read = getattr(game_module(game, "load"), "files_read", None)
    return read(set_name) if read is not None else game_files(game)


def game_rules(game: str) -> GameRules:
    return importlib.import_module(_MODULES[game]).RULES


def game_module(game: str, part: str) -> ModuleType | None:
    """A game's optional module ``part`` (``cards``, ``inserts``, ``texts``, ``simulation``),
    or None when the game has none; KeyError for an unknown game."""
    name = f"{_MODULES[game]}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but imports something missing: a real error
        return None


def simulator_ref(game: str) -> str:
    """Where a game's simulator lives, as "module:attribute" (what worker processes import)."""
    return f"{_MODULES[game]}.simulation:SIMULATOR"


def game_simulator(game: str) -> Simulator:
    """The game's simulator; KeyError for an unknown game, LookupError if it has none."""
    module = game_module(game, "simulation")
    if module is None:
        raise LookupError(f"{game} has no simulator")
    return module.SIMULATOR
