"""Summaries of many simulated games: the JSON that `cardgen simulate` writes.

Ties are shared wins: a seat that wins alone earns 1, each of k tied winners earns 1/k, so win
shares add up to the number of completed games and no tie is silently given to a seat.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from cardgen.sim.result import GameResult

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (works for 0 and n successes)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def distribution(values: list[float]) -> dict[str, float]:
    """mean, p50, p90 and max (nearest-rank percentiles)."""
    if not values:
        return {"mean": 0.0, "p50": 0.0, "p90": 0.0, "max": 0.0}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return ordered[max(0, math.ceil(q * len(ordered)) - 1)]

    return {"mean": _r(sum(ordered) / len(ordered)), "p50": rank(0.5), "p90": rank(0.9),
            "max": ordered[-1]}


def _r(x: float) -> float:
    return round(x, 4)


def win_credit(result: GameResult) -> dict[int, float]:
    share = 1 / len(result.winners) if result.winners else 0.0
    return {seat: share for seat in result.winners}


def _share(credit: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(credit, n)
    return {"win_share": _r(credit / n) if n else 0.0, "ci95": [_r(lo), _r(hi)]}


def summarise(game: str, players: int, seed: int, bots: list[str], results: Iterable[GameResult],
              extra: dict[str, Any] | None = None) -> dict[str, Any]:
    results = list(results)
    completed = [r for r in results if not r.stalled]
    n = len(completed)
    seat_wins, seat_shared, seat_credit = Counter(), Counter(), defaultdict(float)
    bot_credit, bot_games = defaultdict(float), Counter()
    for r in completed:
        for seat, credit in win_credit(r).items():
            seat_credit[seat] += credit
            if len(r.winners) == 1:
                seat_wins[seat] += 1
            else:
                seat_shared[seat] += 1
        for seat, bot in enumerate(r.seat_bots):
            bot_games[bot] += 1
            bot_credit[bot] += win_credit(r).get(seat, 0.0)
    items: dict[str, dict[str, Any]] = defaultdict(lambda: Counter())
    owned_games: dict[str, int] = Counter()
    owned_credit: dict[str, float] = defaultdict(float)
    for r in completed:
        credit = win_credit(r)
        for item, data in r.items.items():
            for key, value in data.items():
                if key != "owners":
                    items[item][key] += value
            for seat in data.get("owners", ()):
                owned_games[item] += 1
                owned_credit[item] += credit.get(seat, 0.0)
    per_item = {}
    for item in sorted(items):
        entry: dict[str, Any] = dict(sorted(items[item].items()))
        if owned_games[item]:
            entry["owned"] = owned_games[item]
            entry["win_rate_when_owned"] = _share(owned_credit[item], owned_games[item])
        per_item[item] = entry
    counters: Counter = Counter()
    for r in completed:
        counters.update(r.counters)
    scores = [s for r in completed for s in r.scores]
    summary: dict[str, Any] = {
        "game": game,
        "players": players,
        "games": len(results),
        "completed": n,
        "stalled": len(results) - n,
        "stalled_seeds": [r.seed for r in results if r.stalled][:20],
        "seed": seed,
        "bots": bots,
        "turns": distribution([r.turns for r in completed]),
        "rounds": distribution([r.rounds for r in completed]),
        "round_counts": {str(k): v for k, v in sorted(Counter(r.rounds for r in completed).items())},
        "end_conditions": dict(sorted(Counter(r.end_condition for r in completed).items())),
        "ties": sum(1 for r in completed if len(r.winners) > 1),
        "wins_by_seat": [{"seat": s, "wins": seat_wins[s], "shared_wins": seat_shared[s],
                          **_share(seat_credit[s], n)} for s in range(players)],
        "wins_by_bot": {b: {"seats": bot_games[b], **_share(bot_credit[b], bot_games[b])}
                        for b in sorted(bot_games)},
        "scores": {**distribution(scores),
                   "winner_mean": _r(sum(max(r.scores) for r in completed) / n) if n else 0.0},
        "items": per_item,
        "counters": {k: {"total": v, "per_game": _r(v / n)} for k, v in sorted(counters.items())},
    }
    if extra:
        summary.update(extra)
    return summary
