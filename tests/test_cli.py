from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from cardgen import __version__
from cardgen.cli import app

runner = CliRunner()


def test_version_prints_the_package_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"cardgen {__version__}"


def test_shipped_data_is_valid():
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output


def test_unknown_option_is_a_usage_error_with_exit_2():
    result = runner.invoke(app, ["validate", "--format", "xml"])
    assert result.exit_code == 2


def _commands(command: Any, path: tuple[str, ...] = ()):
    yield path, command
    if hasattr(command, "commands"):   # typer's groups are not click's Group
        for name, sub in command.commands.items():
            yield from _commands(sub, (*path, name))


def test_every_command_argument_and_option_is_explained():
    unexplained = [" ".join((*path, param.name or "")) for path, command in _commands(get_command(app))
                   for param in command.params if not getattr(param, "help", None)]
    undescribed = [" ".join(path) for path, command in _commands(get_command(app)) if not command.help]
    assert unexplained == [] and undescribed == []


def test_help_prints_bracketed_text_as_written():
    # Rich markup used to swallow "[dask]", leaving "needs cardgen." in the help.
    result = runner.invoke(app, ["simulate", "--help"])
    assert "cardgen[dask]" in result.output


def test_a_defect_of_cardgen_is_one_error_line_not_a_traceback(monkeypatch, capsys):
    import cardgen.cli as cli

    def broken() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "app", broken)
    monkeypatch.delenv("CARDGEN_TRACEBACK", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: internal error")
    assert "RuntimeError: boom" in err[0] and "CARDGEN_TRACEBACK=1" in err[0]
    monkeypatch.setenv("CARDGEN_TRACEBACK", "1")          # for a developer: the traceback
    with pytest.raises(RuntimeError, match="boom"):
        cli.main()
