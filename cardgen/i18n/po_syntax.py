"""What gettext's ``msgfmt --check`` finds wrong in a PO or POT file, checked in Python.

polib reads some files that gettext's tools reject (an unterminated string, an unknown escape,
a plural form with the wrong index). Translators open the catalogs in such tools, so
``cardgen i18n check`` must reject them too, on every machine, not only where gettext happens
to be installed. Messages keep msgfmt's wording where it has one. Checked:

- syntax: strings and their escapes, keywords, the order msgctxt, msgid, msgid_plural,
  msgstr / msgstr[N], ``#~`` used on a whole entry, duplicate messages;
- encoding: the header declares UTF-8 (cardgen reads and writes catalogs as UTF-8, and a file
  declaring another charset would be re-saved wrongly) and the bytes are UTF-8;
- header (``--check-header``): the standard fields are present and not left at their
  template value; a language catalog names its Language; Plural-Forms, when present or
  needed, is ``nplurals=N; plural=EXPRESSION;`` with an expression that stays below N and never
  divides by zero, and plural messages have N forms;
- format (``--check-format``): a translation begins and ends with a newline exactly when the
  English does (the text is laid out by lines).

And what cardgen adds, so that what gettext reads is what prints: no control character in a
string (tab and newline aside), raw or escaped; no octal or hex escape (polib, which reads the
entries, would keep it as its digits); no byte order mark, which msgfmt itself refuses.

C and Python format-string flags are not checked: cardgen's texts use icon tokens, which
``checks.check_tokens`` compares.
"""

from __future__ import annotations

import codecs
import operator
import re
from bisect import bisect_right
from dataclasses import dataclass, field

from cardgen.problems import CONTROL, shorten, unprinted


@dataclass(frozen=True, order=True)
class Finding:
    line: int
    col: int
    message: str
    severity: str = "error"


# -- lexing ---------------------------------------------------------------------------------------

ESCAPES = {"n": "\n", "t": "\t", "b": "\b", "r": "\r", "f": "\f", "v": "\v", "a": "\a",
           "\\": "\\", '"': '"'}
KEYWORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\[\s*[0-9]+\s*\])?")
KNOWN = {"msgctxt", "msgid", "msgid_plural", "msgstr", "domain"}


@dataclass
class Token:
    kind: str          # "keyword" or "string"
    value: str         # keyword name (msgstr[2] -> "msgstr[2]") or the decoded string
    line: int
    col: int
    obsolete: bool


