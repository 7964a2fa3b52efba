"""Gettext catalogs of a game: the POT template from its messages, PO files per language, merging.

Files live in ``cards/<game>/locale/``: ``<game>.pot`` and ``<lang>.po`` (``el.po``,
``zh-Hant.po``). Entries are keyed by their context, which names a card and field, so an English
text that changes keeps its translation as a fuzzy entry with the previous English (``#|``).

Output is reproducible: the header carries no creation date, so extracting unchanged data gives
the same bytes, and updating an up-to-date catalog leaves it untouched.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polib

from cardgen.i18n import languages
from cardgen.i18n.messages import SOURCE_LANGUAGE, Message
from cardgen.i18n.po_syntax import check_po
from cardgen.i18n.references import data_references
from cardgen.i18n.sources import NoTexts, game_messages, translatable_games
from cardgen.output import OutputError, write_atomic
from cardgen.paths import catalog_file, catalog_files, display_path
from cardgen.problems import Problem, shorten
from cardgen.safe_read import MAX_BYTES, ReadError, read_bytes
from cardgen.workspace import current

WRAP = 78  # gettext's own line width, so msgmerge and editors leave the files as they are


class UnknownLanguage(LookupError):
    """A language with no catalog for the game."""


class CatalogError(Exception):
    """A PO or POT file that cannot be read; carries the problem at its place (``problems``: it
    and any more found with it, each at its own place)."""

    def __init__(self, problem: Problem, more: Sequence[Problem] = ()):
        self.problem = problem
        self.problems = [problem, *more]
        super().__init__(problem.format())


def template_path(game: str) -> Path:
    """Where the game's template is read: the workspace's, else the shipped one."""
    return catalog_file(game, f"{game}.pot")


def po_path(game: str, lang: str) -> Path:
    """Where a language's catalog is read: the workspace's, else the shipped one."""
    return catalog_file(game, f"{lang}.po")


def writable_path(game: str, name: str) -> Path:
    """Where a catalog (``de.po``, ``briefcase.pot``) is written: always in the workspace;
    NoWorkspace when there is none (the shipped games are read-only)."""
    return current().writable(Path("cards", game, "locale", name))


def is_shipped(path: Path) -> bool:
    """A catalog that comes with cardgen rather than from the user's workspace."""
    return current().origin(path) == "shipped"


def workspace_is_library() -> bool:
    """The workspace is cardgen's source checkout itself: the catalogs it ships are its own
    files, read and written in place (nothing is copied)."""
    ws = current()
    return ws.root is not None and ws.root == ws.library


# BCP 47 as catalogs use it: a language, then script or region subtags (zh-Hant, pt-BR).
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


def is_language_tag(text: str) -> bool:
    return LANGUAGE_TAG.fullmatch(text) is not None and len(text) <= 35


def available_languages(game: str) -> list[str]:
    """The languages a game has catalogs for: the ``.po`` files named after a language tag.
    Another name (``notes.po``, bytes that are not UTF-8) is no language: taken for one, it
    reached file names and PDF titles (a non-UTF-8 name was an internal error in build and
    i18n check); ``misnamed_catalogs`` lists those for i18n check to report."""
    return sorted(p.stem for p in catalog_files(game) if p.suffix == ".po" and is_language_tag(p.stem))


def misnamed_catalogs(game: str) -> list[Path]:
    """The game's ``.po`` files whose names are no language tag, so no command reads them."""
    return [p for p in catalog_files(game) if p.suffix == ".po" and not is_language_tag(p.stem)]


def _tag_key(lang: str) -> str:
    return lang.replace("_", "-").casefold()


def resolve_language(game: str, lang: str) -> str:
    """The catalog's own spelling of a language tag (``zh_hant`` -> ``zh-Hant``)."""
    if _tag_key(lang) == SOURCE_LANGUAGE:
        raise UnknownLanguage(f"'{lang}' is the source language of {game}: it has no catalog")
    known = available_languages(game)
    same = [tag for tag in known if _tag_key(tag) == _tag_key(lang)]
    if len(same) > 1:
        # de.po and DE.po (or de_DE.po and de-DE.po) are one language to every command (i18n
        # init refuses the second): which one printed depended on the order of the names.
        raise UnknownLanguage(f"{game} has {len(same)} catalogs for language {lang!r}: "
                              f"{', '.join(display_path(po_path(game, tag)) for tag in same)}; keep "
                              "one, named as the shipped one if there is one")
    if same:
        return same[0]
    listed = ", ".join([SOURCE_LANGUAGE, *known])
    # Say the next step: a translator asking for a language the game lacks (i18n update fmnyc
    # --lang el, build --lang de) was left with the list alone, not told how to start one, or
    # that the game has nothing to translate.
    if game not in translatable_games():
        then = str(NoTexts(game))
    elif is_language_tag(lang):
        then = f"start one with `cardgen i18n init {game} {lang}`"
        if current().root is None:
            # Said outside any workspace, that command only failed in turn ("no workspace to
            # write ... into"): the first step is the workspace.
            then = (f"start one in a workspace (`cardgen init DIR`, then in DIR `cardgen i18n init "
                    f"{game} {lang}`)")
    else:
        then = "a language is a tag such as de, pt-BR or zh-Hant"
    raise UnknownLanguage(f"no {game} translation for language {lang!r}; available: {listed}; {then}")


