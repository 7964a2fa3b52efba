"""The readable summary `cardgen simulate` prints."""

from __future__ import annotations

from typing import Any

from cardgen.problems import plural, printable


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# A median table time this many times the game's stated play time is flagged, as check-set
# flags an extreme game length.
FAR_PAST_TARGET = 1.5


def table_time_lines(summary: dict[str, Any], seconds: float, target: int, what: str) -> list[str]:
    """The estimated table time of a summary's median and p90 game at ``seconds`` a turn,
    against a ``target``-minute play time (``what`` says whose: "design target"), and a
    warning when the median runs past FAR_PAST_TARGET times it."""
    turns = summary["turns"]
    median, p90 = turns["p50"] * seconds / 60, turns["p90"] * seconds / 60
    ratio = median / target
    lines = [f"  table time at {seconds:g} s a turn: median {median:.0f} min, p90 {p90:.0f} min "
             f"({ratio:.0%} of the {target}-minute {what})"]
    if ratio > FAR_PAST_TARGET:
        lines.append(f"  warning: at {summary['players']} players the median game runs {median:.0f} min,"
                     f" far past the {target}-minute {what} (more than {FAR_PAST_TARGET:.1f}x)")
    return lines


NO_GAME_FINISHED = ("  no game finished: no length, win share or score to report (every game "
                    "stopped at the safety cap)")


def _options(options: dict[str, Any]) -> str:
    """A game's options as they are typed: ``--rounds 6 --stocks --career quick``."""
    return " ".join(f"--{k}" if v is True else f"--{k} {v}" for k, v in options.items() if v is not False)


def summary_lines(s: dict[str, Any], top: int = 8, play_time: bool = True,
                  names: dict[str, str] | None = None) -> list[str]:
    """The common summary of a simulation; ``play_time``: with the play time its
    ``--seconds-per-turn`` gives (off when the game's own lines give it, game_summary_lines).
    ``names``: how each item (company, card) is printed, by its id (the JSON keeps the ids)."""
    named = (names or {}).get
    lines = [
        f"{s['game']}: {s['games']} games at {s['players']} players, seed {s['seed']}, "
        f"bots {', '.join(s['bots'])}" + (f", set {s['set']}" if s.get("set") else "")
        + (f", options {_options(s['options'])}" if s.get("options") else ""),
        f"  completed {s['completed']}, stalled {s['stalled']}"
        + ("  <- games stopped by the safety cap: a rules or bot defect" if s["stalled"] else ""),
    ]
    if not s["completed"]:
        # Lengths, shares and scores are measured on finished games only: with none, the zeros
        # of an empty summary would read as measurements.
        lines.append(NO_GAME_FINISHED)
        return [printable(line) for line in lines]
    lines += [
        f"  turns   mean {s['turns']['mean']:.1f}  median {s['turns']['p50']}  "
        f"p90 {s['turns']['p90']}  max {s['turns']['max']}",
        f"  rounds  mean {s['rounds']['mean']:.1f}  median {s['rounds']['p50']}  "
        f"p90 {s['rounds']['p90']}  max {s['rounds']['max']}",
    ]
    if play_time and "play_minutes" in s:
        m = s["play_minutes"]
        lines.append(f"  play time (at {s['seconds_per_turn']:g} s a turn)  median {m['p50']:.0f} min"
                     f"  p90 {m['p90']:.0f} min")
    ends = ", ".join(f"{k} {v}" for k, v in s["end_conditions"].items())
    lines.append(f"  game end: {ends or 'none'}; ties {s['ties']}")
    fair = pct(1 / s["players"])
    lines.append("  win share by seat (seats numbered from 1, as in the JSON):")
    for w in s["wins_by_seat"]:
        lo, hi = w["ci95"]
        lines.append(f"    seat {w['seat']}: {pct(w['win_share'])}  (fair {fair}; 95% CI {pct(lo)}-{pct(hi)};"
                     f" {plural(w['wins'], 'win')}, {w['shared_wins']} shared)")
    if len(s["wins_by_bot"]) > 1:
        lines.append("  win share by bot (a share of its seats' games):")
        for bot, w in s["wins_by_bot"].items():
            lo, hi = w["ci95"]
            lines.append(f"    {bot}: {pct(w['win_share'])}  (fair {fair}; 95% CI {pct(lo)}-{pct(hi)})")
    sc = s["scores"]
    lines.append(f"  scores  mean {sc['mean']:.1f}  median {sc['p50']}  max {sc['max']}  "
                 f"winner mean {sc['winner_mean']:.1f}")
    owned = [(k, v) for k, v in s["items"].items() if "win_rate_when_owned" in v]
    if owned:
        owned.sort(key=lambda kv: -kv[1]["win_rate_when_owned"]["win_share"])
        lines.append("  win rate when owned (highest first):")
        for item, v in owned[:top]:
            name = named(item, item)
            w = v["win_rate_when_owned"]
            lo, hi = w["ci95"]
            lines.append(f"    {name}: {pct(w['win_share'])}  (95% CI {pct(lo)}-{pct(hi)}) "
                         f"of {plural(v['owned'], 'owner')}")
        if len(owned) > top:
            lines.append(f"    and {len(owned) - top} more (all in --json)")
    never = [k for k, v in s["items"].items() if v.get("bought", 1) == 0]
    if never:
        lines.append(f"  never bought: {', '.join(named(k, k) for k in never)}")
    if s["counters"]:
        meanings = counter_meanings(s["game"])
        lines.append("  events a game:")
        for k, v in s["counters"].items():
            meaning = meaning_of(meanings, k)
            lines.append(f"    {k}: {v['per_game']:.2f}" + (f"  ({meaning})" if meaning else ""))
    # Company and set names come from data files: no control character reaches the terminal.
    return [printable(line) for line in lines]


def meaning_of(meanings: dict[str, str], counter: str) -> str | None:
    """A counter's meaning: its own, else its family's, a meaning keyed by the counter's name up
    to a colon ("income:stage:" for "income:stage:11"), the longest that has one."""
    if counter in meanings:
        return meanings[counter]
    parts = counter.split(":")
    for end in range(len(parts) - 1, 0, -1):
        family = ":".join(parts[:end]) + ":"
        if family in meanings:
            return meanings[family]
    return None


def counter_meanings(game: str) -> dict[str, str]:
    """What each of a game's counters counts (its simulation module's COUNTER_MEANINGS), one
    line each; empty for a game without a simulator or meanings."""
    from cardgen.games import game_module

    try:
        return dict(getattr(game_module(game, "simulation"), "COUNTER_MEANINGS", {}))
    except (LookupError, ImportError):
        return {}


def game_summary_lines(game: str, summary: dict[str, Any], options: dict[str, Any]) -> list[str]:
    """Extra lines a game's simulation module offers (``summary_lines(summary, options)``),
    e.g. the startup game's table time against its design target. A game that offers lines
    gives its own play time there (against the time it states), so the common summary leaves
    its line out (``summary_lines(play_time=False)``)."""
    from cardgen.games import game_module

    extra = getattr(game_module(game, "simulation"), "summary_lines", None)
    if extra is None or not summary["completed"]:
        return []       # a table time of no finished game is no time (summary_lines says so)
    return [printable(line) for line in extra(summary, options)]
