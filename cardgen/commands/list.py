"""``cardgen list``: what a game holds (companies, sets, bots, languages, cards, effects), so a set
designer need not read the YAML to know what there is to choose from and where it comes from."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection
from enum import StrEnum
from typing import Any

import typer

from cardgen.commands import data_failed, data_problems, default_bot, fail, game_option, pick_game
from cardgen.data.schema import did_you_mean
from cardgen.games import DEFAULT_GAME_HELP, default_game, set_owner
from cardgen.listing import Listing, NotListed, where_defined
from cardgen.output import json_bytes
from cardgen.problems import DataError, plural, printable  # shared: everything cardgen prints


class Format(StrEnum):
    text = "text"
    json = "json"


def _bots(game: str) -> Listing:
    from cardgen.games import game_simulator

    try:
        bots = list(game_simulator(game).bots)
    except LookupError:
        raise NotListed(f"{game} has no simulator, so no bots") from None
    chosen = default_bot(bots)
    rows = [{"name": b, "default": b == chosen} for b in bots]
    return Listing(rows, ["bot", "default"], [[r["name"], "yes" if r["default"] else ""] for r in rows],
                   summary=f"simulator bots for --bots (default: {chosen})")


def _languages(game: str) -> Listing:
    from cardgen.i18n import catalog as cat
    from cardgen.i18n import languages
    from cardgen.i18n.messages import SOURCE_LANGUAGE

    rows: list[dict[str, Any]] = [{"language": SOURCE_LANGUAGE, "name": "English", "source": True,
                                   "origin": None, "file": None, "translated_percent": 100.0,
                                   "problem": None}]
    from cardgen.i18n.sources import NoTexts, UnknownGame, game_messages
    from cardgen.problems import DataError

    try:                # the texts printed now: one the catalog lacks counts as untranslated
        sources: dict[str, str] | None = {m.context: m.source for m in game_messages(game)}
    except (DataError, NoTexts, UnknownGame):
        sources = None            # the data's own problems are listed elsewhere (validate)
    for lang in cat.available_languages(game):
        path = cat.po_path(game, lang)
        origin, file = where_defined(path)
        name = languages.english_name(lang)
        percent, problem = None, None
        try:
            cat.resolve_language(game, lang)      # de.po beside DE.po: one language, two catalogs
            po = cat.read_catalog(path)
            percent = round(cat.stats(po, lang, sources).percent, 1)
            name = name or po.metadata.get("Language-Team", "")
        except cat.CatalogError as exc:
            # One broken catalog should not hide the others; 'cardgen i18n check' says more.
            problem = exc.problem.format()
        except cat.UnknownLanguage as exc:
            problem = str(exc)
        rows.append({"language": lang, "name": name, "source": False, "origin": origin, "file": file,
                     "translated_percent": percent, "problem": problem})

    def translated(r: dict[str, Any]) -> str:
        if r["source"]:
            return "source"
        if r["problem"] is not None:
            return "unreadable (cardgen i18n check)"
        return f"{r['translated_percent']:.1f}%"

    return Listing(rows, ["language", "name", "translated", "origin", "file"],
                   [[r["language"], r["name"], translated(r), r["origin"], r["file"]] for r in rows],
                   {"translated"}, f"languages for --lang ({SOURCE_LANGUAGE}, the source, and "
                   f"{plural(len(rows) - 1, 'catalog') if len(rows) > 1 else 'no catalogs'})")


def _cards(game: str) -> Listing:
    from cardgen.i18n.messages import Message
    from cardgen.render.pipeline import card_module

    try:
        module = card_module(game)
    except LookupError:
        raise NotListed(f"{game} has no printable cards") from None
    try:
        specs = module.card_list(module.select())
    except ValueError as exc:                  # SelectionError: the data allows no box
        raise NotListed(str(exc)) from None
    rows = []
    for spec in specs:
        # A Free Market: NYC Career card's name is its title (the Heir): listed as "-", the 30
        # Career cards could be told apart only by their ids.
        name = spec.front.fields.get("name") or spec.front.fields.get("title")
        rows.append({"id": spec.id, "count": spec.count, "deck": spec.deck,
                     "name": name.source if isinstance(name, Message) else None})
    total = sum(r["count"] for r in rows)
    return Listing(rows, ["card", "count", "deck", "name"],
                   [[r["id"], r["count"], r["deck"], r["name"]] for r in rows], {"count"},
                   f"printable cards, what 'cardgen preview CARD' takes ({total} cards in the box)")


def _effects(game: str) -> Listing:
    from cardgen.data.effects import VOCABULARIES, effect_table, has_vocabulary

    if not has_vocabulary(game):
        raise NotListed(f"{game} has no effect vocabulary")
    try:
        table = effect_table(game)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise NotListed(f"the {game} schema does not describe its effects as expected: {exc}") from None
    rows: list[list[Any]] = []
    for effect in table:
        # One line per parameter, so each type reads whole; the kind and example on its first.
        lines = [[p.name, "yes" if p.required else "no", p.describe()] for p in effect.params]
        for i, line in enumerate(lines or [["", "", ""]]):
            rows.append(([effect.kind, effect.example] if i == 0 else ["", ""]) + line)
    common = VOCABULARIES[game].common
    also = f"; every effect also takes {', '.join(common)}" if common else ""
    return Listing([e.as_json() for e in table], ["effect", "example", "parameter", "required", "type"], rows,
                   summary=f"effect kinds abilities are written with, and their parameters (from the "
                   f"schema){also}")


def _game_listing(what: str) -> Callable[[str], Listing]:
    """A listing only some games have, from their ``listings`` module."""
    def build(game: str) -> Listing:
        from cardgen.games import game_module, sets_note

        own = getattr(game_module(game, "listings"), "LISTINGS", {})
        if what in own:
            return own[what]()
        if what == "sets":
            raise NotListed(sets_note(game))
        raise NotListed(f"{game} has no {what}; its cards and their counts: cardgen list {game} cards")

    return build


LISTINGS: dict[str, Callable[[str], Listing]] = {
    "companies": _game_listing("companies"), "sets": _game_listing("sets"), "bots": _bots,
    "languages": _languages, "cards": _cards, "effects": _effects,
}


# -- output ----------------------------------------------------------------------------------


def _width(text: str) -> int:
    """Columns a text takes in a terminal: wide East Asian characters take two, combining
    marks none."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def _shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else ""
    return printable(str(value))


