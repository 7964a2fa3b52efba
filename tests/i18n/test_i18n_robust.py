"""Catalogs that are not what they seem: another charset, a FIFO, a huge file, a link; a language
tag too long for a file name. One line each, never a hang, never a silently rewritten file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from cardgen.i18n.catalog import po_path, read_catalog
from cardgen.safe_read import MAX_BYTES
from tests.i18n.scratch import cardgen

STEEL = "company.steel_factory:name"


def latin1_catalog(project: Path) -> Path:
    """The Greek catalog made a Latin-1 one: declared ISO-8859-1, encoded so, with an é."""
    path = project / "cards" / "briefcase" / "locale" / "el.po"
    po = polib.pofile(str(path))
    po.metadata["Content-Type"] = "text/plain; charset=ISO-8859-1"
    po.header = "A Latin-1 catalog."
    for entry in po:
        entry.msgstr = "Café" if entry.msgctxt == STEEL else ""
        entry.tcomment = entry.previous_msgid = None
    path.write_bytes(str(po).encode("latin-1"))
    return path


def test_a_catalog_in_another_charset_is_never_rewritten_as_utf8(project: Path):
    path = latin1_catalog(project)
    before = path.read_bytes()
    for _ in range(2):
        code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
        assert code == 1
        assert "charset 'ISO-8859-1': cardgen reads and writes catalogs as UTF-8" in out
        assert "Traceback" not in out
    assert path.read_bytes() == before
    again = polib.pofile(path.read_bytes().decode("iso-8859-1"))
    assert next(e for e in again if e.msgctxt == STEEL).msgstr == "Café"


@pytest.mark.parametrize("command", [["i18n", "stats", "briefcase"],
                                     ["build", "briefcase", "--lang", "el", "--out", "out"]])
def test_other_commands_refuse_the_other_charset_too(project: Path, monkeypatch: pytest.MonkeyPatch,
                                                     command: list[str]):
    monkeypatch.chdir(project)
    latin1_catalog(project)
    code, out = cardgen(*command)
    assert code == 1 and "charset 'ISO-8859-1'" in out and "Traceback" not in out


def replace_catalog(project: Path, make) -> Path:
    path = project / "cards" / "briefcase" / "locale" / "el.po"
    path.unlink()
    make(path)
    return path


def test_a_fifo_catalog_is_one_line_not_a_hang(project: Path):
    replace_catalog(project, os.mkfifo)
    env = {**os.environ, "CARDGEN_HOME": str(project)}
    for command in (["check", "briefcase", "--no-fit"], ["update", "briefcase"], ["stats"]):
        # The timeout only keeps a hang from stalling the suite; it is not a speed assertion.
        done = subprocess.run([sys.executable, "-m", "cardgen", "i18n", *command], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1, done.stderr
        lines = [line for line in (done.stdout + done.stderr).splitlines() if "error" in line]
        assert len(lines) == 1, lines
        assert lines[0].endswith("el.po:1:1: error[i18n-file]: not a regular file (a device, pipe or "
                                 "socket); give a catalog")


def test_a_huge_catalog_is_refused_with_the_limit(project: Path):
    path = po_path("briefcase", "el")
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\nmsgctxt "huge"\nmsgid "Huge"\nmsgstr "' + "x" * (MAX_BYTES + 1) + '"\n',
                    encoding="utf-8")
    for command in (["check", "briefcase", "--lang", "el", "--no-fit"], ["update", "briefcase"]):
        code, out = cardgen("i18n", *command)
        assert code == 1
        errors = [line for line in out.splitlines() if "error" in line]
        assert len(errors) == 1 and "error[i18n-file]" in errors[0], errors
        assert f"the limit is {MAX_BYTES:,} bytes" in errors[0]


def test_an_update_that_would_grow_a_catalog_past_the_limit_writes_nothing(project: Path):
    # A catalog just under the limit, of entries no longer printed: update marked each obsolete
    # (#~) and wrote a 2.3 MB file that every command, build and update too, then refused.
    path = po_path("briefcase", "el")
    text = path.read_text(encoding="utf-8")
    entry = '\nmsgctxt "gone.{0}:name"\nmsgid "Gone {0}"\nmsgstr "Weg {0}"\n'
    extra, i = [], 0
    while len(text.encode()) + sum(map(len, extra)) < MAX_BYTES - 200:
        extra.append(entry.format(i))
        i += 1
    path.write_text(text + "".join(extra), encoding="utf-8")
    before = path.read_bytes()
    assert len(before) <= MAX_BYTES
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
    assert code == 1, out
    errors = [line for line in out.splitlines() if "error" in line]
    assert len(errors) == 1 and errors[0].startswith("error: cannot write "), errors
    assert f"the limit is {MAX_BYTES:,} bytes" in errors[0]
    assert path.read_bytes() == before


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS file names are UTF-8 only")
def test_a_set_file_whose_name_is_not_utf8_is_referenced_as_an_escape_in_the_catalogs(project: Path):
    # The name reached the texts' references (#: FILE:LINE) as a lone surrogate: update, extract
    # and init were an internal error (UnicodeEncodeError).
    from tests.conftest import REPO

    name = os.fsencode(project / "cards" / "briefcase") + b"/my-\xff.yaml"
    with open(name, "wb") as handle:
        handle.write((REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml").read_bytes())
    for command in (["update", "briefcase", "--lang", "el"], ["extract", "briefcase"],
                    ["init", "briefcase", "de"]):
        code, out = cardgen("i18n", *command)
        assert code == 0, out
    for lang in ("el", "de"):
        text = po_path("briefcase", lang).read_bytes().decode("utf-8")      # UTF-8 throughout
        assert "#: cards/briefcase/my-\\udcff.yaml:" in text
        read_catalog(po_path("briefcase", lang))                            # read back as it is
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")      # and again, unchanged
    assert code == 0 and "0 new, 0 changed (fuzzy), 0 obsolete" in out, out


def test_a_catalog_that_is_a_link_is_refused_and_its_target_never_printed(project: Path, tmp_path: Path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:the secret line\n", encoding="utf-8")
    replace_catalog(project, lambda path: path.symlink_to(secret))
    for command in (["check", "briefcase", "--lang", "el", "--no-fit"], ["update", "briefcase"],
                    ["stats", "briefcase"]):
        code, out = cardgen("i18n", *command)
        assert code == 1
        assert "the secret line" not in out and "root:x" not in out
        errors = [line for line in out.splitlines() if "error" in line]
        assert len(errors) == 1 and "error[i18n-file]: is a symbolic link" in errors[0], errors
    assert secret.read_text(encoding="utf-8") == "root:x:0:0:the secret line\n"


def test_a_line_separator_in_a_translation_is_refused_at_its_real_line(project: Path):
    # polib, given text, would split lines at U+2028, and count the lines after it wrongly; a
    # catalog is read by its real lines. The separator itself is refused: a card would print
    # it as a space.
    path = po_path("briefcase", "el")
    po = read_catalog(path)
    next(e for e in po if e.msgctxt == STEEL).msgstr = "Χαλυβουργία\u2028δύο"
    po.save()
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
                if "\u2028" in text)
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--no-fit")
    assert code == 1
    assert f"el.po:{line}:" in out and "a line separator, U+2028" in out


def test_init_with_a_valid_but_very_long_tag_is_one_line(project: Path):
    tag = "de" + "-abcdefgh" * 40
    code, out = cardgen("i18n", "init", "briefcase", tag)
    assert code == 2
    assert len(out.strip().splitlines()) == 1 and "is not a language tag" in out
    assert len(out) < 200
    assert not list((project / "cards" / "briefcase" / "locale").glob("de*"))


PLURAL_HEADER = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                 '"Plural-Forms: {forms}\\n"\n\nmsgid "a"\nmsgid_plural "as"\nmsgstr[{index}] "x"\n')


@pytest.mark.parametrize("forms, index, message", [
    ("nplurals=" + "9" * 5000 + "; plural=n;", "0", "invalid nplurals value"),
    ("nplurals=2; plural=n > " + "9" * 5000 + ";", "0", "this message has 1 plural forms"),
    ("nplurals=2; plural=n;", "9" * 5000, "plural form has wrong index"),
])
def test_numbers_past_python_s_digit_limit_in_a_catalog_are_findings(forms: str, index: str, message: str):
    # int() refuses text of more than 4,300 digits: the checker must not rely on it
    from cardgen.i18n.po_syntax import check_po

    found = check_po(PLURAL_HEADER.format(forms=forms, index=index).encode("utf-8"))
    assert any(message in f.message for f in found), found


def test_a_translation_with_thousands_of_digits_is_a_short_numbers_finding():
    from cardgen.i18n.checks import check_numbers

    ((rule, message),) = check_numbers("Pay 1 {vp}.", "Pay " + "9" * 5000 + " {vp}.")
    assert rule == "i18n-numbers" and len(message) < 200


def test_a_catalog_gettext_would_refuse_is_refused_by_every_command_and_never_rewritten(project: Path):
    path = po_path("briefcase", "el")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith('msgstr "') and len(line) > 12)
    lines[at] = lines[at].rstrip().removesuffix('"') + "\n"          # an unclosed string
    path.write_text("".join(lines), encoding="utf-8")
    broken = path.read_bytes()
    for command in (["i18n", "stats", "briefcase"], ["i18n", "update", "briefcase", "--lang", "el"],
                    ["build", "--lang", "el", "--out", str(project / "out")]):
        code, out = cardgen(*command)
        assert code == 1 and f"el.po:{at + 1}:" in out and "end-of-line within string" in out, (command, out)
    assert path.read_bytes() == broken and not (project / "out").exists()


def test_a_binary_catalog_is_a_few_lines_not_one_per_line(project: Path):
    po_path("briefcase", "el").write_bytes(bytes(range(256)) * 400)
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--no-fit")
    assert code == 1 and len(out.splitlines()) < 30 and "more problems" in out


CATALOG_READERS = (["i18n", "check", "briefcase", "--lang", "el", "--no-fit"], ["i18n", "stats", "briefcase"],
                   ["i18n", "update", "briefcase", "--lang", "el"], ["build", "--lang", "el", "--out", "out"])


def _first_translation(path: Path) -> tuple[list[str], int]:
    """The catalog's lines and the index of its first translated msgstr line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return lines, next(i for i, line in enumerate(lines) if line.startswith('msgstr "') and len(line) > 12)


