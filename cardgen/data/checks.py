"""Shared machinery for a game's meaning checks (what a schema cannot say).

A game lists its checks in a ``CheckList``; each check is a function of a ``CheckContext`` that
yields problems. The context holds the documents given to ``cardgen validate`` and fills in the
shipped data for kinds the user did not pass, so a custom set file alone is checked against the
shipped cards. Provenance ("fact or authored?"), ruling references and icon tokens work the
same in every game and live here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from cardgen.data.documents import Document, checked_once, game_files, read_documents
from cardgen.data.schema import did_you_mean
from cardgen.paths import display_path
from cardgen.problems import CONTROL, SHIPPED_MARK, UNLAID, DataError, Problem, shorten, unprinted
from cardgen.render.icon_tokens import icon_names, unknown_tokens
from cardgen.render.layouts import LayoutError
from cardgen.safe_read import resolved
from cardgen.workspace import current


class CheckContext:
    """The documents of one check run: those given, and the game's own files of the kinds in
    ``needed_kinds`` that none of them is (read once, however many documents are given).

    A needed kind that neither the given documents nor the game's files (the workspace's, then
    the shipped ones) provide is a problem of its own (``data-missing``): checked without it,
    every reference to it would look wrong, and a command that loads the game could not."""

    # What a user who wrote a second file of a needed kind may have meant instead, by kind (a
    # game's Context adds its own: a set of one's own is a 'company-set' file).
    kind_hints: dict[str, str] = {}

    def __init__(self, game: str, needed_kinds: Iterable[str], docs: list[Document]):
        self.game = game
        self.docs = docs
        needed = list(dict.fromkeys(needed_kinds))
        missing = set(needed) - {d.kind for d in docs}
        self.base: list[Document] = []
        self.base_problems: list[Problem] = []   # of shipped files the given ones need
        files = game_files(game)
        shipped: list[Document] | None = None
        if missing:
            shipped, problems = read_documents(files)
            self.base = [d for d in shipped if d.kind in missing]
            given = {d.shown for d in docs}
            self.base_problems = [p for p in problems if p.path not in given]
            if not self.base_problems:
                self.base_problems = _missing_kinds(game, needed, docs + self.base)
        self.duplicate_problems = ([] if self.base_problems else
                                   _duplicate_kinds(game, needed, files, docs, shipped, self.kind_hints))
        # Documents by kind, so that a check asking for one kind (once per set file, say) does
        # not scan every document: validating many files stays linear.
        self._by_kind: dict[str, list[Document]] = {}
        for d in docs + self.base:
            self._by_kind.setdefault(d.kind, []).append(d)

    def of_kind(self, kind: str) -> list[Document]:
        return list(self._by_kind.get(kind, ()))

    def one(self, kind: str) -> Document | None:
        found = self._by_kind.get(kind)
        return found[0] if found else None


def _missing_kinds(game: str, needed: list[str], docs: list[Document]) -> list[Problem]:
    """A ``data-missing`` problem for each needed kind no document is, at the game's data folder."""
    have = {d.kind for d in docs}
    lost = [kind for kind in needed if kind not in have]
    if not lost:
        return []
    folder = display_path(current().layers[0] / "cards" / game)
    return [Problem(folder, 1, 1, "data-missing",
                    f"{game} has no '{kind}' data: no file with 'kind: {kind}' among its data files "
                    f"(in the workspace or shipped with cardgen); the game cannot be used without one")
            for kind in lost]