class _Lexer:
    def __init__(self, text: str, findings: list[Finding]):
        self.text = text
        self.findings = findings
        self.comments: list[int] = []  # the line numbers of comment lines, #, flags included

    def error(self, line: int, col: int, message: str) -> None:
        self.findings.append(Finding(line, col, message))

    def tokens(self) -> tuple[list[Token], dict[int, list[str]]]:
        """The tokens, and the flags of each ``#,`` line by line number."""
        tokens: list[Token] = []
        flags: dict[int, list[str]] = {}
        for number, raw in enumerate(self.text.split("\n"), start=1):
            line = raw.rstrip("\r")
            stripped = line.lstrip()
            start = len(line) - len(stripped) + 1
            if stripped.startswith("#") and not stripped.startswith("#~") or stripped.startswith("#~|"):
                self.comments.append(number)
            if stripped.startswith("#~"):
                rest = stripped[2:]
                if rest.startswith("|"):  # previous text of an obsolete entry: only its strings matter
                    self._lex(rest[1:], number, start + 3, True, [])
                else:
                    self._lex(rest, number, start + 2, True, tokens)
            elif stripped.startswith("#|"):
                # The previous English of a fuzzy entry: msgmerge reads it, so its strings must lex.
                self._lex(stripped[2:], number, start + 2, False, [])
            elif stripped.startswith("#,"):
                flags[number] = [f.strip() for f in stripped[2:].split(",") if f.strip()]
            elif not stripped.startswith("#"):
                self._lex(stripped, number, start, False, tokens)
        return tokens, flags

    def _lex(self, text: str, line: int, col0: int, obsolete: bool, out: list[Token]) -> None:
        i = 0
        while i < len(text):
            c = text[i]
            if c in " \t\f\v":
                i += 1
            elif c == "#":
                return  # a comment runs to the end of the line
            elif c == '"':
                i = self._string(text, i, line, col0, obsolete, out)
            else:
                match = KEYWORD.match(text, i)
                if match is None:
                    self.error(line, col0 + i, "syntax error")
                    return
                name = re.sub(r"\s+", "", match.group(0))
                out.append(Token("keyword", name, line, col0 + i, obsolete))
                i = match.end()

    def _string(self, text: str, i: int, line: int, col0: int, obsolete: bool, out: list[Token]) -> int:
        start = i
        chars: list[str] = []
        i += 1
        while i < len(text):
            c = text[i]
            if c == '"':
                out.append(Token("string", "".join(chars), line, col0 + start, obsolete))
                return i + 1
            if c != "\\":
                self._printable(c, c, line, col0 + i)
                chars.append(c)
                i += 1
                continue
            nxt = text[i + 1: i + 2]
            if nxt in ESCAPES:
                chars.append(ESCAPES[nxt])
                self._printable(ESCAPES[nxt], text[i: i + 2], line, col0 + i)
                i += 2
            elif nxt and nxt in "01234567":
                digits = re.match(r"[0-7]{1,3}", text[i + 1:]).group(0)
                chars.append(chr(int(digits, 8)))
                self._numeric(chars[-1], text[i: i + 1 + len(digits)], line, col0 + i)
                i += 1 + len(digits)
            elif nxt == "x" and re.match(r"[0-9A-Fa-f]", text[i + 2: i + 3]):
                digits = re.match(r"[0-9A-Fa-f]+", text[i + 2:]).group(0)
                chars.append(chr(int(digits, 16) % 0x110000))
                self._numeric(chars[-1], text[i: i + 2 + len(digits)], line, col0 + i)
                i += 2 + len(digits)
            else:
                self.error(line, col0 + i, "invalid control sequence")
                i += 2
        # Keep the text read so far: the entry still parses, and one mistake is one problem.
        self.error(line, col0 + start, "end-of-line within string")
        out.append(Token("string", "".join(chars), line, col0 + start, obsolete))
        return i

    def _printable(self, char: str, written: str, line: int, col: int) -> None:
        """A control character (ESC, BEL, CR...; tab and newline are text) is valid PO but no
        font prints it, and it must never reach a card, a PDF or the terminal that shows it;
        a line separator or a bidirectional control would print the text otherwise than it
        reads (``problems.unprinted``): an error where it is written, raw or as an escape
        (``\\a``, ``\\r``, ``\\x1b``)."""
        found = unprinted(char)
        if found is not None:
            what, why = found
            shown = f" (written {shorten(written, 20)})" if written != char else ""
            self.error(line, col, f"{what}{shown}, in a string: {why}; remove it")

    def _numeric(self, char: str, written: str, line: int, col: int) -> None:
        """An octal or hex escape (``\\101``, ``\\x41``) is valid PO, but polib, which reads the
        entries for every command, keeps it as its backslash and digits: the card would print
        ``\\x41`` where gettext reads ``A``. Refused so that both read the same text."""
        if CONTROL.fullmatch(char):
            self._printable(char, written, line, col)
        else:
            self.error(line, col, f"the escape {shorten(written, 20)} is not read by cardgen (only \\n, \\t, "
                                  "\\\\ and \\\" are): write the character itself")


# -- entries --------------------------------------------------------------------------------------

@dataclass
class Part:
    keyword: str
    line: int
    col: int
    segments: list[tuple[int, str]] = field(default_factory=list)  # (line, text) of each string

    @property
    def text(self) -> str:
        return "".join(s for _, s in self.segments)


@dataclass
class Entry:
    line: int
    obsolete: bool
    flags: list[str]
    msgctxt: Part | None = None
    msgid: Part | None = None
    msgid_plural: Part | None = None
    msgstr: list[Part] = field(default_factory=list)
    plural_forms: bool = False   # msgstr[N] rather than msgstr
    broken: bool = False         # a syntax error was reported in it: no second problem for it

    @property
    def complete(self) -> bool:
        return bool(self.msgstr)


