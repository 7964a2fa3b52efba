"""``cardgen i18n check``: what would print wrong if a catalog were used as it is.

Each problem points at the entry's ``msgstr`` line in the PO file. The checks:

- i18n-syntax: the file is not a valid catalog: what gettext's ``msgfmt --check`` rejects,
  checked in Python (``po_syntax.py``) so that no gettext install is needed;
- i18n-msgfmt: anything more that ``msgfmt --check`` itself reports, where gettext is installed;
- i18n-missing / i18n-fuzzy: no usable translation (the card would print English);
- i18n-outdated: the catalog does not match the current data (run ``cardgen i18n update``); a
  text no longer printed is only a warning;
- i18n-tokens: icon tokens such as ``{steel}`` lost, added, broken or naming no icon of the game;
- i18n-numbers: numbers differ from the English (full-width digits count as digits);
- i18n-values: the ``%(name)s`` values a label is filled with (Free Market: NYC's board and
  player aids) lost, added or renamed, or a lone ``%`` where ``%%`` prints one;
- i18n-markup: a tag (``<img ...>``) or an entity (``&amp;``): translations are plain text;
- i18n-whitespace: leading or trailing spaces the English does not have;
- i18n-fit: the text does not fit its box in the real font (see ``fit.py``).
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable, Collection
from pathlib import Path

import polib

from cardgen.i18n.catalog import CatalogError, catalog_text
from cardgen.i18n.messages import Message
from cardgen.i18n.po_syntax import check_po
from cardgen.paths import display_path
from cardgen.problems import SHORT, Problem, shorten
from cardgen.render.icon_tokens import unknown_tokens
from cardgen.safe_read import MAX_BYTES, ReadError, read_bytes

TOKEN = re.compile(r"\{[^{}\s]*\}")
NUMBER = re.compile(r"\d+")  # any Unicode decimal digits: full-width ３ counts as 3
TAG = re.compile(r"<\s*/?\s*[A-Za-z!?]")
VALUE = re.compile(r"%\(([^()]*)\)s|%%")      # what ``fmnyc.texts.fill`` replaces
ENTITY = re.compile(r"&(#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")

EntryCheck = Callable[[str, str], list[tuple[str, str]]]
"""(english, translation) -> [(rule, message)]"""


def tokens(text: str) -> Counter[str]:
    return Counter(TOKEN.findall(text))


def numbers(text: str) -> list[int]:
    found = []
    for digits in NUMBER.findall(TOKEN.sub(" ", text)):
        # int() refuses past 4,300 digits; no number on a card has more than a few
        found.append(int(digits) if len(digits) <= 100 else int(digits[:100]))
    return sorted(found)


def _listed(items: list[str]) -> str:
    return shorten(", ".join(items)) if items else "none"


def _lost_and_added(want: Counter[str], have: Counter[str]) -> str:
    """What a translation lost and added of the English's tokens or values."""
    lost = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    parts = ([f"lost {_listed(lost)}"] if lost else []) + ([f"added {_listed(extra)}"] if extra else [])
    return "; ".join(parts)


def check_tokens(source: str, text: str) -> list[tuple[str, str]]:
    want, have = tokens(source), tokens(text)
    found: list[tuple[str, str]] = []
    if want != have:
        found.append(("i18n-tokens", f"icon tokens differ from the English: {_lost_and_added(want, have)}"))
    stray = text.count("{") + text.count("}") - 2 * sum(have.values())
    if stray:
        found.append(("i18n-tokens", "a brace that is not part of an icon token such as {steel}"))
    return found


def check_numbers(source: str, text: str) -> list[tuple[str, str]]:
    want, have = numbers(source), numbers(text)
    if want == have:
        return []
    said = shorten(", ".join(map(str, have))) or "no number"
    return [("i18n-numbers", f"the translation says {said} where the English says "
                             f"{shorten(', '.join(map(str, want))) or 'no number'}")]