# The charset a catalog declares, found as polib finds it (the first Content-Type in the file).
_CHARSET = re.compile(rb'"Content-Type:[^"\n]*?charset=([\w_\-:\.]+)')


def catalog_text(path: Path) -> str:
    """The text of a PO/POT file, read the way every catalog is read: only a regular file that is
    not a symbolic link (a link's target must not get its lines printed in messages), at most
    ``safe_read.MAX_BYTES``, declared and encoded as UTF-8. CatalogError otherwise, in one line.

    cardgen writes catalogs as UTF-8 (``write_catalog``), so a catalog that declares another
    charset is refused rather than read in it and written back as UTF-8 under the old header,
    which would garble every non-ASCII letter a little more on each ``i18n update``."""
    shown = display_path(path)
    try:
        raw = read_bytes(path, MAX_BYTES, "catalog", follow_symlinks=False)
    except ReadError as exc:
        message = "no such catalog file" if exc.rule == "file-missing" else exc.message
        raise CatalogError(Problem(shown, 1, 1, "i18n-file", message)) from None
    declared = _CHARSET.search(raw)
    if declared is not None and not _is_utf8(declared.group(1)):
        charset = shorten(declared.group(1).decode("ascii", "replace"))
        line = raw.count(b"\n", 0, declared.start()) + 1
        raise CatalogError(Problem(shown, line, 1, "i18n-syntax",
                                   f"charset '{charset}': cardgen reads and writes catalogs as UTF-8; "
                                   "save the file as UTF-8 and declare charset=UTF-8"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise CatalogError(Problem(shown, line, 1, "i18n-syntax", "invalid multibyte sequence: the "
                                   "file is not UTF-8 text")) from None


def _is_utf8(charset: bytes) -> bool:
    name = charset.decode("ascii", "replace")
    if name.upper() == "CHARSET":
        return True          # xgettext's placeholder in a fresh template; polib reads it as UTF-8
    try:
        return codecs.lookup(name).name == "utf-8"
    except LookupError:
        return False


class _FileText(str):
    """Catalog text that polib splits into lines as it splits a file: at \\n, \\r\\n and \\r only.
    (Given a string, polib calls ``splitlines``, which also breaks at U+2028, form feeds and
    other characters a translation may hold, and would shift every line number after them.)"""

    def splitlines(self, keepends: bool = False) -> list[str]:  # type: ignore[override]
        return io.StringIO(str(self), newline=None).read().split("\n")


def parse_catalog(text: str, path: Path) -> polib.POFile:
    """A catalog parsed from its text (read by ``catalog_text``); CatalogError with the line when
    polib names one."""
    shown = display_path(path)
    # polib takes a string that names an existing file as that file's name, not as text.
    while os.path.isfile(text):
        text += "\n"
    try:
        return polib.pofile(_FileText(text), encoding="utf-8", wrapwidth=WRAP)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        message = str(exc)
        match = re.search(r"line (\d+)", message)
        line = int(match.group(1)) if match else 1
        message = re.sub(r"\s*\(line \d+\)", "", message)
        message = re.sub(r"^Syntax error in po file\s*:?\s*", "syntax error: ", message)
        raise CatalogError(Problem(shown, line, 1, "i18n-syntax", message)) from exc


def read_catalog(path: Path) -> polib.POFile:
    """A PO/POT file (see ``catalog_text``); CatalogError at the first line gettext's tools would
    refuse (``po_syntax``), or where polib cannot parse it. polib alone reads past some errors
    (an unclosed string), and a catalog read so would print, count or be written back wrong."""
    text = catalog_text(path)
    errors = [f for f in check_po(text.encode("utf-8"), template=path.suffix == ".pot")
              if f.severity == "error"]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more: cardgen i18n check lists them)" if len(errors) > 1 else ""
        raise CatalogError(Problem(display_path(path), first.line, first.col, "i18n-syntax",
                                   first.message + more))
    po = parse_catalog(text, path)
    po.fpath = str(path)     # as polib.pofile(path) sets it: po.save() writes it back (as UTF-8)
    return po


def catalog_bytes(po: polib.POFile) -> bytes:
    """A catalog's file as cardgen writes it: UTF-8, the charset every catalog it reads declares.
    A catalog without header comments gets none: polib writes an empty header as a lone '#'
    line, which every ``i18n update`` added to a catalog that had no such line."""
    text = str(po)
    if not po.header:
        text = text.removeprefix("#\n")
    # A data file whose name is not UTF-8 (cards/briefcase/my-\xff.yaml) reaches its texts'
    # references (#: FILE:LINE) holding a lone surrogate, which no UTF-8 encoder takes: update,
    # extract and init ended in an internal error. Written as its escape, \udcff, as
    # output.json_bytes writes such a name: the catalog stays UTF-8, readable by every command.
    return text.encode("utf-8", "backslashreplace")


def catalog_output(po: polib.POFile, path: Path) -> tuple[Path, bytes]:
    """``path`` and the catalog's file (``catalog_bytes``) to write there. OutputError when the
    file would be larger than ``MAX_BYTES``, the most any command reads a catalog with: i18n
    update marked 30,000 entries no longer printed obsolete (#~) and wrote a 2.3 MB catalog
    that every command, build and update included, then refused."""
    data = catalog_bytes(po)
    if len(data) > MAX_BYTES:
        raise OutputError(f"cannot write {display_path(path)}: it would be {len(data):,} bytes; the "
                          f"limit is {MAX_BYTES:,} bytes, the most cardgen reads a catalog with "
                          "(remove the entries it no longer prints, #~ ones too)")
    return path, data


def write_catalog(po: polib.POFile, path: Path) -> None:
    """Write a catalog (``catalog_output``) atomically."""
    write_atomic(*catalog_output(po, path))


def _header(game: str) -> dict[str, str]:
    return {
        "Project-Id-Version": f"cardgen {game}",
        "Report-Msgid-Bugs-To": "",
        # filled in a language's catalog; present (empty) so that msgfmt --check is quiet
        "PO-Revision-Date": "",
        "Last-Translator": "",
        "Language-Team": "",
        "Language": "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": "cardgen i18n",
    }


def build_template(game: str, messages: list[Message] | None = None) -> polib.POFile:
    """The POT catalog of a game's messages (read from its data unless given)."""
    messages = game_messages(game) if messages is None else messages
    refs = data_references(game, messages)
    pot = polib.POFile(wrapwidth=WRAP, check_for_duplicates=False)
    pot.header = f"Printed texts of {game} (cards and inserts). Written by `cardgen i18n extract`."
    pot.metadata = _header(game)
    for m in messages:
        entry = polib.POEntry(msgctxt=m.context, msgid=m.source, msgstr="", comment=m.comment)
        if m.context in refs:
            entry.occurrences = [refs[m.context]]
        pot.append(entry)
    return pot


def new_catalog(game: str, lang: str) -> polib.POFile:
    """An empty PO file for a language, with a complete header and no entries yet."""
    # Plural-Forms as msginit writes it: without it a catalog is incomplete for a language of
    # three or more forms (and Poedit asks for it); a language the table lacks gets none, which
    # ``i18n init`` says (``languages.plural_forms``).
    name = languages.english_name(lang) or lang
    gettext_lang, plurals = lang.replace("-", "_"), languages.plural_forms(lang)
    po = polib.POFile(wrapwidth=WRAP, check_for_duplicates=False)
    po.header = f"{name} translation of the printed texts of {game}."
    po.metadata = {
        **_header(game),
        "Language-Team": name,
        "Language": gettext_lang,
    }
    if plurals:
        po.metadata["Plural-Forms"] = plurals
    return po


def complete_header(po: polib.POFile, lang: str) -> str:
    """Add to a catalog header what it lacks that its file name says: its Language (a template
    copied to fr.po kept "Language: ", which i18n check then warned of), and the language's
    Plural-Forms when cardgen knows them; the fields added ('Language: fr, Plural-Forms: ...'),
    else ''."""
    added = []
    if not po.metadata.get("Language", "").strip():
        po.metadata["Language"] = lang.replace("-", "_")
        added.append(f"Language: {po.metadata['Language']}")
    plurals = languages.plural_forms(lang)
    if plurals and "Plural-Forms" not in po.metadata:
        po.metadata["Plural-Forms"] = plurals
        added.append(f"Plural-Forms: {plurals}")
    return ", ".join(added)


@dataclass
class MergeReport:
    new: list[str] = field(default_factory=list)        # contexts added untranslated
    changed: list[str] = field(default_factory=list)    # translated, English changed: now fuzzy
    obsolete: list[str] = field(default_factory=list)   # gone from the template
    revived: list[str] = field(default_factory=list)    # obsolete entries back in the template

    @property
    def summary(self) -> str:
        return (f"{len(self.new)} new, {len(self.changed)} changed (fuzzy), "
                f"{len(self.obsolete)} obsolete, {len(self.revived)} revived")


def merge(po: polib.POFile, pot: polib.POFile) -> MergeReport:
    """Bring ``po`` up to the template ``pot``, in the template's order.

    Entries are matched by context. A translated entry whose English changed becomes fuzzy and
    remembers the previous English (``#|``); entries the template no longer has become obsolete
    (``#~``); a new context comes in untranslated. Translator comments are kept; extracted
    comments and references follow the template."""
    report = MergeReport()
    live = {e.msgctxt: e for e in po if not e.obsolete}
    dead = {e.msgctxt: e for e in po if e.obsolete}
    merged: list[polib.POEntry] = []
    for t in pot:
        old = live.pop(t.msgctxt, None)
        if old is None and t.msgctxt in dead:
            old = dead.pop(t.msgctxt)
            old.obsolete = False
            report.revived.append(t.msgctxt)
        if old is None:
            old = polib.POEntry(msgctxt=t.msgctxt, msgid=t.msgid, msgstr="")
            report.new.append(t.msgctxt)
        elif old.fuzzy and old.previous_msgid == t.msgid:
            # The English went back to what was translated: the translation fits again.
            old.msgid = t.msgid
            old.previous_msgid = old.previous_msgctxt = None
            old.flags.remove("fuzzy")
        elif old.msgid != t.msgid:
            if old.msgstr:
                if "fuzzy" not in old.flags:
                    old.flags.append("fuzzy")
                # Keep the English the translation was made from, across several changes.
                if not old.previous_msgid:
                    old.previous_msgctxt, old.previous_msgid = old.msgctxt, old.msgid
                report.changed.append(t.msgctxt)
            old.msgid = t.msgid
        old.comment = t.comment
        old.occurrences = list(t.occurrences)
        merged.append(old)
    for gone in live.values():
        gone.obsolete = True
        gone.occurrences = []
        report.obsolete.append(gone.msgctxt)
    po[:] = merged + [e for e in po if e.obsolete]  # obsolete entries keep their file order
    return report


@dataclass(frozen=True)
class Stats:
    lang: str
    translated: int
    fuzzy: int
    untranslated: int
    obsolete: int
    machine: int  # translated entries marked as machine-authored (need a native speaker's review)

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


MACHINE_MARK = "cardgen: machine-authored translation"


def is_machine_authored(entry: polib.POEntry) -> bool:
    # polib wraps long comments: compare with the line breaks folded back into spaces
    return MACHINE_MARK in " ".join((entry.tcomment or "").split())


def stats(po: polib.POFile, lang: str, sources: Mapping[str, str] | None = None) -> Stats:
    """How complete a catalog is. With ``sources`` (the texts the game prints now: context ->
    English), a text the catalog has no entry for counts as untranslated, as ``i18n check``
    reports it missing, and one translated from other English as fuzzy."""
    live = [e for e in po if not e.obsolete]
    stale = 0
    if sources is not None:
        # An entry for a text no longer printed (a context mistyped by hand, a company gone) is
        # what `i18n check` calls outdated and `update` makes obsolete: counted so, never as a
        # translation (it made a catalog look more complete than the cards it prints).
        stale = sum(1 for e in live if (e.msgctxt or "") not in sources)
        live = [e for e in live if (e.msgctxt or "") in sources]

    def changed(e: polib.POEntry) -> bool:
        # Translated from other English than the card now prints: the build prints the English
        # (translate.translator), check calls it outdated and update marks it fuzzy; it was
        # counted as translated.
        return sources is not None and e.msgid != sources[e.msgctxt or ""]

    fuzzy = [e for e in live if e.fuzzy or (e.msgstr and changed(e))]
    done = [e for e in live if e.msgstr and not e.fuzzy and not changed(e)]
    absent = len(set(sources) - {e.msgctxt or "" for e in live}) if sources is not None else 0
    return Stats(lang, len(done), len(fuzzy), len(live) - len(done) - len(fuzzy) + absent,
                 sum(1 for e in po if e.obsolete) + stale, sum(1 for e in done if is_machine_authored(e)))
