"""Stopping a long command at once on Ctrl-C (SIGINT), SIGTERM or a hangup (SIGHUP).

Python's default turns SIGINT into KeyboardInterrupt wherever the main thread happens to be and
leaves SIGTERM to kill the process outright. With a process pool that goes wrong both ways: the
pool's ``with`` block waits for every queued game before the interrupt gets out, the workers
(which share the terminal's process group) print a traceback of their own on every press, and a
SIGTERM kills the parent alone and leaves its workers running forever. SIGHUP (the terminal
closed, the ssh connection dropped) kills it without a word, as SIGTERM would.

``stop_on_signals()`` wraps a command instead (the command line wraps every command; the long
ones wrap themselves too, for when they run without it, as in the tests): SIGINT, SIGTERM and
SIGHUP raise ``Interrupted`` in the main thread; the code that owns a pool
(``cardgen.sim.runner.local_executor``) terminates its workers on the way out, as it does for
any error; further presses are ignored so they cannot break that cleanup, nor the process's exit
once the command is over (the signals stay ignored then: this is for a command's process, not a
library call that carries on); and the command ends with one line and the shell's code for the
signal (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP). A signal the process was started with
ignored stays ignored (``nohup`` ignores SIGHUP, a script's background command SIGINT).

``held()`` marks a short section that must not be cut in two (renaming finished files into
place, forking workers): a signal that arrives inside takes effect at its end. ``checkpoint()``
lets long loops re-raise a stop whose exception Python dropped. Worker processes call
``worker_init()``: they ignore SIGINT and SIGHUP, which reach the whole process group and so
their parent too (it stops them), and die on SIGTERM, which is how they are stopped; inside
``held()`` (a game log being written) that death waits for the section's end, so a stopped run
leaves no temporary file behind.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from cardgen.problems import plural

# SIGHUP is POSIX's (a system without it has no terminal to hang up).
SIGNALS = (signal.SIGINT, signal.SIGTERM) + ((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ())
# Presses this soon after the first are ignored while the run stops; one after that means the
# stop itself is stuck, and the signal's default action (death) is let through.
GRACE_SECONDS = 5.0


class Interrupted(BaseException):
    """A stop signal arrived. A BaseException, like KeyboardInterrupt, so that ``except
    Exception`` handlers in between do not swallow it."""

    def __init__(self, signum: int):
        super().__init__(f"interrupted by {signal.Signals(signum).name}")
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """What a shell reports for a process killed by the signal."""
        return 128 + self.signum


class _State:
    def __init__(self) -> None:
        self.owner: int | None = None      # the process whose handlers these are
        self.signum: int | None = None     # the first stop signal received
        self.at = 0.0                      # when (time.monotonic())
        self.holding = 0                   # depth of held() sections
        self.commands = 0                  # depth of stop_on_signals() (the outermost speaks)
        self.taken = False                 # the command took the stop as its way to end
        self.worker = False                # a pool's worker process (worker_init ran)
        self.worker_stop: int | None = None  # a worker's SIGTERM that came inside held()


_state = _State()


def _handler(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _state.owner:
        # A forked worker before worker_init() ran: behave as a worker.
        worker_init()
        if signum == signal.SIGTERM:
            os.kill(os.getpid(), signal.SIGTERM)
        return
    if _state.signum is not None:
        _again(signum)  # already stopping: another press must not interrupt the cleanup
        return
    _state.signum, _state.at = signum, time.monotonic()
    if not _state.holding:
        raise Interrupted(signum)


def checkpoint() -> None:
    """Raise Interrupted if a stop signal came while signals are caught. The handler raises
    wherever the main thread is, and Python drops an exception raised where it cannot propagate
    (an at-fork hook, a ``__del__``, a weakref callback: "Exception ignored in ..."), so loops
    that run long call this between steps, to stop all the same. Inside ``held()`` it waits for
    the section's end, as the handler does (a game log written inside one is written whole)."""
    if (_state.signum is not None and _state.owner == os.getpid() and not _state.taken
            and not _state.holding):
        raise Interrupted(_state.signum)


def _again(signum: int) -> None:
    """A stop signal after the first: ignored while the run stops; long after, the stop is
    stuck, and the signal's default action (death) is let through."""
    if time.monotonic() - _state.at >= GRACE_SECONDS:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