def values(text: str) -> Counter[str]:
    return Counter(f"%({m.group(1)})s" for m in VALUE.finditer(text) if m.group(1) is not None)


def check_values(source: str, text: str) -> list[tuple[str, str]]:
    """A label filled with values (``Board %(side)s, page %(tile)s``) printed a renamed or
    mistyped one as it is ('Spielplan %(seite)s'), with nothing said; only a text whose English
    is filled is held to it (another prints a percent sign as it is)."""
    want, have = values(source), values(text)
    if not want and "%%" not in source:
        return []
    found: list[tuple[str, str]] = []
    if want != have:
        found.append(("i18n-values", f"values differ from the English: {_lost_and_added(want, have)}"))
    if "%" in VALUE.sub("", text):
        found.append(("i18n-values", "a % that is not part of a value such as "
                                     f"{next(iter(want), '%(name)s')} (write %% for a percent sign)"))
    return found


def check_markup(source: str, text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for match in TAG.finditer(text):
        end = text.find(">", match.start())
        snippet = text[match.start(): end + 1] if end >= 0 else text[match.start():]
        found.append(("i18n-markup", f"markup is not allowed in a translation: {shorten(snippet, 40)!r}"))
    for match in ENTITY.finditer(text):
        found.append(("i18n-markup", f"an entity is not allowed in a translation: {match.group(0)!r} "
                                     "(write the character itself)"))
    return found


def check_whitespace(source: str, text: str) -> list[tuple[str, str]]:
    if (text[:1].isspace(), text[-1:].isspace()) != (source[:1].isspace(), source[-1:].isspace()):
        return [("i18n-whitespace", "leading or trailing spaces differ from the English")]
    return []


ENTRY_CHECKS: tuple[EntryCheck, ...] = (check_markup, check_tokens, check_values, check_numbers,
                                        check_whitespace)


MAX_SYNTAX_PROBLEMS = 20


def syntax_problems(path: Path) -> list[Problem]:
    """What makes the file an invalid catalog for gettext's tools (``po_syntax``), at its line.

    Where gettext is installed, ``msgfmt --check`` runs as well, as an extra check, and adds what
    it finds beyond these; it does not run on a file already known broken, where it would only
    repeat the same errors a line further on."""
    try:
        # Read as every catalog is (bounded, regular files only, no links): a FIFO or a huge
        # file is one line here, never a hang, and msgfmt below never sees it.
        text = catalog_text(path)
    except CatalogError as exc:
        if exc.problem.rule != "i18n-syntax":
            return [exc.problem]
        text = None          # a charset or encoding problem: check_po says where, with the rest
    data = text.encode("utf-8") if text is not None else _raw(path)
    shown = display_path(path)
    found = [Problem(shown, f.line, f.col, "i18n-syntax", f.message, f.severity)
             for f in check_po(data, template=path.suffix == ".pot")]
    if len(found) > MAX_SYNTAX_PROBLEMS:   # a binary file is an error on every line: say so once
        rest, line = len(found) - MAX_SYNTAX_PROBLEMS, found[MAX_SYNTAX_PROBLEMS].line
        found = found[:MAX_SYNTAX_PROBLEMS] + [
            Problem(shown, line, 1, "i18n-syntax", f"and {rest} more problems: is it a catalog at all?")]
    if any(p.severity == "error" for p in found):
        return found
    said = {p.message for p in found}
    extra = [p for p in _msgfmt_check(path) if p.message not in said]
    if path.suffix == ".pot":
        # msgfmt holds a template to a translation's header; its Language is empty by nature.
        extra = [p for p in extra if not p.message.startswith("header field 'Language'")]
    return found + extra


def _raw(path: Path) -> bytes:
    """The bytes of a catalog ``catalog_text`` refused for its charset or encoding (it is a
    regular file within the size limit, so this read is safe)."""
    try:
        return read_bytes(path, MAX_BYTES, "catalog", follow_symlinks=False)
    except ReadError:
        return b""


# The name cardgen.commands.i18n imports: the pure-Python check plus msgfmt where installed.
msgfmt_problems = syntax_problems


MSGFMT_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?:(?P<col>\d+):)? (?P<text>.+)$")


