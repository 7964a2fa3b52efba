"""Briefcase's simulator for ``cardgen simulate``, ``check-set``, ``play`` and ``replay``: the
decision-point shape of ``cardgen.sim.driver`` (a state of decisions, policies by name, results)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardgen.games.briefcase import table
from cardgen.games.briefcase.bots import BOTS, make_bot
from cardgen.games.briefcase.engine import Rules, begin, compile_rules, new_game, scoring
from cardgen.games.briefcase.engine.effects import check_supported
from cardgen.games.briefcase.engine.observation import Observation
from cardgen.games.briefcase.engine.rules import N_CARDS
from cardgen.games.briefcase.engine.state import GameState, PlayerState, forget_observations
from cardgen.games.briefcase.load import check_players, resolve_set
from cardgen.games.briefcase.model import DECISIONS, PLAYER_COUNTS
from cardgen.problems import quoted
from cardgen.sim import driver
from cardgen.sim.report import table_time_lines
from cardgen.sim.result import GameResult
from cardgen.sim.settings import SAFETY_CAP, SECONDS_PER_TURN

DEFAULT_MAX_ROUNDS = 200

# Always reported, so a counter that stays at zero is visible as zero.
COUNTERS = ("central_bank_vp", "hires", "blocks_moved", "deactivations", "resource_blocks_removed",
            "cards_removed")
# What each counter counts, one line each: the simulate summary and README explain them so.
COUNTER_MEANINGS = {
    "central_bank_vp": "Buy cards invested in the Central Bank for victory points",
    "hires": "companies hired",
    "blocks_moved": "resource or company blocks moved to another space",
    "deactivations": "opponents' companies deactivated by a company effect",
    "resource_blocks_removed": "resource blocks removed when a basic market pile ran out",
    "cards_removed": "cards removed from hands by a company effect",
}


@dataclass(frozen=True)
class Config:
    rules: Rules          # compiled data and portfolio (plain data: it pickles)
    players: int
    max_rounds: int


class BriefcaseSimulator:
    game = "briefcase"
    bots = tuple(BOTS)    # ("random", "greedy", "expert"): greedy is the default seat
    strongest = "expert"       # benchmarks/bot_strength.py: check-set and tune seat it everywhere
    reference_set = "simple"   # what check-set compares a set's game length with
    player_counts = PLAYER_COUNTS
    settings = {"seconds_per_turn": SECONDS_PER_TURN, "max_rounds": SAFETY_CAP}      # prepare's options

    def prepare(self, *, players: int, set_ref: str | None, bots: list[str],
                options: dict[str, Any]) -> Config:
        game, portfolio = resolve_set(set_ref)
        check_players(game, players)
        unknown = [b for b in bots if b not in BOTS]
        if unknown:
            raise ValueError(f"unknown Briefcase bot '{unknown[0]}' (known: {', '.join(BOTS)})")
        max_rounds = options.get("max_rounds", DEFAULT_MAX_ROUNDS)
        if not isinstance(max_rounds, int) or max_rounds < 1:
            raise ValueError(f"max_rounds must be a positive whole number, not {quoted(max_rounds)}")
        rules = compile_rules(game, portfolio)
        check_supported(rules)
        return Config(rules, players, max_rounds)

    def item_names(self, config: Config) -> dict[str, str]:
        """How check-set names each item of a summary: a company's id is its name."""
        return {c.id: c.name for c in config.rules.companies}

    def new_state(self, config: Config, seed: int, invariants: bool = False) -> GameState:
        """A game at its first decision; chance from ``random.Random(seed)`` alone."""
        g = new_game(config.rules, config.players, random.Random(seed))
        g.invariants = invariants
        return begin(g, config.max_rounds)

    def policy(self, name: str, seat: int, seed: int) -> Any:
        return make_bot(name, seed)

    def describe(self, obs: Observation) -> list[str]:
        """What a seat sees, as lines of text for ``cardgen play``."""
        return table.describe(obs)

    def play(self, config: Config, seed: int, seat_bots: list[str], invariants: bool = False
             ) -> GameResult:
        """One game through the shared driver."""
        return driver.play_game(self, config, seed, seat_bots, invariants)

    def result(self, g: GameState, seed: int, seat_bots: list[str]) -> GameResult:
        points = [scoring.breakdown(g, p) for p in g.players]     # once: the score and the figures
        scores = [sum(b.values()) for b in points]
        return GameResult(
            seed=seed, players=g.n, seat_bots=list(seat_bots), turns=g.turns,
            rounds=g.rounds, stalled=g.stalled, end_condition=None if g.stalled else g.end_condition,
            scores=scores, winners=[] if g.stalled else scoring.winners(g, scores),
            items=items(g), counters=counters(g),
            seat_figures=[seat_figures(p, b) for p, b in zip(g.players, points, strict=True)],
        )

    def redeal(self, g: GameState, seat: int, rng: random.Random) -> None:
        """Reshuffle what ``seat`` cannot see, keeping every size: each other player's hand and
        draw pile together (what a player holds in all is public, see ``observation``), and the
        order of its own draw pile. A hand the rules show the seat now (the Law Firm's) stays."""
        for p in g.players:
            if p.seat == seat:
                rng.shuffle(p.deck)
                continue
            if p.seat == g.revealed:
                rng.shuffle(p.deck)
                continue
            pool = [t for t in range(N_CARDS) for _ in range(p.hand[t])] + p.deck
            rng.shuffle(pool)
            k = sum(p.hand)
            p.hand[:] = [pool[:k].count(t) for t in range(N_CARDS)]
            p.deck = pool[k:]
        # Everything cached about the state is rebuilt (the pending decision stays pending).
        forget_observations(g)
        g.issued = [{} for _ in range(g.n)]      # plans made on the hands as they were


