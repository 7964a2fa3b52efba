"""check-set for Free Market: NYC's Career cards: each card's causal effect by paired games
(``cardgen.sim.effects``) in which one seat's bot never keeps the card, the avoid bot that
does so, and ``simulate fmnyc --career quick``. Few games: nothing here depends on speed."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games.fmnyc.bots import make_bot
from cardgen.games.fmnyc.simulation import SIMULATOR, FmnycSimulator
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import drive, policy_seed
from cardgen.sim.seeds import game_seed

CAREERS = Path(__file__).resolve().parents[2] / "cards/fmnyc/careers.yaml"
HEIR = """    title: Heir
    timing: first_round
    ability: [{kind: gain, items: {coin: 6}}]"""


def overpowered(tmp_path: Path) -> Path:
    """The shipped cards with the Heir made far too strong: 50 coins every round."""
    text = CAREERS.read_text()
    assert HEIR in text
    path = tmp_path / "op-careers.yaml"
    path.write_text(text.replace(HEIR, """    title: Trust Fund Heir
    timing: once_per_round
    ability: [{kind: gain, items: {coin: 50}}]"""))
    return path


def test_an_overpowered_career_card_is_named_in_the_verdict_with_its_effect_and_interval(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Two cards measured instead of thirty keeps the test short; the measure is the same.
    every = FmnycSimulator.effect_subjects
    monkeypatch.setattr(FmnycSimulator, "effect_subjects",
                        lambda self, config: {k: v for k, v in every(self, config).items()
                                              if k in ("heir", "jeweler")})
    result = CliRunner().invoke(app, ["check-set", str(overpowered(tmp_path)), "--games", "2",
                                      "--effect-games", "60", "--jobs", "1", "--no-baseline"])
    assert result.exit_code == 0, result.output
    assert "Career card effects at 4 players (planner may keep it vs never keeps it" in result.output
    warning = next(line for line in result.output.splitlines() if "Trust Fund Heir is too strong" in line)
    # "4 players: career Trust Fund Heir is too strong: planner wins +16.7 points of share when it
    # may keep it versus never (95% CI +7.2 to +26.2, 60 paired games)"
    assert warning.strip().startswith("warning: 4 players: career Trust Fund Heir is too strong: "
                                      "planner wins +")
    assert "when it may keep it versus never (95% CI +" in warning and "60 paired games" in warning
    assert "Jeweler is" not in result.output
    assert "win rate when held (descriptive" in result.output


def test_without_effects_a_held_card_warning_makes_the_printed_verdict_warn(tmp_path: Path):
    # With --no-effects a card whose win rate when held lies wholly off the fair share is a
    # warning; the first line's verdict counted the warnings before that one was added, and
    # said OK above it (the JSON said WARN).
    out = tmp_path / "check.json"
    result = CliRunner().invoke(app, ["check-set", str(overpowered(tmp_path)), "--games", "12",
                                      "--no-effects", "--jobs", "1", "--no-baseline", "--json", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.strip().startswith("warning: 4 players: career Trust Fund Heir wins ") for line in lines)
    headline = next(line for line in lines if line.startswith(("OK:", "WARN:", "FAIL:")))
    assert headline.startswith("WARN: op-careers.yaml (fmnyc)"), headline
    assert json.loads(out.read_text())["verdict"] == "WARN"


def test_the_effects_are_measured_where_the_deal_leaves_cards_in_the_box():
    suits = {n: SIMULATOR.effect_suits(SIMULATOR.prepare(players=n, set_ref=None, bots=["planner"] * n,
                                                         options={"career": "full"}))
             for n in (2, 3, 4, 5)}
    assert suits == {2: True, 3: True, 4: True, 5: False}     # 5 x 6 = all 30 cards dealt


class Recorder:
    """A bot that notes what it was offered and what it kept at each Career draft decision."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.seen = bot, []

    def decide(self, obs: Any, decision: Decision) -> Any:
        choice = self.bot.decide(obs, decision)
        if decision.tag in ("career_draft", "career_keep"):
            self.seen.append((list(decision.options), list(choice), decision.low))
        return choice


