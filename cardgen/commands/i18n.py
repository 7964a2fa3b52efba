"""``cardgen i18n``: translation catalogs of the card texts (extract, update, stats, check)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

import polib
import typer

from cardgen.commands import data_failed, fail, game_option, pick_game
from cardgen.i18n import catalog as cat
from cardgen.i18n.checks import check_catalog, msgfmt_problems, msgstr_lines
from cardgen.i18n.fit import can_fit, fit_problems
from cardgen.i18n.messages import SOURCE_LANGUAGE, Message
from cardgen.i18n.sources import NoTexts, UnknownGame, game_messages, translatable_games
from cardgen.output import OutputError, write_all_atomic
from cardgen.paths import display_path, game_names
from cardgen.problems import (
    SHIPPED_MARK,
    DataError,
    Problem,
    mentions_shipped,
    plural,
    printable,
    problems_to_json,
    shorten,
)
from cardgen.render.icon_tokens import icon_names
from cardgen.workspace import WorkspaceError, announce, current

app = typer.Typer(help="Translate the printed texts: gettext catalogs per language.",
                  no_args_is_help=True)


class Format(StrEnum):
    text = "text"
    json = "json"


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn the errors a user can cause into one clear line (or the problems at their places)
    and a non-zero exit."""
    try:
        yield
    except (UnknownGame, NoTexts, cat.UnknownLanguage) as exc:
        raise fail(str(exc.args[0])) from None
    except cat.CatalogError as exc:
        print(exc.problem.format(), file=sys.stderr)
        raise typer.Exit(1) from None
    except (OutputError, WorkspaceError) as exc:
        raise fail(str(exc), 1) from None
    except DataError as exc:
        raise data_failed(exc) from None


def _games(game: str | None, writing: bool = False) -> list[str]:
    """The games a command works on: the one named, or every game with printed texts. A command
    that writes catalogs (``writing``) and is given no game works on the games the workspace
    has data of its own for, if any: a Briefcase workspace gets no Free Market: NYC template."""
    if game is None:
        games = translatable_games()
        if writing:
            own = [g for g in games if current().yours(g)]
            return own or games
        return games
    if game not in translatable_games():
        with _user_errors():
            game_messages(game)  # raises the error that says why
    return [game]


def _languages(game: str, lang: list[str] | None, named: bool = True) -> list[str]:
    """The languages of ``game`` to work on: every one it has, or those asked for. A language
    the game lacks is an error when the game was ``named``; when every game is meant, only the
    games that have it are (``_every_language_found`` then checks that some game has it)."""
    if not lang:
        return cat.available_languages(game)
    # Each language once, however often and in whatever case it is named: --lang el --lang EL
    # checked the catalog twice, every problem said twice, and update refused to write it twice.
    if named:
        with _user_errors():
            return list(dict.fromkeys(cat.resolve_language(game, code) for code in lang))
    found = []
    for code in lang:
        try:
            found.append(cat.resolve_language(game, code))
        except cat.UnknownLanguage:
            pass
    return list(dict.fromkeys(found))


def _every_language_found(lang: list[str] | None, games: list[str]) -> None:
    """With no game named, each language asked for must be some game's."""
    for code in lang or []:
        if not any(_languages(g, [code], named=False) for g in games):
            raise fail(f"no game has a translation for language {code!r}; "
                       f"see cardgen i18n stats for the languages of each game")


def _extract(game: str) -> polib.POFile:
    with _user_errors():
        pot = cat.build_template(game)
    with _user_errors():
        path = cat.writable_path(game, f"{game}.pot")
        cat.write_catalog(pot, path)
    print(f"{display_path(path)}: {len(pot)} messages", file=sys.stderr)
    return pot


@app.command()
def extract(game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                       help="Game (default: every game)."),
            game_opt: str = game_option()) -> None:
    """Write the template cards/<game>/locale/<game>.pot from the data, in the workspace.

    Example: cardgen i18n extract briefcase
    """
    game = pick_game(game, game_opt, False)
    for g in _games(game, writing=True):
        _extract(g)
    announce(game)


@dataclass
class _Update:
    """What ``update`` will write for one game, every catalog already read and merged, and the
    lines that say so once it is written."""

    files: list[tuple[Path, bytes]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)