def _parse(tokens: list[Token], flags: dict[int, list[str]], findings: list[Finding],
           comments: list[int] = ()) -> list[Entry]:
    entries: list[Entry] = []
    flag_lines = sorted(flags)
    current: Entry | None = None
    last_end = 0  # the line where the previous entry ended: the flags after it are the next one's

    def error(where: Token | Part, message: str) -> None:
        findings.append(Finding(where.line, where.col, message))

    def close() -> None:
        nonlocal current, last_end
        if current is not None:
            if current.msgid is None:
                error(current.msgctxt, "missing 'msgid' section")
            else:
                if not current.msgstr and not current.broken:
                    error(current.msgid, "missing 'msgstr' section")
                entries.append(current)
            last_end = max(p.line for p in _parts(current))
        current = None

    def start(token: Token) -> Entry:
        nonlocal current
        close()
        lo, hi = bisect_right(flag_lines, last_end), bisect_right(flag_lines, token.line)
        current = Entry(token.line, token.obsolete, [f for n in flag_lines[lo:hi] for f in flags[n]])
        return current

    def inside(at: int) -> None:
        """msgfmt refuses a comment line between the parts of one entry (a ``#, fuzzy`` put
        after its msgctxt, say); polib would read the file on, so it is said here, where the
        part after it is (msgfmt's place)."""
        if at and bisect_right(comments, tokens[at - 1].line) < bisect_right(comments, tokens[at].line - 1):
            error(tokens[at], "syntax error: a comment line inside an entry; comments and flags "
                              "such as #, fuzzy go before its msgctxt or msgid")
            if current is not None:
                current.broken = True

    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if token.kind == "string":
            error(token, "syntax error")  # a string that no keyword introduces
            continue
        strings: list[Token] = []
        while i < len(tokens) and tokens[i].kind == "string":
            inside(i)
            strings.append(tokens[i])
            i += 1
        name = token.value
        base = name.split("[")[0]
        if base not in KNOWN:
            error(token, f'keyword "{name}" unknown')
            continue
        if not strings or ("[" in name and base != "msgstr"):
            error(token, "syntax error")
            if current is not None:
                current.broken = True
            continue
        part = Part(name, token.line, token.col, [(s.line, s.value) for s in strings])
        if base == "domain":
            close()
            continue
        if base == "msgctxt" or (base == "msgid" and (current is None or current.msgid is not None
                                                      or current.msgstr)):
            entry = start(token)
        elif current is not None:
            inside(i - 1 - len(strings))
        elif current is None or current.msgid is None and base != "msgid":
            error(token, "syntax error")  # msgid_plural or msgstr before any msgid
            continue
        else:
            entry = current
        if any(t.obsolete != entry.obsolete for t in (token, *strings)):
            error(token, "inconsistent use of #~")
        if base in ("msgctxt", "msgid"):
            setattr(entry, base, part)
        elif name == "msgid_plural":
            if entry.msgid_plural is not None or entry.msgstr:
                error(token, "syntax error")
                entry.broken = True
                continue
            entry.msgid_plural = part
        elif name == "msgstr":
            if entry.msgstr or entry.msgid_plural is not None:
                error(token, "syntax error")
                entry.broken = True
                continue
            entry.msgstr.append(part)
        else:  # msgstr[N]
            if entry.msgstr and not entry.plural_forms:
                error(token, "syntax error")
                entry.broken = True
                continue
            if entry.msgid_plural is None:
                error(entry.msgid, "missing 'msgid_plural' section")
                entry.msgid_plural = Part("msgid_plural", entry.msgid.line, entry.msgid.col)
            if _small_int(name[name.index("[") + 1: -1]) != len(entry.msgstr):
                error(token, "plural form has wrong index")
            entry.plural_forms = True
            entry.msgstr.append(part)
    close()
    return entries


def _parts(entry: Entry) -> list[Part]:
    return [p for p in (entry.msgctxt, entry.msgid, entry.msgid_plural) if p is not None] + entry.msgstr


# -- header ---------------------------------------------------------------------------------------

