"""``cardgen validate``: schema and meaning checks of game data, every problem at its place."""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple

import typer

from cardgen.commands import fail, game_option, pick_game
from cardgen.data.documents import Document, expand_paths, read_document
from cardgen.games import game_module, game_rules, registered_games, unknown_game
from cardgen.paths import YAML_SUFFIXES, display_path, game_data_files, game_names, template_file
from cardgen.problems import Problem, plural, problems_to_json
from cardgen.safe_read import find_files, resolved
from cardgen.workspace import announce, current


class Format(StrEnum):
    text = "text"
    json = "json"


def _by_game(docs: list[Document]) -> dict[str, list[Document]]:
    """The documents of each game that cardgen has rules for, games in name order. A game with
    schemas but no rules module (a designer's own, under CARDGEN_HOME) is left out: it is
    checked against its schemas only."""
    by_game: dict[str, list[Document]] = defaultdict(list)
    for doc in docs:
        if doc.game in registered_games():
            by_game[doc.game].append(doc)
    return dict(sorted(by_game.items()))


class Checked(NamedTuple):
    """What ``validate_paths`` found and read."""

    problems: list[Problem]
    docs: list[Document]
    templates: list[Path]


def template_checks(game: str) -> dict[str, Callable[[Path], list[Problem]]]:
    """The YAML files of ``templates/<game>/`` that cardgen reads, by name, each with its check:
    every game's card layouts (``cards.yaml``) and what the game's ``cards`` module adds
    (``TEMPLATE_CHECKS``: a board, characters)."""
    from cardgen.render.layouts import layout_problems

    checks: dict[str, Callable[[Path], list[Problem]]] = {
        "cards.yaml": lambda path: layout_problems(game, path)}
    checks.update(getattr(game_module(game, "cards"), "TEMPLATE_CHECKS", {}))
    return checks


def _template_game(path: Path) -> str | None:
    """The game whose templates ``path`` is among (a file under ``templates/<game>/``), or None:
    such a file is a layout, not game data, and has no game key."""
    parts = Path(os.path.abspath(path)).parts
    for i in range(len(parts) - 2, 0, -1):
        if parts[i - 1] == "templates" and parts[i] in registered_games():
            return parts[i]
        if parts[i] == "cards":     # the nearest of the two decides: cards/<game>/ is data
            return None
    return None


INSERT_SUFFIX = ".yaml.j2"      # a rulebook insert's template: templates/<game>/inserts/<name>.yaml.j2


class _PrintChecks:
    """What build refuses in a game's cards and inserts, as validate reports it, each game's box
    prepared once a validate run (``pipeline.english_box``: its data loaded and checked) for its
    faces' check and its inserts' (every template rendered and laid out), which is made once for
    all its insert templates."""

    def __init__(self) -> None:
        self._boxes: dict[str, Any] = {}
        self._inserts: dict[str, list[Problem]] = {}

    def _box(self, game: str) -> Any:
        from cardgen.render.pipeline import english_box

        if game not in self._boxes:
            self._boxes[game] = english_box(game)
        return self._boxes[game]

    def faces(self, game: str) -> list[Problem]:
        from cardgen.render.pipeline import layout_face_problems

        box = self._box(game)
        return layout_face_problems(game, box) if box is not None else []

    def english_fit(self, game: str, docs: list[Document]) -> list[Problem]:
        """The game's English texts that do not fit their cards, those of the set files among
        ``docs`` (a custom set or Career file named alone) included."""
        from cardgen.i18n.fit import english_fit_problems

        if self._box(game) is None:
            return []
        data = {resolved(p) for p in game_data_files(game)}
        return english_fit_problems(game, [d for d in docs if resolved(d.path) not in data])

    def inserts(self, game: str) -> list[Problem]:
        from cardgen.render.pipeline import insert_problems

        if game not in self._inserts:
            box = self._box(game)
            self._inserts[game] = insert_problems(box) if box is not None else []
        return self._inserts[game]

    def of_template(self, game: str, path: Path) -> list[Problem]:
        """The problems of the insert template ``path``; a warning when it is not one the game
        reads (a misnamed template changes nothing printed)."""
        names = getattr(game_module(game, "inserts"), "TEMPLATES", ())
        name = path.name.removesuffix(INSERT_SUFFIX)
        if name not in names or resolved(template_file(game, "inserts", path.name)) != resolved(path):
            listed = ", ".join(f"{n}{INSERT_SUFFIX}" for n in names) or "none"
            return [Problem(display_path(path), 1, 1, "template-unknown",
                            f"cardgen reads no such {game} insert template; the ones it reads in "
                            f"templates/{game}/inserts/ are {listed}", "warning")]
        own = {display_path(path), display_path(template_file(game, "inserts"))}
        return [p for p in self.inserts(game) if p.path in own]