def _plan_update(g: str, lang: list[str] | None) -> _Update:
    """Read, check and merge every catalog of ``g`` in memory; nothing is written here, so one
    unusable catalog stops the update before any file (the template included) changes."""
    plan = _Update()
    codes = _languages(g, lang)
    shipped = [code for code in codes if cat.is_shipped(cat.po_path(g, code))]
    with _user_errors():
        # A shipped catalog named with --lang is copied into the workspace and updated there
        # (the copy then replaces the shipped one); without a workspace, nothing is. Checked
        # first: the catalog is what the user named.
        copies = {code: cat.writable_path(g, f"{code}.po") for code in shipped} if lang else {}
        pot = cat.build_template(g)
        pot_path = cat.writable_path(g, f"{g}.pot")
        plan.files.append(cat.catalog_output(pot, pot_path))
    plan.said.append(f"{display_path(pot_path)}: {len(pot)} messages")
    # In cardgen's source checkout used as the workspace the shipped catalogs are the
    # workspace's own files: nothing is copied, and a named one is updated where it is.
    in_place = cat.workspace_is_library()
    for code in codes:
        path = cat.po_path(g, code)
        if code in shipped and not lang:
            shown = display_path(path)
            if in_place:
                plan.said.append(f"{shown}: a catalog cardgen ships, in this source checkout; left as "
                                 f"it is (name it with --lang {code} to update it here)")
                continue
            origin = "" if shown.startswith(SHIPPED_MARK) else "shipped with cardgen, "   # said once
            plan.said.append(f"{shown}: {origin}left as it is (name it "
                             f"with --lang {code} to copy it into the workspace)")
            continue
        with _user_errors():
            po = cat.read_catalog(path)
            path = copies[code] if code in shipped else path
        report = cat.merge(po, pot)
        # A catalog started before i18n init wrote Plural-Forms (or by hand) gets its language's.
        added = cat.complete_header(po, code)
        with _user_errors():
            plan.files.append(cat.catalog_output(po, path))
        copied = " (copied from the shipped catalog)" if code in shipped and not in_place else ""
        plan.said.append(f"{display_path(path)}: {report.summary}{copied}"
                         + (f"; header: added {added}" if added else ""))
    return plan


@app.command()
def update(
    game: str = typer.Argument(None, metavar="GAME", show_default=False, help="Game (default: every game)."),
    game_opt: str = game_option(),
    lang: list[str] = typer.Option(None, "--lang", "-l", metavar="LANG", help="Only this language "
                                   "(repeatable)."),
) -> None:
    """Extract the template, then merge it into each language's catalog.

    New texts come in untranslated; a translated text whose English changed becomes fuzzy and
    keeps the previous English (#|); texts no longer printed become obsolete (#~). All or
    nothing: every catalog is read and checked before the first file is written.

    Example: cardgen i18n update briefcase --lang de
    """
    game = pick_game(game, game_opt, False)
    plans = [_plan_update(g, lang) for g in _games(game, writing=True)]
    with _user_errors():
        write_all_atomic([f for plan in plans for f in plan.files])
    for plan in plans:
        for line in plan.said:
            mentions_shipped(line)
            print(line, file=sys.stderr)
    announce(game)


def _same_tag(a: str, b: str) -> bool:
    return a.replace("_", "-").casefold() == b.replace("_", "-").casefold()


@app.command()
def init(
    game: str = typer.Argument(None, metavar="GAME", show_default=False,
                               help="The game to translate (needed, here or as --game)."),
    lang: str = typer.Argument(None, metavar="LANG", show_default=False,
                               help="Language tag, such as de or pt-BR (needed)."),
    game_opt: str = game_option(),
) -> None:
    """Start a catalog for a new language, with every text untranslated. Both the game and the
    language are needed.

    Example: cardgen i18n init briefcase de
    """
    if game_opt is not None and lang is None:   # cardgen i18n init -g briefcase de
        game, lang = None, game
    game = pick_game(game, game_opt, False)
    if game is not None and lang is None and game not in game_names():
        # cardgen i18n init de: the language alone, read as the game, was answered "give the
        # language", which the user had just given.
        raise fail(f"give the game and the language: cardgen i18n init GAME LANG ({shorten(game)!r} "
                   f"is no game; games: {', '.join(translatable_games())})")
    if game is None or lang is None:
        raise fail(f"give the {'game' if game is None else 'language'}: cardgen i18n init GAME LANG")
    (g,) = _games(game)
    if not cat.is_language_tag(lang):
        raise fail(f"{shorten(lang)!r} is not a language tag (such as de, pt-BR or zh-Hant)")
    if _same_tag(lang, SOURCE_LANGUAGE):
        raise fail(f"{lang!r} is the source language of {g}: its texts are the game data itself")
    existing = [tag for tag in cat.available_languages(g) if _same_tag(tag, lang)]
    if existing:
        found = cat.po_path(g, existing[0])
        if cat.is_shipped(found):
            # A translator starting on a shipped language was given the installed file's path,
            # which is never written: the way to work on it is update's copy.
            raise fail(f"{g} ships a catalog for {existing[0]}; to translate it in your workspace, "
                       f"run `cardgen i18n update {g} --lang {existing[0]}` (it copies the catalog here)")
        if not found.is_file():          # a folder (or a pipe) of that name is no catalog
            raise fail(f"{display_path(found)} is not a file: {g}'s catalog for {existing[0]} goes "
                       "there; remove or rename it")
        raise fail(f"{g} already has a catalog for {existing[0]}: {display_path(found)}")
    with _user_errors():
        path = cat.writable_path(g, f"{lang}.po")   # refuses before anything is written
        pot = cat.build_template(g)
        pot_path = cat.writable_path(g, f"{g}.pot")
    po = cat.new_catalog(g, lang)
    report = cat.merge(po, pot)
    with _user_errors():
        # The template and the catalog together or neither: a catalog that cannot be written
        # left a fresh template behind, and the run said nothing had been written.
        write_all_atomic([cat.catalog_output(pot, pot_path), cat.catalog_output(po, path)])
    print(f"{display_path(pot_path)}: {len(pot)} messages", file=sys.stderr)
    print(f"{display_path(path)}: {report.summary}", file=sys.stderr)
    if "Plural-Forms" not in po.metadata:
        # msginit writes it from its table; cardgen's table lacks this language, so say what
        # the translator must add rather than leave the header silently incomplete.
        print(printable(f"note: cardgen does not know the plural forms of {shorten(lang)!r}: add its "
                        "line to the catalog's header, such as \"Plural-Forms: nplurals=2; "
                        "plural=(n != 1);\\n\" (gettext's manual, 'Plural forms', lists them)"),
              file=sys.stderr)
    announce(g)


