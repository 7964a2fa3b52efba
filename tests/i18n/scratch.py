"""Helpers for the translation tests: edit the Briefcase data of a scratch project so that it
stays valid (a removed company leaves its set and the Contents totals too)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()


def cardgen(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def data(project: Path, name: str) -> Path:
    return project / "cards" / "briefcase" / name


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def change_contents(project: Path, cards: int, randomizers: int) -> None:
    path = data(project, "components.yaml")
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"company_cards: (\d+)", lambda m: f"company_cards: {int(m.group(1)) + cards}", text)
    text = re.sub(r"company_randomizers: (\d+)",
                  lambda m: f"company_randomizers: {int(m.group(1)) + randomizers}", text)
    path.write_text(text, encoding="utf-8")


def remove_company(project: Path, company_id: str, replacement_in_sets: str) -> None:
    """Remove a company from the box: its entry, its set slots, its cards from the Contents."""
    from cardgen.games.briefcase.load import load_briefcase

    game, _ = load_briefcase()
    company = game.companies[company_id]
    path = data(project, "companies.yaml")
    text = path.read_text(encoding="utf-8")
    start = text.index(f"  - id: {company_id}\n")
    end = text.find("\n  - id: ", start + 1)
    path.write_text(text[:start] + (text[end + 1:] if end >= 0 else ""), encoding="utf-8")
    sets = data(project, "sets.yaml")
    sets.write_text(sets.read_text(encoding="utf-8").replace(company.name, replacement_in_sets),
                    encoding="utf-8")
    change_contents(project, -company.box_copies, -1)


NEW_COMPANY = """
  - id: call_centre
    name: Call Centre
    level: 1
    cost: 1
    vp: 1
    activation: {personnel: 1}
    production: {buy: 1}
    copies: {2: 2, 3: 3, 4: 4}
    ability: {effect: none, text: "No special ability."}
    authored: [cost, vp, activation, production, copies]
"""


def add_company(project: Path) -> None:
    path = data(project, "companies.yaml")
    path.write_text(path.read_text(encoding="utf-8") + NEW_COMPANY, encoding="utf-8")
    change_contents(project, 4, 1)


def catalog(project: Path, lang: str) -> polib.POFile:
    return polib.pofile(str(project / "cards" / "briefcase" / "locale" / f"{lang}.po"))


def entry(po: polib.POFile, context: str) -> polib.POEntry:
    found = [e for e in po if e.msgctxt == context]
    assert len(found) == 1, context
    return found[0]
