"""Play many games of one game across processes (or a Dask cluster) and collect results.

Games are played in batches of consecutive indices; each batch is a task for a
``concurrent.futures.Executor``. The local process pool and a Dask cluster
(``Client.get_executor()``) are both Executors, so they share this one code path.

Memory does not grow with the number of games: batches are made lazily and only a few per
worker are submitted or waiting at a time (``window``), and results come out one by one in
game-index order for a streaming summary (``cardgen.sim.stats.Summary``) to fold in.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from cardgen.interrupt import checkpoint, held, worker_init
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
    log: LogSpec | None = None   # where games are logged (decision-point engines only)


@dataclass(frozen=True)
class LogSpec:
    """Which games a run logs, where, and what their logs' headers say."""

    folder: str
    every: bool                  # every game (--log), or only the stalled ones
    game: str
    set_ref: str | None
    options: dict[str, Any]


def _play_logged(simulator: Any, spec: RunSpec, index: int, seed: int, bots: list[str]) -> GameResult:
    """One game through the driver with its decisions kept; written when the spec asks."""
    from pathlib import Path

    from cardgen.sim.driver import play_game
    from cardgen.sim.gamelog import GameLog

    log = spec.log
    assert log is not None
    record = GameLog(log.game, seed, len(bots), list(bots), log.set_ref, dict(log.options))
    result = play_game(simulator, spec.config, seed, bots, spec.invariants, record.choices)
    if log.every or result.stalled:
        record.finish(result)
        # Whole or not at all: a worker stopped (SIGTERM) while writing dies once the log is
        # in place, not between its temporary file and the rename.
        with held():
            record.write(Path(log.folder) / f"{log.game}-game-{index:06d}-seed-{seed}.jsonl")
    return result


def play_batch(spec: RunSpec, indices: Iterable[int]) -> list[tuple[int, GameResult]]:
    """Play the games with these indices (runs in a worker)."""
    module, _, attribute = spec.simulator.partition(":")
    simulator = getattr(importlib.import_module(module), attribute)
    if spec.log is not None and hasattr(simulator, "new_state"):
        return [(i, _play_logged(simulator, spec, i, game_seed(spec.seed, i), seat_bots(spec.bots, i)))
                for i in indices]
    return [(i, simulator.play(spec.config, game_seed(spec.seed, i), seat_bots(spec.bots, i),
                               spec.invariants)) for i in indices]


