"""One module per command; each has ``register(app)``. How every command reports an error."""

from __future__ import annotations

import os
import sys

import typer


def error_prefix() -> str:
    """``error:``, in red on a terminal unless NO_COLOR is set (https://no-color.org)."""
    if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
        return typer.style("error:", fg="red", bold=True)
    return "error:"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: <message>`` on stderr; return the Exit to raise (2: bad input, 1: failed).
    The message often quotes a name or value the user gave: it is made printable, so no control
    character in it reaches the terminal."""
    from cardgen.problems import printable

    typer.echo(f"{error_prefix()} {printable(message)}", err=True)
    return typer.Exit(code)
