"""Summaries of many simulated games: the JSON that `cardgen simulate` writes.

Seats are numbered from 1, as people count them: ``wins_by_seat[i]["seat"]`` is ``i + 1`` and
the text summary says the same numbers. ``fair_share`` is 1/players, what every seat and bot
would win if none had an edge.

Ties are shared wins: a seat that wins alone earns 1, each of k tied winners earns 1/k, so win
shares add up to the number of completed games and no tie is silently given to a seat.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
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


def counts_distribution(counts: Counter[int],
                        convert: Callable[[int], float] | None = None) -> dict[str, float]:
    """``distribution`` of whole numbers given as value -> how many times, each passed through
    ``convert`` if given (turns to minutes): the same figures (a sum of whole numbers is exact
    in any order) from memory that grows with the distinct values (a few hundred turn counts),
    not with the number of games."""
    n = sum(counts.values())
    if not n:
        return {"mean": 0.0, "p50": 0.0, "p90": 0.0, "max": 0.0}
    ordered = sorted(counts.items())
    out = convert or (lambda value: value)

    def rank(q: float) -> float:
        target, seen = max(1, math.ceil(q * n)), 0
        for value, count in ordered:
            seen += count
            if seen >= target:
                return out(value)
        return out(ordered[-1][0])

    total = sum(value * count for value, count in ordered)
    return {"mean": _r(out(total) / n), "p50": rank(0.5), "p90": rank(0.9), "max": out(ordered[-1][0])}


def _r(x: float) -> float:
    return round(x, 4)


def win_credit(result: GameResult) -> dict[int, float]:
    share = 1 / len(result.winners) if result.winners else 0.0
    return {seat: share for seat in result.winners}


def _share(credit: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(credit, n)
    return {"win_share": _r(credit / n) if n else 0.0, "ci95": [_r(lo), _r(hi)]}


class Summary:
    """The summary of a run, folded in one game at a time (``add``) so that a run of any length
    needs the same memory: counts by value (turns, rounds, scores), sums by seat, bot and item,
    the first stalled seeds; never the games themselves (a list of a billion results would not
    fit). Results must be added in game-index order, as ``iter_results`` yields them whatever
    --jobs: the floating-point sums of shared wins depend on the order, and the JSON must not."""

    def __init__(self, game: str, players: int, seed: int, bots: list[str]):
        self.game, self.players, self.seed, self.bots = game, players, seed, bots
        self.games = 0
        self.stalled_seeds: list[int] = []
        self.stalled = 0
        self.turns: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.scores: Counter[int] = Counter()
        self.winner_total = 0
        self.end_conditions: Counter[str] = Counter()
        self.ties = 0
        self.seat_wins: Counter[int] = Counter()
        self.seat_shared: Counter[int] = Counter()
        self.seat_credit: defaultdict[int, float] = defaultdict(float)
        self.bot_credit: defaultdict[str, float] = defaultdict(float)
        self.bot_games: Counter[str] = Counter()
        self.items: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.item_games: defaultdict[str, Counter[str]] = defaultdict(Counter)   # games with > 0
        self.owned_games: Counter[str] = Counter()
        self.owned_credit: defaultdict[str, float] = defaultdict(float)
        self.counters: Counter[str] = Counter()

    def add(self, r: GameResult) -> None:
        """Fold in the next game's result."""
        self.games += 1
        if r.stalled:
            self.stalled += 1
            if len(self.stalled_seeds) < 20:
                self.stalled_seeds.append(r.seed)
            return
        credit = win_credit(r)
        for seat, share in credit.items():
            self.seat_credit[seat] += share
            if len(r.winners) == 1:
                self.seat_wins[seat] += 1
            else:
                self.seat_shared[seat] += 1
        for seat, bot in enumerate(r.seat_bots):
            self.bot_games[bot] += 1
            self.bot_credit[bot] += credit.get(seat, 0.0)
        for item, data in r.items.items():
            for key, value in data.items():
                # Counts are summed; a list names seats ("owners", whose win rate follows, or a
                # game's own, as the startup game's "users"), which are never summed.
                if not isinstance(value, list):
                    self.items[item][key] += value
                    self.item_games[item][key] += value > 0
            for seat in data.get("owners", ()):
                self.owned_games[item] += 1
                self.owned_credit[item] += credit.get(seat, 0.0)
        self.counters.update(r.counters)
        self.scores.update(r.scores)
        self.winner_total += max(r.scores)
        self.turns[r.turns] += 1
        self.rounds[r.rounds] += 1
        self.end_conditions[r.end_condition] += 1
        self.ties += len(r.winners) > 1

    def result(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The summary as ``cardgen simulate --json`` writes it."""
        n = self.games - self.stalled
        per_item = {}
        for item in sorted(self.items):
            entry: dict[str, Any] = dict(sorted(self.items[item].items()))
            # In how many games each count was at least 1 (bought, activated): a share of games.
            entry["games_with"] = {k: self.item_games[item][k] for k in sorted(self.items[item])}
            if self.owned_games[item]:
                entry["owned"] = self.owned_games[item]
                entry["win_rate_when_owned"] = _share(self.owned_credit[item], self.owned_games[item])
            per_item[item] = entry
        players = self.players
        summary: dict[str, Any] = {
            "game": self.game,
            "players": players,
            "games": self.games,
            "completed": n,
            "stalled": self.stalled,
            "stalled_seeds": list(self.stalled_seeds),
            "seed": self.seed,
            "bots": self.bots,
            "turns": counts_distribution(self.turns),
            "rounds": counts_distribution(self.rounds),
            "round_counts": {str(k): v for k, v in sorted(self.rounds.items())},
            "end_conditions": dict(sorted(self.end_conditions.items())),
            "ties": self.ties,
            "fair_share": _r(1 / players),
            "wins_by_seat": [{"seat": s + 1, "wins": self.seat_wins[s], "shared_wins": self.seat_shared[s],
                              **_share(self.seat_credit[s], n)} for s in range(players)],
            "wins_by_bot": {b: {"seats": self.bot_games[b], **_share(self.bot_credit[b], self.bot_games[b])}
                            for b in sorted(self.bot_games)},
            "scores": {**counts_distribution(self.scores),
                       "winner_mean": _r(self.winner_total / n) if n else 0.0},
            "items": per_item,
            "counters": {k: {"total": v, "per_game": _r(v / n)} for k, v in sorted(self.counters.items())},
        }
        if extra:
            summary.update(extra)
        return summary


def summarise(game: str, players: int, seed: int, bots: list[str], results: Iterable[GameResult],
              extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The summary of these results (in game-index order), read once: a generator will do."""
    summary = Summary(game, players, seed, bots)
    for r in results:
        summary.add(r)
    return summary.result(extra)
