"""A game as JSON Lines: a header (game, seed, players, set, seats' bots, options), then one
line per decision (seat, decision, choice), then the end (scores, winners, turns, stalled).

Since a game is a pure function of its seed and its decisions, the log replays it exactly;
``cardgen replay`` checks that it reaches the same end, so a changed rule or card shows up as
a log that no longer replays.

A log is user input (hand-edited, truncated, foreign): ``read_log`` checks every line whole
before anything plays it, so a broken log is one ``LogError`` naming its line, never a value of
the wrong type reaching an engine."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.output import json_bytes, write_atomic
from cardgen.problems import plural, quoted, shorten
from cardgen.safe_read import ReadError, not_a_file, read_bytes
from cardgen.sim.result import GameResult

FORMAT = "cardgen-game-log/1"
# A game's log is tens of kilobytes (the longest seen, a Briefcase game of random bots, 140 kB);
# reading a log holds it about fifteen times over in memory, so a cap of 64 MiB let a file under it
# take a gigabyte and twenty seconds before it was refused.
MAX_LOG_BYTES = 8 * 1024 * 1024

HEADER_KEYS = ("format", "cardgen", "game", "seed", "players", "bots", "set", "options")
DECISION_KEYS = ("seat", "decision", "choice")
END_KEYS = ("scores", "winners", "turns", "stalled")
# Choices as the games make them: Briefcase's payment plans nest lists five deep and no game
# uses a number past two digits; the bounds keep a hostile log's values short in a message.
MAX_CHOICE_DEPTH = 8
MAX_CHOICE_INT = 2**63
SET_FILE_SUFFIXES = (".yaml", ".yml")


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
    # Where the log was read from and the line of each choice read, for messages; a log made
    # in memory has neither (and choices a game appends after reading have no line).
    source: Path | None = field(default=None, compare=False, repr=False)
    lines: list[int] = field(default_factory=list, compare=False, repr=False)

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

    def place(self, step: int) -> str:
        """Where decision ``step`` (counted from 1) was read, as 'FILE:LINE' for a message, else
        'step N'."""
        if self.source is None or not 1 <= step <= len(self.lines):
            return f"step {step}"
        return f"{self.source}:{self.lines[step - 1]}"

    def header_place(self) -> str:
        """'FILE:1: ', where the header was read, to begin a message about what it says ('' for
        a log made in memory)."""
        return f"{self.source}:1: " if self.source is not None else ""

    def check_bots(self, known: Sequence[str], person: str | None = None) -> None:
        """LogError unless every seat's name is one of the game's bots ``known`` (or
        ``person``, the seat of someone at the terminal): replay does not ask the bots, but a
        resumed game does, and an unknown name must stop both the same way, at the header."""
        allowed = [*known, *([person] if person else [])]
        where = self.header_place()
        for seat, name in enumerate(self.bots, 1):
            if name not in allowed:
                raise LogError(f"{where}the header's 'bots' names '{shorten(name)}' for seat {seat}, "
                               f"not a bot of {self.game} ({', '.join(allowed)})")


def end_of(result: GameResult) -> dict[str, Any]:
    return {"scores": list(result.scores), "winners": list(result.winners), "turns": result.turns,
            "stalled": result.stalled}


def describe_end(end: dict[str, Any]) -> str:
    """A logged end (checked by ``read_log``) as a person reads it, seats numbered from 1:
    'scores 12, 9; won by seat 1; 40 turns'."""
    scores = ", ".join(str(s) for s in end["scores"])
    won = ("stopped by the safety cap" if end["stalled"] else
           "won by " + (" and ".join(f"seat {w + 1}" for w in end["winners"]) or "nobody"))
    return f"scores {scores}; {won}; {end['turns']} turns"


def recorded_set(set_ref: str | None) -> str | None:
    """How a log records a --set value: a set file by its absolute path, so that the log
    replays from any folder; a set's name as it is."""
    if set_ref is None:
        return None
    if Path(set_ref).suffix.lower() in SET_FILE_SUFFIXES or os.path.lexists(set_ref):
        return os.path.abspath(set_ref)
    return set_ref


def read_log(path: Path) -> GameLog:
    """A game log from a file, every line checked; LogError naming the line when it is not one."""
    rows = _rows(path, _text(path))
    if not rows or rows[0][1].get("format") != FORMAT:
        raise LogError(f"{path}:1: not a cardgen game log (its first line names no '{FORMAT}')")
    log = _header(path, rows[0][1])
    end_line = 0
    for number, row in rows[1:]:
        if end_line:        # the end closes a log: nothing it says can follow it
            what = "the game's end is logged twice" if "end" in row else "a decision after the game's end"
            raise LogError(f"{path}:{number}: {what} (the end is on line {end_line})")
        if "end" in row:
            log.end, end_line = _end(path, number, row, log.players), number
        else:
            log.choices.append(_decision(path, number, row, log.players))
            log.lines.append(number)
    return log