@pytest.mark.parametrize("command", CATALOG_READERS, ids=lambda c: " ".join(c[:2]))
def test_an_escaped_control_character_is_one_positioned_error_in_every_reader(
        project: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]):
    # gettext reads \x1b as ESC: it must reach neither a card nor the terminal
    monkeypatch.chdir(project)
    path = po_path("briefcase", "el")
    lines, at = _first_translation(path)
    lines[at] = 'msgstr "\\x1b[31m' + lines[at].removeprefix('msgstr "')
    path.write_text("".join(lines), encoding="utf-8")
    broken = path.read_bytes()
    code, out = cardgen(*command)
    errors = [line for line in out.splitlines() if "error" in line]
    assert code == 1 and len(errors) == 1, out
    assert f"el.po:{at + 1}:9: error[i18n-syntax]: a control character, U+001B (written \\x1b)" in errors[0]
    assert "\x1b" not in out and path.read_bytes() == broken and not (project / "out").exists()


@pytest.mark.parametrize("command", CATALOG_READERS, ids=lambda c: " ".join(c[:2]))
def test_a_byte_order_mark_is_refused_alike_by_every_reader(project: Path, monkeypatch: pytest.MonkeyPatch,
                                                            command: list[str]):
    monkeypatch.chdir(project)
    path = po_path("briefcase", "el")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    broken = path.read_bytes()
    code, out = cardgen(*command)
    errors = [line for line in out.splitlines() if "error" in line]
    assert code == 1 and len(errors) == 1, out
    assert "el.po:1:1: error[i18n-syntax]: the file starts with a byte order mark (BOM)" in errors[0]
    assert path.read_bytes() == broken and not (project / "out").exists()