def items(g: GameState) -> dict[str, dict[str, Any]]:
    """Per company in play: purchases, activations and the seats that own it at the end."""
    out: dict[str, dict[str, Any]] = {}
    for ci in (*g.rules.starting, *g.portfolio):
        c = g.rules.companies[ci]
        entry: dict[str, Any] = {"activated": g.activations[ci],
                                 "owners": [p.seat for p in g.players if p.owned[ci]]}
        if not c.starting:            # a starting company is never bought: no "never bought" noise
            entry["bought"] = g.bought[ci]
            entry["in_portfolio"] = 1
        out[c.id] = entry
    return out


def seat_figures(p: PlayerState, points: dict[str, int]) -> dict[str, float]:
    """A player at the end: its points by source (``scoring.breakdown``) and the decision cards
    it holds in all (its deck as built), by type: where a change of win share shows."""
    held = p.cards_owned()
    return {
        "VP from companies": points["companies"], "VP from abilities": points["abilities"],
        "VP from the Central Bank": points["central_bank"], "VP from stored resources": points["resources"],
        **{f"{DECISIONS[t].capitalize()} cards held": held[t] for t in range(N_CARDS)},
        "companies activated": sum(1 for ci in p.companies if p.active[ci]),
    }


def counters(g: GameState) -> dict[str, int]:
    """The game's event counts, every one of COUNTERS present."""
    return {
        "central_bank_vp": g.central_bank_buys,
        "hires": g.hires,
        "blocks_moved": g.blocks_moved,
        "deactivations": g.deactivations,
        "resource_blocks_removed": g.resource_blocks_removed,
        "cards_removed": sum(g.removed),
    }


SIMULATOR = BriefcaseSimulator()


def summary_lines(summary: dict[str, Any], options: dict[str, Any] | None = None) -> list[str]:
    """Lines under the common summary: the estimated table time of the median game against the
    play time printed on the box (when the data has both)."""
    game, _ = resolve_set(None)
    seconds = (options or {}).get("seconds_per_turn") or game.seconds_per_turn
    if not seconds or not game.target_minutes:
        return []
    return table_time_lines(summary, float(seconds), game.target_minutes, "play time on the box")
