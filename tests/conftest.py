"""Shared fixtures: the shipped game data, and a scratch copy of the project to break."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Tests never depend on the machine's speed: no example has a deadline, and a slow one is no
# failure (on a busy machine, one mangled catalog took 1.3 s and failed the suite).
settings.register_profile("cardgen", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# CI explores the same examples on every run, so a red run can be reproduced; a developer's
# runs keep exploring new ones.
settings.register_profile("ci", parent=settings.get_profile("cardgen"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "cardgen")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of cards/, schemas/ and templates/ that a test may edit; cardgen reads it."""
    for name in ("cards", "schemas", "templates"):
        if (REPO / name).exists():
            shutil.copytree(REPO / name, tmp_path / name)
    monkeypatch.setenv("CARDGEN_HOME", str(tmp_path))
    from cardgen.data import schema

    schema.clear_caches()
    return tmp_path


@pytest.fixture
def no_workspace_named(monkeypatch: pytest.MonkeyPatch):
    """No workspace named by CARDGEN_HOME or an earlier --workspace: cardgen finds it from the
    current folder, as a user's shell does."""
    from cardgen.data import schema
    from cardgen.workspace import set_override

    monkeypatch.delenv("CARDGEN_HOME", raising=False)
    schema.clear_caches()
    yield
    set_override(None)        # --workspace is process state; never leak it into other tests