def _duplicate_kinds(game: str, needed: list[str], files: list[Path], docs: list[Document],
                     read: list[Document] | None, hints: dict[str, str]) -> list[Problem]:
    """A ``data-kind-twice`` problem for each of the game's data files of a needed kind that
    another of its files is too. The game reads one file of each (the last by name), so a
    workspace's ``cards/briefcase/my-sets.yaml`` of 'kind: company-sets' silently replaced the
    five official sets, or was silently ignored when its name sorted before sets.yaml, and
    validate found nothing. Reported at each of the user's files (else at each file)."""
    known = {resolved(d.path): d for d in (read or [])}
    known.update((resolved(d.path), d) for d in docs)
    unread = [p for p in files if resolved(p) not in known]
    if unread:            # the game's files the given documents are not (few: they cover the kinds)
        known.update((resolved(d.path), d) for d in read_documents(unread)[0])
    by_kind: dict[str, list[Document]] = {}
    for path in dict.fromkeys(resolved(p) for p in files):
        doc = known.get(path)
        if doc is not None and doc.kind in needed and doc.game == game:
            by_kind.setdefault(doc.kind, []).append(doc)
    workspace = current()
    problems: list[Problem] = []
    for kind, found in by_kind.items():
        if len(found) < 2:
            continue
        mine = [d for d in found if workspace.origin(d.path) == "workspace"] or found
        for doc in mine:
            others = ", ".join(_named(o.path, workspace.origin(o.path)) for o in found if o is not doc)
            shipped_names = [o.path.name for o in found if workspace.origin(o.path) == "shipped"]
            replace = (f"; to replace the shipped file, name yours {shipped_names[0]}" if shipped_names
                       else "; keep one")
            hint = f"; {hints[kind]}" if kind in hints else ""
            problems.append(doc.problem(
                "data-kind-twice", f"{game} reads one file of 'kind: {kind}', and {others} is one too: "
                f"the game would use one of them and leave the other out{replace}{hint}", "kind"))
    return problems


def _named(path: Path, origin: str) -> str:
    """A file as a message names it, said to be shipped when that is where it comes from."""
    shown = display_path(path)
    return shown + " (shipped with cardgen)" if origin == "shipped" and SHIPPED_MARK not in shown else shown


Check = Callable[[Any], Iterator[Problem]]


class CheckList:
    """The ordered checks of one game; ``@checks.rule`` registers a function."""

    def __init__(self) -> None:
        self.checks: list[Check] = []

    def rule(self, fn: Check) -> Check:
        self.checks.append(fn)
        return fn

    def run(self, ctx: CheckContext) -> list[Problem]:
        return checked_once(ctx.docs, (id(self),), lambda: self._run(ctx))

    def _run(self, ctx: CheckContext) -> list[Problem]:
        if ctx.base_problems:
            # Checked against broken shipped data, every reference would look unknown: report
            # the shipped files' own problems instead.
            return sorted(set(ctx.base_problems))
        problems: list[Problem] = list(ctx.duplicate_problems)
        if not problems:        # checked with one file of a kind or the other, each would mislead
            for fn in self.checks:
                problems.extend(fn(ctx))
        return sorted(set(problems))


def raise_errors(docs: list[Document], problems: list[Problem], rules: Any) -> None:
    """DataError with every error of a game's data: those of reading ``docs`` (``problems``),
    else, when they all read, those of ``rules.check``; notes and warnings let a load go on."""
    if not problems:
        problems = rules.check(docs)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise DataError(errors)


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth")


def number_spellings(n: int) -> set[str]:
    """How a card's text may print the number ``n`` (lower case, each a word): the digits, the
    word, the ordinal ("1st-level" reads as 1), for one also "once" and "single" ("Once per
    turn"), for two "twice": what the checks that a text prints its ability's numbers accept."""
    ways = {str(n)}
    if 0 <= n < len(_NUMBER_WORDS):
        ways |= {_NUMBER_WORDS[n], _ORDINALS[n]}
    if n == 1:
        ways |= {"once", "single"}
    if n == 2:
        ways.add("twice")
    return ways


def provenance_problems(doc: Document, path: list[Any], record: dict, fields: Iterable[str],
                        source: str = "the rulebook", marks: list[Any] | None = None) -> Iterator[Problem]:
    """Every listed field of a card is either a fact (quoting its passage) or authored.
    ``marks``: the path of the mapping that holds the record's 'facts' and 'authored', when it
    is not the record's own (``path``)."""
    listed = list(record.get("authored", []))
    facts, authored = set(record.get("facts", {})), set(listed)
    for name in fields:
        if name in facts and name in authored:
            yield doc.problem("provenance-conflict",
                              f"{record['name']}: '{name}' is listed both as a fact and as authored",
                              *(path if marks is None else marks), "authored", listed.index(name))
        elif name not in facts and name not in authored:
            yield doc.problem("provenance-unmarked",
                              f"{record['name']}: say where '{name}' comes from: add it to "
                              f"'authored' or quote {source} under 'facts'", *path, name)