def _text(path: Path) -> str:
    """The file's text; LogError for what is not a small regular UTF-8 file."""
    # What is no regular file, said which from its stat as every file cardgen reads: a FIFO or
    # device would block or never end; a link loop was told 'Too many levels of symbolic links'.
    why = not_a_file(path, "game log written by cardgen")
    if why is not None:
        raise LogError(f"{path}: {why.message}")
    # Read as every user file is (safe_read.read_bytes): opened without blocking and checked
    # again once open, and never more than the limit read. Read with Path.read_bytes, a FIFO put
    # in its place after the check blocked, and a file whose size says 0 (in /proc) was read whole.
    try:
        data = read_bytes(path, MAX_LOG_BYTES, "game log written by cardgen")
    except ReadError as exc:
        if exc.rule == "file-too-large":
            raise LogError(f"{path}: larger than {MAX_LOG_BYTES // 2**20} MiB; not a game log") from None
        raise LogError(f"{path}: {exc.message}") from None
    try:
        # utf-8-sig: a byte order mark that an editor put first is no part of the first line
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError(f"{path}: not UTF-8 text; not a game log") from None


class _DuplicateKey(Exception):
    """A key twice in one object: JSON readers keep one of them (Python's the last), so the log
    would say two things and replay one."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    row = dict(pairs)
    if len(row) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return row


def _rows(path: Path, text: str) -> list[tuple[int, dict[str, Any]]]:
    """Each non-blank line's object with its line number."""
    rows = []
    # Lines end at a line feed alone (a carriage return before it is allowed): str.splitlines
    # also ends one at U+2028, U+2029, U+0085 and other separators, which JSON strings may hold
    # unescaped and json_bytes writes as they are, so a log naming a set file with one in its
    # name was written, then refused as broken JSON, and its line numbers were off.
    for number, line in enumerate(text.split("\n"), 1):
        line = line.removesuffix("\r")
        if not line.strip():
            continue
        try:
            row = json.loads(line, object_pairs_hook=_unique_keys)
        except _DuplicateKey as exc:
            raise LogError(f"{path}:{number}: the key '{shorten(str(exc))}' is given twice") from None
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{number}: not JSON: {exc.msg}") from None
        except RecursionError:
            raise LogError(f"{path}:{number}: not a game log's line: nested too deeply") from None
        except ValueError:      # Python's limit on the digits of a number (4,300) read from text
            raise LogError(f"{path}:{number}: not a game log's line: a number with too many digits") from None
        if not isinstance(row, dict):
            raise LogError(f"{path}:{number}: expected an object on each line")
        rows.append((number, row))
    return rows


def _is_whole(value: Any) -> bool:
    """A whole number as JSON gives it: an int and not a bool (true == 1 in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _unknown_key(path: Path, number: int, row: dict[str, Any], keys: Sequence[str], what: str) -> None:
    """LogError for a key no cardgen writes on this line: a typo or another tool's field would
    otherwise be ignored and the log replayed as if it said something else."""
    for key in row:
        if key not in keys:
            raise LogError(f"{path}:{number}: {what} has no key '{shorten(key)}' (keys: {', '.join(keys)})")


def _header(path: Path, head: dict[str, Any]) -> GameLog:
    """The first line's fields, each checked for its type (a hand-edited log names the field)."""
    def problem(field: str, expected: str) -> LogError:
        shown = quoted(head[field]) if field in head else "nothing"
        return LogError(f"{path}:1: the header's '{field}' must be {expected}, not {shown}")

    _unknown_key(path, 1, head, HEADER_KEYS, "the header")
    game, seed, players, bots = head.get("game"), head.get("seed"), head.get("players"), head.get("bots")
    if not isinstance(game, str):
        raise problem("game", "a game's name")
    if not _is_whole(seed):
        raise problem("seed", "a whole number")
    if not _is_whole(players):
        raise problem("players", "a whole number")
    if players < 1:
        raise problem("players", "at least 1")
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise problem("bots", "a list of bot names")
    if len(bots) != players:
        seats = plural(len(bots), "seat")
        raise LogError(f"{path}:1: the header's 'bots' names {seats} for {players} players")
    if "cardgen" in head and not isinstance(head["cardgen"], str):
        raise problem("cardgen", "the version of cardgen that wrote the log")
    set_ref, options = head.get("set"), head.get("options", {})
    # An empty set is no set's name (as --set '' is refused): read as a path, it was the log's
    # folder, and a game without sets took it for none.
    if set_ref is not None and (not isinstance(set_ref, str) or not set_ref.strip()):
        raise problem("set", "a set's name or null")
    if not isinstance(options, dict):
        raise problem("options", "an object")
    return GameLog(game, seed, players, list(bots), _set_file(path, set_ref), dict(options),
                   source=path)