# (field, the value xgettext leaves for the translator to replace); gettext's check_header_entry
REQUIRED_FIELDS = [
    ("Project-Id-Version", "PACKAGE VERSION"),
    ("PO-Revision-Date", "YEAR-MO-DA"),
    ("Last-Translator", "FULL NAME"),
    ("Language-Team", "LANGUAGE"),
    ("MIME-Version", None),
    ("Content-Type", "text/plain; charset=CHARSET"),
    ("Content-Transfer-Encoding", "ENCODING"),
    ("Language", ""),
]


def _header_fields(part: Part, repeated: list[tuple[str, int, int]] | None = None
                   ) -> dict[str, tuple[str, int]]:
    """Header field -> (value, line of the field in the file), the first of a name as gettext
    reads it; each later one of a name already seen is added to ``repeated`` as (name, its
    line, the first's line)."""
    starts: list[int] = []
    lines: list[int] = []
    offset = 0
    for line, text in part.segments:
        starts.append(offset)
        lines.append(line)
        offset += len(text)
    fields: dict[str, tuple[str, int]] = {}
    offset = 0
    for row in part.text.split("\n"):
        name, colon, value = row.partition(":")
        if colon and name.strip():
            line = lines[max(0, bisect_right(starts, offset) - 1)] if lines else part.line
            if name.strip() not in fields:
                fields[name.strip()] = (value.strip(), line)
            elif repeated is not None:
                repeated.append((name.strip(), line, fields[name.strip()][1]))
        offset += len(row) + 1
    return fields


def _is_utf8(charset: str) -> bool:
    try:
        return codecs.lookup(charset).name == "utf-8"
    except LookupError:
        return False


# -- plural expressions (the C subset gettext accepts) ---------------------------------------------

class PluralError(ValueError):
    pass


PLURAL_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")
BINARY = [("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%")]
WORD = 2 ** 64  # gettext evaluates in unsigned long
PluralTree = str | tuple  # a number or "n", else (operator, operand, ...) with trees as operands
OPERATORS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt, "<=": operator.le,
             ">=": operator.ge, "+": lambda a, b: (a + b) % WORD, "-": lambda a, b: (a - b) % WORD,
             "*": lambda a, b: (a * b) % WORD, "/": operator.floordiv, "%": operator.mod}


def _plural_tokens(expression: str) -> list[str]:
    tokens, i = [], 0
    expression = expression.rstrip()
    while i < len(expression):
        match = PLURAL_TOKEN.match(expression, i)
        if match is None or match.end() == i:
            raise PluralError(expression[i:])
        token = match.group(match.lastindex)
        # A number is kept as gettext keeps it, in an unsigned long; Python's int() would refuse
        # one of more than 4,300 digits.
        tokens.append(str(_word(token)) if match.lastindex == 1 else token)
        i = match.end()
    return tokens


def _word(digits: str) -> int:
    """A decimal literal modulo 2**64, in time linear in its length."""
    if len(digits) <= 19:
        return int(digits) % WORD
    value = 0
    for ch in digits:
        value = (value * 10 + int(ch)) % WORD
    return value


def _small_int(digits: str) -> int:
    """A plural form's index; -1 (no form has it) for one too long to be an index."""
    return int(digits) if len(digits) <= 9 else -1


def parse_plural(expression: str) -> PluralTree:
    """The expression as nested tuples; PluralError if gettext would not parse it."""
    tokens = _plural_tokens(expression)
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take(expected: str | None = None) -> str:
        nonlocal pos
        token = peek()
        if token is None or (expected is not None and token != expected):
            raise PluralError(f"expected {expected or 'more'}")
        pos += 1
        return token

    def conditional():
        test = binary(0)
        if peek() == "?":
            take("?")
            then = conditional()
            take(":")
            return ("?", test, then, conditional())
        return test

    def binary(level: int):
        if level == len(BINARY):
            return unary()
        left = binary(level + 1)
        while peek() in BINARY[level]:
            op = take()
            left = (op, left, binary(level + 1))
        return left

    def unary():
        token = take()
        if token == "!":
            return ("!", unary())
        if token == "(":
            inner = conditional()
            take(")")
            return inner
        if token == "n" or token.isdigit():
            return token
        raise PluralError(token)

    tree = conditional()
    if pos != len(tokens):
        raise PluralError(tokens[pos])
    return tree


