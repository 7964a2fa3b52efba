"""Causal effects by paired games on common random numbers.

Two runs share their game seeds and seat rotation: in the *base* run every seat plays the same
bot; in the *variant* run the bot listed first is changed (for a company effect: it never buys
that company; for a Free Market: NYC Career card: it never keeps that card in the draft). The
changed bot is named ``BOT/avoid=ID`` (``avoiding``); each game's ``make_bot`` reads the name.

A bot that never takes an item measures nothing by avoiding it ("may take it" and "never takes
it" play the same games), and one that seldom takes it little: the two runs differ only in the
games where it took it, so the effect can be no larger than the share of those games
(``seldom``). For such an item the base run is also the bot told to go for it, ``BOT/favour=ID``
(``favouring``: it buys the company, or keeps the card, whenever it may, over anything else, and
activates the company once nothing it values more is left), against the same bot avoiding it:
"strategy + X" against "strategy", which says whether a stronger player would take it, or
whether it is a trap. The bot listed first sits at seat ``(-i) % N`` in game ``i``
(``seat_bots`` rotates one seat per game), so each game index gives one paired difference in
that seat's win credit (1 for a lone win, 1/k for a k-way tie, 0 otherwise). The effect is the
mean difference with a 95% interval, mean ± 1.96·sd/√n: how much win share the change costs or
gains, which, unlike the owners' win rate, is not confounded by who happens to buy a company.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from cardgen.sim.result import GameResult
from cardgen.sim.runner import RunSpec, iter_results

Z95 = 1.96
AVOID = "/avoid="   # "expert/avoid=bank": bot expert that never buys (or keeps) the item with id bank
FAVOUR = "/favour="  # "expert/favour=bank": bot expert that buys (or keeps) it whenever it may


def avoiding(bot: str, item: str) -> str:
    """The name of bot ``bot`` told never to take the item with id ``item``."""
    return f"{bot}{AVOID}{item}"


def favouring(bot: str, item: str) -> str:
    """The name of bot ``bot`` told to take the item with id ``item`` whenever it may."""
    return f"{bot}{FAVOUR}{item}"


def split_bot(name: str) -> tuple[str, str, str]:
    """``(bot, item it avoids, item it favours)`` of a bot name; an id is empty when the name
    says nothing of it."""
    for marker in (AVOID, FAVOUR):
        base, found, item = name.partition(marker)
        if found:
            return (base, item, "") if marker == AVOID else (base, "", item)
    return name, "", ""


def make_told_bot(name: str, bots: Mapping[str, Callable[[int], Any]], seed: int, game: str, item: str,
                  takes: Callable[[Any], bool]) -> Any:
    """Bot ``name`` of ``bots``, made with ``seed``. ``NAME/avoid=ID`` and ``NAME/favour=ID``
    set its ``avoid`` and ``favour`` (``item`` names what ID is, for the message when the bot
    ``takes`` no such telling); an unknown bot is a ValueError naming ``game``'s bots."""
    base, avoid, favour = split_bot(name)
    if base not in bots:
        raise ValueError(f"unknown {game} bot '{base}' (known: {', '.join(bots)})")
    bot = bots[base](seed)
    if avoid or favour:
        if not takes(bot):
            raise ValueError(f"the {base} bot cannot be told to {'avoid' if avoid else 'favour'} {item}")
        bot.avoid, bot.favour = avoid or None, favour or None
    return bot


@dataclass(frozen=True)
class Effect:
    mean: float                 # mean paired difference (base minus variant), in win share
    low: float                  # 95% interval
    high: float
    games: int                  # pairs
    held: int | None = None     # in how many of the games the (first-listed) bot got it
    # Where the change shows: the mean paired difference of each of the seat's end-of-game
    # figures (``GameResult.seat_figures``), largest first.
    shifts: tuple[tuple[str, float], ...] = ()

    def outside(self, band: float) -> bool:
        """Whether the whole interval lies outside ±band."""
        return self.low > band or self.high < -band


def focal_seat(index: int, players: int) -> int:
    """The seat of the bot listed first in game ``index`` (see ``cardgen.sim.seeds.seat_bots``)."""
    return (-index) % players


def credit(result: GameResult, seat: int) -> float:
    return 1 / len(result.winners) if seat in result.winners else 0.0


