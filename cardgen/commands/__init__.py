"""One module per command; each has ``register(app)``. How every command reports an error."""

from __future__ import annotations

import typer


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: <message>`` on stderr; return the Exit to raise (2: bad input, 1: failed)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)