def evaluate_plural(tree: PluralTree, n: int) -> int:
    """ZeroDivisionError when the expression divides by zero for this n."""
    if isinstance(tree, str):
        return n if tree == "n" else int(tree) % WORD
    op, *args = tree
    if op == "?":
        return evaluate_plural(args[1] if evaluate_plural(args[0], n) else args[2], n)
    if op == "!":
        return int(not evaluate_plural(args[0], n))
    a = evaluate_plural(args[0], n)
    if op == "||":
        return int(bool(a) or bool(evaluate_plural(args[1], n)))
    if op == "&&":
        return int(bool(a) and bool(evaluate_plural(args[1], n)))
    return int(OPERATORS[op](a, evaluate_plural(args[1], n)))  # / and % by 0 raise ZeroDivisionError


def _check_plural_forms(value: str, line: int) -> tuple[list[Finding], int | None]:
    """Problems of a Plural-Forms value, and its nplurals when usable."""
    found: list[Finding] = []
    nplurals_match = re.search(r"\bnplurals\s*=\s*([^;]*)", value)
    plural_match = re.search(r"\bplural\s*=\s*([^;]*)", value)
    if nplurals_match is None or plural_match is None:
        found.append(Finding(line, 1, "Plural-Forms must be \"nplurals=INTEGER; plural=EXPRESSION;\""))
        return found, None
    text = nplurals_match.group(1).strip()
    if not text.isdigit() or len(text) > 9:       # no language has a billion plural forms
        found.append(Finding(line, 1, "invalid nplurals value"))
        return found, None
    nplurals = int(text)
    try:
        tree = parse_plural(plural_match.group(1))
    except (PluralError, RecursionError):  # nested beyond reason: no language needs it
        found.append(Finding(line, 1, "invalid plural expression"))
        return found, nplurals
    try:
        for n in range(1001):  # the counts gettext probes
            value = evaluate_plural(tree, n)
            if value >= nplurals:
                found.append(Finding(line, 1, f"nplurals = {nplurals} but plural expression can produce "
                                              f"values as large as {value}"))
                break
    except ZeroDivisionError:
        found.append(Finding(line, 1, "plural expression can produce division by zero"))
    return found, nplurals


# -- the checks -----------------------------------------------------------------------------------

def _decode(data: bytes) -> tuple[str, list[Finding]]:
    """The text (undecodable bytes replaced) and where the bytes are not UTF-8."""
    bad: list[Finding] = []
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, start=1):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            col = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
            bad.append(Finding(number, col, "invalid multibyte sequence"))
    text = data.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        # gettext's msgfmt and msgmerge refuse a byte order mark ("syntax error" at line 1), so
        # every catalog cardgen reads is held to that, gettext installed or not.
        bad.insert(0, Finding(1, 1, "the file starts with a byte order mark (BOM), which gettext's "
                                    "tools refuse; save it as UTF-8 without a BOM"))
    return text.removeprefix("\ufeff"), bad


