"""The benchmark scripts keep up with the code they measure: each one loads (its imports resolve)
without being run. benchmarks/raster.py imported a helper renamed two weeks before, and
benchmarks/tune.py a table the command line had dropped; nothing ran them in between."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


def test_there_are_benchmarks_to_load():
    assert len(BENCHMARKS) >= 5


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_a_benchmark_script_loads_without_running(path: Path):
    spec = importlib.util.spec_from_file_location(f"benchmark_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)              # module code only: main() runs under __main__
    assert callable(getattr(module, "main", None))
