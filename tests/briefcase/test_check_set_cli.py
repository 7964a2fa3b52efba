"""`cardgen check-set` on official sets, the example custom set, and broken input."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "cards/briefcase/examples/custom-set.yaml"


def check_set(*args: str):
    return runner.invoke(app, ["check-set", *args, "--games", "12", "--jobs", "1"])


@pytest.mark.parametrize("name", ["simple", "faster", "complex", "light_interaction",
                                  "Heavy Interaction Game"])
def test_every_official_set_gets_a_verdict_at_2_3_and_4_players(name):
    result = check_set(name, "--no-baseline")
    assert result.exit_code == 0, result.output
    first = next(line for line in result.output.splitlines() if line.startswith(("OK", "WARN")))
    assert f"{name} (briefcase), 12 games at each of 2, 3, 4 players" in first
    for players in (2, 3, 4):
        assert f"  {players} players: median" in result.output


def test_the_example_custom_set_plays():
    result = check_set(str(EXAMPLE))
    assert result.exit_code == 0, result.output
    assert "Tech Boom (briefcase)" in result.output
    assert "stalled 0" in result.output


def test_an_invalid_set_file_fails_with_its_problem_and_line(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(EXAMPLE.read_text().replace("Theme Parks]", "Theme Park]"))
    result = check_set(str(broken))
    assert result.exit_code == 1
    assert "error[set-unknown-company]" in result.output and "did you mean 'Theme Parks'" in result.output
    assert "FAIL" in result.output


def test_an_unknown_set_name_fails_in_one_line():
    result = check_set("simpel")
    assert result.exit_code != 0
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["simpel"], "no company set named 'simpel'"),
    (["simple", "--game", "chess"], "unknown game 'chess'"),
    # An empty --game (an unset shell variable) checked the Briefcase set as if none were given.
    (["simple", "--game", ""], "unknown game ''"),
    ([str(EXAMPLE), "--game", ""], "unknown game ''"),
    ([str(EXAMPLE), "--game", "chess"], "unknown game 'chess'"),
    # It said "no company set named 'fmnyc'" and listed Briefcase's sets; then it sent the
    # designer on to 'cardgen list fmnyc sets', which alone said what Free Market: NYC takes.
    (["fmnyc"], "error: fmnyc is a game, not a briefcase set: fmnyc has no company sets; --set takes "
                "a file of Career cards (game: fmnyc, kind: careers)"),
    (["simple", "--games", "0"], "--games must be at least 1"),
    (["simple", "--games", "1000001"], "--games must be at most 1,000,000"),
    (["simple", "--effect-games", "1000001"], "--effect-games must be at most 1,000,000"),
])
def test_bad_input_is_one_line_and_exit_2_before_any_game_is_played(args, message):
    result = runner.invoke(app, ["check-set", *args, "--jobs", "1"])
    assert result.exit_code == 2
    assert message in result.output
    assert "simulating" not in result.output


def test_a_data_file_that_is_not_a_set_fails_before_any_game_is_played():
    companies = EXAMPLE.parents[1] / "companies.yaml"
    result = check_set(str(companies))
    assert result.exit_code == 2
    assert "companies.yaml is not a Briefcase company set file" in result.output
    assert "has problems" not in result.output and "simulating" not in result.output


def test_a_file_of_several_sets_is_one_line_saying_so_in_check_set_and_simulate(tmp_path: Path):
    # A designer's file of two sets, written like the official sets.yaml (kind: company-sets), was
    # told "expected 'game: briefcase' and 'kind: company-set'": the file says game: briefcase,
    # and the one letter's difference read as a typo.
    sets = tmp_path / "two-sets.yaml"
    sets.write_text((EXAMPLE.parents[1] / "sets.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    expected = [f"error: {sets} holds 5 company sets ('kind: company-sets': Simple Game, Faster Game, "
                "Complex Game and 2 more) where one set is expected: put each set in a file of its own, "
                "with 'kind: company-set' and its 'companies' at the top level"]
    for args in (["check-set", str(sets), "--games", "2", "--jobs", "1"],
                 ["simulate", "briefcase", "--set", str(sets), "--games", "2", "--jobs", "1", "-q"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert [line for line in result.output.splitlines() if not line.startswith(("workspace:", "note:"))] \
            == expected


def test_a_startup_data_file_given_to_check_set_says_to_check_the_game_whole(tmp_path: Path):
    # It said "'Build a startup. Betray your friends.' has no card sets; leave out --set": check-set
    # has no --set.
    deck = tmp_path / "deck.yaml"
    deck.write_bytes((EXAMPLE.parents[2] / "startup" / "deck.yaml").read_bytes())
    result = check_set(str(deck))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"error: {deck} is a file of startup data ('kind: deck'), and startup has no card sets: check its "
        "data whole with 'cardgen check-set startup' in a workspace that holds the file")


@pytest.mark.parametrize("other", ["fmnyc", "startup"])
def test_a_set_file_with_another_game_named_is_a_usage_error(other: str):
    # check-set custom-set.yaml --game fmnyc checked the Briefcase set, --game silently ignored.
    result = check_set(str(EXAMPLE), "--game", other)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"error: {EXAMPLE} is a file of briefcase data ('game: briefcase', 'kind: company-set'); "
        f"--game {other} names another: leave it out")
    assert check_set(str(EXAMPLE), "--game", "briefcase", "--no-effects", "--no-baseline").exit_code == 0


@pytest.mark.parametrize("where", ["beside the game's files", "with sets of a company each"])
def test_a_file_of_several_sets_with_another_game_named_says_the_game_first(project: Path, where: str):
    # check-set FILE -g fmnyc of a Briefcase file of several sets reported what is wrong with it
    # as a Briefcase file (a second file of 'kind: company-sets', sets of the wrong size) and
    # FAIL, never that --game names another game, the mistake made.
    shipped = (project / "cards/briefcase/sets.yaml").read_text(encoding="utf-8")
    if where == "beside the game's files":
        sets = project / "cards/briefcase/more-sets.yaml"
        sets.write_text(shipped, encoding="utf-8")
    else:
        sets = project / "few-sets.yaml"
        sets.write_text("game: briefcase\nkind: company-sets\nsets:\n"
                        "  - {id: a, name: A, companies: [Newspaper]}\n"
                        "  - {id: b, name: B, companies: [Bank]}\n", encoding="utf-8")
    result = check_set(str(sets), "-g", "fmnyc")
    assert result.exit_code == 2, result.output
    assert [line for line in result.output.splitlines() if not line.startswith(("workspace:", "note:"))] == [
        f"error: {sets} is a file of briefcase data ('game: briefcase', 'kind: company-sets'); "
        "--game fmnyc names another: leave it out"]


def test_check_set_names_its_bot_and_prints_each_company_s_paired_effect():
    result = check_set("simple", "--no-baseline", "--effect-games", "6")
    assert result.exit_code == 0, result.output
    assert "bot expert in every seat" in result.output
    assert "company effects at 4 players (expert may buy it vs never buys it, 6 paired games" in result.output
    assert "    Steel Factory: " in result.output and " points (" in result.output
    assert "steel_factory" not in result.output      # companies by name, not by id


def test_check_set_bots_chooses_the_bot():
    result = check_set("simple", "--no-baseline", "--no-effects", "--bots", "greedy")
    assert result.exit_code == 0, result.output
    assert "bot greedy in every seat" in result.output and "company effects" not in result.output


def test_an_unknown_bot_is_one_error_line_with_did_you_mean():
    result = check_set("simple", "--bots", "expret")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: unknown bot 'expret'")
    assert "did you mean 'expert'" in lines[0] and "check-set default: expert" in lines[0]


@pytest.mark.parametrize("game", ["briefcase", "fmnyc"])
def test_a_set_file_that_is_a_pipe_is_refused_as_a_file_not_looked_up_as_a_name(tmp_path: Path, game: str):
    fifo = tmp_path / "careers.yaml"
    os.mkfifo(fifo)
    result = runner.invoke(app, ["check-set", str(fifo), "-g", game, "-n", "2"])
    assert result.exit_code == 2
    assert "not a regular file" in result.output and "no card sets" not in result.output


def test_a_set_file_that_is_a_pipe_is_one_usage_error_line(tmp_path: Path):
    fifo = tmp_path / "set.yaml"
    os.mkfifo(fifo)
    result = runner.invoke(app, ["check-set", str(fifo), "-n", "2"])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: {fifo}: not a regular file (a device, pipe or socket); give a set file"]


def test_a_set_file_that_is_a_pipe_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Opening a FIFO for reading waits for a writer: check-set must refuse it from its stat.
    fifo = tmp_path / "set.yaml"
    os.mkfifo(fifo)
    opened: list[str] = []

    def watching(real_open):
        def watched(path, *args, **kwargs):
            if not isinstance(path, int) and os.path.abspath(path) == str(fifo):
                opened.append(str(path))
                raise OSError("the pipe was opened")      # failing, rather than waiting forever
            return real_open(path, *args, **kwargs)
        return watched

    monkeypatch.setattr(os, "open", watching(os.open))
    monkeypatch.setattr("builtins.open", watching(open))
    monkeypatch.setattr("io.open", watching(io.open))
    result = runner.invoke(app, ["check-set", str(fifo), "-n", "2"])
    assert opened == []
    assert result.exit_code == 2


def test_a_set_file_that_is_a_link_loop_is_one_usage_error_line(tmp_path: Path):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    result = runner.invoke(app, ["check-set", str(tmp_path / "a.yaml"), "-n", "2"])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: {tmp_path / 'a.yaml'}: symbolic link loop (the link leads back to itself)"]


def test_quiet_says_nothing_on_stderr_but_where_it_worked():
    """check-set --quiet printed "simulating 12 games at 2 players..." and "measuring 14 company
    effects..." on stderr all the same, in a pipe too, where simulate --quiet prints nothing but
    the workspace line."""
    loud = check_set("simple", "--no-baseline", "--effect-games", "4")
    assert loud.exit_code == 0, loud.output
    assert "simulating 12 games at 2 players..." in loud.stderr and "measuring 14 company" in loud.stderr
    quiet = check_set("simple", "--no-baseline", "--effect-games", "4", "--quiet")
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stdout == loud.stdout
    assert [line for line in quiet.stderr.splitlines() if not line.startswith("workspace:")] == []