def worker_init() -> None:
    """For a worker process (a pool's initializer): ignore Ctrl-C and a hangup, which the
    terminal (or the shell) also sends to workers, and die on SIGTERM, which is how the parent
    stops them."""
    for s in SIGNALS:
        signal.signal(s, signal.SIG_DFL if s == signal.SIGTERM else signal.SIG_IGN)
    # Forked inside the parent's held() (the submit that starts it): none of its state is ours.
    _state.holding, _state.worker, _state.worker_stop = 0, True, None


def _worker_held(signum: int, frame: FrameType | None) -> None:
    _state.worker_stop = signum          # death, once the held() section is over


def _die(signum: int) -> None:
    """End this process by the signal's default action."""
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


# The stop signals this process was started with ignored, read when cardgen is first imported
# (before it installs any handler). A parent ignores them on purpose: ``nohup`` ignores SIGHUP
# so the command outlives its terminal, and a shell script ignores SIGINT for the commands it
# runs in the background (``cardgen simulate ... &``), so that a Ctrl-C meant for the script does
# not stop them. Python itself keeps an ignored SIGINT ignored; so does cardgen, for each of them.
# (Read once, not at each command: a stop leaves the signals ignored on the process's way out,
# and a later command in the same process must still catch them.)
_IGNORED_AT_START = frozenset(s for s in SIGNALS if signal.getsignal(s) is signal.SIG_IGN)


def caught() -> list[int]:
    """The stop signals to catch: SIGNALS but those the process was started with ignored.
    Shared with ``cardgen.__main__``."""
    return [s for s in SIGNALS if s not in _IGNORED_AT_START]


def stop_taken() -> None:
    """The command took the stop signal as its way to end (``build --watch`` runs until Ctrl-C):
    the signal ends it without an error. The process is stopping all the same: a further press
    is ignored as after any stop (it used to count as a first one again, so a double Ctrl-C
    raised Interrupted in the exit, a traceback, or killed the process by the signal)."""
    _state.taken = True


@contextmanager
def held() -> Iterator[None]:
    """A section that runs to its end once begun: a stop signal received inside takes effect
    (raises Interrupted) when it ends. Keep it short; outside stop_on_signals it does nothing,
    but in a pool's worker, where a SIGTERM received inside ends the process at its end (a worker
    killed while writing a game log left the log's temporary file behind)."""
    worker = _state.worker and not _state.holding and threading.current_thread() is threading.main_thread()
    _state.holding += 1
    if worker:
        signal.signal(signal.SIGTERM, _worker_held)
    try:
        yield
    finally:
        _state.holding -= 1
        if worker:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            if _state.worker_stop is not None:
                _die(_state.worker_stop)
    if not _state.holding:
        checkpoint()


@contextmanager
def catch_signals() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP (``caught()``) raise Interrupted in the main thread while
    inside; the previous handlers come back on the way out. Nested use and other threads leave
    things as they are (only the main thread may install handlers)."""
    if threading.current_thread() is not threading.main_thread() or _state.owner == os.getpid():
        yield
        return
    previous: dict[int, Any] = {s: signal.getsignal(s) for s in caught()}
    _state.owner, _state.signum, _state.holding, _state.taken = os.getpid(), None, 0, False
    try:
        for s in previous:
            signal.signal(s, _handler)
        yield
    finally:
        # After a stop signal the process is on its way out, and a further press must not
        # change how: the old handler would raise KeyboardInterrupt in the exit, and Python's
        # finalisation puts back the default action (death by the signal, not exit code 130)
        # for any handler written in Python. So they are ignored from here on.
        for s, h in previous.items():
            signal.signal(s, h if _state.signum is None else signal.SIG_IGN)
        _state.owner = None


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """For a command: a stop signal ends it with ``error: interrupted; nothing written`` (or
    what was written, if the signal came while output was being renamed into place) and exit
    code 128 + the signal. Commands put their output inside, written with cardgen.output."""
    import typer

    from cardgen import output

    if _state.commands:      # nested: the command line wraps every command; the outermost reports
        yield
        return
    before = output.files_written()
    _state.commands += 1
    try:
        with catch_signals():
            try:
                yield
            finally:
                checkpoint()  # a stop whose exception Python dropped ends the command all the same
    except Interrupted as exc:
        written = output.files_written() - before
        what = f"after writing {plural(written, 'file')}" if written else "nothing written"
        try:
            typer.echo(f"error: interrupted; {what}", err=True)
        except OSError:
            pass        # after a hangup the terminal is gone: the exit code alone tells the stop
        raise typer.Exit(exc.exit_code) from None
    finally:
        _state.commands -= 1