def _template_problems(game: str, path: Path, printing: _PrintChecks) -> list[Problem]:
    """``path``'s problems as one of ``game``'s templates; a warning for a YAML file there that
    cardgen does not read (a misnamed layout changes nothing printed)."""
    if path.name.endswith(INSERT_SUFFIX) and path.parent.name == "inserts" \
            and path.parent.parent.name == game:
        return printing.of_template(game, path)
    checks = template_checks(game)
    check = checks.get(path.name) if path.parent.name == game else None
    if check is not None:
        return check(path)
    return [Problem(display_path(path), 1, 1, "template-unknown",
                    f"cardgen reads no such {game} template; the YAML files it reads in templates/{game}/ "
                    f"are {', '.join(sorted(checks))}", "warning")]


def validate_paths(paths: list[Path]) -> Checked:
    """Every problem in the given files (schema first; meaning checks for each game whose
    files all pass their schema, once every file could be read: a file that cannot be read
    may be any game's, and the checks would report what it holds as missing), the documents
    that were read, and the template files checked (a file under ``templates/<game>/``: card
    layouts, a board, characters). Each game with data among the files has its templates
    checked too."""
    files, problems = expand_paths(paths, (INSERT_SUFFIX,))
    docs: list[Document] = []
    templates: list[Path] = []
    # each template file's problems, by its resolved path: one named among the files is the one
    # its game's check below would read again
    checked: dict[Path, list[Problem]] = {}
    failed_games: set[str] = set()
    unread = False
    printing = _PrintChecks()
    template_games: dict[str, list[Problem]] = {}     # games with templates among the files
    for path in files:
        game = _template_game(path)
        if game is None and path.name.endswith(INSERT_SUFFIX):
            continue                        # an insert template elsewhere is nothing cardgen reads
        if game is not None:
            found = checked[resolved(path)] = _template_problems(game, path, printing)
            problems.extend(found)
            templates.append(path)
            template_games.setdefault(game, []).extend(found)
            continue
        doc, found = read_document(path)
        problems.extend(found)
        if doc is None:
            unread = unread or bool(found)
            continue
        if found:
            failed_games.add(doc.game)
        docs.append(doc)
    for game, game_docs in _by_game(docs).items():
        data_ok = game not in failed_games and not unread
        if data_ok:
            found = game_rules(game).check(game_docs)
            problems.extend(found)
            data_ok = not any(p.severity == "error" for p in found)
        # the game's templates too: a misspelt layout key would otherwise only show as a
        # panel missing from the printed cards, a broken board as a build that fails
        layout_ok = True
        for name, check in template_checks(game).items():
            path = template_file(game, name)
            if os.path.lexists(path):       # a broken link is the user's file, and read as one
                found = checked.get(resolved(path))
                if found is None:
                    found = check(path)
                    problems.extend(found)
                layout_ok = layout_ok and not any(p.severity == "error" for p in found)
        if data_ok and layout_ok:
            # and what build checks of them on every card before drawing (a field the cards do
            # not have, a colour, icon or label the game lacks): the cards come from the data;
            # and of the rulebook inserts, laid out as build lays them out
            faces = printing.faces(game)
            problems.extend(faces)
            if not any(p.severity == "error" for p in faces):   # (the texts laid out in those layouts)
                problems.extend(printing.english_fit(game, game_docs))
            problems.extend(printing.inserts(game))
    for game, found in template_games.items():
        # A game with templates and no data among the files: its cards (from the data build
        # reads) drawn with them, once they pass (the insert templates were laid out above).
        if game not in _by_game(docs) and not any(p.severity == "error" for p in found):
            problems.extend(printing.faces(game))
    return Checked(sorted(set(problems)), docs, templates)


