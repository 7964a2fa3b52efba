"""What `cardgen check-set --json` writes: every figure the verdict is made from, as data.

Seats are numbered from 1 and win shares are fractions with their 95% Wilson intervals, as in
``cardgen simulate --json``; effects are in points of win share (percentage points), with the
95% interval of the paired difference (``cardgen.sim.effects``). The owners' win rate of a
company is descriptive only (leaders buy late, so it is confounded): it is labelled so and is
never a reason in the verdict.
"""

from __future__ import annotations

from typing import Any

from cardgen.sim.effects import Effect
from cardgen.sim.verdict import MARGIN, Verdict, effect_kind

DESCRIPTIVE = ("descriptive only: who owns an item (a company, a card) is not chosen at random "
               "(leaders buy late), so its owners' win rate is confounded and never a reason in the "
               "verdict")


def _points(x: float) -> float:
    return round(100 * x, 2)


def run_figures(summary: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """One run's figures (a ``cardgen.sim.stats`` summary): length, stalls, seats, and each
    item (company, card or stage) by id and name with the share of completed games in which
    each of its counts was at least 1 (``bought``, ``activated``)."""
    completed = summary["completed"]
    items = []
    for key, it in summary["items"].items():
        counted = it.get("games_with", {})
        entry: dict[str, Any] = {
            "id": key, "name": names.get(key, key),
            "totals": {k: v for k, v in it.items()
                       if k not in ("games_with", "owned", "win_rate_when_owned")},
            "share_of_games": {k: round(n / completed, 4) if completed else 0.0
                               for k, n in counted.items()},
        }
        rate = it.get("win_rate_when_owned")
        if rate:
            entry["owners_win_rate"] = {**rate, "owners": it["owned"], "descriptive": True}
        items.append(entry)
    return {key: summary[key] for key in ("games", "completed", "stalled", "stalled_seeds", "turns",
                                          "rounds", "round_counts", "end_conditions", "ties",
                                          "fair_share", "wins_by_seat")} | {"items": items}


def _figures(e: Effect) -> dict[str, Any]:
    out = {"effect_points": _points(e.mean), "ci95_points": [_points(e.low), _points(e.high)],
           "paired_games": e.games, "verdict": effect_kind(e)}
    if e.held is not None:
        out["games_held"] = e.held          # games in which the (first-listed) bot got it
    # Where the effect shows: each end-of-game figure's mean paired change, largest first.
    out["figure_changes"] = [{"figure": k, "per_game": round(x, 3)} for k, x in e.shifts]
    return out


def effect_figures(effects: dict[str, Effect], ids: dict[str, str], names: dict[str, str],
                   favoured: dict[str, Effect] | None = None) -> list[dict[str, Any]]:
    """Each measured effect, strongest first: id, name, effect and 95% interval in points,
    paired games, and what it says (``effect_kind``: "too strong", "a trap" or "ok"); for an
    item the bot never took, ``going_for_it``: the same figures for the bot taking it whenever
    it may against never (null for the others)."""
    favoured = favoured or {}
    return [{"id": ids.get(key, key), "name": names.get(key, key), **_figures(e),
             "going_for_it": _figures(favoured[key]) if key in favoured else None}
            for key, e in sorted(effects.items(), key=lambda kv: (-kv[1].mean, kv[0]))]


def check_data(*, game: str, set_name: str, set_ref: str, bot: str, seed: int, games: int,
               runs: dict[int, dict[str, Any]], reference: str | None,
               bases: dict[int, dict[str, Any]], same_as_reference: bool,
               effects: dict[str, Effect], ids: dict[str, str], names: dict[str, str],
               at: int, effect_games: int, noun: str, verb: str, verdict: Verdict,
               favoured: dict[str, Effect] | None = None) -> dict[str, Any]:
    """The whole check as one JSON-ready dict (``cardgen.output.json_bytes`` writes it)."""
    return {
        "game": game, "set": set_name, "set_ref": set_ref, "bot": bot, "seed": seed, "games": games,
        "players": sorted(runs),
        "reference_set": reference,
        # The checked set is the reference set: its runs are the reference, not played twice.
        "reference_is_checked_set": same_as_reference,
        "verdict": verdict.word,
        "failures": list(verdict.failures),
        "warnings": list(verdict.warnings),
        "notes": list(verdict.notes),
        "by_players": [{"players": n, "set": run_figures(runs[n], names),
                        "reference": run_figures(bases[n], names) if n in bases else None}
                       for n in sorted(runs)],
        "effects": None if not effects else {
            "players": at, "paired_games": effect_games, "subject": noun, "bot": bot,
            "measure": (f"win share change, in points, of one seat's {bot} that may {verb} the {noun} "
                        f"versus one that never {verb}s it, on the same games; 95% CI; going_for_it: "
                        f"one that {verb}s it whenever it may versus one that never does, for a "
                        f"{noun} {bot} never took"),
            "band_points": _points(MARGIN),
            "items": effect_figures(effects, ids, names, favoured),
        },
        "owners_win_rate": DESCRIPTIVE,
    }
