"""The shipped Free Market: NYC data as a whole: facts quote the rulebook, the counts the text
prints, the effect vocabulary in use, --provenance, and the commands the game does not have yet."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data.documents import read_documents
from tests.rule_texts import plain

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "cards" / "fmnyc"
SCHEMAS = REPO / "schemas" / "fmnyc"
# The rulebook text the facts quote (outside the repository, beside it in the shared folder).
RULEBOOK = REPO.parent / "shared" / "seeds" / "004_c526597df1cc37de.txt"
runner = CliRunner()


def docs() -> dict[str, Any]:
    found, problems = read_documents([DATA])
    assert problems == []
    return {d.kind: d.data for d in found}


def walk(node: Any) -> Any:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def passages() -> list[tuple[str, str, str]]:
    """(kind, field, passage) of every fact."""
    return [(kind, field, text) for kind, data in docs().items() for node in walk(data)
            if isinstance(node, dict) and isinstance(node.get("facts"), dict)
            for field, text in node["facts"].items()]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside the repository")
def test_every_fact_quotes_the_rulebook():
    book = plain(RULEBOOK.read_text(encoding="utf-8"))
    missing = [(kind, field, part) for kind, field, text in passages()
               for part in plain(text).split(" ... ") if part.strip(" .") not in book]
    assert missing == []


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not beside the repository")
def test_every_ruling_quotes_the_rulebook_where_it_quotes():
    book = plain(RULEBOOK.read_text(encoding="utf-8"))
    quoted = [q for r in docs()["rulings"]["rulings"] for q in re.findall(r'"([^"]{12,})"', r["texts"])]
    assert quoted
    assert [q for q in quoted if plain(q).strip(" .") not in book] == []


def test_the_counts_the_rulebook_prints():
    d = docs()
    stages = d["stages"]["stages"]
    assert [s["number"] for s in stages] == list(range(1, 18))
    assert [s["type"] for s in stages].count("management") == 4
    assert len(d["market"]["crates"]) == 7
    assert len(d["board"]["factories"]) == 5
    assert len(d["careers"]["cards"]) == 30 and len(d["stocks"]["tokens"]) == 10
    assert {s["id"] for s in d["board"]["sides"]} == {"2-3", "4-5"}
    assert d["scoring"]["start"] == 200
    assert d["game"]["rounds"]["options"] == [4, 5, 6]


def test_every_effect_kind_is_used_and_every_used_kind_is_in_the_schema():
    schema = json.loads((SCHEMAS / "stages.schema.json").read_text(encoding="utf-8"))
    kinds = set(schema["$defs"]["effect"]["properties"]["kind"]["enum"])
    used = {n["kind"] for data in docs().values() for n in walk(data)
            if isinstance(n, dict) and isinstance(n.get("kind"), str) and n is not data}
    assert used == kinds


def test_career_cards_use_every_timing_symbol_and_are_placeholders():
    careers = docs()["careers"]
    symbols = [s["id"] for s in careers["symbols"]]
    assert len(symbols) == 10
    assert {c["timing"] for c in careers["cards"]} == set(symbols)
    assert {c["text_source"] for c in careers["cards"]} == {"placeholder"}
    assert sorted(c["serial"] for c in careers["cards"]) == list(range(1, 31))


def test_the_2_3_player_differences_are_data():
    stages = {s["id"]: s for s in docs()["stages"]["stages"]}
    strike = [e for e in stages["workers"]["effects"] if e.get("items") == {"strike": 1}]
    assert strike == [{"kind": "gain", "items": {"strike": 1}, "players": [4, 5]}]
    pays = {e["to"]: e["players"] for e in stages["market_demand"]["effects"] if e["kind"] == "pay"}
    assert pays == {"supply": [4, 5], "tower": [2, 3]}
    assert docs()["market"]["pawn_shop"]["bonus_players"] == [2, 3]


def test_provenance_lists_authored_values_only(monkeypatch):
    monkeypatch.chdir(REPO)
    result = runner.invoke(app, ["validate", "cards/fmnyc", "--provenance"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all("note[authored]" in line for line in lines)
    assert any("Antiques count = 8" in line for line in lines)
    assert not any("Antiques cost_price" in line for line in lines)     # a fact: the example
    assert any("Jewelry cost_price = 6" in line for line in lines)
    assert any("Union Member capacity = 4-5: {managers: 1}, 2-3: {managers: 1}" in line for line in lines)
    assert any("4-5 squares[0] = row: top, column: 1, shop: jewelry" in line for line in lines)


@pytest.mark.parametrize(("args", "message"), [
    (["check-set", str(REPO / "cards/fmnyc/board.yaml"), "--game", "fmnyc"],
     "error: 'Free Market: NYC' has no card sets: --set and check-set take a file of Career cards "
     "(kind: careers); cards/fmnyc/board.yaml is 'game: fmnyc', 'kind: board'"),
    (["simulate", "fmnyc", "--set", str(REPO / "cards/briefcase/examples/custom-set.yaml")],
     "error: 'Free Market: NYC' has no card sets: --set and check-set take a file of Career cards "
     "(kind: careers); cards/briefcase/examples/custom-set.yaml is 'game: briefcase', 'kind: company-set'"),
    (["check-set", "no-such-careers.yaml", "--game", "fmnyc"],
     "error: no file of Career cards no-such-careers.yaml"),
    (["build", "fmnyc", "--set", "simple"],
     "error: 'Free Market: NYC' has no card sets: --set and check-set take a file of Career cards "
     "(kind: careers), and there is no file 'simple'"),
])
def test_commands_the_game_does_not_have_say_so_in_one_line(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == [message]
    assert "Traceback" not in result.output


def test_i18n_stats_lists_the_game_without_translations():
    result = runner.invoke(app, ["i18n", "stats"])
    assert result.exit_code == 0, result.output
    assert "fmnyc: no translations" in result.stdout