def batches(games: int, workers: int) -> Iterator[range]:
    """Consecutive index ranges, made as they are asked for (a list of them would be the size
    of the run): small enough to spread work and report progress often, large enough that task
    overhead stays negligible."""
    size = max(1, min(50, games // max(1, workers * 8)))
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def window(workers: int) -> int:
    """Batches submitted or finished-but-waiting at a time: enough to keep every worker busy
    while results travel back, few enough that memory stays flat however long the run."""
    return max(2, 4 * workers)


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def worker_count(jobs: int, scheduler: str | None = None) -> int:
    """How many processes play: ``--jobs``, or one per core (0). On this machine never more than
    its cores: games only compute, so more processes share the same cores, and thousands of
    them (``-j 9999``) would exhaust its memory. With a Dask scheduler ``--jobs`` is kept: it
    sizes the batches for the cluster's workers, not for this machine."""
    cores = default_jobs()
    if jobs <= 0:
        return cores
    return jobs if scheduler else min(jobs, cores)


@contextmanager
def local_executor(jobs: int) -> Iterator[Executor | None]:
    """A process pool for ``jobs`` > 1; None (play in this process) for one job.

    Leaving the block by an exception (an error, or ``Interrupted`` on Ctrl-C, SIGTERM or SIGHUP)
    terminates the workers at once: the plain ``with ProcessPoolExecutor`` would first play
    every game still queued, and a killed parent would leave its workers running."""
    if jobs <= 1:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=worker_init)
    try:
        yield pool
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def stop_pool(pool: ProcessPoolExecutor, grace: float = 0.5) -> None:
    """Cancel what is queued and end the workers now (SIGTERM, then SIGKILL after ``grace``
    seconds), not after the games they were given.

    This reaches into the pool's private parts (``terminate_workers`` is public only from
    Python 3.14), guarded so a change there costs the speed of the stop, not the stop."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)      # shutdown() forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(grace)
        if process.is_alive():
            process.kill()
            process.join()
    # A worker killed while sending a result leaves half a message in the result pipe, and the
    # pool's manager thread waits for the rest forever; the interpreter joins that thread at
    # exit, so the process would hang there. The parent holds the last open write end of the
    # pipe (it never writes to it): closing it turns the wait into end-of-file, which the
    # thread takes for a broken pool, failing what was left and ending.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()
    if manager is not None:
        manager.join(grace * 4)


SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
_SCHEDULER = re.compile(r"(?P<scheme>[a-z]+)://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(?P<port>\d{1,5}))?/?")


def scheduler_problem(address: str) -> str | None:
    """Why ``address`` is not a Dask scheduler address one can connect to, else None. Checked
    before any work: Dask itself only finds out when connecting, with a ValueError traceback.
    A bare HOST:PORT is taken, as Dask takes it, for tcp://HOST:PORT."""
    text = address.strip()
    match = _SCHEDULER.fullmatch(text if "://" in text else f"tcp://{text}")
    port = match["port"] if match else None
    if match and match["scheme"] in SCHEDULER_SCHEMES and (
            port is None and "://" in text or port is not None and 0 < int(port) < 65536):
        return None
    return (f"--scheduler '{address}' is not a Dask scheduler address; give tcp://HOST:PORT "
            f"(schemes: {', '.join(SCHEDULER_SCHEMES)})")


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
    except BaseException:
        # Stopping (an error, Ctrl-C): the cluster's goodbye is not worth waiting for.
        with suppress(Exception):
            client.close(timeout=1)
        raise
    client.close()


def iter_results(spec: RunSpec, executor: Executor | None, workers: int = 1,
                 on_batch: Callable[[list[tuple[int, GameResult]]], None] | None = None,
                 ahead: int | None = None) -> Iterator[GameResult]:
    """Play ``spec.games`` games and yield their results in game-index order, whatever order
    the batches finish in; ``on_batch`` hears of each batch as soon as it finishes.

    At most ``ahead`` (default ``window(workers)``) batches are submitted or finished but
    waiting for an earlier one, so memory stays bounded for any number of games; yielding in
    index order lets the summary fold results in the same order whatever --jobs, so its
    floating-point sums, and the JSON, are the same bytes. Stopping early leaves the batches in
    flight to the executor's owner (``local_executor`` ends its workers on an error, a Dask
    client cancels its tasks when closed): cancelling them here would race the process pool's
    own bookkeeping, whose manager thread fails on a future cancelled behind its back."""
    chunks = batches(spec.games, workers)
    if executor is None:
        for chunk in chunks:
            checkpoint()
            part = play_batch(spec, chunk)
            if on_batch:
                on_batch(part)
            for _, result in part:
                yield result
        return
    limit = ahead or window(workers)
    running: dict[Future, int] = {}                          # future -> batch number
    finished: dict[int, list[tuple[int, GameResult]]] = {}   # waiting for an earlier batch
    submitted = emitted = 0
    exhausted = False
    while True:
        checkpoint()
        while not exhausted and len(running) + len(finished) < limit:
            chunk = next(chunks, None)
            if chunk is None:
                exhausted = True
                break
            # The first submit forks the workers; a Ctrl-C raised inside Python's at-fork
            # hooks would be printed and dropped, so it waits until the submit is done.
            with held():
                running[executor.submit(play_batch, spec, chunk)] = submitted
            submitted += 1
        if emitted in finished:
            for _, result in finished.pop(emitted):
                yield result
            emitted += 1
            continue
        if not running:
            return
        # A timeout, so a stop whose exception was lost is seen within it (checkpoint).
        done, _ = wait(running, timeout=0.25, return_when=FIRST_COMPLETED)
        for future in done:
            number = running.pop(future)
            part = future.result()
            if on_batch:
                on_batch(part)
            finished[number] = part


def run(spec: RunSpec, executor: Executor | None, workers: int = 1,
        on_batch: Callable[[list[tuple[int, GameResult]]], None] | None = None) -> list[GameResult]:
    """Every result in a list, in game-index order: for small runs and tests (a list is the size
    of the run; the commands fold ``iter_results`` into a streaming summary instead)."""
    return list(iter_results(spec, executor, workers, on_batch))
