"""A game as JSON Lines: a header (game, seed, players, set, seats' bots, options), then one
line per decision (seat, decision, choice), then the end (scores, winners, turns, stalled).

Since a game is a pure function of its seed and its decisions, the log replays it exactly;
``cardgen replay`` checks that it reaches the same end, so a changed rule or card shows up as
a log that no longer replays."""

from __future__ import annotations

import json
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.output import json_bytes, write_atomic
from cardgen.sim.result import GameResult

FORMAT = "cardgen-game-log/1"
MAX_LOG_BYTES = 64 * 1024 * 1024


class LogError(ValueError):
    """A file that is not a readable game log: one line saying why (and where)."""


@dataclass
class GameLog:
    game: str
    seed: int
    players: int
    bots: list[str]
    set_ref: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    choices: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None

    def header(self) -> dict[str, Any]:
        return {"format": FORMAT, "cardgen": __version__, "game": self.game, "seed": self.seed,
                "players": self.players, "bots": self.bots, "set": self.set_ref, "options": self.options}

    def finish(self, result: GameResult) -> None:
        self.end = end_of(result)

    def to_bytes(self) -> bytes:
        lines = [self.header(), *self.choices]
        if self.end is not None:
            lines.append({"end": self.end})
        return b"".join(json_bytes(line, indent=None) for line in lines)

    def write(self, path: Path) -> None:
        write_atomic(path, self.to_bytes())


def end_of(result: GameResult) -> dict[str, Any]:
    return {"scores": list(result.scores), "winners": list(result.winners), "turns": result.turns,
            "stalled": result.stalled}


def describe_end(end: dict[str, Any]) -> str:
    """A logged end as a person reads it, seats numbered from 1: 'scores 12, 9; won by seat 1;
    40 turns'."""
    try:
        scores = ", ".join(str(s) for s in end["scores"])
        won = ("stopped by the safety cap" if end.get("stalled") else
               "won by " + (" and ".join(f"seat {w + 1}" for w in end["winners"]) or "nobody"))
        return f"scores {scores}; {won}; {end['turns']} turns"
    except (KeyError, TypeError):       # a hand-edited end: shown as it is
        return str(end)


def read_log(path: Path) -> GameLog:
    """A game log from a file; LogError naming the line when it is not one."""
    try:
        info = path.stat()
    except OSError as exc:
        raise LogError(f"{path}: {exc.strerror or 'cannot be read'}") from None
    if not stat.S_ISREG(info.st_mode):     # a FIFO or device would block or never end
        raise LogError(f"{path}: not a regular file; give a game log written by cardgen")
    if info.st_size > MAX_LOG_BYTES:
        raise LogError(f"{path}: larger than {MAX_LOG_BYTES // 2**20} MiB; not a game log")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise LogError(f"{path}: not UTF-8 text; not a game log") from None
    except OSError as exc:
        raise LogError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{number}: not JSON: {exc.msg}") from None
        except RecursionError:
            raise LogError(f"{path}:{number}: not a game log's line: nested too deeply") from None
        if not isinstance(row, dict):
            raise LogError(f"{path}:{number}: expected an object on each line")
        rows.append((number, row))
    if not rows or rows[0][1].get("format") != FORMAT:
        raise LogError(f"{path}:1: not a cardgen game log (its first line names no '{FORMAT}')")
    log = _header(path, rows[0][1])
    for number, row in rows[1:]:
        if "end" in row:
            log.end = row["end"]
        elif {"seat", "decision", "choice"} <= set(row):
            log.choices.append({"seat": row["seat"], "decision": row["decision"], "choice": row["choice"]})
        else:
            raise LogError(f"{path}:{number}: expected seat, decision and choice")
    return log


def _header(path: Path, head: dict[str, Any]) -> GameLog:
    """The first line's fields, each checked for its type (a hand-edited log names the field)."""
    def problem(field: str, expected: str) -> LogError:
        shown = repr(head[field]) if field in head else "nothing"
        return LogError(f"{path}:1: the header's '{field}' must be {expected}, not {shown}"[:300])

    game, seed, players, bots = head.get("game"), head.get("seed"), head.get("players"), head.get("bots")
    if not isinstance(game, str):
        raise problem("game", "a game's name")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise problem("seed", "a whole number")
    if not isinstance(players, int) or isinstance(players, bool):
        raise problem("players", "a whole number")
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise problem("bots", "a list of bot names")
    set_ref, options = head.get("set"), head.get("options") or {}
    if set_ref is not None and not isinstance(set_ref, str):
        raise problem("set", "a set's name or null")
    if not isinstance(options, dict):
        raise problem("options", "an object")
    return GameLog(game, seed, players, list(bots), set_ref, dict(options))
