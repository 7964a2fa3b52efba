"""Problems found in user files, reported as ``path:line:col: severity[rule]: message``; and
how any text that comes from a user's files is shown: shortened (``shorten``) and made safe for a
terminal (``printable``)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

SHORT = 60            # characters of a value quoted in a message
# How a file that comes inside the installed cardgen is named (``paths.display_path``): by its
# path in a workspace, which a file of the user's replaces, never by its path in site-packages.
SHIPPED_MARK = "[shipped] "
_shipped_shown = False     # whether anything printed named such a file (``shipped_note``)
MAX_MESSAGE = 1000    # characters of a whole message: a safety net under ``shorten``

# Control characters (C0, DEL, C1), the bidirectional overrides and marks that reorder what
# follows them on screen, the line and paragraph separators, and lone surrogates (the bytes of a
# file name that is not UTF-8, as Python decodes it).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
                     "\u2028\u2029\ud800-\udfff]")
_SURROGATES = re.compile("[\ud800-\udfff]")
# Control characters a printed text may not hold (C0 but tab and newline, DEL, C1): no font
# draws them, and one that reached a terminal could act on it (ESC starts an escape sequence).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Characters a font may draw but cardgen's layout does not act on, so a card would silently print
# something else than the text means: the line and paragraph separators (drawn as a space, not
# a break) and the bidirectional embeddings, overrides and isolates (text is laid out left to
# right; they would change nothing). The marks (U+200E, U+200F, U+061C) change nothing either
# but mean nothing more; the zero-width joiners are part of how some scripts are written, and
# the zero-width space is where a line may break (cardgen.render.text breaks there).
UNLAID = re.compile("[\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def unprinted(char: str) -> tuple[str, str] | None:
    """(what ``char`` is, why a printed text may not hold it) for a control character or one of
    ``UNLAID``; None for any other character."""
    if CONTROL.fullmatch(char):
        return f"a control character, U+{ord(char):04X}", "no font can print it"
    if not UNLAID.fullmatch(char):
        return None
    if char in "\u2028\u2029":
        kind = "line" if char == "\u2028" else "paragraph"
        return (f"a {kind} separator, U+{ord(char):04X}",
                "cardgen would print it as a space, not as a line break")
    return (f"a bidirectional control, U+{ord(char):04X}",
            "cardgen would not follow it (it lays text out left to right)")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:          # a byte Python could not decode (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` safe to print to a terminal: every control character escaped (``\\n``, ``\\x1b``),
    so an escape sequence in a name from a data file cannot retitle, recolour or rewrite the
    user's terminal, and a bidirectional override cannot reorder the rest of the line; the bytes
    of a non-UTF-8 file name as ``\\xNN``. Applied to everything cardgen prints from data."""
    return _UNSAFE.sub(_escape, text)


def shorten(text: object, limit: int = SHORT, words: bool = False) -> str:
    """A value to quote in a message, cut to ``limit`` characters with '…' (a name of a megabyte
    would otherwise be echoed whole in one line). ``words``: a passage of prose is cut after its
    last whole word that fits (a single word longer than the limit is still cut within it)."""
    text = text if isinstance(text, str) else _str(text)
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if words:
        partial = None if text[limit - 1].isspace() else re.search(r"\s\S*$", cut)
        if partial and cut[: partial.start()].strip():
            cut = cut[: partial.start()]          # drop the word the limit falls within
        cut = cut.rstrip(" \t,;:") or cut
    return cut + "…"


def plural(n: int, noun: str, nouns: str = "") -> str:
    """``1 warning``, ``2 warnings``; ``nouns``: the plural, where it is not the noun with an s."""
    return f"{n} {noun}" if n == 1 else f"{n} {nouns or noun + 's'}"


def quoted(value: object) -> str:
    """A value as a message shows it: as the JSON a game log or an option holds it (null, true,
    "name", [1, 2]), the way people write it, never as Python's repr ('name', True, None);
    shortened. What JSON cannot hold (a bot's own object, NaN) as Python shows it."""
    from cardgen.output import json_bytes

    try:
        return shorten(json_bytes(value, indent=None).decode("utf-8").rstrip("\n"))
    except RecursionError:
        return "a value nested too deeply"
    except (TypeError, ValueError):
        try:
            return shorten(repr(value))
        except ValueError:              # Python writes no int of more than 4,300 digits in decimal
            return "a number too long to show"


def _str(value: object) -> str:
    try:
        return str(value)
    except ValueError:                    # an int past Python's 4,300-digit limit for str()
        return hex(value) if isinstance(value, int) else "a value"   # hex has no such limit


def _no_surrogates(text: str) -> str:
    """Text that encodes as UTF-8: a non-UTF-8 file name's bytes as ``\\xNN``."""
    if not isinstance(text, str) or not _SURROGATES.search(text):
        return text
    return _SURROGATES.sub(_escape, text)


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    col: int
    rule: str
    message: str
    severity: str = "error"

    def __post_init__(self) -> None:
        # Every problem is printable as UTF-8 text and JSON (a file name that is not UTF-8 holds
        # surrogates, which no encoder takes), and no message is longer than MAX_MESSAGE.
        message = shorten(self.message, MAX_MESSAGE)
        object.__setattr__(self, "path", _no_surrogates(self.path))
        object.__setattr__(self, "message", _no_surrogates(message))

    def format(self) -> str:
        # A value quoted in a message may hold line breaks or escape sequences; one problem
        # stays one line, and nothing from a data file reaches the terminal as a control.
        mentions_shipped(self.path + self.message)
        return (f"{printable(self.path)}:{self.line}:{self.col}: {self.severity}[{self.rule}]: "
                f"{printable(self.message)}")


def mentions_shipped(text: str) -> None:
    """Remember that ``text``, about to be printed, names a shipped file (``shipped_note``)."""
    global _shipped_shown
    if SHIPPED_MARK in text:
        _shipped_shown = True


def shipped_note(library: str) -> str | None:
    """The line that says, once a command has named a shipped file, what such a file is and how to
    get a copy to edit; None when it named none."""
    if not _shipped_shown:
        return None
    return (f"note: {SHIPPED_MARK.strip()} marks a file that comes with cardgen, read-only (in {library}); "
            "a file of your workspace at the same path replaces it: 'cardgen init DIR --from GAME' "
            "copies a game's files to edit, 'cardgen i18n update GAME --lang LANG' a catalog")


class DataError(Exception):
    """Raised when game data cannot be used; carries every problem found, each once (a schema
    file that cannot be read is a problem of every document checked against it)."""

    def __init__(self, problems: list[Problem]):
        problems = list(dict.fromkeys(problems))
        self.problems = problems
        first = problems[0].format() if problems else "invalid data"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


def problems_to_json(problems: list[Problem]) -> bytes:
    """The problems as strict UTF-8 JSON ending in a newline (echo it with ``nl=False``)."""
    from cardgen.output import json_bytes

    return json_bytes([asdict(p) for p in problems])
