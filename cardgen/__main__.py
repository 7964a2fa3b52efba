"""The ``cardgen`` command (and ``python -m cardgen``): checks that need nothing imported, then
the command line of ``cardgen.cli``.

Importing the commands takes a moment; a Ctrl-C meanwhile ends like one during a command (one
line, exit code 130), not with a traceback of the import; so do SIGTERM (143) and a hangup,
SIGHUP (129), which would otherwise end it without a word; once the command is over, they are
ignored while the process ends. A current folder deleted under the shell is said in one line
before a library asks for it (reportlab reads it on import)."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from cardgen.interrupt import caught  # the standard library only: quick to import


def _stop(signum: int, frame: FrameType | None) -> None:
    # Nothing is written while the commands are imported, so the process ends here and now. An
    # exception raised instead was lost at times: a library's bare ``except:`` around an
    # optional import swallowed it, or Python printed it as "Exception ignored" (raised inside
    # a finaliser), and the command then ran to its end after a Ctrl-C.
    os.write(2, b"error: interrupted; nothing written\n")
    os._exit(128 + signum)


def main() -> None:
    try:
        os.getcwd()
    except OSError:
        sys.stderr.write("error: the current folder no longer exists; change to one that does\n")
        sys.exit(2)
    # Until the command line takes over (cardgen.interrupt, whose choice of signals this is:
    # a signal the process was started with ignored stays ignored), Ctrl-C, SIGTERM and SIGHUP end here.
    previous = {s: signal.signal(s, _stop) for s in caught()}
    from cardgen.cli import main as run
    for s, handler in previous.items():
        signal.signal(s, handler)
    try:
        run()
    finally:
        # The command is over, its output in place or not written at all. What is left is the
        # process's end, which takes Python a moment with the libraries loaded: a Ctrl-C or
        # SIGTERM there only turned the command's exit code into the signal's, without a word,
        # after it had said what it wrote. (After a stop they are ignored already.)
        for s in caught():
            signal.signal(s, signal.SIG_IGN)


if __name__ == "__main__":
    main()
