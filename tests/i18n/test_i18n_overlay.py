"""Translating in an overlay workspace: a custom set's texts against the shipped catalogs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.data import schema
from tests.i18n.scratch import cardgen

REPO = Path(__file__).resolve().parents[2]
SET_TEXTS = 3      # the example set's name, and its new company's name and ability


@pytest.fixture
def overlay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace of its own Briefcase set (with one new company) over the shipped games."""
    ws = tmp_path / "ws"
    (ws / "cards" / "briefcase").mkdir(parents=True)
    (ws / "cardgen.toml").write_text("", encoding="utf-8")
    shutil.copy(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml",
                ws / "cards" / "briefcase" / "my-set.yaml")
    monkeypatch.setenv("CARDGEN_HOME", str(ws))
    schema.clear_caches()
    return ws


def test_stats_counts_a_text_the_catalog_lacks_as_untranslated(overlay: Path):
    code, out = cardgen("i18n", "stats", "briefcase")
    assert code == 0, out
    el = next(line.split() for line in out.splitlines() if line.split()[1:2] == ["el"])
    assert int(el[4]) == SET_TEXTS and float(el[5].rstrip("%")) < 100     # as check reports them


def test_check_names_the_update_that_brings_the_shipped_catalog_into_the_workspace(overlay: Path):
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--no-fit")
    assert code == 1
    assert out.count("no entry in the catalog; run `cardgen i18n update briefcase --lang el`") == SET_TEXTS
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
    assert code == 0, out
    copy = overlay / "cards" / "briefcase" / "locale" / "el.po"
    assert copy.is_file() and "copied from the shipped catalog" in out
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--no-fit")
    # Now the set's texts are entries of the workspace's copy, waiting for their translation.
    assert "no entry in the catalog" not in out and out.count("untranslated") == SET_TEXTS
    assert (REPO / "cards" / "briefcase" / "locale" / "el.po").read_bytes() != copy.read_bytes()


def test_check_of_a_language_without_a_game_checks_the_games_that_have_it(overlay: Path):
    # Free Market: NYC has no Greek catalog: that is no error when no game was named.
    code, out = cardgen("i18n", "check", "--lang", "el", "--no-fit")
    assert code == 1 and out.count("no entry in the catalog") == SET_TEXTS, out
    assert "fmnyc" not in out
    code, out = cardgen("i18n", "check", "--lang", "fr", "--no-fit")
    assert code == 2 and "no game has a translation for language 'fr'" in out
    code, out = cardgen("i18n", "check", "fmnyc", "--lang", "el", "--no-fit")
    assert code == 2 and "no fmnyc translation for language 'el'" in out     # a game named: it must


def test_update_without_a_game_writes_only_the_workspace_s_games(overlay: Path):
    code, out = cardgen("i18n", "update")
    assert code == 0, out
    assert sorted(p.name for p in (overlay / "cards").iterdir()) == ["briefcase"]
    assert (overlay / "cards" / "briefcase" / "locale" / "briefcase.pot").is_file()
    assert "name it with --lang el to copy it into the workspace" in out


