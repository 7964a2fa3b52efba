"""Company changes: a workspace retunes authored numbers of shipped companies without copying
companies.yaml; a value the rulebook prints cannot change."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data import schema
from cardgen.games.briefcase.changes import CHANGEABLE
from cardgen.games.briefcase.load import resolve_set
from tests.conftest import REPO

runner = CliRunner()


@pytest.fixture
def overlay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty overlay workspace: everything but its own files comes from the shipped game."""
    (tmp_path / "cardgen.toml").write_text("")
    (tmp_path / "cards" / "briefcase").mkdir(parents=True)
    monkeypatch.setenv("CARDGEN_HOME", str(tmp_path))
    schema.clear_caches()
    return tmp_path


def changes(folder: Path, body: str, name: str = "changes.yaml") -> Path:
    path = folder / "cards" / "briefcase" / name
    path.write_text("game: briefcase\nkind: company-changes\nchanges:\n" + body, encoding="utf-8")
    return path


def validate(*args: str):
    return runner.invoke(app, ["validate", *args])


def test_changes_replace_authored_values_in_every_command(overlay: Path):
    changes(overlay, "  - company: High-Tech Company\n    cost: 4\n    vp: 6\n")
    game, _ = resolve_set(None)
    company = game.company("High-Tech Company")
    assert (company.cost, company.vp) == (4, 6)
    assert validate().exit_code == 0
    listed = runner.invoke(app, ["list", "companies"])
    assert listed.exit_code == 0
    row = next(line for line in listed.output.splitlines() if "High-Tech Company" in line)
    assert " 4 " in row and " 6 " in row


def test_changes_fact(overlay: Path):
    path = changes(overlay, "  - company: Power Plant\n    cost: 2\n")
    result = validate()
    assert result.exit_code == 1
    line = next(x for x in result.output.splitlines() if "changes-fact" in x)
    assert line.startswith(f"{path}:5:") or line.startswith("cards/briefcase/changes.yaml:5:")
    assert "Power Plant cost is printed in the rulebook" in line


def test_changes_unknown_company(overlay: Path):
    changes(overlay, "  - company: High Tech Companny\n    cost: 4\n")
    result = validate()
    assert result.exit_code == 1
    assert "error[changes-unknown-company]: no company named 'High Tech Companny' " \
           "(did you mean 'High-Tech Company'?)" in result.output


def test_changes_duplicate(overlay: Path):
    changes(overlay, "  - company: Bank\n    vp: 3\n", "a.yaml")
    changes(overlay, "  - company: bank\n    vp: 4\n", "b.yaml")
    result = validate()
    assert result.exit_code == 1
    assert "error[changes-duplicate]: 'bank' is already changed at" in result.output
    assert "a.yaml:4" in result.output


def test_changed_copies_are_checked_like_shipped_ones(overlay: Path):
    changes(overlay, "  - company: Bank\n    copies: {2: 3, 3: 2, 4: 2}\n")
    result = validate()
    assert result.exit_code == 1
    assert "error[copies-order]: Bank: copies must not drop" in result.output


def test_changed_copies_must_still_add_up_to_the_box(overlay: Path):
    changes(overlay, "  - company: Bank\n    copies: {2: 4, 3: 4, 4: 4}\n")
    result = validate()
    assert result.exit_code == 1
    assert "error[contents-company-cards]" in result.output


def test_a_change_of_nothing_is_a_schema_error(overlay: Path):
    changes(overlay, "  - company: Bank\n")
    result = validate()
    assert result.exit_code == 1 and "schema-" in result.output


PROPOSALS = sorted((REPO / "docs" / "tune").glob("*-changes.yaml"))


@pytest.mark.parametrize("proposal", PROPOSALS, ids=lambda p: p.name)
def test_every_proposed_changes_file_in_the_docs_still_applies(overlay: Path, proposal: Path):
    """The README sends designers to these files ("put it in a workspace's cards/briefcase/"):
    each must still validate against today's data and give its companies its values."""
    (overlay / "cards" / "briefcase" / proposal.name).write_bytes(proposal.read_bytes())
    result = validate()
    assert result.exit_code == 0, result.output
    game, _ = resolve_set(None)
    for entry in yaml.safe_load(proposal.read_text(encoding="utf-8"))["changes"]:
        company = game.company(entry["company"])
        for field in CHANGEABLE:
            if field in entry:
                assert getattr(company, field) == entry[field], (entry["company"], field)


def test_the_docs_hold_proposals_to_check():
    assert len(PROPOSALS) >= 4


def test_a_changed_fact_quotes_the_rulebook_passage_cut_at_a_word_with_an_ellipsis(overlay: Path):
    changes(overlay, "  - company: Power Plant\n    production:\n      energy: 3\n")
    result = validate()
    line = next(x for x in result.output.splitlines() if "changes-fact" in x)
    assert ('(\"Steel Factory example: activating the Power Plant adds 2 Energy resource cards…\")'
            in line), line
