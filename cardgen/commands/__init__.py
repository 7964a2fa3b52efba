"""One module per command; each has ``register(app)``. How every command reports an error."""

from __future__ import annotations

import typer


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: <message>`` on stderr; return the Exit to raise (2: bad input, 1: failed).
    The message often quotes a name or value the user gave: it is made printable, so no control
    character in it reaches the terminal."""
    from cardgen.problems import printable

    typer.echo(f"error: {printable(message)}", err=True)
    return typer.Exit(code)
