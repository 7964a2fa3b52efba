"""Fixtures of the translation tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app


@pytest.fixture
def valid_project(project: Path) -> Path:
    """The scratch project, checked to be valid before a test edits it."""
    result = CliRunner().invoke(app, ["validate", str(project / "cards" / "briefcase")])
    assert result.exit_code == 0, result.output
    return project
