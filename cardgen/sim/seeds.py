"""Per-game seeds and seat rotation.

Each game's seed comes from the run seed and the game's index, never from which worker plays it
or when, so a run gives the same games whatever ``--jobs`` or scheduler is used.
"""

from __future__ import annotations

import hashlib


def game_seed(run_seed: int, index: int) -> int:
    digest = hashlib.blake2b(f"{run_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seat_bots(bots: list[str], index: int) -> list[str]:
    """Bots by seat for game ``index``: the list rotated one seat per game, so that over a run
    every bot sits in every seat equally often and seat effects are measured, not baked in."""
    n = len(bots)
    shift = index % n
    return bots[shift:] + bots[:shift]
