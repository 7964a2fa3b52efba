"""``cardgen i18n check``: each rule catches what it names, at the entry's msgstr line."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from cardgen.i18n.catalog import po_path, read_catalog
from cardgen.i18n.checks import check_catalog, check_markup, check_numbers, check_tokens
from cardgen.i18n.messages import Message
from cardgen.paths import display_path
from tests.i18n.scratch import cardgen, entry

WAREHOUSES = "company.warehouses:ability"


def break_entry(context: str, msgstr: str, lang: str = "el") -> int:
    """Set one translation in the scratch project's catalog; the line of its msgstr."""
    path = po_path("briefcase", lang)
    po = read_catalog(path)
    entry(po, context).msgstr = msgstr
    po.save()
    text = path.read_text(encoding="utf-8").splitlines()
    ctx_line = text.index(f'msgctxt "{context}"')
    return next(i for i in range(ctx_line, len(text)) if text[i].startswith("msgstr")) + 1


def check(lang: str = "el") -> tuple[int, list[str]]:
    # Fit has its own tests (test_i18n_fit.py); these are about the content checks.
    code, out = cardgen("i18n", "check", "briefcase", "--lang", lang, "--no-fit")
    return code, [line for line in out.splitlines() if "error[" in line]


def test_shipped_catalogs_pass_every_check():
    code, out = cardgen("i18n", "check")
    assert code == 0, out


def test_untranslated_entry_is_missing_at_its_msgstr_line(project: Path):
    line = break_entry("resource.paper:name", "")
    code, errors = check()
    assert code == 1
    assert len(errors) == 1
    assert errors[0].endswith(f"cards/briefcase/locale/el.po:{line}:1: error[i18n-missing]: "
                              "resource.paper:name: untranslated ('Paper')")


def test_entry_absent_from_the_catalog_is_missing(project: Path):
    path = po_path("briefcase", "el")
    po = read_catalog(path)
    po.remove(entry(po, "label:company"))
    po.save()
    code, errors = check()
    assert code == 1 and len(errors) == 1
    assert "error[i18n-missing]: label:company: no entry in the catalog" in errors[0]


def test_fuzzy_entry_is_an_error(project: Path):
    path = po_path("briefcase", "zh-Hant")
    po = read_catalog(path)
    entry(po, "resource.steel:name").flags.append("fuzzy")
    po.save()
    code, errors = check("zh-Hant")
    assert code == 1 and len(errors) == 1 and "error[i18n-fuzzy]: resource.steel:name" in errors[0]
    # Flagged by hand, the English unchanged: the check does not claim it changed.
    assert "fuzzy (marked for review)" in errors[0]
    entry(po, "resource.steel:name").previous_msgid = "Iron"
    po.save()
    code, errors = check("zh-Hant")
    assert code == 1 and "fuzzy (the English changed)" in errors[0]


def test_changed_number_is_flagged(project: Path):
    line = break_entry(WAREHOUSES, "Ο παίκτης μπορεί να αποθηκεύσει έως 6 υλικά στην περιοχή του "
                                   "αντί για 5 (η {energy} δεν πιάνει χώρο).")
    code, errors = check()
    assert code == 1
    assert len(errors) == 1
    assert errors[0].endswith(f"cards/briefcase/locale/el.po:{line}:1: error[i18n-numbers]: "
                              f"{WAREHOUSES}: the translation says 5, 6 where the English says 5, 8")


def test_number_50_where_the_english_says_52_is_flagged():
    assert check_numbers("52 Obstacle cards", "50 Κάρτες Εμποδίων") == [
        ("i18n-numbers", "the translation says 50 where the English says 52")]


def test_full_width_digits_count_as_the_same_number(project: Path):
    break_entry(WAREHOUSES, "玩家可以在他的玩家區域裡儲存８張資源(而不是５張)，{energy}不在此限。", "zh-Hant")
    code, errors = check("zh-Hant")
    assert code == 0, errors


def test_lost_icon_token_is_flagged(project: Path):
    break_entry(WAREHOUSES, "玩家可以在他的玩家區域裡儲存8張資源(而不是5張)，能源不在此限。", "zh-Hant")
    code, errors = check("zh-Hant")
    assert code == 1 and len(errors) == 1
    assert errors[0].endswith("error[i18n-tokens]: company.warehouses:ability: icon tokens differ "
                              "from the English: lost {energy}")


def test_renamed_or_broken_icon_token_is_flagged():
    assert check_tokens("as {steel}.", "σαν {ατσάλι}.")[0][1].endswith("lost {steel}; added {ατσάλι}")
    assert check_tokens("as {steel}.", "σαν {steel.")[0][0] == "i18n-tokens"


