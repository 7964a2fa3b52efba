"""The verdict of `cardgen check-set`: does a set play, and if not, why.

Thresholds are deliberately plain so a designer can reason about them:
- any stalled game fails the set (the rules engine or the set cannot finish a game);
- a median length more than 1.5x or less than 0.5x the reference set's is extreme;
- a seat whose 95% interval excludes the fair share 1/N is a seat effect;
- a company (or Career card) whose paired effect (``cardgen.sim.effects``: the win share a bot
  loses when it never buys the company, or keeps the card, same games otherwise) has its 95%
  interval wholly outside ±MARGIN is too strong (above) or a trap (below); the owners' win
  rate is confounded (leaders buy late) and is only a descriptive figure, never a reason;
- a company nobody bought at any player count is dead weight.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.sim.effects import Effect

LENGTH_FACTOR = 1.5
SHORT_FACTOR = 0.5
MARGIN = 0.05


@dataclass
class Verdict:
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def word(self) -> str:
        return "FAIL" if self.failures else "WARN" if self.warnings else "OK"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def effect_kind(e: Effect) -> str:
    """What a paired effect says of its company (or card): "too strong" or "a trap" when its
    whole 95% interval lies above or below ±MARGIN, else "ok"."""
    if not e.outside(MARGIN):
        return "ok"
    return "too strong" if e.low > MARGIN else "a trap"


def judge(runs: dict[int, dict[str, Any]], baselines: dict[int, dict[str, Any]] | None = None,
          effects: dict[str, Effect] | None = None, at: int | None = None, bot: str | None = None,
          verb: str = "buy", names: dict[str, str] | None = None) -> Verdict:
    """``runs``: summary by player count; ``baselines``: the reference set's, if simulated;
    ``effects``: each company's (or card's) paired effect at ``at`` players, played by ``bot``;
    ``verb``: what the bot does with it ("buy" a company, "keep" a Free Market: NYC Career card);
    ``names``: how to name an item (a company's name for its id) where it is not its key."""
    names = names or {}
    v = Verdict()
    for players, s in sorted(runs.items()):
        if s["stalled"]:
            v.failures.append(f"{players} players: {s['stalled']} of {s['games']} games stalled "
                              f"(hit the safety cap), e.g. seed {s['stalled_seeds'][0]}")
        base = (baselines or {}).get(players)
        if base and base["rounds"]["p50"]:
            ratio = s["rounds"]["p50"] / base["rounds"]["p50"]
            if ratio > LENGTH_FACTOR or ratio < SHORT_FACTOR:
                v.warnings.append(f"{players} players: median game of {s['rounds']['p50']} rounds, "
                                  f"{ratio:.1f}x the reference set's {base['rounds']['p50']}")
        fair = 1 / players
        for seat in s["wins_by_seat"]:
            lo, hi = seat["ci95"]
            if lo > fair or hi < fair:
                v.warnings.append(f"{players} players: seat {seat['seat']} wins "
                                  f"{_pct(seat['win_share'])} (95% CI {_pct(lo)}-{_pct(hi)}), "
                                  f"fair share {_pct(fair)}")
    for key, e in sorted((effects or {}).items()):
        name = names.get(key, key)
        kind = effect_kind(e)
        if kind != "ok":
            v.warnings.append(f"{at} players: {name} is {kind}: {bot or 'the bot'} wins "
                              f"{_points(e.mean)} points of share when it may {verb} it versus never "
                              f"(95% CI {_points(e.low)} to {_points(e.high)}, {e.games} paired games)")
    never = None
    for s in runs.values():
        unbought = {k for k, it in s["items"].items() if it.get("bought", 1) == 0}
        never = unbought if never is None else never & unbought
    for name in sorted(names.get(k, k) for k in never or ()):
        # A finding about the bot until a stronger player would not buy it either: it is named.
        v.warnings.append(f"{name} was never bought at any player count" + (f" by {bot}" if bot else ""))
    return v
