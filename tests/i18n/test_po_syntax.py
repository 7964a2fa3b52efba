"""The pure-Python stand-in for ``msgfmt --check``: gettext's verdict on every machine, gettext
installed or not."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.i18n.po_syntax import Finding, check_po, evaluate_plural, parse_plural

LOCALE = Path(__file__).resolve().parents[2] / "cards" / "briefcase" / "locale"

HEADER_LINES = [
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: cardgen test\\n"',
    '"PO-Revision-Date: 2026-01-01 00:00+0000\\n"',
    '"Last-Translator: A Translator\\n"',
    '"Language-Team: Greek\\n"',
    '"Language: el\\n"',
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    "",
]
FIRST = len(HEADER_LINES) + 1  # the line the body starts on


def po(*body: str, header: list[str] = HEADER_LINES) -> bytes:
    return "\n".join([*header, *body, ""]).encode("utf-8")


def header_with(old: str, new: str | None) -> list[str]:
    """The test header with one line replaced (or removed when ``new`` is None)."""
    assert old in HEADER_LINES
    return [line for line in (new if line == old else line for line in HEADER_LINES) if line is not None]


def errors(data: bytes, template: bool = False) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in check_po(data, template) if f.severity == "error"]


def warnings(data: bytes, template: bool = False) -> list[str]:
    return [f.message for f in check_po(data, template) if f.severity == "warning"]


@pytest.mark.parametrize("path", sorted(LOCALE.glob("*.po")), ids=lambda p: p.name)
def test_the_shipped_catalogs_have_no_problem_not_even_a_warning(path: Path):
    assert check_po(path.read_bytes()) == []


def test_the_template_has_no_problem_its_empty_language_being_by_nature():
    pot = (LOCALE / "briefcase.pot").read_bytes()
    assert check_po(pot, template=True) == []
    # Read as a language catalog, the same empty Language is worth a warning.
    assert warnings(pot) == ["header field 'Language' still has the initial default value"]


COMMENT_INSIDE = ("a comment line inside an entry; comments and flags such as #, fuzzy go before its "
                  "msgctxt or msgid")

# (id, body lines, the first error as (line offset in the body, message))
BROKEN = [
    ("unterminated", ['msgid "Buy"', 'msgstr "Αγορά'], (1, "end-of-line within string")),
    ("unterminated-msgid", ['msgid "Buy', 'msgstr "Αγορά"'], (0, "end-of-line within string")),
    ("escaped-quote-at-end", ['msgid "Buy"', 'msgstr "Αγορά\\"'], (1, "end-of-line within string")),
    ("unknown-escape", ['msgid "Buy"', 'msgstr "Αγ\\qορά"'], (1, "invalid control sequence")),
    ("unknown-keyword", ['msgid "Buy"', 'msgstrx "Αγορά"'], (0, "missing 'msgstr' section")),
    ("misspelt-msgctxt", ['msgctx "decision.buy:name"', 'msgid "Buy"', 'msgstr "Αγορά"'],
     (0, 'keyword "msgctx" unknown')),
    ("keyword-without-string", ['msgid "Buy"', "msgstr"], (1, "syntax error")),
    ("msgstr-before-msgid", ['msgstr "Αγορά"', 'msgid "Buy"'], (0, "syntax error")),
    ("missing-msgstr", ['msgid "Buy"', "", 'msgid "Sell"', 'msgstr "Πώληση"'],
     (0, "missing 'msgstr' section")),
    ("duplicate", ['msgid "Buy"', 'msgstr "Αγορά"', "", 'msgid "Buy"', 'msgstr "Αγοράστε"'],
     (3, f"duplicate message definition (the first is at line {FIRST})")),
    ("duplicate-with-context", ['msgctxt "a"', 'msgid "Buy"', 'msgstr "Α"', "",
                                'msgctxt "a"', 'msgid "Buy"', 'msgstr "Β"'],
     (5, f"duplicate message definition (the first is at line {FIRST + 1})")),
    ("plural-without-msgid-plural", ['msgid "card"', 'msgstr[0] "κάρτα"', 'msgstr[1] "κάρτες"'],
     (0, "missing 'msgid_plural' section")),
    ("plural-wrong-index", ['msgid "card"', 'msgid_plural "cards"', 'msgstr[0] "κάρτα"',
                            'msgstr[2] "κάρτες"'], (3, "plural form has wrong index")),
    ("plural-with-plain-msgstr", ['msgid "card"', 'msgid_plural "cards"', 'msgstr "κάρτα"'],
     (2, "syntax error")),
    ("plural-too-few-forms", ['msgid "card"', 'msgid_plural "cards"', 'msgstr[0] "κάρτα"'],
     (2, "nplurals = 2 in the header, but this message has 1 plural forms")),
    ("newline-begin", ['msgid "\\nBuy"', 'msgstr "Αγορά"'],
     (1, "'msgid' and 'msgstr' entries do not both begin with '\\n'")),
    ("newline-end", ['msgid "Buy"', 'msgstr "Αγορά\\n"'],
     (1, "'msgid' and 'msgstr' entries do not both end with '\\n'")),
    ("newline-plural", ['msgid "card\\n"', 'msgid_plural "cards\\n"', 'msgstr[0] "κάρτα\\n"',
                        'msgstr[1] "κάρτες"'],
     (3, "'msgid' and 'msgstr[1]' entries do not both end with '\\n'")),
    ("obsolete-half", ['msgid "Buy"', '#~ msgstr "Αγορά"'], (1, "inconsistent use of #~")),
    ("obsolete-unterminated", ['#~ msgid "Buy"', '#~ msgstr "Αγορά'], (1, "end-of-line within string")),
    ("previous-unterminated", ["#, fuzzy", '#| msgid "Buy', 'msgid "Buy now"', 'msgstr "Αγορά"'],
     (1, "end-of-line within string")),
    # A translator's #, fuzzy put after the msgctxt: msgfmt refuses it, and the Python checker
    # passed it (so i18n check passed it on a machine without gettext).
    ("flag-after-msgctxt", ['msgctxt "a"', "#, fuzzy", 'msgid "Buy"', 'msgstr "Αγορά"'],
     (2, f"syntax error: {COMMENT_INSIDE}")),
    ("comment-before-msgstr", ['msgid "Buy"', "# note", 'msgstr "Αγορά"'],
     (2, f"syntax error: {COMMENT_INSIDE}")),
    ("comment-in-a-string", ['msgid "Buy"', 'msgstr "Αγ"', "# note", '"ορά"'],
     (3, f"syntax error: {COMMENT_INSIDE}")),
    ("comment-between-plural-forms", ['msgid "card"', 'msgid_plural "cards"', 'msgstr[0] "κάρτα"', "# note",
                                      'msgstr[1] "κάρτες"'], (4, f"syntax error: {COMMENT_INSIDE}")),
]


@pytest.mark.parametrize("body, expected", [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_a_broken_catalog_is_an_error_at_its_line(body: list[str], expected: tuple[int, str]):
    offset, message = expected
    assert errors(po(*body))[0] == (FIRST + offset, message)


def test_an_unterminated_string_is_reported_at_its_column_and_once():
    findings = check_po(po('msgid "Buy"', 'msgstr "Αγορά'))
    assert findings == [Finding(FIRST + 1, 8, "end-of-line within string")]


def test_bytes_that_are_not_utf8_are_reported_where_they_are():
    data = po('msgid "Buy"', 'msgstr "Αγ\xff"').replace("\xff".encode(), b"\xff")
    assert check_po(data) == [Finding(FIRST + 1, 11, "invalid multibyte sequence")]


VALID = [
    # the escapes polib reads as gettext does; the others are refused (CARDGEN_STRICTER below)
    ("escapes", ['msgid "Say \\"hi\\"\\t\\\\\\n"', 'msgstr "Πες \\"γεια\\"\\t\\\\\\n"']),
    ("continued-strings", ['msgid ""', '"Buy "', '"now"', 'msgstr "Αγόρασε "', '"τώρα"']),
    ("keyword-and-string-apart", ["msgid", '"Buy"', "msgstr", '"Αγορά"']),
    ("comments-and-flags", ["# translator", "#. extracted", "#: cards/x.yaml:3", "#, no-wrap",
                            'msgid "Buy"', 'msgstr "Αγορά" # trailing comment']),
    ("context-makes-it-another-message", ['msgctxt "a"', 'msgid "Buy"', 'msgstr "Α"', "",
                                          'msgctxt "b"', 'msgid "Buy"', 'msgstr "Β"', "",
                                          'msgid "Buy"', 'msgstr "Γ"']),
    ("plural", ['msgid "card"', 'msgid_plural "cards"', 'msgstr[0] "κάρτα"', 'msgstr[1] "κάρτες"']),
    ("obsolete", ['#~ msgctxt "gone"', '#~ msgid "Old"', '#~ msgstr "Παλιό"']),
    # Not compiled, so gettext does not hold them to the newline rule either.
    ("fuzzy-newline", ["#, fuzzy", 'msgid "Buy\\n"', 'msgstr "Αγορά"']),
    ("untranslated-newline", ['msgid "Buy\\n"', 'msgstr ""']),
    ("both-newlines", ['msgid "\\nBuy\\n"', 'msgstr "\\nΑγορά\\n"']),
]


@pytest.mark.parametrize("body", [c[1] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_catalog_has_no_problem(body: list[str]):
    assert check_po(po(*body)) == []


# Valid for gettext, refused by cardgen: (id, body lines, (column, message)), all on the msgstr line.
CARDGEN_STRICTER = [
    ("hex-escaped-control", ['msgid "Buy"', 'msgstr "\\x1b[31mΑγορά"'],
     (9, "a control character, U+001B (written \\x1b), in a string: no font can print it; remove it")),
    ("octal-escaped-control", ['msgid "Buy"', 'msgstr "Αγορά\\033"'],
     (14, "a control character, U+001B (written \\033), in a string: no font can print it; remove it")),
    ("named-escaped-control", ['msgid "Buy"', 'msgstr "Αγορά\\a"'],
     (14, "a control character, U+0007 (written \\a), in a string: no font can print it; remove it")),
    ("raw-control", ['msgid "Buy"', 'msgstr "Αγ\x1bορά"'],
     (11, "a control character, U+001B, in a string: no font can print it; remove it")),
    ("line-separator", ['msgid "Buy"', 'msgstr "Αγ\u2028ορά"'],
     (11, "a line separator, U+2028, in a string: cardgen would print it as a space, not as a line "
          "break; remove it")),
    ("bidirectional-override", ['msgid "Buy"', 'msgstr "\u202eΑγορά"'],
     (9, "a bidirectional control, U+202E, in a string: cardgen would not follow it (it lays text "
         "out left to right); remove it")),
    ("numeric-escape", ['msgid "Buy"', 'msgstr "\\101γορά"'],
     (9, 'the escape \\101 is not read by cardgen (only \\n, \\t, \\\\ and \\" are): write the '
         "character itself")),
]


@pytest.mark.parametrize("body, expected", [c[1:] for c in CARDGEN_STRICTER],
                         ids=[c[0] for c in CARDGEN_STRICTER])
def test_a_control_character_or_numeric_escape_is_an_error_where_it_is_written(
        body: list[str], expected: tuple[int, str]):
    col, message = expected
    assert check_po(po(*body)) == [Finding(FIRST + 1, col, message)]


def test_a_byte_order_mark_is_an_error_at_the_start_as_msgfmt_has_it():
    assert check_po(b"\xef\xbb\xbf" + po('msgid "Buy"', 'msgstr "Αγορά"')) == [
        Finding(1, 1, "the file starts with a byte order mark (BOM), which gettext's tools refuse; "
                      "save it as UTF-8 without a BOM")]


def test_windows_line_ends_are_accepted():
    assert check_po(po('msgid "Buy"', 'msgstr "Αγορά"').replace(b"\n", b"\r\n")) == []


# -- the header ------------------------------------------------------------------------------------

def test_a_catalog_without_header_is_an_error():
    assert errors(po('msgid "Buy"', 'msgstr "Αγορά"', header=[])) == [
        (1, 'PO file header missing (the entry msgid "" with Content-Type, Language and the other fields)')]


def test_a_language_catalog_must_name_its_language_but_a_template_need_not():
    data = po('msgid "Buy"', 'msgstr "Αγορά"', header=header_with('"Language: el\\n"', None))
    assert warnings(data) == ["header field 'Language' missing in header"]
    assert warnings(data, template=True) == []
    empty = po('msgid "Buy"', 'msgstr "Αγορά"', header=header_with('"Language: el\\n"', '"Language: \\n"'))
    assert warnings(empty) == ["header field 'Language' still has the initial default value"]


def test_header_fields_left_at_xgettext_placeholders_are_warnings():
    data = po('msgid "Buy"', 'msgstr "Αγορά"', header=header_with(
        '"Last-Translator: A Translator\\n"', '"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"'))
    assert warnings(data) == ["header field 'Last-Translator' still has the initial default value"]
    assert errors(data) == []


def test_a_missing_charset_is_a_warning_and_another_charset_an_error():
    content_type = '"Content-Type: text/plain; charset=UTF-8\\n"'
    line = FIRST - len(HEADER_LINES) + HEADER_LINES.index(content_type)
    missing = po('msgid "Buy"', 'msgstr "Buy"',
                 header=header_with(content_type, '"Content-Type: text/plain\\n"'))
    assert warnings(missing) == ["Charset missing in header; cardgen reads the catalog as UTF-8"]
    assert errors(missing) == []
    # cardgen re-saves catalogs as UTF-8: a file declaring Greek ISO-8859-7 would come out garbled.
    greek = po('msgid "Buy"', 'msgstr "Buy"',
               header=header_with(content_type, '"Content-Type: text/plain; charset=ISO-8859-7\\n"'))
    assert errors(greek) == [(line, "charset 'ISO-8859-7': cardgen reads and writes catalogs as UTF-8; "
                                    "save the file as UTF-8 and declare charset=UTF-8")]
    spelt = po('msgid "Buy"', 'msgstr "Buy"',
               header=header_with(content_type, '"Content-Type: text/plain; charset=utf8\\n"'))
    assert check_po(spelt) == []


PLURAL_FORMS = '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'


@pytest.mark.parametrize("value, message", [
    ("nplurals=two; plural=(n != 1);", "invalid nplurals value"),
    ("nplurals=2; plural=(n != ;", "invalid plural expression"),
    ("nplurals=2; plural=n > 1 ? 1 :;", "invalid plural expression"),
    ("nplurals=2;", 'Plural-Forms must be "nplurals=INTEGER; plural=EXPRESSION;"'),
    ("nplurals=2; plural=n%10;", "nplurals = 2 but plural expression can produce values as large as 2"),
    ("nplurals=1; plural=n;", "nplurals = 1 but plural expression can produce values as large as 1"),
    ("nplurals=2; plural=n%(n-1);", "plural expression can produce division by zero"),
])
def test_a_malformed_plural_forms_header_is_an_error_at_its_line(value: str, message: str):
    line = FIRST - len(HEADER_LINES) + HEADER_LINES.index(PLURAL_FORMS)
    data = po('msgid "Buy"', 'msgstr "Αγορά"',
              header=header_with(PLURAL_FORMS, f'"Plural-Forms: {value}\\n"'))
    assert errors(data) == [(line, message)]


def test_a_header_field_given_twice_is_an_error_at_the_second():
    # gettext reads the first Plural-Forms, polib the last: i18n update rewrote the header with
    # the second alone, silently changing the plural forms the catalog had been compiled with.
    line = FIRST - len(HEADER_LINES) + HEADER_LINES.index(PLURAL_FORMS)
    data = po('msgid "Buy"', 'msgstr "Αγορά"', header=header_with(
        PLURAL_FORMS, PLURAL_FORMS + '\n"Plural-Forms: nplurals=1; plural=0;\\n"'))
    assert errors(data) == [(line + 1, f"header field 'Plural-Forms' given twice (first at line {line}): "
                                       "gettext reads the first, cardgen's update would keep the last; "
                                       "keep one")]
    # Of a field that changes nothing in how the texts are read, a warning: the catalog builds.
    team = '"Language-Team: Greek\\n"'
    data = po('msgid "Buy"', 'msgstr "Αγορά"', header=header_with(team, team + "\n" + team))
    assert errors(data) == []
    assert warnings(data) == ["header field 'Language-Team' given twice (first at line 6): gettext reads the "
                              "first, cardgen's update would keep the last; keep one"]


def test_plural_messages_need_a_plural_forms_header():
    body = ['msgid "card"', 'msgid_plural "cards"', 'msgstr[0] "κάρτα"', 'msgstr[1] "κάρτες"']
    without = header_with(PLURAL_FORMS, None)
    assert errors(po(*body, header=without)) == [
        (FIRST + 1, 'message catalog has plural form translations, but lacks a header entry with '
                    '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;"')]
    assert errors(po('msgid "Buy"', 'msgstr "Αγορά"', header=without)) == []


@pytest.mark.parametrize("expression, expected", [
    ("(n != 1)", {0: 1, 1: 0, 2: 1}),
    ("0", {0: 0, 1: 0, 7: 0}),
    # Russian: 1, 21 -> 0; 2-4, 22 -> 1; 5-20, 11, 111 -> 2
    ("n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
     {1: 0, 21: 0, 2: 1, 4: 1, 22: 1, 5: 2, 11: 2, 12: 2, 111: 2}),
    # Arabic, six forms
    ("n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5",
     {0: 0, 1: 1, 2: 2, 3: 3, 10: 3, 11: 4, 99: 4, 100: 5, 102: 5}),
    ("!(n - 1)", {0: 0, 1: 1, 2: 0}),  # unsigned: 0 - 1 wraps around, as in C
])
def test_plural_expressions_evaluate_as_gettext_does(expression: str, expected: dict[int, int]):
    tree = parse_plural(expression)
    assert {n: evaluate_plural(tree, n) for n in expected} == expected


def test_absurdly_nested_plural_expression_is_invalid_not_a_crash():
    data = po('msgid "Buy"', 'msgstr "Αγορά"', header=header_with(
        PLURAL_FORMS, f'"Plural-Forms: nplurals=2; plural={"(" * 5000}n{")" * 5000};\\n"'))
    assert [m for _, m in errors(data)] == ["invalid plural expression"]


PO_PIECES = st.sampled_from([
    "msgid", "msgstr", "msgctxt", "msgid_plural", "msgstr[0]", "msgstr[1]", "msgstr[", "domain", "x", "é",
    '"a"', '"', '""', '"\\n"', "\\", "\\x", "#~ ", "#| ", "#, fuzzy", "#", "\n", " ", "\r",
    '"Plural-Forms: nplurals=2; plural=n%0;\\n"', '"Content-Type: text/plain; charset=\\n"'])


@given(st.lists(PO_PIECES, max_size=40), st.booleans())
def test_any_mangled_catalog_gives_findings_never_an_exception(pieces: list[str], template: bool):
    findings = check_po("".join(pieces).encode("utf-8"), template)
    assert all(f.line >= 1 and f.col >= 1 and f.message for f in findings)


# -- gettext's own msgfmt as the reference, where it is installed -------------------------------------

# Where the Python checker is deliberately stricter than msgfmt, which only warns or lets it pass.
STRICTER = {"greek-charset", "plural-forms-without-plural", "header-field-twice",
            *(c[0] for c in CARDGEN_STRICTER)}
REFERENCE = [(c[0], po(*c[1]), False) for c in BROKEN + CARDGEN_STRICTER] + [
    (c[0], po(*c[1]), True) for c in VALID] + [
    ("byte-order-mark", b"\xef\xbb\xbf" + po('msgid "Buy"', 'msgstr "Αγορά"'), False),
    ("greek-charset", po('msgid "a"', 'msgstr "b"', header=header_with(
        '"Content-Type: text/plain; charset=UTF-8\\n"', '"Content-Type: text/plain; charset=ISO-8859-7\\n"')),
     False),
    ("plural-forms-without-plural", po('msgid "a"', 'msgstr "b"', header=header_with(
        PLURAL_FORMS, '"Plural-Forms: nplurals=2;\\n"')), False),
    ("header-field-twice", po('msgid "a"', 'msgstr "b"', header=header_with(
        PLURAL_FORMS, PLURAL_FORMS + '\n"Plural-Forms: nplurals=1; plural=0;\\n"')), False),
]


@pytest.mark.skipif(shutil.which("msgfmt") is None,
                    reason="optional extra check: gettext's msgfmt is not installed (the Python checker's "
                           "own tests above run everywhere)")
@pytest.mark.parametrize("name, data, valid", REFERENCE, ids=[r[0] for r in REFERENCE])
def test_msgfmt_agrees_with_the_python_checker(tmp_path: Path, name: str, data: bytes, valid: bool):
    path = tmp_path / "x.po"
    path.write_bytes(data)
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "x.mo"), str(path)],
                            capture_output=True, text=True)
    assert (errors(data) == []) == valid
    assert (result.returncode == 0) == (valid or name in STRICTER), result.stderr
