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
