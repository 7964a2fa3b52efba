"""A file of Career cards of one's own smaller than the box's 30 (Free Market: NYC, Add-on 2):
not held to the box's count, but to the deal (6 a player). One rule per test, on a workspace
made by ``cardgen init --from fmnyc`` with the first cards of its careers.yaml copied into
``cards/fmnyc/examples/`` (as the README says to make one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.fmnyc.simulation import SIMULATOR

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_workspace_named")
MINE = "cards/fmnyc/examples/my-careers.yaml"
REFUSED_AT_3 = ("error: cards/fmnyc/examples/my-careers.yaml: 12 Career cards deal 6 each to at most "
                "2 players, not 3 (18 needed)")


def invoke(*args: str):
    return runner.invoke(app, list(args))


def first_cards(text: str, n: int) -> str:
    """careers.yaml cut after its first ``n`` cards (serials 1 to n)."""
    starts = [m.start() for m in re.finditer(r"^  - id: ", text, re.M)]
    return text[:starts[n]]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    ws = tmp_path / "ws"
    result = invoke("init", str(ws), "--from", "fmnyc")
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(ws)
    return ws


def own_deck(ws: Path, cards: int) -> Path:
    path = ws / MINE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(first_cards((ws / "cards/fmnyc/careers.yaml").read_text(encoding="utf-8"), cards),
                    encoding="utf-8")
    return path


def test_a_12_card_file_of_ones_own_simulates_at_2_players(workspace: Path):
    own_deck(workspace, 12)
    result = invoke("simulate", "fmnyc", "--set", MINE, "-p", "2", "-n", "2", "--jobs", "1", "--invariants")
    assert result.exit_code == 0, result.output
    assert "completed 2, stalled 0" in result.stdout


def test_a_12_card_file_is_refused_at_3_players_with_one_line_before_playing(workspace: Path):
    own_deck(workspace, 12)
    result = invoke("simulate", "fmnyc", "--set", MINE, "-p", "3", "-n", "2", "--jobs", "1")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert [line for line in result.stderr.splitlines() if line.startswith("error")] == [REFUSED_AT_3]
    assert "simulating" not in result.stderr


def test_the_quick_draft_of_a_12_card_file_is_refused_at_3_players_too(workspace: Path):
    own_deck(workspace, 12)
    result = invoke("simulate", "fmnyc", "--set", MINE, "--career", "quick", "-p", "3", "-n", "1")
    assert result.exit_code == 2
    assert REFUSED_AT_3 in result.stderr.splitlines()


def test_play_of_a_12_card_file_at_3_players_is_refused_before_the_first_decision(workspace: Path):
    own_deck(workspace, 12)
    result = runner.invoke(app, ["play", "fmnyc", "--set", MINE, "-p", "3"], input="q\n")
    assert result.exit_code == 2
    assert REFUSED_AT_3 in result.stderr.splitlines()
    assert "round 1" not in result.output


def test_build_of_a_12_card_file_for_3_players_is_refused(workspace: Path):
    own_deck(workspace, 12)
    result = invoke("build", "fmnyc", "--set", MINE, "-p", "3", "--out", str(workspace / "out"))
    assert result.exit_code == 2
    assert REFUSED_AT_3 in result.stderr.splitlines()
    assert not list(workspace.glob("out/*.pdf"))


def test_validate_warns_at_deal_per_player_of_the_player_counts_a_12_card_file_cannot_be_dealt_at(
        workspace: Path):
    text = own_deck(workspace, 12).read_text(encoding="utf-8")
    index = text.index("  per_player: 6") + len("  per_player: ")
    line, col = text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)
    result = invoke("validate", MINE)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"{MINE}:{line}:{col}: warning[career-deal]: 12 cards deal 6 each to at most 2 players; "
        "3 to 5 players need up to 30"]


def test_validate_of_an_own_file_one_count_short_names_that_count(workspace: Path):
    own_deck(workspace, 27)
    result = invoke("validate", MINE)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().endswith("warning[career-deal]: 27 cards deal 6 each to at most 4 players; "
                                          "5 players need 30")


def test_validate_errs_when_an_own_file_cannot_be_dealt_even_at_2_players(workspace: Path):
    own_deck(workspace, 11)
    result = invoke("validate", MINE)
    assert result.exit_code == 1
    assert result.stdout.strip().endswith("error[career-deal]: 11 cards cannot deal 6 each to 2 players, "
                                          "the fewest the game is for: that needs 12")


def test_check_set_plays_only_the_player_counts_a_12_card_file_is_dealt_at_and_notes_the_others(
        workspace: Path):
    own_deck(workspace, 12)
    result = invoke("check-set", MINE, "--games", "2", "--no-effects", "--jobs", "1", "--no-baseline")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("OK: my-careers.yaml (fmnyc), 2 games at each of 2 players, seed 1"), lines
    assert [line for line in lines if line.startswith("  2 players")]
    assert not [line for line in lines if line.startswith(("  3 players", "  4 players", "  5 players"))]
    assert ("  note: 12 Career cards deal 6 each to at most 2 players: 3 to 5 players left out"
            in lines)


def test_the_workspaces_careers_yaml_with_a_card_removed_is_still_a_contents_careers_error(workspace: Path):
    # The workspace's copy replaces the shipped file: it is the box's cards, held to its 30.
    path = workspace / "cards/fmnyc/careers.yaml"
    path.write_text(first_cards(path.read_text(encoding="utf-8"), 29), encoding="utf-8")
    result = invoke("validate", "cards/fmnyc/careers.yaml")
    assert result.exit_code == 1
    assert ("cards/fmnyc/careers.yaml" in result.stdout
            and "error[contents-careers]: 29 cards; the box has 30 Career cards" in result.stdout)


def test_the_shipped_careers_yaml_with_a_card_removed_is_still_a_contents_careers_error(
        project: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(project)
    path = project / "cards/fmnyc/careers.yaml"
    path.write_text(first_cards(path.read_text(encoding="utf-8"), 29), encoding="utf-8")
    result = invoke("validate", "cards/fmnyc")
    assert result.exit_code == 1
    assert "error[contents-careers]: 29 cards; the box has 30 Career cards" in result.stdout


def test_the_box_careers_yaml_too_small_for_5_players_is_still_a_career_deal_error(project: Path,
                                                                                   monkeypatch):
    monkeypatch.chdir(project)
    path = project / "cards/fmnyc/careers.yaml"
    path.write_text(first_cards(path.read_text(encoding="utf-8"), 29), encoding="utf-8")
    result = invoke("validate", "cards/fmnyc")
    assert "error[career-deal]: 5 players are dealt 6 cards each (30); the deck has 29" in result.stdout


@pytest.mark.parametrize("mode, tags", [
    ("full", ["career_draft"] * 4 + ["career_keep"] * 2),       # two passes (one a player), then keep
    ("quick", ["career_keep"] * 2),
])
def test_a_12_card_deck_drafts_at_2_players_with_hands_of_6_and_every_card_dealt(workspace: Path, mode, tags):
    own_deck(workspace, 12)
    config = SIMULATOR.prepare(players=2, set_ref=MINE, bots=["random"] * 2, options={"career": mode})
    game = SIMULATOR.new_state(config, 3, invariants=True)
    seen = []
    while (d := game.decision()) is not None and d.tag.startswith("career"):
        assert len(d.options) == 6              # every hand 6 through the passes
        seen.append(d.tag)
        game.apply(list(d.options[:2]))
    assert seen == tags
    assert all(len(s.careers) == 2 for s in game.seats)
    assert len(game.career_box) == 12 - 4           # the discards: nothing was left undealt
    assert sorted(game.career_box + [c for s in game.seats for c in s.careers]) == sorted(
        str(c["id"]) for c in config.model.careers)


def test_a_12_card_deck_plays_a_whole_2_player_game_with_the_invariants_checked(workspace: Path):
    own_deck(workspace, 12)
    config = SIMULATOR.prepare(players=2, set_ref=MINE, bots=["random", "heuristic"], options={})
    result = SIMULATOR.play(config, 5, ["random", "heuristic"], invariants=True)
    assert not result.stalled and result.winners