def _set_file(path: Path, set_ref: str | None) -> str | None:
    """The header's set as the game is to read it: a relative set file's path is relative to
    the log's folder (logs are written with absolute ones; a log moved with its set file, or
    written by hand, still replays from any folder); a set's name as it is."""
    if set_ref is None or Path(set_ref).is_absolute():
        return set_ref
    beside = path.parent / set_ref
    if os.path.lexists(beside):
        return str(beside)
    if Path(set_ref).suffix.lower() in SET_FILE_SUFFIXES:      # a file, and it is not there
        raise LogError(f"{path}:1: the header's set file '{shorten(set_ref)}' is not in the log's "
                       f"folder ({shorten(str(beside), 200)}): a relative set path in a log is read "
                       f"from there; give it from there or as an absolute path")
    return set_ref


def _decision(path: Path, number: int, row: dict[str, Any], players: int) -> dict[str, Any]:
    """A decision line checked for its keys and types; the choice for its shape (whether the
    game allows it is the engine's to say, when it is replayed)."""
    _unknown_key(path, number, row, DECISION_KEYS, "a decision line")
    missing = [key for key in DECISION_KEYS if key not in row]
    if missing:
        raise LogError(f"{path}:{number}: expected seat, decision and choice (missing: {', '.join(missing)})")
    seat, decision, choice = row["seat"], row["decision"], row["choice"]
    if not _is_whole(seat) or not 0 <= seat < players:
        raise LogError(f"{path}:{number}: 'seat' must be a seat index from 0 to {players - 1}, "
                       f"not {quoted(seat)}")
    if not isinstance(decision, str):
        raise LogError(f"{path}:{number}: 'decision' must be the decision's name, "
                       f"not {quoted(decision)}")
    why = choice_problem(choice)
    if why is not None:
        raise LogError(f"{path}:{number}: the choice {quoted(choice)} is not one a game "
                       f"makes: {why}")
    return {"seat": seat, "decision": decision, "choice": choice}


def choice_problem(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` cannot be a logged choice, or None. Choices are null, whole numbers, names
    and lists of them, or true or false as a whole answer. A 5.0 or a true inside a list would
    pass the legality check (5.0 == 5 and true == 1 in Python) and then reach the engine as a
    value of another type; an object or a too-deep list is no choice any game makes."""
    if isinstance(value, bool):
        return None if depth == 0 else "true or false stands for a whole answer, not inside a list"
    if isinstance(value, int):
        return None if abs(value) < MAX_CHOICE_INT else "a number too large for any game"
    if value is None or isinstance(value, str):
        return None
    if isinstance(value, float):
        return f"{quoted(value)} is not a whole number"
    if not isinstance(value, list):
        return "an object is no choice"
    if depth == MAX_CHOICE_DEPTH:
        return f"lists nested more than {MAX_CHOICE_DEPTH} deep"
    for item in value:
        why = choice_problem(item, depth + 1)
        if why is not None:
            return why
    return None


def _end(path: Path, number: int, row: dict[str, Any], players: int) -> dict[str, Any]:
    """The end line checked whole: replay compares it with the end it reaches and says both."""
    _unknown_key(path, number, row, ("end",), "the end line")
    end = row["end"]
    if not isinstance(end, dict):
        raise LogError(f"{path}:{number}: 'end' must be the game's end (scores, winners, turns, "
                       f"stalled), not {quoted(end)}; a game not finished has no end line")
    _unknown_key(path, number, end, END_KEYS, "the end")
    scores, winners, turns, stalled = (end.get(key) for key in END_KEYS)
    if not isinstance(scores, list) or len(scores) != players or not all(map(_is_whole, scores)):
        raise LogError(f"{path}:{number}: the end's 'scores' must be {players} whole numbers, one a seat")
    if not isinstance(winners, list) or not all(_is_whole(w) and 0 <= w < players for w in winners):
        raise LogError(f"{path}:{number}: the end's 'winners' must be a list of seat indices from 0 "
                       f"to {players - 1}")
    if not _is_whole(turns) or turns < 0:
        raise LogError(f"{path}:{number}: the end's 'turns' must be a whole number")
    if not isinstance(stalled, bool):
        raise LogError(f"{path}:{number}: the end's 'stalled' must be true or false")
    return {"scores": scores, "winners": winners, "turns": turns, "stalled": stalled}