def nodes(node: Any, path: list[Any]) -> Iterator[tuple[list[Any], Any]]:
    """Every (path, node) below and including ``node`` (at ``path``), each before what it holds,
    in the document's order."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from nodes(value, [*path, key])
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from nodes(value, [*path, i])


def unknown_rulings(ctx: CheckContext) -> Iterator[Problem]:
    """Every ``ruling:`` reference in the given documents names an entry of rulings.yaml."""
    rulings = ctx.one("rulings")
    ids = {r["id"] for r in rulings.data["rulings"]} if rulings else set()

    for doc in ctx.docs:
        if doc.kind != "rulings":
            for path, value in nodes(doc.data, []):
                if path and path[-1] == "ruling" and isinstance(value, str) and value not in ids:
                    yield doc.problem("ruling-unknown", f"no ruling '{value}' in rulings.yaml"
                                      f"{did_you_mean(value, sorted(ids))}", *path)


def _texts(node: Any, path: list[Any], field: list[str]) -> Iterator[tuple[list[Any], str, str]]:
    """Every string under ``node``: its path, the keys naming it inside its list item (``ability
    text``) and the string. Every string is a text here: names, ability and card texts, rulings."""
    if isinstance(node, str):
        yield path, " ".join(field), node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _texts(value, path + [key], field + [str(key)])
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, path + [i], [])


def unknown_icons(ctx: CheckContext) -> Iterator[Problem]:
    """Every icon token (``{steel}``) in a text of the given documents names an icon of the
    game's icon set; any other would print as its braces."""
    try:
        icons = icon_names(ctx.game)
    except LayoutError:
        return  # without a usable layout file nothing prints; ``cardgen build`` says why
    for doc in ctx.docs:
        for path, field, text in _texts(doc.data, [], []):
            for message in unknown_tokens(text, icons, field):
                yield doc.problem("icon-unknown", message, *path)


def unprintable_texts(ctx: CheckContext) -> Iterator[Problem]:
    """No text of the given documents holds a control character, which no font prints, or a
    character the layout would not follow (``problems.UNLAID``: a separator, a bidirectional
    control), which would print the text otherwise than it reads."""
    for doc in ctx.docs:
        for path, field, text in _texts(doc.data, [], []):
            found = CONTROL.search(text) or UNLAID.search(text)
            if found:
                where = f"{field}: " if field else ""
                what, why = unprinted(found.group())     # type: ignore[misc]
                yield doc.problem("text-control", f"{where}{what}: {why}; remove it", *path)


def art_files(ctx: CheckContext) -> Iterator[Problem]:
    """Every ``art:`` of the given documents names a picture the game has (in the workspace's or
    the shipped ``templates/<game>/art/``) that can be printed: found, readable, a well-formed
    SVG or a PNG. Otherwise ``build`` could not print the card."""
    from cardgen.render.art import ArtError, art_names, load_art

    for doc in ctx.docs:
        for path, value in nodes(doc.data, []):
            if path and path[-1] == "art" and isinstance(value, str):
                try:
                    load_art(ctx.game, value)
                except ArtError as exc:
                    hint = did_you_mean(value, art_names(ctx.game)) \
                        if str(exc).startswith("no picture") else ""
                    yield doc.problem("art-unusable", f"{exc}{hint}", *path)


def show_value(value: Any) -> str:
    """A data value as a designer would write it in a note."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "none" if value is None else str(value)


def ruling_notes(doc: Document) -> list[Problem]:
    """For a rulings document: a note for each open question the engine decides (``authored:
    [reading]``), its reading shortened to one line."""
    notes: list[Problem] = []
    for i, r in enumerate(doc.data["rulings"]):
        if "reading" in r.get("authored", []):
            notes.extend(authored_notes(doc, ["rulings", i],
                                        {**r, "reading": shorten(r["reading"], 100, words=True)},
                                        f"ruling {r['id']}"))
    return notes


def authored_notes(doc: Document, path: list[Any], record: dict, label: str) -> list[Problem]:
    """A note for each value a record lists under ``authored``, at the value's position."""
    return [doc.problem("authored", f"{label} {name} = {show_value(record[name])}", *path, name,
                        severity="note")
            for name in record.get("authored", []) if name in record]