def table_lines(headers: list[str], rows: list[list[Any]], right: Collection[str] = ()) -> list[str]:
    """Rows as plain aligned columns, two spaces apart, numbers aligned right."""
    cells = [headers] + [[_shown(v) for v in row] for row in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for row in cells:
        parts = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - _width(cell))
            parts.append(pad + cell if headers[i] in right else cell + pad)
        lines.append("  ".join(parts).rstrip())
    return lines


def _emit_json(data: list[dict[str, Any]]) -> None:
    # Bytes, so the output is UTF-8 whatever the terminal's encoding; json escapes control
    # characters itself (strict JSON: no NaN either).
    typer.echo(json_bytes(data), nl=False)


def _report(exc: DataError) -> typer.Exit:
    return data_failed(exc)


def _overview(game: str) -> tuple[list[dict[str, Any]], list[str]]:
    data, notes = [], []
    for what, build in LISTINGS.items():
        try:
            listing = build(game)
        except NotListed:
            continue                           # not part of this game: not offered
        except DataError as exc:
            notes.append(f"{what}: cannot be listed until the data is fixed ({exc}); see cardgen validate")
            data.append({"what": what, "count": None, "description": "data has problems"})
            continue
        data.append({"what": what, "count": len(listing.data), "description": listing.summary})
    return data, notes


# -- the command -----------------------------------------------------------------------------

def _choose(first: str | None, second: str | None) -> tuple[str, str | None]:
    """(game, listing) from the arguments; GAME may be left out (``cardgen list companies``)."""
    from cardgen.games import registered_games

    games = registered_games()
    whats = list(LISTINGS)
    listed = f"games: {', '.join(games)}; listings: {', '.join(whats)}"
    if first is None:
        return default_game(), None
    if first in games:
        if second is not None and second not in LISTINGS:
            raise fail(f"unknown listing '{printable(second)}'{did_you_mean(second, whats)}; "
                       f"listings: {', '.join(whats)}")
        return first, second
    if first in LISTINGS and second is None:
        return default_game(), first
    if first in LISTINGS:
        raise fail(f"'{first}' is not a game: the game comes first (cardgen list [GAME] [WHAT]); {listed}")
    what = "game" if second is not None else "game or listing"
    found = set_owner(first)
    hint = f"; '{printable(first)}' is {found[1]}: cardgen list {found[0]} sets lists them" if found else ""
    raise fail(f"unknown {what} '{printable(first)}'{did_you_mean(first, games + whats)}; {listed}{hint}")


def register(app: typer.Typer) -> None:
    @app.command("list")
    def list_command(
        game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                   help=f"The game (default: {DEFAULT_GAME_HELP}); may be left out."),
        what: str = typer.Argument(None, metavar="WHAT", show_default=False,
                                   help=f"What to list: {', '.join(LISTINGS)} (default: an overview "
                                   "of these, with counts)."),
        game_opt: str = game_option(),
        format: Format = typer.Option(Format.text, "--format", help="text: aligned columns; json: a "
                                      "list of objects (UTF-8), for scripts."),
    ) -> None:
        """List what a game holds, without reading its YAML.

        companies (with where each is defined: shipped, or your workspace's files and sets),
        sets (for --set), bots (for --bots), languages (for --lang), cards (for preview) and
        effects (the ability vocabulary, from the schema). Exit code 0 when listed, 1 when the
        data has problems, 2 on a usage error or a listing the game does not have.

        Example: cardgen list briefcase effects
        """
        from cardgen.workspace import announce

        if game_opt is not None and what is None and game is not None:
            from cardgen.games import registered_games

            if game not in registered_games():     # cardgen list -g startup bots
                game, what = None, game
        game = pick_game(game, game_opt, False)
        chosen, listing_name = _choose(game, what) if game is not None else _choose(what, None)
        if listing_name is None:
            data, notes = _overview(chosen)
            if format is Format.json:
                _emit_json(data)
            else:
                for line in table_lines(["what", "count", "about"],
                                        [[d["what"], d["count"], d["description"]] for d in data], {"count"}):
                    typer.echo(line)
                typer.echo(f"list one: cardgen list {chosen} WHAT (--format json for scripts)")
            for note in notes:
                typer.echo(printable(note), err=True)
            announce(chosen)
            if notes:           # what could be listed is shown; the data still has problems
                raise fail(data_problems(), 1)
            return
        try:
            listing = LISTINGS[listing_name](chosen)
        except NotListed as exc:
            raise fail(printable(str(exc))) from None
        except DataError as exc:
            raise _report(exc) from None
        if format is Format.json:
            _emit_json(listing.data)
        else:
            for line in table_lines(listing.headers, listing.rows, listing.right):
                typer.echo(line)
        announce(chosen)