def _msgfmt_check(path: Path) -> list[Problem]:
    """What gettext's reference validator (``msgfmt --check``) says about a catalog, if it is
    installed; nothing where it is not."""
    if shutil.which("msgfmt") is None:
        return []
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)],
                            capture_output=True, text=True, env={**os.environ, "LC_ALL": "C"})
    shown = display_path(path)
    found: list[Problem] = []
    for raw in result.stderr.splitlines():
        match = MSGFMT_LINE.match(raw)
        if not match or match["path"] != str(path):
            continue
        text = match["text"]
        warning = text.startswith("warning: ")
        found.append(Problem(shown, int(match["line"]), int(match["col"] or 1), "i18n-msgfmt",
                             text.removeprefix("warning: "), "warning" if warning else "error"))
    if result.returncode != 0 and not any(p.severity == "error" for p in found):
        found.append(Problem(shown, 1, 1, "i18n-msgfmt", result.stderr.strip() or "msgfmt --check failed"))
    return found


def msgstr_lines(path: Path, po: polib.POFile) -> dict[int, int]:
    """Entry start line -> line of its ``msgstr`` (where problems are reported)."""
    lines = io.StringIO(catalog_text(path), newline=None).read().split("\n")
    found: dict[int, int] = {}
    for entry in po:
        n = entry.linenum
        while 0 < n <= len(lines) and not lines[n - 1].startswith("msgstr"):
            n += 1
        found[entry.linenum] = n if n <= len(lines) else entry.linenum
    return found


def check_catalog(path: Path, po: polib.POFile, messages: list[Message],
                  icons: Collection[str], update: str = "cardgen i18n update") -> list[Problem]:
    """Every content problem of one language's catalog against the game's current messages and
    the names of its ``icons``; ``update``: the command that brings this catalog up to date."""
    shown = display_path(path)
    where = msgstr_lines(path, po)
    current = {m.context: m for m in messages}
    problems: list[Problem] = []

    def report(entry: polib.POEntry | None, rule: str, message: str, severity: str = "error") -> None:
        line = where[entry.linenum] if entry is not None else 1
        problems.append(Problem(shown, line, 1, rule, message, severity))

    seen: set[str] = set()
    for entry in po:
        if entry.obsolete:
            continue
        ctx = entry.msgctxt or ""
        seen.add(ctx)
        label = shorten(ctx, 2 * SHORT)     # from the catalog: a context of any length may be there
        message = current.get(ctx)
        if message is None:
            # Nothing prints wrong because of it: a warning, until update makes it obsolete.
            report(entry, "i18n-outdated", f"{label}: no longer printed; run `{update}`",
                   "warning")
            continue
        if entry.msgid != message.source and not entry.fuzzy:
            report(entry, "i18n-outdated", f"{label}: translated from other English than the card now "
                                           f"prints; run `{update}`")
        if not entry.msgstr:
            report(entry, "i18n-missing", f"{label}: untranslated ({shorten(message.source)!r})")
            continue
        if entry.fuzzy:
            # Only update leaves the previous English (#| msgid); a fuzzy flag a translator or
            # a PO editor set on an entry whose English never changed was said to have one.
            why = "the English changed" if entry.previous_msgid else "marked for review"
            report(entry, "i18n-fuzzy", f"{label}: fuzzy ({why}); review the translation "
                                        "and remove the fuzzy flag")
        for check in ENTRY_CHECKS:
            for rule, text in check(message.source, entry.msgstr):
                report(entry, rule, f"{label}: {text}")
        for text in unknown_tokens(entry.msgstr, icons):  # even one the English misspells too
            report(entry, "i18n-tokens", f"{label}: {text}")
    for m in messages:
        if m.context not in seen:
            report(None, "i18n-missing", f"{m.context}: no entry in the catalog; run `{update}`")
    return problems
