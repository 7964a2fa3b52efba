"""The verdict of `cardgen check-set`: does a set play, and if not, why.

Thresholds are deliberately plain so a designer can reason about them:
- any stalled game fails the set (the rules engine or the set cannot finish a game);
- a median length more than 1.5x or less than 0.5x the reference set's is extreme;
- a seat whose interval lies wholly outside the fair share 1/N ± MARGIN is a seat effect, the
  same band of win share as a company's; one whose interval excludes the fair share but not
  the band is a note (an edge, perhaps smaller than the band: more games tell). The intervals
  are 95% for all the seats of the check together (Bonferroni: each seat's Wilson interval at
  1 - 0.05/m for m seats over every player count, 9 at 2-4 players), since nine separate 95%
  intervals would flag a perfectly fair game in about one check of three;
- a company (or Career card) whose paired effect (``cardgen.sim.effects``: the win share a bot
  loses when it never buys the company, or keeps the card, same games otherwise) has its 95%
  interval wholly outside ±MARGIN is too strong (above) or a trap (below); the owners' win
  rate is confounded (leaders buy late) and is only a descriptive figure, never a reason;
- a company nobody bought at any player count is dead weight, unless a bot that goes for it
  (buys it at its first chance, over any other company, and activates it once nothing it
  values more is left: "strategy + X") shows otherwise against the same bot never buying it;
  if even that bot gets it in under REACH of the games (the 95% interval of its share of the
  games wholly below REACH, as the effects' and seats' intervals must lie wholly outside their
  band: a share near the bar is a matter of the seed), it stays a warning (out of reach). An
  effect wholly below -MARGIN is a trap, wholly above +MARGIN a strong company the bot
  overlooks (both warnings), and anything within the band a finding about the bot, not the set
  (a note). A company the bot buys at other player counts gets the same test when, at the
  effects' player count, it buys it too seldom for never buying it to leave the band (under
  MARGIN of the paired games: only those games can differ; ``effects.seldom``); it warns only
  outside the band.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from cardgen.sim.effects import Effect
from cardgen.sim.stats import wilson

LENGTH_FACTOR = 1.5
SHORT_FACTOR = 0.5
MARGIN = 0.05
SEAT_ALPHA = 0.05    # the chance that a fair game gets any seat warning at all
# Going for an item, the bot must get it in at least this share of the games for the effect to
# say what it does; below, the item is out of reach.
REACH = 0.25
# What going for an item is (cardgen.sim.effects.favouring), by what the bot does with it.
GOING = {"buy": "buying it at its first chance, activating it once nothing it values more is left",
         "keep": "keeping it whenever it is dealt",
         "play": "playing it, or answering with it, whenever it may"}


@dataclass
class Verdict:
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)     # findings about the bot, never a reason

    @property
    def word(self) -> str:
        return "FAIL" if self.failures else "WARN" if self.warnings else "OK"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


# How many of an effect's figure shifts a warning names, and the least change worth naming.
SHOWN_SHIFTS = 4
LEAST_SHIFT = 0.05


def where_it_shows(e: Effect) -> str:
    """The figures that moved most with an effect, per game, as words for a warning: where the
    win share went (points by source, the deck as built), so a warning says why. Empty when
    the game reports no such figures or none moved."""
    moved = [(k, x) for k, x in e.shifts if abs(x) >= LEAST_SHIFT][:SHOWN_SHIFTS]
    if not moved:
        return ""
    return "; where it shows, per game: " + ", ".join(f"{k} {x:+.1f}" for k, x in moved)


def effect_kind(e: Effect) -> str:
    """What a paired effect says of its company (or card): "too strong" or "a trap" when its
    whole 95% interval lies above or below ±MARGIN, else "ok"."""
    if not e.outside(MARGIN):
        return "ok"
    return "too strong" if e.low > MARGIN else "a trap"


def judge(runs: dict[int, dict[str, Any]], baselines: dict[int, dict[str, Any]] | None = None,
          effects: dict[str, Effect] | None = None, at: int | None = None, bot: str | None = None,
          verb: str = "buy", names: dict[str, str] | None = None,
          favoured: dict[str, Effect] | None = None, taken: str = "bought",
          subject: str = "the set") -> Verdict:
    """``runs``: summary by player count; ``baselines``: the reference set's, if simulated;
    ``effects``: each company's (or card's) paired effect at ``at`` players, played by ``bot``;
    ``verb``: what the bot does with it ("buy" a company, "keep" a Free Market: NYC Career card);
    ``names``: how to name an item (a company's name for its id) where it is not its key;
    ``favoured``: for items the bot took too seldom at ``at`` players for ``effects`` to leave
    the band (``cardgen.sim.effects.seldom``), the effect of going for it (taking it whenever
    it may) versus never taking it; ``taken``: the item count that says it
    was taken ("bought" a company, "used" a startup card); ``subject``: what is checked ("the
    set", or "the game" for a game checked whole)."""
    names = names or {}
    favoured = favoured or {}
    v = Verdict()
    checked = sum(len(s["wins_by_seat"]) for s in runs.values())
    z = NormalDist().inv_cdf(1 - SEAT_ALPHA / (2 * max(1, checked)))
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
        n = s.get("completed", s["games"] - s["stalled"])     # the games that have a winner
        for seat in s["wins_by_seat"]:
            lo, hi = wilson(seat["win_share"] * n, n, z)
            if lo > fair or hi < fair:
                line = (f"{players} players: seat {seat['seat']} wins {_pct(seat['win_share'])} "
                        f"(95% CI {_pct(lo)}-{_pct(hi)}, for the {checked} seats together), "
                        f"fair share {_pct(fair)}")
                if lo > fair + MARGIN or hi < fair - MARGIN:
                    v.warnings.append(line)
                else:
                    v.notes.append(f"{line}: an edge, but not wholly beyond ±{100 * MARGIN:.0f} "
                                   f"points (more games tell its size)")
    for key, e in sorted((effects or {}).items()):
        name = names.get(key, key)
        kind = effect_kind(e)
        if kind != "ok":
            v.warnings.append(f"{at} players: {name} is {kind}: {bot or 'the bot'} wins "
                              f"{_points(e.mean)} points of share when it may {verb} it versus never "
                              f"(95% CI {_points(e.low)} to {_points(e.high)}, {e.games} paired games)"
                              f"{where_it_shows(e)}")
    never = None
    for s in runs.values():
        unbought = {k for k, it in s["items"].items() if it.get(taken, 1) == 0}
        never = unbought if never is None else never & unbought
    who = bot or "the bot"
    for key in sorted(set(never or ()) | set(favoured), key=lambda k: names.get(k, k)):
        name = names.get(key, key)
        at_all = key in (never or ())
        never_line = f"{name} was never {taken} at any player count" + (f" by {bot}" if bot else "")
        e = favoured.get(key)
        if e is None:
            # A finding about the bot until a stronger player would not take it either: named.
            if at_all:
                v.warnings.append(never_line)
            continue
        # Going for it, the bot still hardly got it beyond doubt (the 95% interval of the share
        # of games wholly below REACH): out of reach, and the games say little of what it would
        # do. On the share alone, an item held near the bar (46 of 200 games) was out of reach
        # at one seed and not at the next.
        reach = wilson(e.held, e.games) if e.held is not None else None
        if reach is not None and reach[1] < REACH:
            if at_all:
                lo, hi = reach
                v.warnings.append(f"{never_line}, and going for it, only in {e.held} of {e.games} "
                                  f"games at {at} players (95% CI {_pct(lo)}-{_pct(hi)}): out of reach")
            continue
        how = GOING.get(verb, f"{verb}ing it whenever it may")
        held = e.held if e.held is not None else "?"
        going = (f"going for it ({how}, {held} of {e.games} games) "
                 f"{'wins' if e.mean >= 0 else 'loses'} {_points(abs(e.mean))[1:]} points of share "
                 f"against never (95% CI {_points(e.low)} to {_points(e.high)}, at {at} players)")
        kind = effect_kind(e)
        usual = (effects or {}).get(key)
        how_often = (f"{verb}s it in only {usual.held} of {usual.games} games" if usual and usual.held
                     else f"never {verb}s it")
        if kind == "a trap":
            v.warnings.append(f"{name} is a trap: {who} {how_often} at {at} players, and {going}"
                              f"{where_it_shows(e)}")
        elif kind == "too strong":
            v.warnings.append(f"{name} is too strong and {who} overlooks it: {going}{where_it_shows(e)}")
        elif at_all:
            v.notes.append(f"{never_line}, but {going}: not wholly outside ±{100 * MARGIN:.0f}, a "
                           f"finding about {who}, not {subject}")
    return v
