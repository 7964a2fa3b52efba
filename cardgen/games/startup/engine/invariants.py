"""Rule invariants, checked after every step when a game runs with ``invariants=True``:
no card created or lost, hands within the limit, alliances and markers consistent."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.games.startup.engine.game import Game


class InvariantError(AssertionError):
    """A rule invariant broke: a defect in the engine, never a game outcome."""


def _zones(game: Game) -> dict[str, list[int]]:
    t = game.table
    zones = {"draw pile": t.draw_pile, "discard": t.discard, "startup supply": t.startup_supply,
             "box": t.box, "resolving": t.resolving, "alliances": list(t.alliances.values())}
    for p in game.players:
        s = p.seat
        zones[f"seat {s} hand"] = p.hand
        zones[f"seat {s} bank"] = p.bank
        zones[f"seat {s} markers"] = p.markers
        zones[f"seat {s} attachments"] = list(p.attachments.values())
        zones[f"seat {s} startup"] = [p.startup] if p.startup is not None else []
        zones[f"seat {s} reference"] = [p.reference] if p.reference is not None else []
    return zones


def check_invariants(game: Game) -> None:
    zones = _zones(game)
    seen = Counter(c for cards in zones.values() for c in cards)
    every = set(range(game.cards.total))
    twice = sorted(c for c, n in seen.items() if n > 1)
    if twice or set(seen) != every:
        lost = sorted(every - set(seen))
        made = sorted(set(seen) - every)
        raise InvariantError(f"cards duplicated {twice}, lost {lost}, created {made}")
    pile = game.cards.pile_size
    limit = game.rules.hand_limit
    for p in game.players:
        if len(p.hand) > limit:
            raise InvariantError(f"seat {p.seat} holds {len(p.hand)} cards, above the limit of {limit}")
        if any(c >= pile for c in p.hand + p.bank + p.markers):
            raise InvariantError(f"seat {p.seat} holds a Startup or Reference card in play")
        for employee, attached in p.attachments.items():
            if employee not in p.bank or game.card(attached).effect.kind != "attach_protection" \
                    or game.card(employee).category != game.card(attached).effect.get("category"):
                raise InvariantError(f"seat {p.seat}: attachment {attached} is not under a banked Employee")
        for m in p.markers:
            if not game.card(m).effect.kind.endswith("_marker"):
                raise InvariantError(f"seat {p.seat}: {game.card(m).name} is not a marker")
        # A skip marker may be placed while fewer than its own max_pending wait: with two such
        # cards (a designer's beside the Patent Lawsuit) the bound is the largest, not the first's.
        skips = game.pending_skips(p.seat)
        if skips and len(skips) > max(game.card(s).effect.get("max_pending") for s in skips):
            raise InvariantError(f"seat {p.seat} has {len(skips)} pending Lawsuits")
        if p.partner is not None:
            other = game.players[p.partner]
            if other.partner != p.seat or p.partner == p.seat:
                raise InvariantError(f"seat {p.seat}'s alliance is not mutual")
            if (min(p.seat, p.partner), max(p.seat, p.partner)) not in game.table.alliances:
                raise InvariantError(f"seat {p.seat}'s alliance has no marker")
        if game.valuation(p.seat) < 0:
            raise InvariantError(f"seat {p.seat} has a negative valuation")
    for (a, b), marker in game.table.alliances.items():
        if game.players[a].partner != b or game.card(marker).effect.kind != "form_alliance":
            raise InvariantError(f"alliance marker {marker} between {a} and {b} does not match partners")
    if game.table.resolving and game.current is None:
        raise InvariantError("a card is resolving outside any turn")
