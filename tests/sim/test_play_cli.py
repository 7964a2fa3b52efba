"""`cardgen play` driven by scripted input to the end of a game, undo, save and resume; and
`cardgen replay` of what it saved. The toy game of these tests stands in for any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen import games
from cardgen.cli import app

runner = CliRunner()
# Answers that fit every kind of decision sooner or later: a wrong one is asked again.
ANSWERS = "1\ny\n1 2\n1 2 3\n" * 200


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    monkeypatch.setitem(games._MODULES, "toy", "tests.sim.toy")


def play(*args: str, answers: str = ANSWERS):
    return runner.invoke(app, ["play", "toy", *args], input=answers)


def test_a_game_is_played_to_its_end_from_scripted_input_and_saved(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    result = play("--seats", "you,high", "--seed", "4", "--save", str(saved))
    assert result.exit_code == 0, result.output
    assert "game over after" in result.output and "won by seat" in result.output
    assert "seat 1 (you): Play a card:" in result.output          # the person's decisions were asked
    lines = [json.loads(line) for line in saved.read_text().splitlines()]
    assert lines[0]["game"] == "toy" and lines[0]["bots"] == ["you", "high"]
    assert "end" in lines[-1]
    assert f"replay it with: cardgen replay {saved}" in result.output and "--resume" not in result.output
    assert "workspace" in result.output.splitlines()[-1]      # which workspace, as every command says
    replayed = runner.invoke(app, ["replay", str(saved), "--show"])
    assert replayed.exit_code == 0, replayed.output
    assert "same end" in replayed.output and "workspace" in replayed.output.splitlines()[-1]


def test_a_question_of_yes_or_no_says_how_to_answer_it():
    # it showed no options, and a person who answered 1 was told "answer y or n" only then
    result = play("--seats", "you,high", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "seat 1 (you): Draw a card? (y or n)" in result.output.splitlines()


def test_the_person_sees_each_move_the_bots_make():
    # The bots' decisions are shown as they happen, read as the options are, with their seats.
    result = play("--seats", "you,high", "--seed", "4")
    assert result.exit_code == 0, result.output
    moves = [line.strip() for line in result.output.splitlines() if "seat 2 (high):" in line]
    assert "seat 2 (high): Play a card: 10" in moves                      # the question, then the answer
    assert "seat 2 (high): Draw a card? yes" in moves


def test_replay_show_prints_each_step_as_the_options_read(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    assert play("--seats", "you,high", "--seed", "4", "--save", str(saved)).exit_code == 0
    shown = runner.invoke(app, ["replay", str(saved), "--show"]).output.splitlines()
    steps = [line for line in shown if line.lstrip()[:1].isdigit() and ". seat " in line]
    assert len(steps) == len(saved.read_text().splitlines()) - 2            # every decision, no header/end
    assert "1. seat 1 (you): " in steps[0]
    assert not any("[" in line or "True" in line for line in steps), steps   # no raw values


def test_replaying_a_game_saved_unfinished_says_how_to_go_on_and_is_no_failure(tmp_path: Path):
    saved = tmp_path / "half.jsonl"
    play("--seats", "you,high", "--save", str(saved), answers="1\ny\nq\n")
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 0, result.output
    assert f"the game is not finished: go on with cardgen play --resume {saved}" in result.output


def test_a_game_saved_after_one_decision_replays_one_decision(tmp_path: Path):
    # It said "1 decisions replayed".
    saved = tmp_path / "one.jsonl"
    play("--seats", "you,high", "--save", str(saved), answers="1\nq\n")
    assert len(saved.read_text().splitlines()) == 2                       # the header, one decision
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 0, result.output
    assert f"{saved}: 1 decision replayed; the game is not finished" in result.output


def test_an_answer_that_is_not_an_option_is_asked_again():
    result = play("--seats", "you,high", answers="9\nmaybe\n" + ANSWERS)
    assert result.exit_code == 0
    assert "options are numbered 1 to" in result.output


def test_an_answer_that_is_not_utf8_is_asked_again():
    # Python reads its input strictly in a UTF-8 locale (and with PYTHONIOENCODING=utf-8): such a
    # byte was an internal error, a UnicodeDecodeError, ending the game.
    result = runner.invoke(app, ["play", "toy", "--seats", "you,high"],
                           input=b"\xff\xfe\n" + ANSWERS.encode())
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    assert "> \\xff\\xfe\n  answer with option numbers; ? for help" in result.output


@pytest.mark.parametrize("answer", ["1_0", "+1", "\u0661"])
def test_an_answer_is_digits_only(answer: str):
    # int() reads these as 10, 1 and 1 (an Arabic-Indic one): taken as numbers, they played
    # an option no one typed.
    from cardgen.commands.play import parse_answer
    from cardgen.sim import decisions as d

    decision = d.choose(0, "pick", "Pick", ["a", "b"])
    with pytest.raises(ValueError, match="answer with option numbers"):
        parse_answer(decision, answer)
    assert parse_answer(decision, "2") == "b"


def test_too_few_or_many_numbers_are_said_as_a_person_answers():
    # Free Market: NYC's Career draft asks for two cards; an answer of one number was told
    # "not allowed: career_draft: choose between 2 and 2, not 1", an engine tag and a range of
    # one number, with nothing on how to give two.
    from cardgen.commands.play import parse_answer
    from cardgen.sim import decisions as d

    draft = d.choose_many(0, "career_draft", "Keep 2 Career cards", ["a", "b", "c"], 2, 2)
    with pytest.raises(ValueError) as caught:
        parse_answer(draft, "1")
    assert str(caught.value) == "answer with 2 option numbers, separated by spaces (such as '1 2'), not 1"
    assert parse_answer(draft, "1 3") == ["a", "c"]
    one = d.choose_many(0, "discard", "Discard", ["a", "b", "c"], 1, 1)
    with pytest.raises(ValueError, match="^answer with 1 option number, not 2$"):     # not "1 option numbers"
        parse_answer(one, "1 2")
    some = d.choose_many(0, "discard", "Discard", ["a", "b", "c"], 0, 1)
    with pytest.raises(ValueError, match="^answer with 0 to 1 option numbers, not 2$"):
        parse_answer(some, "1 2")


def test_the_person_does_not_see_what_a_bot_keeps_behind_its_screen():
    # Free Market: NYC printed a bot's kept Career cards ("seat 2 (heuristic): Keep 2 Career
    # cards for the game: Engineer (...), Headhunter (...)"), which its seat alone may see.
    careers = Path(__file__).resolve().parents[2] / "cards" / "fmnyc" / "careers.yaml"
    result = runner.invoke(app, ["play", "fmnyc", "--set", str(careers)], input="1 2\n" * 3 + "q\n")
    assert result.exit_code == 0, result.output
    bots = [line.strip() for line in result.output.splitlines() if line.startswith("  seat 2 (heuristic): ")]
    assert bots[:3] == ["seat 2 (heuristic): Keep 2 Career cards, pass 4 to your left (hidden from the "
                        "other seats)"] * 2 + ["seat 2 (heuristic): Keep 2 Career cards for the game "
                                               "(hidden from the other seats)"], bots


def test_free_market_nyc_is_played_with_its_own_options_as_simulate_takes_them(tmp_path: Path):
    # play had no --career, --stocks nor --rounds: the shipped Career cards could be played only
    # by naming their file (inside the installed package), and the add-ons and rounds not at all
    saved = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "fmnyc", "--career", "quick", "--stocks", "--rounds", "5",
                                 "--save", str(saved)], input="1 2\nq\n")
    assert result.exit_code == 0, result.output
    assert "seat 1 (you): Keep 2 Career cards for the game:" in result.output
    assert '"options": {"rounds": 5, "stocks": true, "career": "quick"}' in saved.read_text(encoding="utf-8")
    result = runner.invoke(app, ["play", "startup", "--stocks"], input="q\n")
    assert result.exit_code == 2 and result.output.startswith("error: --stocks is not an option of startup")


def _startup_bot_lines(seed: int) -> list[str]:
    result = runner.invoke(app, ["play", "startup", "--seats", "you,heuristic,heuristic,heuristic",
                                 "--seed", str(seed)], input="1\ny\n" * 3000)   # y for a yes or no
    assert result.exit_code == 0, result.output
    return [line.strip() for line in result.output.splitlines() if " (heuristic): " in line]


def test_the_person_does_not_see_the_cards_bots_take_from_a_hand_or_trade_between_them():
    # The startup game printed "seat 2 (heuristic): Take a card from the target's hand: CTO" to
    # the person at seat 1, whose hand it was not, and the cards two bots traded ("Privately
    # show only these two cards to each other; other players do not see them").
    lines = _startup_bot_lines(1)
    private = [line for line in lines if "target's hand" in line or "for the trade" in line
               or "to your ally" in line]
    assert any("target's hand" in line for line in private), lines
    assert any("Offer a card back for the trade? (hidden from the other seats)" in line for line in private)
    assert all(line.endswith("(hidden from the other seats)") for line in private), private


def test_the_person_sees_the_card_a_bot_offers_them_in_trade():
    lines = _startup_bot_lines(5)
    assert "seat 3 (heuristic): Play a card (or stop): offer Founder Scandal to your ally (seat 1) " \
           "for a card of theirs" in lines, lines


def test_undo_takes_back_the_last_decision_of_yours():
    result = play("--seats", "you,high", answers="u\n1\nu\n" + ANSWERS)
    assert result.exit_code == 0, result.output
    assert "nothing of yours to undo" in result.output and "undone" in result.output


def test_quit_saves_and_resume_goes_on_to_the_end(tmp_path: Path):
    saved = tmp_path / "half.jsonl"
    first = play("--seats", "you,high", "--save", str(saved), answers="1\ny\nq\n")
    assert first.exit_code == 0 and "not finished" in first.output and "error" not in first.output
    assert saved.is_file() and "end" not in saved.read_text()
    second = runner.invoke(app, ["play", "--resume", str(saved)], input=ANSWERS)
    assert second.exit_code == 0, second.output and "game over after" in second.output
    # It says what it goes on from, before the table: the log, its decisions, seed and seats.
    decisions = len(saved.read_text().splitlines()) - 1
    assert second.output.startswith(f"resuming {saved}: {decisions} decisions played again (seed 1; "
                                    "seat 1 you, seat 2 high)\n"), second.output[:300]


@pytest.mark.parametrize("option", [["--seats", "high,high"], ["--players", "3"], ["--seed", "1"],
                                    ["--set", "Simple Game"], ["--career", "quick"]])
def test_resume_refuses_an_option_the_log_decides_rather_than_passing_over_it(tmp_path: Path, option):
    # They were ignored without a word: --resume LOG --seats you,you played the log's seats.
    saved = tmp_path / "half.jsonl"
    play("--seats", "you,high", "--save", str(saved), answers="1\nq\n")
    result = runner.invoke(app, ["play", "--resume", str(saved), *option], input=ANSWERS)
    assert result.exit_code == 2, result.output
    assert result.output == (f"error: {option[0]} cannot be given with --resume: a resumed game goes on "
                             "with the game, seats, players, set, seed and options its log names\n")


def test_resume_refuses_a_game_other_than_the_logs(tmp_path: Path):
    # play startup --resume LOG-OF-TOY played the toy game without a word.
    saved = tmp_path / "half.jsonl"
    play("--seats", "you,high", "--save", str(saved), answers="1\nq\n")
    result = runner.invoke(app, ["play", "startup", "--resume", str(saved)], input=ANSWERS)
    assert result.exit_code == 2, result.output
    assert result.output == (f"error: {saved}:1: the log is a game of toy, not of startup; "
                             "give --resume alone\n")
    assert play("--resume", str(saved)).exit_code == 0          # the log's own game may be named


def test_saving_at_the_table_to_a_name_under_the_home_folder_reads_the_tilde_as_the_shell_does(
        tmp_path: Path, monkeypatch):
    # 's ~/game.jsonl' made a folder named '~' in the current folder, and said to resume from
    # ~/game.jsonl, which the shell reads as another file.
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    result = play("--seats", "you,high", answers="s ~/game.jsonl\nq\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "home" / "game.jsonl").is_file()
    assert not (tmp_path / "~").exists()


def test_the_command_to_resume_a_saved_game_can_be_pasted_into_a_shell(tmp_path: Path, monkeypatch):
    # 'resume with: cardgen play --resume my game.jsonl' named two files to a shell.
    monkeypatch.chdir(tmp_path)
    result = play("--seats", "you,high", answers="s my game.jsonl\nq\n")
    assert "resume with: cardgen play --resume 'my game.jsonl'" in result.output, result.output
    replayed = runner.invoke(app, ["replay", "my game.jsonl"])
    assert "go on with cardgen play --resume 'my game.jsonl'" in replayed.output, replayed.output


def test_a_log_edited_to_another_choice_no_longer_replays(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    assert play("--seats", "you,high", "--save", str(saved)).exit_code == 0
    lines = saved.read_text().splitlines()
    step = json.loads(lines[1])
    step["choice"] = 99
    lines[1] = json.dumps(step)
    saved.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 1 and "no longer replays" in result.output


@pytest.mark.parametrize(("content", "message"), [
    ("", "not a cardgen game log"),
    ("{not json\n", "not JSON"),
    ('{"format": "cardgen-game-log/1"}\n', "the header's 'game' must be a game's name, not nothing"),
])
def test_a_file_that_is_not_a_game_log_is_one_error_line(tmp_path: Path, content: str, message: str):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and message in result.output
    assert result.output.count("\n") == 1


_HEADER = {"format": "cardgen-game-log/1", "game": "toy", "seed": 1, "players": 2, "bots": ["high", "high"]}


@pytest.mark.parametrize(("field", "value", "message"), [
    ("seed", "abc", "the header's 'seed' must be a whole number, not \"abc\""),
    ("seed", 2.5, "the header's 'seed' must be a whole number, not 2.5"),
    ("players", True, "the header's 'players' must be a whole number, not true"),
    ("bots", "high", "the header's 'bots' must be a list of bot names, not \"high\""),
    ("set", 3, "the header's 'set' must be a set's name or null, not 3"),
    ("set", "", "the header's 'set' must be a set's name or null, not \"\""),
    ("options", [1], "the header's 'options' must be an object, not [1]"),
])
def test_a_mistyped_header_field_is_named_with_what_it_must_be(tmp_path: Path, field: str, value: object,
                                                                message: str):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**_HEADER, field: value}) + "\n")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and f"bad.jsonl:1: {message}" in result.output
    assert result.output.count("\n") == 1


def test_unknown_bots_and_seat_counts_are_usage_errors():
    assert "unknown bot 'smart'" in play("--seats", "you,smart").output
    # A near miss is named, as simulate and check-set name it.
    assert "unknown bot 'hihg' (did you mean 'high'?)" in play("--seats", "you,hihg").output
    assert "names 2 seats for 3 players" in play("--seats", "you,high", "--players", "3").output


def test_players_without_seats_puts_the_default_bot_in_every_other_seat(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    result = play("--players", "3", "--save", str(saved), answers="q\n")
    assert result.exit_code == 0, result.output
    bots = json.loads(saved.read_text().splitlines()[0])["bots"]
    assert bots[0] == "you" and len(bots) == 3 and bots[1] == bots[2] != "you"


def test_without_players_or_seats_the_table_is_the_games_fewest_and_the_help_says_so(tmp_path: Path):
    # The help said "else 2"; the startup game, for 3 to 5, seats 3.
    saved = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "startup", "--save", str(saved)], input="q\n")
    assert result.exit_code == 0, result.output
    assert len(json.loads(saved.read_text().splitlines()[0])["bots"]) == 3
    shown = " ".join(runner.invoke(app, ["play", "--help"]).output.split())
    assert "else the fewest players the game allows" in shown and "else 2)" not in shown


def test_input_ending_before_the_game_is_an_error():
    result = play("--seats", "you,high", answers="1\n")
    assert result.exit_code == 1 and "input ended before the game did" in result.output


def test_an_answer_longer_than_a_line_is_skipped_and_the_question_asked_again():
    """It ended the game, unsaved."""
    result = play("--seats", "you,high", answers="x" * 5000 + "\nq\n")
    assert "an answer of more than 1000 characters is not an answer; ? for help" in result.output
    assert result.exit_code == 0 and "stopped" in result.output


def test_input_that_never_ends_a_line_stops_the_game():
    result = play("--seats", "you,high", answers="x" * 1_100_000)
    assert result.exit_code == 1 and "gives no line end" in result.output


@pytest.mark.parametrize("command", ["s", "s ", 's ""'])
def test_save_without_a_file_name_asks_for_one(command: str):
    result = play("--seats", "you,high", answers=f"{command}\nq\n")
    assert "name the file to save to: s FILE" in result.output and result.exit_code == 0


def test_a_save_name_with_a_nul_is_refused_and_the_game_goes_on(tmp_path: Path):
    """'s a<NUL>b' read from the input was an internal error that ended the game."""
    result = play("--seats", "you,high", answers=f"s {tmp_path}/a\x00b\nq\n")
    assert result.exit_code == 0 and "holds a NUL character" in result.output, result.output
    assert "stopped" in result.output and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("answers", [ANSWERS, "q\n"], ids=["game-over", "quit"])
def test_a_save_that_fails_when_the_game_ends_fails_the_command(tmp_path: Path, monkeypatch, answers: str):
    """--save failing at the end (a full disk) was said as a line of output, exit code 0."""
    from cardgen.output import OutputError
    from cardgen.sim import gamelog

    def full(path, data):
        raise OutputError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(gamelog, "write_atomic", full)
    saved = tmp_path / "game.jsonl"
    result = play("--seats", "you,high", "--save", str(saved), answers=answers)
    assert result.exit_code == 1, result.output
    last = result.output.strip().splitlines()[-1]
    assert last == f"error: --save cannot write {saved}: No space left on device"


def test_a_save_file_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path):
    result = play("--seats", "high,high", "--save", str(tmp_path))          # a folder
    assert result.exit_code == 1 and "--save cannot write" in result.output
    assert "game over" not in result.output


def test_a_log_whose_end_was_edited_replays_to_another_end_said_with_seats_from_1(tmp_path: Path):
    saved = tmp_path / "game.jsonl"
    assert play("--seats", "you,high", "--save", str(saved)).exit_code == 0
    lines = saved.read_text().splitlines()
    end = json.loads(lines[-1])
    end["end"]["turns"] += 1
    lines[-1] = json.dumps(end)
    saved.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 1 and "replays to another end: scores " in result.output
    assert "; won by seat " in result.output and "where the log says" in result.output
    assert "{" not in result.output                                  # no Python dict