def default_targets() -> list[Path]:
    """The workspace's own cards/ folder; the shipped games' when there is no workspace, or when
    the workspace has no data file of its own (a translator's holds only catalogs): its games'
    data are then the shipped ones, which every other command reads. (Plain validate there
    ended 'cards:1:1: error[file-none]: directory holds no .yaml files'.) And the workspace's
    templates/ folder, when it has one: a template of its own is read by build whatever data
    the workspace holds, so plain validate checks it as ``cardgen validate .`` does."""
    ws = current()
    targets = [ws.library / "cards"]
    own = ws.root / "cards" if ws.root is not None else None
    if own is not None and own.is_dir():
        found = find_files(own, YAML_SUFFIXES)
        if found.files or found.refused is not None:    # a refusal is reported as it is
            targets = [own]
    templates = ws.root / "templates" if ws.root is not None else None
    if templates is not None and templates.is_dir() and not templates.is_symlink():
        found = find_files(templates, (*YAML_SUFFIXES, INSERT_SUFFIX))
        if found.files or found.refused is not None:    # (pictures alone: nothing to check)
            targets.append(templates)
    return targets


def _targets(paths: list[Path]) -> list[Path]:
    """The paths to check: a name that is no file or folder here but a game's (``cardgen
    validate briefcase``, as the other commands name a game) stands for that game's data files
    as the tool reads them (the workspace's replacing the shipped ones of the same name)."""
    games = set(game_names())
    targets: list[Path] = []
    for path in paths:
        if str(path) in games and not os.path.lexists(path):
            targets.extend(game_data_files(str(path)) or [path])
        else:
            targets.append(path)
    return targets


def register(app: typer.Typer) -> None:
    @app.command()
    def validate(
        paths: list[Path] = typer.Argument(None, metavar="PATH", help="Files or folders to check, "
                                           "or a game's name (default: all game data of the "
                                           "workspace)."),
        format: Format = typer.Option(Format.text, "--format", help="text, or json for editors."),
        provenance: bool = typer.Option(False, "--provenance",
                                        help="Also list every authored value (not printed in "
                                        "the rulebooks) so it can be checked against the cards."),
        game_opt: str = game_option("The game whose data to check, as its name given as a PATH "
                                    "(a game named as a PATH too must be the same)."),
    ) -> None:
        """Check game data against its schemas and the game's rules.

        A folder is searched for .yaml files (and insert templates, .yaml.j2, under
        templates/GAME/inserts/), passing over hidden ones (.git, .github,
        .pre-commit-config.yaml), without following links to folders and without entering
        /proc, /sys or /dev; one holding more than 250,000 files and folders, or nested
        more than 64 levels deep, is refused (name the folder of the game data instead).
        A file under templates/GAME/ is checked as the template it is (card layouts, a board,
        characters, an insert: rendered and laid out as build does), not as game data.

        Exit code 0 when valid, 1 when a problem was found, 2 on a usage error.

        A PATH that is no file or folder but a game's name (cardgen validate briefcase) checks
        that game's data; so does --game GAME (-g).

        Example: cardgen validate cards/briefcase/my-set.yaml --format json
        """
        games = set(game_names())
        if game_opt is not None:
            if game_opt not in games:
                raise fail(unknown_game(game_opt, games))
            for path in paths or []:
                if str(path) in games and not os.path.lexists(path):
                    pick_game(str(path), game_opt, False)    # both, differently: one error line
        announce()
        targets = _targets(list(paths or []))
        if game_opt is not None:      # the game's files as a game name given as a PATH stands for
            targets.extend(p for p in game_data_files(game_opt) or [Path(game_opt)] if p not in targets)
        elif not targets:
            targets = default_targets()
        problems, docs, templates = validate_paths(targets)
        notes: list[Problem] = []
        if provenance:
            for game, game_docs in _by_game(docs).items():
                notes.extend(game_rules(game).authored_values(game_docs))
        errors = [p for p in problems if p.severity == "error"]
        if format is Format.json:
            typer.echo(problems_to_json(problems + notes), nl=False)
        else:
            for p in problems + notes:
                typer.echo(p.format())
            files = len({d.path for d in docs} | set(templates))
            # Warnings are counted too: an error and a warning above read "1 problem found.",
            # and warnings alone "2 files valid.", as if the lines above were not there.
            warned = sum(1 for p in problems if p.severity == "warning")
            warnings = plural(warned, "warning") if warned else ""
            if errors:
                print(f"{plural(len(errors), 'problem')} found"
                      f"{f', and {warnings}' if warnings else ''}.", file=sys.stderr)
            else:
                extra = f"; {len(notes)} authored values listed" if provenance else ""
                print(f"{plural(files, 'file')} valid{f', with {warnings}' if warnings else ''}"
                      f"{extra}.", file=sys.stderr)
        raise typer.Exit(1 if errors else 0)
