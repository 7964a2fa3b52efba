"""Final scoring and tie-breaks (rulebook, Game End)."""

from __future__ import annotations

from cardgen.games.briefcase.engine import effects
from cardgen.games.briefcase.engine.state import GameState, PlayerState


def breakdown(g: GameState, p: PlayerState) -> dict[str, int]:
    """A player's points by source."""
    companies = sum(g.rules.companies[ci].vp for ci in p.companies if p.active[ci])
    stored = sum(p.storage)
    return {
        "companies": companies,                       # VP of activated companies
        "abilities": effects.endgame_vp(g, p),        # end-of-game abilities
        "central_bank": p.vp_cards,                   # Victory Point cards
        "resources": stored // g.rules.vp_per_stored,  # 1 per 4 stored, Energy included
    }


def score(g: GameState, p: PlayerState) -> int:
    return sum(breakdown(g, p).values())


def leftover(g: GameState, p: PlayerState) -> int:
    """The first tie-break: stored resources that did not already score."""
    return sum(p.storage) % g.rules.vp_per_stored


def winners(g: GameState, scores: list[int]) -> list[int]:
    """Most points; then most leftover resources; a tie after that is a shared victory."""
    best = max(scores)
    tied = [s for s in range(g.n) if scores[s] == best]
    if len(tied) == 1:
        return tied
    rest = [leftover(g, g.players[s]) for s in tied]
    most = max(rest)
    return [s for s, r in zip(tied, rest, strict=True) if r == most]