@app.command()
def stats(game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                     help="Game (default: every game)."),
          game_opt: str = game_option()) -> None:
    """How complete each language is: translated, fuzzy, untranslated.

    Example: cardgen i18n stats
    """
    game = pick_game(game, game_opt, False)
    for g in _games(game):
        langs = cat.available_languages(g)
        if not langs:
            typer.echo(printable(f"{g}: no translations"))
            continue
        with _user_errors():
            sources = {m.context: m.source for m in game_messages(g)}
        # Every catalog is read before the table is printed: a broken one printed the heading
        # (and the languages before it) and then its error, a table cut short.
        rows = []
        for code in langs:
            with _user_errors():
                cat.resolve_language(g, code)     # de.po beside DE.po: one language, two catalogs
                po = cat.read_catalog(cat.po_path(g, code))
            rows.append(cat.stats(po, code, sources))
        typer.echo(f"{g}: {'language':<10} {'translated':>10} {'fuzzy':>6} {'untransl.':>9} "
                   f"{'percent':>8} {'obsolete':>8} {'to review':>9}")
        for s in rows:
            # game and language names are folder and file names: printed escaped
            typer.echo(printable(f"{g}: {s.lang:<10} {s.translated:>10} {s.fuzzy:>6} {s.untranslated:>9} "
                                 f"{s.percent:>7.1f}% {s.obsolete:>8} {s.machine:>9}"))
    print("'to review': translations written by cardgen's authors, not taken from a rulebook; "
          "a native speaker should check them.", file=sys.stderr)
    announce(game)


def check_language(game: str, code: str, messages: list[Message], fit: bool = True) -> list[Problem]:
    """Every problem of one language's catalog: gettext's validator, content, then fit."""
    path = cat.po_path(game, code)
    gettext = msgfmt_problems(path)
    if any(p.severity == "error" for p in gettext):
        return gettext  # the entries cannot be trusted to be what they seem
    try:
        po = cat.read_catalog(path)
        found = gettext + check_catalog(path, po, messages, icon_names(game),
                                        f"cardgen i18n update {game} --lang {code}")
        if fit and can_fit(game):
            with _user_errors():
                found += fit_problems(game, code, display_path(path), po, msgstr_lines(path, po))
    except cat.CatalogError as exc:        # the file changed (or vanished) while it was checked
        return [exc.problem]
    return found


@app.command()
def check(
    game: str = typer.Argument(None, metavar="GAME", show_default=False, help="Game (default: every game)."),
    game_opt: str = game_option(),
    lang: list[str] = typer.Option(None, "--lang", "-l", metavar="LANG", help="Only this language "
                                   "(repeatable)."),
    format: Format = typer.Option(Format.text, "--format", help="text, or json for editors."),
    fit: bool = typer.Option(True, "--fit/--no-fit", help="Also lay out every translation in its "
                             "card box in the real font (the slowest check)."),
) -> None:
    """Check the catalogs for anything that would misprint a card.

    Reports missing and fuzzy texts, lost icon tokens, changed numbers, markup, missing glyphs
    and texts that do not fit their box.

    Exit code 0 when every catalog is usable, 1 when a problem was found, 2 on a usage error.

    Example: cardgen i18n check briefcase --lang zh-Hant
    """
    problems: list[Problem] = []
    checked = 0
    game = pick_game(game, game_opt, False)
    games = _games(game)
    if game is None:
        _every_language_found(lang, games)
    for g in games:
        if not lang:
            problems.extend(Problem(display_path(path), 1, 1, "i18n-file", "the file name is no language "
                                    "tag (such as de.po, pt-BR.po or zh-Hant.po): no command reads it")
                            for path in cat.misnamed_catalogs(g))
        codes = _languages(g, lang, named=game is not None)
        if not codes:
            continue
        with _user_errors():
            messages = game_messages(g)
        for code in codes:
            problems.extend(check_language(g, code, messages, fit))
            checked += 1
    if format is Format.json:
        typer.echo(problems_to_json(problems), nl=False)
    else:
        for p in problems:
            typer.echo(p.format())
    errors = [p for p in problems if p.severity == "error"]
    announce(game)
    if errors:
        print(f"{plural(len(errors), 'problem')} found.", file=sys.stderr)
    else:
        print(f"{plural(checked, 'catalog')} checked, no problems.", file=sys.stderr)
    raise typer.Exit(1 if errors else 0)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="i18n")