WAREHOUSES_ENRGY = ("Ο παίκτης μπορεί να αποθηκεύσει έως 8 υλικά στην περιοχή του αντί για 5 "
                    "(η {enrgy} δεν πιάνει χώρο).")


def test_unknown_icon_in_a_translation_is_flagged_with_a_suggestion(project: Path):
    line = break_entry(WAREHOUSES, WAREHOUSES_ENRGY)
    code, errors = check()
    assert code == 1
    assert f"cards/briefcase/locale/el.po:{line}:1: error[i18n-tokens]: {WAREHOUSES}: unknown icon " \
           "{enrgy} (did you mean '{energy}'?)" in "\n".join(errors)
    assert len(errors) == 2  # and the token list differs from the English: lost {energy}, added {enrgy}


def test_unknown_icon_in_a_translation_is_flagged_even_where_the_english_has_it_too(tmp_path: Path):
    path = tmp_path / "el.po"
    po = polib.POFile()
    po.append(polib.POEntry(msgctxt="label:x", msgid="Keep {enrgy}.", msgstr="Κράτα {enrgy}."))
    po.save(str(path))
    line = path.read_text(encoding="utf-8").splitlines().index('msgstr "Κράτα {enrgy}."') + 1
    found = check_catalog(path, polib.pofile(str(path)), [Message("label:x", "Keep {enrgy}.")],
                          {"energy", "steel"})
    assert [(p.line, p.rule, p.message) for p in found] == [
        (line, "i18n-tokens", "label:x: unknown icon {enrgy} (did you mean '{energy}'?)")]


def test_build_fails_on_a_translation_with_an_unknown_icon(project: Path, tmp_path: Path):
    line = break_entry(WAREHOUSES, WAREHOUSES_ENRGY)
    out_dir = tmp_path / "out"
    code, out = cardgen("build", "briefcase", "--lang", "el", "--out", str(out_dir))
    assert code == 1
    # The catalog's line is named beside the card, where i18n check names it: the translator
    # mends the catalog, not the card.
    po = display_path(po_path("briefcase", "el"))
    assert ("error: card company.warehouses:deactivated: field 'ability' (company.warehouses:ability, "
            f"{po}:{line}) in language 'el': unknown icon {{enrgy}} (did you mean '{{energy}}'?)"
            ) in out.splitlines()
    assert "nothing written." in out and not out_dir.exists()


@pytest.mark.parametrize("markup", [
    '<img src="/etc/cardgen-secret.png" width="100" height="100"/>',
    '<a href="javascript:alert(1)">Law Firm</a>',
    "<b>unclosed bold",
    '<font color="red">',
    "&amp;",
    "&#60;img src=x&#62;",
])
def test_injected_markup_is_flagged(project: Path, markup: str):
    break_entry("label:company", f"Εταιρία {markup}")
    code, errors = check()
    assert code == 1
    assert any("error[i18n-markup]: label:company:" in e for e in errors), errors


def test_plain_angle_brackets_and_ampersands_in_prose_are_not_markup():
    assert check_markup("x", "3 < 5 & 6 > 4") == []


def test_translation_of_other_english_is_outdated(project: Path):
    path = po_path("briefcase", "el")
    po = read_catalog(path)
    entry(po, "resource.steel:name").msgid = "Iron"
    po.save()
    code, errors = check()
    assert code == 1 and len(errors) == 1
    assert "error[i18n-outdated]: resource.steel:name: translated from other English" in errors[0]


def test_json_format_lists_problems_for_editors(project: Path):
    break_entry("resource.paper:name", "")
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--format", "json", "--no-fit")
    assert code == 1
    assert '"rule": "i18n-missing"' in out and 'cards/briefcase/locale/el.po",' in out


def _new_catalog_with(game: str, context: str, text: str) -> tuple[Path, int]:
    """A new German catalog of ``game`` (i18n init) with ``context`` translated as ``text``:
    its path and the line of that msgstr."""
    assert cardgen("i18n", "init", game, "de")[0] == 0
    path = po_path(game, "de")
    po = read_catalog(path)
    entry(po, context).msgstr = text
    po.save()
    return path, path.read_text(encoding="utf-8").splitlines().index(f'msgstr "{text}"') + 1


def test_a_board_text_that_fails_the_build_names_its_catalog_line(project: Path, tmp_path: Path):
    # Free Market: NYC's board named only the message ("board 4-5: text (factory.cement:bonus)
    # in language 'de': unknown icon ..."), where a card's text names the catalog's line too: the
    # translator had to search the catalog for the context.
    path, line = _new_catalog_with("fmnyc", "factory.cement:bonus", "Nimm 1 {arbeiter}.")
    out_dir = tmp_path / "out"
    code, out = cardgen("build", "fmnyc", "--lang", "de", "--out", str(out_dir))
    assert code == 1
    assert (f"error: board 4-5: text (factory.cement:bonus, {display_path(path)}:{line}) in "
            "language 'de': unknown icon {arbeiter}") in out, out
    assert not out_dir.exists()