@pytest.mark.parametrize("bot", ["planner", "heuristic"])
def test_the_avoid_bot_never_keeps_the_avoided_card_when_it_has_a_choice(tmp_path: Path, bot: str):
    cfg = SIMULATOR.prepare(players=3, set_ref=str(overpowered(tmp_path)), bots=[bot] * 3, options={})
    offered, kept_plain = 0, 0
    for i in range(12):
        seed = game_seed(5, i)
        state = SIMULATOR.new_state(cfg, seed)
        me = Recorder(make_bot(f"{bot}/avoid=heir", policy_seed(seed, 0)))
        drive(state, [me, *(make_bot(bot, policy_seed(seed, s)) for s in (1, 2))])
        assert "heir" not in state.seats[0].careers
        for options, choice, keep in me.seen:
            assert len(options) > keep and "heir" not in choice
            offered += "heir" in options
        # The same game without the restriction: the bot keeps the card it values most.
        state = SIMULATOR.new_state(cfg, seed)
        drive(state, [make_bot(bot, policy_seed(seed, s)) for s in (0, 1, 2)])
        kept_plain += "heir" in state.seats[0].careers
    assert offered and kept_plain      # the card came its way, and only the avoid bot passed it on


def _kept_when_offered(bot: str, card: str, games: int = 16) -> tuple[int, int]:
    """How often seat 0 (bot ``bot``, the others planners) kept ``card`` when a draft offered it."""
    cfg = SIMULATOR.prepare(players=4, set_ref=None, bots=["planner"] * 4, options={"career": "full"})
    offered = kept = 0
    for i in range(games):
        seed = game_seed(9, i)
        me = Recorder(make_bot(bot, policy_seed(seed, 0)))
        others = [make_bot("planner", policy_seed(seed, s)) for s in (1, 2, 3)]
        drive(SIMULATOR.new_state(cfg, seed), [me, *others])
        for options, choice, _keep in me.seen:
            offered += card in options
            kept += card in choice
    return offered, kept


def test_the_planner_drafts_the_card_that_takes_the_cup_at_the_cups_worth():
    # The Strikebreaker ("take the first player cup") is worth the Cup, the first choice of
    # every stage, for each round after the draft; the heuristic ranks it as worth 1.
    offered, kept = _kept_when_offered("planner", "strikebreaker")
    assert offered and kept == offered
    offered, kept = _kept_when_offered("heuristic", "strikebreaker")
    assert offered and kept < offered


def test_a_bot_that_cannot_avoid_a_card_and_an_unknown_bot_are_refused():
    with pytest.raises(ValueError, match="cannot be told to avoid a Career card"):
        make_bot("random/avoid=heir")
    with pytest.raises(ValueError, match="unknown Free Market: NYC bot 'nobody'"):
        make_bot("nobody/avoid=heir")


def test_check_set_with_a_bot_that_cannot_avoid_is_one_error_line(tmp_path: Path):
    result = CliRunner().invoke(app, ["check-set", str(overpowered(tmp_path)), "--games", "1",
                                      "--effect-games", "2", "--jobs", "1", "--no-baseline",
                                      "--bots", "random"])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    assert errors[0].startswith("error: the random bot cannot be told to avoid a Career card")
    assert "simulating" not in result.output          # said before any game is played


@pytest.mark.parametrize("value", ["quick", "full"])
def test_simulate_takes_career_quick_or_full(value: str):
    result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "3", "--games", "2",
                                      "--jobs", "1", "--quiet", "--career", value, "--stocks"])
    assert result.exit_code == 0, result.output
    assert "career " in result.output or "income a game" in result.output


def test_career_alone_is_the_full_draft_and_quick_is_shorter():
    def turns(*career: str) -> str:
        result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "3", "--games", "2",
                                          "--jobs", "1", "--quiet", *career])
        assert result.exit_code == 0, result.output
        return next(line for line in result.output.splitlines() if line.strip().startswith("turns"))

    assert turns("--career") == turns("--career", "full") != turns("--career", "quick")