def paired_effect(base: Iterable[float], variant: Iterable[float]) -> Effect:
    """Mean of the per-game differences ``base - variant`` with its 95% interval."""
    diffs = [a - b for a, b in zip(base, variant, strict=True)]
    n = len(diffs)
    if n == 0:
        return Effect(0.0, 0.0, 0.0, 0)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    # A game's win credit is between 0 and 1, so a difference of shares is within ±1; the
    # normal interval of a few games went past it ("95% CI -148.0 to +48.0 points").
    return Effect(mean, max(-1.0, mean - half), min(1.0, mean + half), n)


Figures = list[dict[str, float]]    # a seat's end-of-game figures, game by game


def seldom(held: int, games: int, band: float) -> bool:
    """Whether a bot that took an item in only ``held`` of ``games`` paired games could show an
    effect beyond ±``band`` by never taking it. The paired runs play the same games until the
    bot would take it, so only those games can differ, and the effect (the mean difference in
    win credit, each game's at most 1) is at most held/games: below ``band`` it cannot leave the
    band, whatever the item is worth; going for it says what it is worth."""
    return held < band * games


@dataclass(frozen=True)
class Focal:
    """The first-listed bot's games, game by game: its win credit and its end-of-game figures;
    and, for each item, in how many games it held that item at the end."""

    credits: list[float]
    figures: Figures
    holdings: dict[str, int]

    def held(self, item: str) -> int:
        return self.holdings.get(item, 0)


def focal_run(spec: RunSpec, executor: Executor | None, workers: int = 1,
              on_batch: Callable[[list[tuple[int, GameResult]]], None] | None = None,
              holders: str = "owners") -> Focal:
    """Play ``spec`` and follow the bot listed first in ``spec.bots`` through its seats,
    counting each item (a key of the results' items, ``holders`` naming its list of seats) that
    seat holds at the end (did it take it at all?); ``on_batch`` hears of each batch of games as
    it finishes (a progress bar)."""
    n = len(spec.bots)
    credits, figures, holdings = [], [], {}
    for i, r in enumerate(iter_results(spec, executor, workers, on_batch)):
        seat = focal_seat(i, n)
        credits.append(credit(r, seat))
        figures.append(r.seat_figures[seat] if r.seat_figures else {})
        for key, it in r.items.items():
            if seat in it.get(holders, ()):
                holdings[key] = holdings.get(key, 0) + 1
    return Focal(credits, figures, holdings)


def focal_credits(spec: RunSpec, executor: Executor | None, workers: int = 1,
                  on_batch: Callable[[list[tuple[int, GameResult]]], None] | None = None) -> list[float]:
    """The win credit of the bot listed first in ``spec.bots``, game by game."""
    return focal_run(spec, executor, workers, on_batch).credits


def focal_holdings(spec: RunSpec, item: str, executor: Executor | None, workers: int = 1,
                   on_batch: Callable[[list[tuple[int, GameResult]]], None] | None = None,
                   holders: str = "owners") -> tuple[list[float], int]:
    """The first-listed bot's win credit game by game, and in how many games it held ``item``."""
    run = focal_run(spec, executor, workers, on_batch, holders)
    return run.credits, run.held(item)


def paired_shifts(base: Figures, variant: Figures) -> tuple[tuple[str, float], ...]:
    """Each figure's mean paired difference ``base - variant`` (a figure a game lacks counts 0),
    largest change first (then by name, so the order is the same on every run)."""
    n = len(base)
    if n == 0:
        return ()
    names = sorted({k for f in (*base, *variant) for k in f})
    means = [(k, sum(a.get(k, 0) - b.get(k, 0) for a, b in zip(base, variant, strict=True)) / n)
             for k in names]
    return tuple(sorted(means, key=lambda kv: (-abs(kv[1]), kv[0])))


def run_effect(base: RunSpec, variant: RunSpec, executor: Executor | None, workers: int = 1) -> Effect:
    """Play both runs (same seed and games) and measure ``base - variant`` for the first bot."""
    if (base.seed, base.games, len(base.bots)) != (variant.seed, variant.games, len(variant.bots)):
        raise ValueError("paired runs need the same seed, game count and number of seats")
    return paired_effect(focal_credits(base, executor, workers), focal_credits(variant, executor, workers))