@pytest.mark.parametrize("source, text, said", [
    ("Board %(side)s: how the pages fit together", "Spielplan %(seite)s: so passen die Seiten",
     ["values differ from the English: lost %(side)s; added %(seite)s"]),
    ("+1 at %(players)s", "+1 bei %(players)d",
     ["values differ from the English: lost %(players)s",
      "a % that is not part of a value such as %(players)s (write %% for a percent sign)"]),
    ("printed at %(percent)s %%", "gedruckt mit %(percent)s %",
     ["a % that is not part of a value such as %(percent)s (write %% for a percent sign)"]),
    ("printed at %(percent)s %%", "gedruckt mit %(percent)s %%", []),
    ("Up to 50% off.", "Bis zu 50% Rabatt.", []),             # a text no value fills: % as it is
])
def test_a_label_filled_with_values_keeps_them(source: str, text: str, said: list[str]):
    # Free Market: NYC's board and player aids fill %(name)s values into their labels; a renamed
    # one ("Spielplan %(seite)s") passed i18n check and was printed as it was by the build.
    from cardgen.i18n.checks import check_values

    assert check_values(source, text) == [("i18n-values", s) for s in said]


def test_i18n_check_reports_a_renamed_value_at_its_line(project: Path):
    path, line = _new_catalog_with("fmnyc", "label:board_map",
                                   "Spielplan %(seite)s: so passen die Seiten zusammen")
    code, out = cardgen("i18n", "check", "fmnyc", "--lang", "de", "--no-fit")
    assert code == 1
    assert (f"{display_path(path)}:{line}:1: error[i18n-values]: label:board_map: values differ from "
            "the English: lost %(side)s; added %(seite)s") in out.splitlines()


def test_build_refuses_a_renamed_value_at_its_line(project: Path, tmp_path: Path):
    # The board printed "Spielplan %(seite)s: ..." as it was, the build saying nothing.
    path, line = _new_catalog_with("fmnyc", "label:board_map",
                                   "Spielplan %(seite)s: so passen die Seiten zusammen")
    out_dir = tmp_path / "out"
    code, out = cardgen("build", "fmnyc", "--lang", "de", "--out", str(out_dir))
    assert code == 1
    assert (f"{display_path(path)}:{line}:1: error[i18n-values]: label:board_map: values differ from "
            "the English: lost %(side)s; added %(seite)s") in out.splitlines(), out
    assert "nothing written." in out and not out_dir.exists()


def test_build_refuses_every_renamed_value_not_the_first_alone(project: Path, tmp_path: Path):
    # the build named the first and stopped: a translator mended one per build
    path, first = _new_catalog_with("fmnyc", "label:board_map",
                                    "Spielplan %(seite)s: so passen die Seiten zusammen")
    po = read_catalog(path)
    entry(po, "label:scale_note").msgstr = "gedruckt mit %(percent)s %"
    po.save()
    second = path.read_text(encoding="utf-8").splitlines().index('msgstr "gedruckt mit %(percent)s %"') + 1
    code, out = cardgen("build", "fmnyc", "--lang", "de", "--out", str(tmp_path / "out"))
    assert code == 1
    assert f"{display_path(path)}:{first}:1: error[i18n-values]: label:board_map:" in out, out
    assert (f"{display_path(path)}:{second}:1: error[i18n-values]: label:scale_note: a % that is not "
            "part of a value such as %(percent)s (write %% for a percent sign)") in out.splitlines(), out
    assert "nothing written." in out


def test_an_insert_text_with_an_unknown_icon_is_quoted_where_the_build_stops(project: Path, tmp_path: Path):
    # "insert turn in language 'de': unknown icon {zwei_gleiche}" named no text: the translator
    # searched the catalog for it. Quoted from its start, as a word too wide for its column is.
    assert cardgen("i18n", "init", "briefcase", "de")[0] == 0
    path = po_path("briefcase", "de")
    po = read_catalog(path)
    entry(po, "label:turn_obstacle").msgstr = "{zwei_gleiche}: 2 Karten gleicher Art bewegen einen Block."
    po.save()
    out_dir = tmp_path / "out"
    code, out = cardgen("build", "briefcase", "--lang", "de", "--out", str(out_dir))
    assert code == 1
    assert ("error: insert turn: text '{zwei_gleiche}: 2 Karten gleicher Art be' in language 'de': "
            "unknown icon {zwei_gleiche}") in out.splitlines(), out
    assert not out_dir.exists()
