"""Play many games of one game across processes (or a Dask cluster) and collect results.

Games are played in batches of consecutive indices; each batch is a task for a
``concurrent.futures.Executor``. The local process pool and a Dask cluster
(``Client.get_executor()``) are both Executors, so they share this one code path.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from cardgen.sim.result import GameResult
from cardgen.sim.seeds import game_seed, seat_bots


@dataclass(frozen=True)
class RunSpec:
    simulator: str     # "module:attribute" of the Simulator; workers import it by this name
    config: Any        # the simulator's prepared, picklable config
    games: int
    seed: int
    bots: list[str]    # one per seat, rotated per game
    invariants: bool = False


def play_batch(spec: RunSpec, indices: list[int]) -> list[tuple[int, GameResult]]:
    """Play the games with these indices (runs in a worker)."""
    module, _, attribute = spec.simulator.partition(":")
    simulator = getattr(importlib.import_module(module), attribute)
    return [(i, simulator.play(spec.config, game_seed(spec.seed, i), seat_bots(spec.bots, i),
                               spec.invariants)) for i in indices]


def batches(games: int, workers: int) -> list[list[int]]:
    """Consecutive index ranges: small enough to spread work and report progress often, large
    enough that task overhead stays negligible."""
    size = max(1, min(50, games // max(1, workers * 8)))
    return [list(range(start, min(games, start + size))) for start in range(0, games, size)]


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@contextmanager
def local_executor(jobs: int) -> Iterator[Executor | None]:
    """A process pool for ``jobs`` > 1; None (play in this process) for one job."""
    if jobs <= 1:
        yield None
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool


@contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    try:
        from dask.distributed import Client
    except ImportError as exc:
        raise RuntimeError("running on a Dask cluster needs the dask extra: "
                           "pip install 'cardgen[dask]'") from exc
    try:
        client = Client(address, timeout="10s")
    except OSError as exc:
        raise RuntimeError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    try:
        yield client.get_executor()
    finally:
        client.close()


def run(spec: RunSpec, executor: Executor | None, workers: int = 1,
        on_batch: Callable[[list[tuple[int, GameResult]]], None] | None = None) -> list[GameResult]:
    """Play ``spec.games`` games; results in game-index order whatever order batches finish."""
    done: dict[int, GameResult] = {}
    chunks = batches(spec.games, workers)
    if executor is None:
        for chunk in chunks:
            part = play_batch(spec, chunk)
            done.update(part)
            if on_batch:
                on_batch(part)
    else:
        futures = [executor.submit(play_batch, spec, chunk) for chunk in chunks]
        for future in as_completed(futures):
            part = future.result()
            done.update(part)
            if on_batch:
                on_batch(part)
    return [done[i] for i in range(spec.games)]
