"""``cardgen init``: make a workspace, either an overlay on the shipped games or a full copy of one."""

from __future__ import annotations

from pathlib import Path

import typer

from cardgen.commands import fail, folder_to_write
from cardgen.games import registered_games
from cardgen.output import OutputError, folder_obstacle, write_all_atomic
from cardgen.paths import display_path
from cardgen.safe_read import resolved
from cardgen.workspace import CONFIG, data_top, is_workspace, library_root, shown_folder

CONFIG_TEXT = """\
# A cardgen workspace: every cardgen command run in this folder (or below it) works on the game
# data here. Files you do not have here come from the games shipped with cardgen, so a file of
# yours replaces the shipped file of the same path (cards/briefcase/companies.yaml, ...), and a
# new file adds to it (a company set, a catalog cards/briefcase/locale/de.po).
#
# Settings (all optional):
# output = "output"      # folder for build, export, preview and tune files (and the logs of
#                        # stalled simulated games), relative to this file
# game = "briefcase"     # the game a command works on when none is named ({games})
""".format(games=", ".join(registered_games()))

OVERLAY_SET = """\
# Your own Briefcase company set: eight 1st-level and six 2nd-level companies, by name or id.
# Simulate it:  cardgen simulate --set "My Set"       Judge it:  cardgen check-set "My Set"
# Print it:     cardgen build --set "My Set"          Check it:  cardgen validate
# Play it:      cardgen play --set "My Set" --seats you,expert   (you against the expert bot)
# New companies use the same fields as the shipped companies (see 'cardgen list companies');
# their abilities are effects from a closed vocabulary ('cardgen list effects'), so they play
# in the simulator without code. Values you made up go under `authored:`.
game: briefcase
kind: company-set
id: my_set
name: My Set
companies: [Newspaper, Steel Factory, University, Paper Mill, Warehouses, Logistics Company,
            Shopping Mall, Startup Incubator,
            Bank, Consulting Firm, High-Tech Company, Import Company, Media Company, Theme Parks]
new_companies:
  - id: startup_incubator
    name: Startup Incubator
    level: 1
    cost: 2
    vp: 1
    activation: {personnel: 1, paper: 1}
    production: {buy: 1}
    copies: {2: 2, 3: 3, 4: 4}
    ability:
      effect: resource_as
      as: steel
      from: any
      per_turn: 1
      text: "Once per turn a player may use any resource as {steel}."
    authored: [cost, vp, activation, production, copies]
"""

# Every game cardgen ships can be copied into a workspace to edit.
SHIPPED = tuple(registered_games())


def _shipped_words() -> str:
    return f"{', '.join(SHIPPED[:-1])} or {SHIPPED[-1]}" if len(SHIPPED) > 1 else SHIPPED[0]


def _copy_of(game: str) -> dict[Path, bytes]:
    """Every data, catalog and layout file of a shipped game, by path in the workspace."""
    library = library_root()
    files: dict[Path, bytes] = {}
    for top in ("cards", "templates"):
        folder = library / top / game
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                files[path.relative_to(library)] = path.read_bytes()
    return files


def plan(source: str | None) -> dict[Path, bytes]:
    """The files a new workspace gets: relative path -> content."""
    config = CONFIG_TEXT
    if source is not None:
        # A copy of one game: its commands are that game's without naming it ('cardgen build').
        config += f'\ngame = "{source}"\n'
    files = {Path(CONFIG): config.encode()}
    if source is None:
        files[Path("cards", "briefcase", "my-set.yaml")] = OVERLAY_SET.encode()
    else:
        files.update(_copy_of(source))
    return files


def register(app: typer.Typer) -> None:
    @app.command(short_help="Make a workspace: your own folder of game data.")
    def init(
        folder: Path = typer.Argument(".", metavar="DIR", parser=folder_to_write,
                                      help="The folder to make a workspace of (made if missing)."),
        source: str = typer.Option(None, "--from", "--game", "-g", metavar="GAME",
                                   help="Copy a shipped game to edit "
                                   f"({_shipped_words()}); default: an overlay with an example "
                                   "company set, taking everything else from the shipped games."),
    ) -> None:
        """Make a workspace: a folder of game data that every command then works on.

        Never overwrites a file: if any file it would write exists, it writes nothing.
        Exit code 0 when made, 1 when it cannot be written, 2 on a usage error.

        Example: cardgen init mygame --from briefcase
        """
        if source is not None and source not in SHIPPED:
            raise fail(f"unknown game '{source}'; --from takes {_shipped_words()}")
        target = resolved(folder)          # a link loop is refused below, as the write sees it
        package = Path(__file__).resolve().parents[1]
        if package in (target, *target.parents):       # the shipped games are read-only
            raise fail("a workspace cannot be made inside the installed cardgen package; "
                       "choose a folder of your own")
        # Not inside the game data of a workspace around it (init cards/briefcase/sub there): its
        # cardgen.toml and set file were read back as that workspace's data, and its validate
        # failed on a second 'My Set'.
        around = next((f for f in target.parents if is_workspace(f)), None)
        top = data_top(around, target) if around is not None else None
        if top is not None:
            raise fail(f"cannot make a workspace in {display_path(target)}: it is in the {top}/ "
                       f"folder of the workspace {shown_folder(around)}, which cardgen reads as game "
                       "data; choose a folder outside it")
        why = folder_obstacle(target)       # as every write checks its folder
        if why is not None:
            raise fail(why, 1)
        files = plan(source)
        existing = [rel for rel in files if (target / rel).exists() or (target / rel).is_symlink()]
        if existing:
            raise fail(f"{display_path(target / existing[0])} already exists; nothing written "
                       f"(init never overwrites)", 1)
        try:
            write_all_atomic([(target / rel, data) for rel, data in files.items()])
        except OutputError as exc:
            raise fail(str(exc), 1) from None
        what = f"a copy of {source}" if source else "an overlay on the shipped games"
        typer.echo(f"made a workspace in {display_path(target)}: {what}, {len(files)} files")
        if source is None:
            typer.echo("  your company set: cards/briefcase/my-set.yaml (try: cardgen simulate --set "
                       "\"My Set\")")
        else:
            typer.echo(f"  edit cards/{source}/ and templates/{source}/, then: cardgen validate, "
                       f"cardgen build (here the game when none is named is {source}: "
                       f"game = \"{source}\" in {CONFIG})")
