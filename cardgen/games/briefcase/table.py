"""What a Briefcase seat sees, as lines of text for ``cardgen play``: the table first (market,
Decision Bank, Central Bank, portfolio, blocks), then every player (companies, storage, cards),
the seat's own hand last, next to the question. Only the observation is read, so a person at
the terminal sees exactly what a bot sees."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.games.briefcase.engine.observation import Observation, PlayerView
from cardgen.games.briefcase.model import DECISIONS


def _counts(names: Sequence[str], counts: Sequence[int]) -> str:
    """``3 Steel, 1 Paper``; ``-`` when there is nothing."""
    return ", ".join(f"{k} {names[i]}" for i, k in enumerate(counts) if k) or "-"


def _player(obs: Observation, p: PlayerView, res: Sequence[str], cards: Sequence[str]) -> str:
    companies = obs.rules.companies
    owned = ", ".join(companies[ci].name + (" (activated)" if p.active[ci] else "")
                      for ci in p.companies) or "-"
    who = f"seat {p.seat + 1}" + (" (you)" if p.seat == obs.seat else "")
    return (f"{who}: {owned}; storage: {_counts(res, p.storage)}; VP cards: {p.vp_cards}; "
            f"{p.hand_count} in hand, {p.deck_count} in the draw pile; "
            f"played: {_counts(cards, p.played)}; discard pile: {_counts(cards, p.discard)}")


def describe(obs: Observation) -> list[str]:
    rules = obs.rules
    res = [name.capitalize() for name in rules.res_names]
    cards = [name.capitalize() for name in DECISIONS]
    companies = rules.companies
    lines = [f"turn {obs.turns + 1} (round {obs.turns // obs.n + 1}), seat {obs.current + 1} to play"
             + (f"; the game ends after this round ({obs.end_condition.replace('_', ' ')})"
                if obs.end_condition else ""),
             f"resource market: {_counts(res, obs.market)}; resource discard pile: "
             f"{_counts(res, obs.res_discard)}",
             f"Decision Bank: {_counts(cards, obs.bank)}; Central Bank: {obs.central_bank_vp} VP left"]
    portfolio = []
    for ci in obs.portfolio:
        c = companies[ci]
        blocked = " blocked" if ci in obs.company_blocks else ""
        portfolio.append(f"{c.name} (level {c.level}, cost {c.cost}, {obs.piles[ci]} left{blocked})")
    lines.append("portfolio: " + ("; ".join(portfolio) or "-"))
    if obs.resource_blocks:
        lines.append("resource blocks on: " + ", ".join(res[r] for r in obs.resource_blocks))
    lines.extend(_player(obs, p, res, cards) for p in obs.players)
    me = obs.players[obs.seat]
    lines.append(f"your hand: {_counts(cards, me.hand or ())}")
    for p in obs.players:                     # a hand the rules show the seat (the Law Firm's)
        if p.seat != obs.seat and p.hand is not None:
            lines.append(f"seat {p.seat + 1}'s hand, shown to you: {_counts(cards, p.hand)}")
    return lines