@pytest.mark.parametrize("args", [["--career", "bogus"], ["--career=slow"]])
def test_a_bad_career_value_is_one_error_line_and_exit_2(args: list[str]):
    result = CliRunner().invoke(app, ["simulate", "fmnyc", "--players", "3", "--games", "2", *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --career is full or quick"), lines


def test_avoid_names_are_shared_with_briefcase():
    from cardgen.games.briefcase.bots import AVOID as BRIEFCASE_AVOID
    from cardgen.sim.effects import AVOID, avoiding, favouring, split_bot

    assert AVOID == BRIEFCASE_AVOID == "/avoid="
    assert avoiding("planner", "heir") == "planner/avoid=heir"
    assert split_bot("planner/avoid=heir") == ("planner", "heir", "")
    assert split_bot(favouring("planner", "heir")) == ("planner", "", "heir")
    assert split_bot("planner") == ("planner", "", "")


def test_build_prints_a_file_of_career_cards_in_place_of_the_shipped_ones(tmp_path: Path):
    """simulate and check-set take a Career card file as the game's --set: build prints it, under
    a name of its own so that it never overwrites the shipped cards' PDF."""
    from tests.pdfs import pdf_text

    result = CliRunner().invoke(app, ["build", "fmnyc", "--set", str(overpowered(tmp_path)),
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    cards = tmp_path / "out" / "fmnyc-en-op-careers-cards.pdf"
    assert "Trust Fund Heir" in pdf_text(cards)
    assert not (tmp_path / "out" / "fmnyc-en-cards.pdf").exists()


def test_a_career_file_whose_yaml_is_broken_is_reported_where_it_is_broken(tmp_path: Path):
    """Not "the game has no card sets": the file is one, and its problem is placed."""
    broken = tmp_path / "careers.yaml"
    broken.write_text("game: fmnyc\nkind: careers\n  deal: [\n")
    for args in (["simulate", "fmnyc", "--games", "1"], ["build", "fmnyc", "--out", str(tmp_path / "out")]):
        result = CliRunner().invoke(app, [*args, "--set", str(broken)])
        assert result.exit_code == 1, result.output
        assert f"{broken.name}:3:" in result.output and "yaml-syntax" in result.output
        assert "no card sets" not in result.output


def test_check_set_of_an_invalid_career_file_does_not_name_another_game(tmp_path: Path):
    bad = tmp_path / "bad-careers.yaml"
    bad.write_text(CAREERS.read_text().replace("per_player: 6", "per_player: x"))
    result = CliRunner().invoke(app, ["check-set", str(bad)])
    assert result.exit_code == 1
    assert "deal.per_player" in result.output
    assert "briefcase" not in result.output
    # Named for what it is: Free Market: NYC has no set files ("is not a valid set file").
    assert "FAIL: " + str(bad) + " is not a valid file of Career cards" in result.output


@pytest.mark.parametrize("make, said", [
    (lambda p: p.mkdir(), "is a directory, not a file of Career cards"),
    (lambda p: os.mkfifo(p), "not a regular file (a device, pipe or socket)"),
    (lambda p: p.symlink_to(p), "symbolic link loop"),
])
def test_a_set_path_that_is_no_file_is_said_so_not_that_the_game_has_no_sets(tmp_path: Path, make, said: str):
    # One line naming the --set value, as Briefcase has it; it was a data problem at 1:1 of a
    # folder, followed by 'cardgen validate says the same', which never reads a --set file.
    target = tmp_path / "careers.yaml"
    make(target)
    for args in (["build", "fmnyc", "--out", str(tmp_path / "out")], ["simulate", "fmnyc", "-n", "1"]):
        result = CliRunner().invoke(app, [*args, "--set", str(target)])
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1, (args, lines)
        assert lines[0].startswith(f"error: {target}: {said}")
        assert "no card sets" not in result.output
    assert not (tmp_path / "out").exists()