def test_update_of_a_shipped_catalog_without_a_workspace_writes_nothing(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("CARDGEN_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
    assert code == 1 and "no workspace to write cards/briefcase/locale/el.po" in out
    assert list(tmp_path.iterdir()) == []


def _translate(overlay: Path, context: str, msgstr: str) -> None:
    """The workspace's Greek catalog (made by i18n update) translates ``context`` as ``msgstr``."""
    assert cardgen("i18n", "update", "briefcase", "--lang", "el")[0] == 0
    catalog = overlay / "cards" / "briefcase" / "locale" / "el.po"
    text = catalog.read_text(encoding="utf-8")
    at = text.index('msgstr ""', text.index(f'msgctxt "{context}"'))
    catalog.write_text(text[:at] + f'msgstr "{msgstr}"' + text[at + 9:], encoding="utf-8")


def test_check_fits_the_translation_of_a_new_company_of_the_workspace_s_set(overlay: Path):
    too_long = "Μία φορά ανά γύρο ο παίκτης χρησιμοποιεί έναν πόρο ως {steel}. " * 20
    _translate(overlay, "company.startup_incubator:ability", too_long.strip())
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el")
    assert code == 1
    assert "error[i18n-fit]: company.startup_incubator:ability: does not fit card " \
           "company.startup_incubator:deactivated" in out, out


def test_check_fits_the_translated_name_of_the_workspace_s_set_into_its_inserts(overlay: Path):
    one_long_word = "Τεχνολογική" * 12
    _translate(overlay, "set.tech_boom:name", one_long_word)
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el")
    assert code == 1
    assert f"error[i18n-fit]: set.tech_boom:name: insert sets: a word of '{one_long_word[:40]}' " \
           "is wider than its column in language 'el'" in out, out


def test_init_of_a_shipped_language_says_how_to_translate_it_in_the_workspace(overlay: Path):
    # It named the installed el.po (never written) and stopped there.
    code, out = cardgen("i18n", "init", "briefcase", "el")
    assert code == 2 and len(out.strip().splitlines()) == 1, out
    assert "run `cardgen i18n update briefcase --lang el`" in out and str(REPO) not in out
    assert not (overlay / "cards" / "briefcase" / "locale").exists()
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
    assert code == 0, out
    code, out = cardgen("i18n", "init", "briefcase", "el")
    assert code == 2 and "already has a catalog for el: " in out


def test_init_over_a_folder_of_the_catalog_s_name_says_it_is_no_file(overlay: Path):
    # It said "briefcase already has a catalog for de" of a folder named de.po.
    (overlay / "cards" / "briefcase" / "locale" / "de.po").mkdir(parents=True)
    code, out = cardgen("i18n", "init", "briefcase", "de")
    assert code == 2 and len(out.strip().splitlines()) == 1, out
    assert "cards/briefcase/locale/de.po is not a file" in out and "already has" not in out


def test_a_language_named_twice_is_checked_and_updated_once(overlay: Path):
    # --lang el --lang EL checked the catalog twice (each problem said twice), and update refused
    # with "the same file is named for two outputs" (exit code 1), writing nothing.
    code, out = cardgen("i18n", "check", "briefcase", "--lang", "el", "--lang", "EL", "--no-fit")
    assert code == 1 and out.count("no entry in the catalog") == SET_TEXTS, out
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el", "--lang", "el")
    assert code == 0, out
    assert (overlay / "cards" / "briefcase" / "locale" / "el.po").is_file()


@pytest.fixture
def checkout(project: Path, monkeypatch: pytest.MonkeyPatch):
    """cardgen's source checkout used as the workspace: the shipped games are the workspace's
    own files (a scratch copy stands for the checkout)."""
    from cardgen import workspace

    monkeypatch.setattr(workspace, "library_root", lambda: project.resolve())
    monkeypatch.chdir(project)
    workspace._current.cache_clear()
    yield project
    workspace._current.cache_clear()


def test_update_in_a_source_checkout_names_its_catalogs_as_the_checkout_s_own(checkout: Path):
    # In the source checkout, update said "shipped with cardgen, left as it is (name it with
    # --lang el to copy it into the workspace)", and with --lang el "(copied from the shipped
    # catalog)", though the catalog is the checkout's own file, updated where it is.
    catalog = checkout / "cards" / "briefcase" / "locale" / "el.po"
    before = catalog.read_bytes()
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 0, out
    assert "cards/briefcase/locale/el.po: a catalog cardgen ships, in this source checkout; left as " \
           "it is (name it with --lang el to update it here)" in out
    assert "shipped with cardgen" not in out and "into the workspace" not in out
    assert catalog.read_bytes() == before
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
    assert code == 0, out
    [line] = [line for line in out.splitlines() if "el.po" in line]
    assert line.startswith("cards/briefcase/locale/el.po: ") and "copied" not in line
    assert sorted(p.name for p in catalog.parent.glob("*.po")) == ["el.po", "zh-Hant.po"]


def test_update_in_an_overlay_names_the_catalogs_shipped_with_cardgen(overlay: Path):
    code, out = cardgen("i18n", "update", "briefcase")
    assert code == 0, out
    assert "el.po: shipped with cardgen, left as it is (name it with --lang el to copy it into the " \
           "workspace)" in out
    code, out = cardgen("i18n", "update", "briefcase", "--lang", "el")
    assert code == 0 and "(copied from the shipped catalog)" in out
