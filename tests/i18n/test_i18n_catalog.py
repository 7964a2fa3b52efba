"""Catalog tooling: extract, update (merge), stats, the translator, and gettext's own checks."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.i18n import checks
from cardgen.i18n.catalog import (
    UnknownLanguage,
    build_template,
    merge,
    po_path,
    read_catalog,
    template_path,
)
from cardgen.i18n.messages import english
from cardgen.i18n.sources import game_messages
from cardgen.i18n.translate import translator
from tests.i18n.scratch import add_company, cardgen, catalog, data, edit, entry, remove_company

REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "cards" / "briefcase" / "locale"
SHIPPED = sorted(LOCALE.glob("*.po"))

STEEL = "company.steel_factory:ability"
STEEL_EN = "The player may use any resource as {steel}."


def test_extract_writes_the_same_bytes_as_the_shipped_template():
    assert str(build_template("briefcase")) == (LOCALE / "briefcase.pot").read_text(encoding="utf-8")


def test_template_has_every_printed_message_with_its_context_and_comment():
    pot = build_template("briefcase")
    messages = game_messages("briefcase")
    assert [(e.msgctxt, e.msgid, e.comment) for e in pot] == [(m.context, m.source, m.comment)
                                                              for m in messages]


def test_template_references_the_data_line_of_each_card_text():
    refs = {e.msgctxt: e.occurrences for e in build_template("briefcase")}
    (path, line), = refs[STEEL]
    lines = (REPO / path).read_text(encoding="utf-8").splitlines()
    assert path == "cards/briefcase/companies.yaml"
    assert STEEL_EN in lines[int(line) - 1]


def test_update_of_current_catalogs_changes_no_byte(project: Path):
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 0, out
    for shipped in [LOCALE / "briefcase.pot", *SHIPPED]:
        assert (data(project, "locale") / shipped.name).read_bytes() == shipped.read_bytes()


HEADER_COMMENTS = [
    "",
    "# German translation of the printed texts of briefcase.\n",
    "# SOME DESCRIPTIVE TITLE.\n# Copyright (C) 2026 THE PACKAGE'S COPYRIGHT HOLDER\n"
    "# Anna <anna@example.org>, 2026.\n#\n",
    "# Two paragraphs.\n#\n# Übersetzung, second one.\n#\n#, fuzzy\n",
]


@pytest.mark.parametrize("comments", HEADER_COMMENTS)
def test_update_keeps_the_header_comments_as_they_are_and_adds_none(project: Path, comments: str):
    # A catalog whose header had no comment lines got a lone '#' line on top from every update
    # (polib writes an empty header so).
    assert cardgen("i18n", "init", "briefcase", "de")[0] == 0
    path = po_path("briefcase", "de")
    text = path.read_text(encoding="utf-8")
    catalog_text = comments + text[text.index('msgid ""'):]
    path.write_text(catalog_text, encoding="utf-8")
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "de")
    assert code == 0, out
    assert path.read_text(encoding="utf-8") == catalog_text


def test_a_failed_update_writes_nothing_not_even_the_template(valid_project: Path):
    # The English changed (so the template and el.po would change) and zh-Hant.po is broken:
    # everything is read and checked before the first file is written.
    edit(data(valid_project, "companies.yaml"), f'text: "{STEEL_EN}"', 'text: "Any resource is {steel}."')
    locale = data(valid_project, "locale")
    with (locale / "zh-Hant.po").open("a", encoding="utf-8") as broken:
        broken.write('garbage "\n')
    before = {p.name: p.read_bytes() for p in locale.iterdir()}
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 1 and 'zh-Hant.po:' in out and 'keyword "garbage" unknown' in out, out
    assert {p.name: p.read_bytes() for p in locale.iterdir()} == before


def test_changed_english_makes_the_translation_fuzzy_with_the_previous_english(valid_project: Path):
    new = "The player may use any 2 resources as one {steel}."
    edit(data(valid_project, "companies.yaml"), f'text: "{STEEL_EN}"', f'text: "{new}"')
    before = entry(catalog(valid_project, "el"), STEEL).msgstr
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 0, out
    e = entry(catalog(valid_project, "el"), STEEL)
    assert (e.msgid, e.fuzzy, e.previous_msgid, e.msgstr) == (new, True, STEEL_EN, before)
    # A fuzzy translation is not printed: the card shows the current English.
    assert translator("briefcase", "el")(STEEL, new) == new


def test_removed_company_becomes_obsolete(valid_project: Path):
    remove_company(valid_project, "venture_capital_firm", "High-Tech Company")
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 0, out
    for lang in ("el", "zh-Hant"):
        po = catalog(valid_project, lang)
        gone = [e for e in po.obsolete_entries() if e.msgctxt.startswith("company.venture_capital_firm:")]
        assert {e.msgctxt for e in gone} == {"company.venture_capital_firm:name",
                                              "company.venture_capital_firm:ability"}
        assert all(e.msgstr for e in gone)  # kept, in case the company comes back


def test_added_company_comes_in_untranslated(valid_project: Path):
    add_company(valid_project)
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 0, out
    po = catalog(valid_project, "zh-Hant")
    assert entry(po, "company.call_centre:name").msgid == "Call Centre"
    assert entry(po, "company.call_centre:name").msgstr == ""
    assert entry(po, "company.call_centre:ability") in po.untranslated_entries()
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "zh-Hant", "--no-fit")
    assert code == 1 and "error[i18n-missing]: company.call_centre:name: untranslated" in out


def test_english_changed_back_clears_the_fuzzy_flag():
    po = polib.POFile()
    po.append(polib.POEntry(msgctxt="c", msgid="old", msgstr="παλιό"))
    pot = polib.POFile()
    pot.append(polib.POEntry(msgctxt="c", msgid="new"))
    merge(po, pot)
    assert po[0].fuzzy and po[0].previous_msgid == "old"
    pot[0].msgid = "old"
    merge(po, pot)
    assert not po[0].fuzzy and po[0].previous_msgid is None and po[0].msgstr == "παλιό"


def test_obsolete_entry_comes_back_when_its_text_returns():
    po = polib.POFile()
    po.append(polib.POEntry(msgctxt="c", msgid="text", msgstr="κείμενο", obsolete=True))
    pot = polib.POFile()
    pot.append(polib.POEntry(msgctxt="c", msgid="text"))
    report = merge(po, pot)
    assert report.revived == ["c"] and not po[0].obsolete and po[0].msgstr == "κείμενο"


def test_translator_reads_the_catalog_and_english_is_the_source_itself():
    assert translator("briefcase", "el")("resource.steel:name", "Steel") == "Ατσάλι"
    assert translator("briefcase", "zh_hant")("resource.steel:name", "Steel") == "鋼鐵"
    assert translator("briefcase", "en") is english


def test_translator_falls_back_to_english_for_untranslated_and_unknown_texts(project: Path):
    po = read_catalog(po_path("briefcase", "el"))
    entry(po, "resource.paper:name").msgstr = ""
    po.save()
    translate = translator("briefcase", "el")
    assert translate("resource.paper:name", "Paper") == "Paper"
    assert translate("resource.steel:name", "Iron") == "Iron"  # English differs from the catalog's


def test_unknown_language_is_a_clear_error():
    with pytest.raises(UnknownLanguage, match=r"no briefcase translation for language 'fr'; "
                                             r"available: en, el, zh-Hant"):
        translator("briefcase", "fr")


def test_unknown_language_says_how_to_start_one():
    # A translator adding Greek to Free Market: NYC (i18n update fmnyc --lang el) was told only
    # which languages exist, not that i18n init starts one.
    with pytest.raises(UnknownLanguage, match=r"start one with `cardgen i18n init fmnyc el`"):
        translator("fmnyc", "el")


@pytest.mark.parametrize("args", [["i18n", "check", "briefcase", "--lang", "fr"],
                                  ["i18n", "update", "briefcase", "--lang", "en"],
                                  ["i18n", "stats", "monopoly"]])
def test_bad_user_input_is_one_line_and_exit_2(args: list[str]):
    code, out = cardgen(*args)
    assert code == 2
    assert len(out.strip().splitlines()) == 1 and "Traceback" not in out


def test_unreadable_catalog_is_reported_at_its_line(project: Path):
    path = po_path("briefcase", "el")
    text = path.read_text(encoding="utf-8")
    line = text[: text.index('msgctxt "decision.buy:name"')].count("\n") + 1
    path.write_text(text.replace('msgctxt "decision.buy:name"', 'msgctx "decision.buy:name"'),
                    encoding="utf-8")
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el")
    assert code == 1
    assert f"el.po:{line}:" in out and "error[i18n-" in out


@pytest.mark.parametrize("msgfmt", ["as-found", "hidden"])
def test_catalog_that_polib_reads_but_gettext_rejects_is_an_error(
        project: Path, monkeypatch: pytest.MonkeyPatch, msgfmt: str):
    # An unterminated string: polib is lenient, gettext's tools reject the file. The verdict
    # must not depend on gettext being installed (only the Python checker reports it, once).
    if msgfmt == "hidden":
        monkeypatch.setattr(checks.shutil, "which", lambda name: None)
    path = po_path("briefcase", "el")
    text = path.read_text(encoding="utf-8")
    line = text[: text.index('msgstr "Αγορά"')].count("\n") + 1
    path.write_text(text.replace('msgstr "Αγορά"', 'msgstr "Αγορά'), encoding="utf-8")
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el")
    assert code == 1
    assert f"el.po:{line}:8: error[i18n-syntax]: end-of-line within string" in out
    assert out.count("error[") == 1, out


def test_stats_counts_translated_fuzzy_and_untranslated(project: Path):
    po = read_catalog(po_path("briefcase", "el"))
    entry(po, "resource.paper:name").msgstr = ""
    entry(po, "resource.steel:name").flags.append("fuzzy")
    po.save()
    code, out = cardgen("i18n", "stats", "briefcase")
    assert code == 0
    el = next(line.split() for line in out.splitlines() if line.split()[1:2] == ["el"])
    total = len(game_messages("briefcase"))
    assert el[2:6] == [str(total - 2), "1", "1", f"{100 * (total - 2) / total:.1f}%"]


def test_stats_counts_an_entry_no_longer_printed_as_obsolete_not_translated(project: Path):
    # A translator's entry under a mistyped context ("company.powr_plant:name") is one `i18n
    # check` calls no longer printed; stats counted it translated (6 of 170, 3.5%, where the
    # catalog translated 5 of the 169 texts the game prints) and obsolete 0.
    assert cardgen("i18n", "init", "briefcase", "de")[0] == 0
    path = po_path("briefcase", "de")
    po = read_catalog(path)
    entry(po, "company.power_plant:name").msgstr = "Kraftwerk"
    po.append(polib.POEntry(msgctxt="company.powr_plant:name", msgid="Power Plant", msgstr="Kraftwerk"))
    po.save()
    code, out = cardgen("i18n", "stats", "briefcase")
    assert code == 0, out
    de = next(line.split() for line in out.splitlines() if line.split()[1:2] == ["de"])
    total = len(game_messages("briefcase"))
    assert de[2:7] == ["1", "0", str(total - 1), f"{100 / total:.1f}%", "1"]


def test_stats_counts_a_translation_of_other_english_as_fuzzy_as_check_and_the_build_treat_it(project: Path):
    # The English of a card changed and update has not run yet: check calls the entry outdated
    # and the build prints the English, but stats counted it translated.
    po = read_catalog(po_path("briefcase", "el"))
    entry(po, "resource.steel:name").msgid = "Iron"
    po.save()
    code, out = cardgen("i18n", "stats", "briefcase")
    assert code == 0, out
    el = next(line.split() for line in out.splitlines() if line.split()[1:2] == ["el"])
    total = len(game_messages("briefcase"))
    assert el[2:4] == [str(total - 1), "1"]


def test_stats_of_a_broken_catalog_is_its_error_without_a_table_cut_short(project: Path):
    # The heading and the languages read before it were printed, then the error: a table cut short.
    path = po_path("briefcase", "zh-Hant")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('msgstr "', 'msgstr "x', 1).replace('msgstr "x', 'msgstr "x\n', 1),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["i18n", "stats", "briefcase"])
    assert result.exit_code == 1, result.output
    assert "error[i18n-syntax]" in result.output
    assert "language" not in result.stdout and "el " not in result.stdout, result.stdout


def test_init_starts_a_new_language_untranslated(project: Path):
    code, out = cardgen("i18n", "init", "briefcase", "de")
    assert code == 0, out
    po = read_catalog(po_path("briefcase", "de"))
    assert len(po.untranslated_entries()) == len(game_messages("briefcase"))
    assert po.metadata["Language"] == "de"


def test_init_writes_the_template_and_the_catalog_together_or_neither(project: Path, monkeypatch):
    # The template was written first, on its own: a catalog that then could not be written
    # left a fresh template behind.
    import cardgen.output as output

    stage = output._stage

    def failing(path, data, made):
        if path.name == "de.po":
            raise output.OutputError(f"cannot write {path}: No space left on device")
        return stage(path, data, made)

    monkeypatch.setattr(output, "_stage", failing)
    pot = project / "cards" / "briefcase" / "locale" / "briefcase.pot"
    pot.write_bytes(b"# an older template\n")
    code, out = cardgen("i18n", "init", "briefcase", "de")
    assert code == 1 and "No space left on device" in out
    assert pot.read_bytes() == b"# an older template\n"
    assert not (pot.parent / "de.po").exists()


@pytest.mark.parametrize("lang, team, forms", [
    ("de", "German", "nplurals=2; plural=(n != 1);"),
    ("pl", "Polish", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
                     "? 1 : 2);"),
    ("pt-BR", "Brazilian Portuguese", "nplurals=2; plural=(n > 1);"),
    ("ar", "Arabic", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 "
                     ": n%100>=11 ? 4 : 5);"),
    ("de-AT", "German (AT)", "nplurals=2; plural=(n != 1);"),
    # The longest start the table knows: as 'pt' it was Portugal's forms, not Brazil's.
    ("pt-BR-1990", "Brazilian Portuguese (1990)", "nplurals=2; plural=(n > 1);"),
    ("zh-Hant-TW", "Traditional Chinese (TW)", "nplurals=1; plural=0;"),
])
def test_init_writes_the_languages_plural_forms_as_msginit_does(project: Path, lang, team, forms):
    # i18n init briefcase de wrote no Plural-Forms (and "Language-Team: de"): a catalog without
    # it is incomplete for a language of several plural forms, which msginit never leaves out.
    code, out = cardgen("i18n", "init", "briefcase", lang)
    assert code == 0, out
    po = read_catalog(po_path("briefcase", lang))
    assert po.metadata["Plural-Forms"] == forms
    assert po.metadata["Language-Team"] == team
    assert "plural forms" not in out
    assert checks.syntax_problems(po_path("briefcase", lang)) == []


def test_update_adds_the_plural_forms_a_catalog_header_lacks(project: Path):
    # A de.po started before init wrote Plural-Forms kept its incomplete header through update.
    assert cardgen("i18n", "init", "briefcase", "de")[0] == 0
    path = po_path("briefcase", "de")
    po = read_catalog(path)
    del po.metadata["Plural-Forms"]
    po.save(str(path))
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "de")
    assert code == 0, out
    assert "de.po: 0 new, 0 changed (fuzzy), 0 obsolete, 0 revived; header: added Plural-Forms: " \
           "nplurals=2; plural=(n != 1);" in out
    assert read_catalog(path).metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "de")
    assert code == 0 and "header: added" not in out


def test_update_names_the_language_of_a_template_copied_as_a_catalog(project: Path):
    # briefcase.pot copied to fr.po kept "Language: " through update, which i18n check then
    # warned of ("still has the initial default value"): the file's name says it.
    assert cardgen("i18n", "update", "briefcase")[0] == 0
    pot = po_path("briefcase", "fr").with_name("briefcase.pot")
    po_path("briefcase", "fr").write_bytes(pot.read_bytes())
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "fr")
    assert code == 0, out
    assert "; header: added Language: fr, Plural-Forms: nplurals=2; plural=(n > 1);" in out
    po = read_catalog(po_path("briefcase", "fr"))
    assert po.metadata["Language"] == "fr"
    assert checks.syntax_problems(po_path("briefcase", "fr")) == []


def test_init_of_a_language_without_known_plural_forms_says_what_to_add(project: Path):
    code, out = cardgen("i18n", "init", "briefcase", "tlh")
    assert code == 0, out
    assert "Plural-Forms" not in read_catalog(po_path("briefcase", "tlh")).metadata
    (note,) = [line for line in out.splitlines() if line.startswith("note:")]
    assert "plural forms of 'tlh'" in note and "Plural-Forms: nplurals=" in note


def test_every_plural_forms_of_the_table_parses_and_stays_below_nplurals():
    from cardgen.i18n.languages import LANGUAGES
    from cardgen.i18n.po_syntax import evaluate_plural, parse_plural

    for tag, (_, forms) in LANGUAGES.items():
        n, plural = (part.split("=", 1)[1].strip() for part in forms.rstrip(";").split(";"))
        tree = parse_plural(plural)
        assert {evaluate_plural(tree, k) for k in range(1000)} == set(range(int(n))), tag


def test_init_with_the_language_alone_says_the_game_is_missing():
    code, out = cardgen("i18n", "init", "de")
    assert code == 2
    assert out.strip() == ("error: give the game and the language: cardgen i18n init GAME LANG ('de' is no "
                           "game; games: briefcase, fmnyc, startup)")


@pytest.mark.parametrize("lang, message", [
    ("EL", "briefcase already has a catalog for el"),
    ("en", "'en' is the source language of briefcase"),
    ("../de", "'../de' is not a language tag"),
])
def test_init_refuses_an_existing_language_the_source_language_and_a_non_tag(project: Path, lang, message):
    before = sorted(p.name for p in po_path("briefcase", "el").parent.iterdir())
    code, out = cardgen("i18n", "init", "briefcase", lang)
    assert code == 2
    assert message in out and len(out.strip().splitlines()) == 1
    assert sorted(p.name for p in po_path("briefcase", "el").parent.iterdir()) == before


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_gettext_syntax_check_accepts_the_shipped_catalog_without_a_warning(path: Path):
    assert checks.syntax_problems(path) == []


def test_gettext_syntax_check_accepts_the_template():
    # A template's Language is empty by nature; nothing else may be reported.
    assert checks.syntax_problems(LOCALE / "briefcase.pot") == []


MSGFMT_EXTRA = pytest.mark.skipif(shutil.which("msgfmt") is None,
                                  reason="optional extra check: gettext's msgfmt is not installed "
                                         "(the same assertions run above through the Python checker)")


@MSGFMT_EXTRA
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_msgfmt_check_accepts_the_shipped_catalog_without_a_warning(path: Path, tmp_path: Path):
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0 and result.stderr == "", result.stderr


@MSGFMT_EXTRA
def test_msgfmt_check_accepts_the_template(tmp_path: Path):
    # msgfmt warns about the template's empty Language, and about nothing else.
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"),
                             str(LOCALE / "briefcase.pot")], capture_output=True, text=True)
    assert result.returncode == 0
    assert [line for line in result.stderr.splitlines() if "'Language'" not in line] == []


def test_template_is_at_its_documented_place():
    assert template_path("briefcase") == LOCALE / "briefcase.pot"


def test_a_catalog_that_cannot_be_written_is_one_line_and_exit_1(project: Path):
    template = project / "cards" / "briefcase" / "locale" / "briefcase.pot"
    template.unlink()
    template.mkdir()
    code, out = cardgen("i18n", "extract", "briefcase")
    assert code == 1
    assert "cannot write" in out and "briefcase.pot" in out
    assert len(out.strip().splitlines()) == 1