@pytest.mark.parametrize("command", [["build", "--lang", "el", "--out", "out"],
                                     ["export", "--lang", "el", "--out", "out"],
                                     ["preview", "power_plant", "--lang", "el", "--out", "out/p.png"]],
                         ids=lambda c: c[0])
def test_a_broken_catalog_is_printed_as_its_positioned_line_alone_by_every_drawing_command(
        project: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]):
    monkeypatch.chdir(project)
    path = po_path("briefcase", "el")
    lines, at = _first_translation(path)
    lines[at] = lines[at].rstrip("\n").removesuffix('"') + "\n"      # an unterminated string
    path.write_text("".join(lines), encoding="utf-8")
    code, out = cardgen(*command)
    errors = [line for line in out.splitlines() if "error" in line]
    assert code == 1 and errors == [f"{path.relative_to(project)}:{at + 1}:8: error[i18n-syntax]: "
                                    f"end-of-line within string"], out


@pytest.mark.parametrize("name", [os.fsdecode(b"\xff.po"), "my notes.po"], ids=["not-utf8", "no-tag"])
def test_a_catalog_not_named_after_a_language_is_no_language_and_check_says_so(project: Path, name: str):
    """A catalog named with bytes that are not UTF-8 was taken for a language, and build --lang
    or i18n check of it ended in an internal error (its name went into a PDF's title)."""
    locale = project / "cards" / "briefcase" / "locale"
    (locale / name).write_bytes((locale / "el.po").read_bytes())
    stem = name.removesuffix(".po")
    code, output = cardgen("build", "--lang", stem, "--out", str(project / "out"))
    assert code == 2 and "no briefcase translation for language" in output, output
    assert "internal error" not in output and not (project / "out").exists()
    code, output = cardgen("i18n", "stats")
    assert code == 0 and f"briefcase: {stem} " not in output
    code, output = cardgen("i18n", "check", "briefcase", "--no-fit")
    assert code == 1
    assert "error[i18n-file]: the file name is no language tag" in output, output


@pytest.mark.parametrize("second", ["EL.po", "el-x.po"], ids=["case", "unrelated"])
def test_two_catalogs_of_one_language_are_an_error_not_a_choice_by_name_order(project: Path, second: str):
    """EL.po beside el.po (i18n init refuses to make it) were one language to every command, and
    which one printed depended on how the names sorted."""
    locale = project / "cards" / "briefcase" / "locale"
    (locale / second).write_bytes((locale / "el.po").read_bytes())
    code, output = cardgen("build", "--lang", "el", "--out", str(project / "out"))
    if second == "EL.po":
        assert code == 2 and "briefcase has 2 catalogs for language 'el'" in output, output
        assert not (project / "out").exists()
        # stats and list listed both as two languages, each complete
        code, output = cardgen("i18n", "stats")
        assert code == 2 and "briefcase has 2 catalogs for language 'EL'" in output, output
        code, output = cardgen("list", "briefcase", "languages", "--format", "json")
        rows = {r["language"]: r for r in json.loads(output[output.index("["):output.rindex("]") + 1])}
        assert code == 0 and "2 catalogs for language" in rows["el"]["problem"], output
    else:
        assert code == 0, output