def check_po(data: bytes, template: bool = False) -> list[Finding]:
    """Every problem gettext's ``msgfmt --check`` would report in a PO file (a POT template when
    ``template``: its Language and Plural-Forms are left for each translation to fill in)."""
    text, undecodable = _decode(data)
    findings: list[Finding] = []
    lexer = _Lexer(text, findings)
    tokens, flags = lexer.tokens()
    entries = _parse(tokens, flags, findings, lexer.comments)

    seen: dict[tuple[str | None, str], Entry] = {}
    for entry in entries:
        key = (entry.msgctxt.text if entry.msgctxt else None, entry.msgid.text)
        if key in seen:
            findings.append(Finding(entry.msgid.line, entry.msgid.col, "duplicate message definition "
                                    f"(the first is at line {seen[key].msgid.line})"))
        else:
            seen[key] = entry

    header = next((e for e in entries if not e.obsolete and e.msgctxt is None and e.msgid.text == ""
                   and len(e.msgstr) == 1 and not e.plural_forms), None)
    plural_entries = [e for e in entries if e.plural_forms and not e.obsolete]
    nplurals: int | None = None
    charset_ok = True
    if header is None:
        findings.append(Finding(1, 1, "PO file header missing (the entry msgid \"\" with Content-Type, "
                                      "Language and the other fields)"))
    else:
        repeated: list[tuple[str, int, int]] = []
        fields = _header_fields(header.msgstr[0], repeated)
        where = header.msgstr[0].line
        for name, line, first in repeated:
            # msgfmt and gettext read the first, polib (so i18n update, which rewrites the header)
            # the last: "Plural-Forms" twice was silently replaced by the one gettext never read.
            # An error where the two would read the text differently; of any other field, a warning.
            findings.append(Finding(line, 1, f"header field '{shorten(name)}' given twice (first at line "
                                             f"{first}): gettext reads the first, cardgen's update would "
                                             "keep the last; keep one",
                                    "error" if name in ("Plural-Forms", "Content-Type", "Language")
                                    else "warning"))
        for name, default in REQUIRED_FIELDS:
            if name == "Language" and template:
                continue  # each translation fills it in
            if name not in fields:
                findings.append(Finding(where, 1, f"header field '{name}' missing in header", "warning"))
                continue
            value, line = fields[name]
            # xgettext's placeholders: "YEAR-MO-DA HO:MI+ZONE", "FULL NAME <EMAIL@ADDRESS>", ""
            if default is not None and (value == default or default and value.startswith(default + " ")):
                findings.append(Finding(line, 1, f"header field '{name}' still has the initial default "
                                                 "value", "warning"))
        content_type, line = fields.get("Content-Type", ("", where))
        charset = re.search(r"charset\s*=\s*([^\s;]+)", content_type)
        if charset is None:
            findings.append(Finding(line, 1, "Charset missing in header; cardgen reads the catalog as "
                                             "UTF-8", "warning"))
        elif not _is_utf8(charset.group(1)):
            charset_ok = False
            findings.append(Finding(line, 1, f"charset {shorten(charset.group(1))!r}: cardgen reads and "
                                             "writes catalogs as UTF-8; save the file as UTF-8 and "
                                             "declare charset=UTF-8"))
        plural_forms = fields.get("Plural-Forms")
        placeholder = plural_forms is not None and "INTEGER" in plural_forms[0]
        if plural_forms is not None and not (template and placeholder):
            problems, nplurals = _check_plural_forms(*plural_forms)
            findings.extend(problems)
        elif plural_entries and not template:
            findings.append(Finding(plural_entries[0].msgstr[0].line, 1,
                                    "message catalog has plural form translations, but lacks a header "
                                    "entry with \"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\""))
    if charset_ok:
        findings.extend(undecodable)

    for entry in entries:
        if entry is header or entry.obsolete:
            continue
        if nplurals is not None and entry.plural_forms and len(entry.msgstr) != nplurals:
            findings.append(Finding(entry.msgstr[0].line, 1, f"nplurals = {nplurals} in the header, but "
                                                             f"this message has {len(entry.msgstr)} "
                                                             "plural forms"))
        findings.extend(_newline_problems(entry))
    return sorted(set(findings))


def _newline_problems(entry: Entry) -> list[Finding]:
    """msgfmt --check-format's test that the strings all, or none, begin (end) with a newline.
    Untranslated and fuzzy entries are not compiled, so not checked."""
    if "fuzzy" in entry.flags or not any(p.text for p in entry.msgstr):
        return []
    msgid = entry.msgid.text
    found: list[Finding] = []
    for edge, test in (("begin", lambda s: s.startswith("\n")), ("end", lambda s: s.endswith("\n"))):
        want = test(msgid)
        if entry.msgid_plural is not None and entry.plural_forms:
            if test(entry.msgid_plural.text) != want:
                found.append(Finding(entry.msgid_plural.line, 1, f"'msgid' and 'msgid_plural' entries do "
                                                                 f"not both {edge} with '\\n'"))
            for j, part in enumerate(entry.msgstr):
                if test(part.text) != want:
                    found.append(Finding(part.line, 1, f"'msgid' and 'msgstr[{j}]' entries do not both "
                                                       f"{edge} with '\\n'"))
        elif test(entry.msgstr[0].text) != want:
            found.append(Finding(entry.msgstr[0].line, 1, f"'msgid' and 'msgstr' entries do not both "
                                                          f"{edge} with '\\n'"))
    return found
