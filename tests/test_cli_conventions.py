"""Conventions every command keeps: a usage error is one line 'error: ...' and exit code 2,
whatever the command; colour only on a terminal and never with NO_COLOR."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.commands import error_prefix

runner = CliRunner()


def _leaf_commands(command: Any, path: tuple[str, ...] = ()):
    if hasattr(command, "commands"):   # typer's groups are not click's Group
        for name, sub in command.commands.items():
            yield from _leaf_commands(sub, (*path, name))
    else:
        yield path


COMMANDS = list(_leaf_commands(get_command(app)))


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) for p in COMMANDS])
def test_a_bad_option_is_one_error_line_and_exit_2(path: tuple[str, ...]):
    result = runner.invoke(app, [*path, "--no-such-option"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: No such option: --no-such-option"), lines
    assert "Traceback" not in result.output


def test_a_bad_choice_names_the_choices_without_internals():
    result = runner.invoke(app, ["build", "--paper", "a3"])
    assert result.exit_code == 2
    assert result.output.strip() == ("error: Invalid value for '--paper': 'a3' is not one of 'a4', "
                                     "'letter', 'a2', 'a1', 'tabloid'. (see 'cardgen build --help')")


def test_an_unknown_command_is_one_line():
    result = runner.invoke(app, ["bulid"])
    assert result.exit_code == 2 and result.output.strip().startswith("error: No such command 'bulid'")


def test_errors_are_red_on_a_terminal_and_plain_with_no_color(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert error_prefix() != "error:" and "error:" in error_prefix()
    monkeypatch.setenv("NO_COLOR", "1")
    assert error_prefix() == "error:"
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert error_prefix() == "error:"


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) for p in COMMANDS])
def test_help_names_values_in_capitals_never_by_python_type(path: tuple[str, ...]):
    # Recent typer prints "GAME <str>", "--jobs <int range>", "PATH <list[Path]>".
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0
    assert not re.search(r"<(str|int|float|bool|list|Path|int range|float range)[^>]*>", result.output), \
        result.output


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) for p in COMMANDS])
def test_usage_names_a_required_argument_as_the_others_without_braces(path: tuple[str, ...]):
    # Recent typer wrote "check-set [OPTIONS] {SET}": braces, as a set of choices would be.
    result = runner.invoke(app, [*path, "--help"])
    (usage,) = [line for line in result.output.splitlines() if line.startswith("Usage:")]
    assert "{" not in usage and "}" not in usage, usage
    required = [p for p in _command(path).params if p.param_type_name == "argument" and p.required]
    for p in required:
        assert f" {p.metavar}" in usage and f"[{p.metavar}]" not in usage, usage
        missing = runner.invoke(app, list(path))
        assert missing.exit_code == 2
        assert missing.output.startswith(f"error: Missing argument '{p.metavar}'."), missing.output


def test_shell_completion_can_be_installed():
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.output


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) for p in COMMANDS])
def test_every_command_shows_an_example_in_its_help(path: tuple[str, ...]):
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0 and "Example: cardgen " in result.output


def test_duplex_with_a_gutterfold_layout_is_said_not_to_apply(tmp_path):
    result = runner.invoke(app, ["build", "--layout", "gutterfold", "--duplex", "short", "--players", "2",
                                 "--set", "simple", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert "note: --duplex short does not apply to --layout gutterfold" in result.output


def test_a_game_title_with_full_stops_is_quoted_in_messages():
    result = runner.invoke(app, ["build", "startup", "--set", "simple"])
    assert result.exit_code == 2
    assert "'Build a startup. Betray your friends.' has no card sets" in result.output


def _command(path: tuple[str, ...]) -> Any:
    command = get_command(app)
    for name in path:
        command = command.commands[name]
    return command


def _takes_a_game(command: Any) -> bool:
    return any(p.name in ("game", "game_opt") or getattr(p, "metavar", None) == "GAME"
               for p in command.params)


@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) for p in COMMANDS])
def test_every_game_taking_command_accepts_game_and_uppercase_metavars(path: tuple[str, ...]):
    command = _command(path)
    if _takes_a_game(command):
        game = [p for p in command.params if "--game" in getattr(p, "opts", ())]
        assert game and "-g" in game[0].opts and game[0].metavar == "GAME", path
    for p in command.params:
        if p.param_type_name == "argument":
            assert p.metavar and p.metavar == p.metavar.upper(), (path, p.name)
        elif p.metavar is not None and "|" not in p.metavar:     # choices are typed as listed
            assert p.metavar == p.metavar.upper(), (path, p.name, p.metavar)
    # short flags, where a command has the long one, are the same letter everywhere
    shorts = {"--game": "-g", "--lang": "-l", "--out": "-o", "--players": "-p", "--games": "-n",
              "--seed": "-s"}
    for p in command.params:
        for long, short in shorts.items():
            if long in getattr(p, "opts", ()):
                assert short in p.opts, (path, long)


def test_the_game_may_be_given_as_an_option_or_an_argument_but_not_two_different_ones():
    assert runner.invoke(app, ["list", "--game", "startup", "bots"]).output == \
        runner.invoke(app, ["list", "startup", "bots"]).output
    same = runner.invoke(app, ["list", "startup", "-g", "startup", "bots"])
    assert same.exit_code == 0, same.output
    result = runner.invoke(app, ["simulate", "briefcase", "--game", "startup", "-n", "1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines == ["error: the game is given twice and differs: 'briefcase' and --game 'startup'; "
                     "give it once"]


def test_i18n_init_takes_the_game_as_an_option_too():
    result = runner.invoke(app, ["i18n", "init", "-g", "briefcase"])
    assert result.exit_code == 2 and "give the language" in result.output


@pytest.mark.parametrize("args, written", [
    (["simulate", "startup", "--games", "2", "--jobs", "1", "-q", "--json", "{d}/a/b/result.json"],
     "a/b/result.json"),
    (["play", "startup", "--seats", "heuristic,heuristic,heuristic", "--save", "{d}/c/d/game.jsonl"],
     "c/d/game.jsonl")])
def test_a_file_an_option_names_is_written_with_its_missing_folders(tmp_path, args: list[str], written: str):
    # As the README says: files and folders to write are made with the folders on their way.
    result = runner.invoke(app, [a.format(d=tmp_path) for a in args])
    assert result.exit_code == 0, result.output
    assert (tmp_path / written).is_file()


def test_the_command_list_shows_each_summary_whole():
    # click cuts a summary longer than the column with "..."; each command says what it does whole.
    result = runner.invoke(app, ["--help"], terminal_width=100)
    commands = result.output[result.output.index("Commands:"):]
    assert "..." not in commands


def _path_params(path: tuple[str, ...]):
    """(how to pass "" to it, the rest of the command line) for each FILE or DIR parameter."""
    command = _command(path)
    required = [p for p in command.params if p.param_type_name == "argument" and p.required]
    for p in command.params:
        if p.metavar not in ("FILE", "DIR") or getattr(p, "is_flag", False):
            continue
        if p.param_type_name == "argument":
            yield [*path, *["x" for r in required if r is not p], ""]
        else:
            yield [*path, *["x" for _ in required], p.opts[0], ""]


EMPTY_PATHS = [args for path in COMMANDS for args in _path_params(path)]


@pytest.mark.parametrize("args", EMPTY_PATHS, ids=[" ".join(a[:-1]) for a in EMPTY_PATHS])
def test_an_empty_file_or_folder_name_is_a_usage_error_never_the_current_folder(
        args: list[str], tmp_path, monkeypatch):
    # An empty name (an unset shell variable) names nothing: read as a Path it would be the
    # current folder ('font file . does not exist', a workspace made in the current folder).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (args, result.output)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "empty" in lines[0], (args, lines)
    assert not list(tmp_path.iterdir())


NAMING = [(path, name) for path in COMMANDS for p in _command(path).params
          for name in p.opts if name in ("--set", "--bots", "--seats")]


@pytest.mark.parametrize("path, option", NAMING, ids=[" ".join((*p, o)) for p, o in NAMING])
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_set_bot_or_seats_option_is_a_usage_error_never_the_default(
        path: tuple[str, ...], option: str, value: str, tmp_path, monkeypatch):
    # An empty --set was read as no set (build startup --set '' built the whole box), as the
    # current folder (a file of Career cards) or a set named ''; an empty --bots played the
    # default bot in check-set and tune, an empty --seats seated the default table.
    monkeypatch.chdir(tmp_path)
    required = ["x" for p in _command(path).params if p.required]
    result = runner.invoke(app, [*path, *required, option, value])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"'{option}': is empty" in lines[0], lines


def test_check_set_of_an_empty_name_is_a_usage_error():
    result = runner.invoke(app, ["check-set", ""])
    assert result.exit_code == 2
    assert result.output.strip() == "error: the set is empty: name a set file or an official set"


# Every command that takes a game, with a name a megabyte long in its place: each says it is no
# game in one line that still lists the known games (the name is cut short, not echoed whole).
LONG_GAME = "x" * 1_000_000
GAME_COMMANDS = [
    ["simulate", "--game", LONG_GAME, "-n", "1"],
    ["check-set", "simple", "--game", LONG_GAME],
    ["build", "--game", LONG_GAME],
    ["tune", "--game", LONG_GAME],
    ["play", "--game", LONG_GAME],
    ["validate", "--game", LONG_GAME],
    ["i18n", "extract", "--game", LONG_GAME],
]


GAME_IDS = [" ".join(a[:2]) if a[0] == "i18n" else a[0] for a in GAME_COMMANDS]


@pytest.mark.parametrize("args", GAME_COMMANDS, ids=GAME_IDS)
def test_an_unknown_game_of_a_megabyte_is_cut_short_and_the_known_games_are_listed(args: list[str]):
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output[:500]
    assert "unknown game 'xxx" in errors[0] and len(errors[0]) < 400, errors[0][:500]
    assert errors[0].endswith("known games: briefcase, fmnyc, startup"), errors[0][-200:]


def _write_params(path: tuple[str, ...]):
    """The command line with '-' for each option or argument that names a file or folder to write."""
    from cardgen.commands import file_to_write, folder_to_write

    command = _command(path)
    required = [p for p in command.params if p.param_type_name == "argument" and p.required]
    for p in command.params:
        if getattr(p.type_descriptor.parameter_info, "parser", None) in (file_to_write, folder_to_write):
            if p.param_type_name == "argument":
                yield [*path, *["x" for r in required if r is not p], "-"]
            else:
                yield [*path, *["x" for _ in required], p.opts[0], "-"]


DASH_OUTPUTS = [args for path in COMMANDS for args in _write_params(path)]


@pytest.mark.parametrize("args", [["replay", "-"], ["play", "--resume", "-"]])
def test_a_dash_for_a_game_log_is_a_usage_error_not_a_missing_file(args: list[str]):
    # replay - said "-: no such file".
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "'-' is not the standard input here: name a file" in result.output


@pytest.mark.parametrize("args", DASH_OUTPUTS, ids=[" ".join(a[:-1]) for a in DASH_OUTPUTS])
def test_a_dash_for_an_output_is_a_usage_error_never_a_file_named_dash(args: list[str], tmp_path,
                                                                        monkeypatch):
    # simulate --json - wrote a file named '-' in the current folder, where the user looked for the
    # JSON on the screen, as '-' means to many tools.
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (args, result.output)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "'-' is not the standard output here" in lines[0], (args, lines)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args", [
    ["simulate", "briefcase", "--games", "20", "--quiet"],
    ["check-set", "Simple Game", "--games", "10", "--no-effects", "--quiet"],
])
def test_json_to_a_dash_is_the_standard_output_alone(args: list[str], tmp_path, monkeypatch):
    # '-' names the standard output to many tools: with it the JSON is all that goes there (the
    # summary's lines go to standard error), so `cardgen simulate --json - | jq` reads it.
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*args, "--json", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "briefcase"
    assert "briefcase" in result.stderr and "games" in result.stderr
    assert not list(tmp_path.iterdir())           # no file named '-'
    named = runner.invoke(app, [*args, "--json", "./-"])   # a file of that name, as the usage error says
    assert named.exit_code == 0, named.output
    assert json.loads((tmp_path / "-").read_text(encoding="utf-8")) == data


@pytest.mark.parametrize("args", [
    ["simulate", "briefcase", "--games", "1000000", "--quiet"],
    ["check-set", "Simple Game", "--games", "1000000", "--quiet"],
])
def test_json_to_a_closed_standard_output_is_refused_before_the_first_game(args: list[str], tmp_path):
    # It was an internal error of cardgen's, once every game had been played (a million here:
    # the refusal comes first, or the test would run for hours).
    import os
    import subprocess

    done = subprocess.run([sys.executable, "-m", "cardgen", *args, "--json", "-"], cwd=tmp_path,
                          stderr=subprocess.PIPE, text=True, timeout=120,
                          preexec_fn=lambda: os.close(1))   # in the child alone
    assert done.returncode == 2, done.stderr
    assert "error: --json -: the standard output is closed; name a file for the JSON" in done.stderr
    assert "Traceback" not in done.stderr and not list(tmp_path.iterdir())
