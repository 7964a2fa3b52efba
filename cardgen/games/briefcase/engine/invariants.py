"""Checks that the engine keeps the rules' bookkeeping straight; tests switch them on.

- No card is created or lost: every decision card, resource, company card and Victory Point
  card put into play at setup is somewhere, or was removed from the game by a rule (Central
  Bank investments, the Oil Refinery's removals, spent resource blocks).
- Storage and hand limits hold at the end of a turn.
- Blocks sit on legal targets, and one resource block is gone per exhausted basic resource.
"""

from __future__ import annotations

from cardgen.games.briefcase.engine.rules import BUY, N_CARDS, N_RES
from cardgen.games.briefcase.engine.state import GameState


class InvariantError(AssertionError):
    pass


def _fail(g: GameState, what: str) -> None:
    raise InvariantError(f"turn {g.turns}, seat {g.current}: {what}")


def check_conservation(g: GameState) -> None:
    rules = g.rules
    for t in range(N_CARDS):
        held = sum(p.cards_owned()[t] for p in g.players)
        total = g.bank[t] + held + g.removed[t] + (g.central_bank_buys if t == BUY else 0)
        if total != g.initial_cards[t]:
            _fail(g, f"{total} decision cards of type {t}, setup put {g.initial_cards[t]} in play")
    for r in range(N_RES):
        total = g.market[r] + g.res_discard[r] + sum(p.storage[r] for p in g.players)
        if total != g.initial_res[r]:
            _fail(g, f"{total} {rules.res_names[r]} cards, setup put {g.initial_res[r]} in play")
        if g.market[r] < 0 or g.res_discard[r] < 0 or any(p.storage[r] < 0 for p in g.players):
            _fail(g, f"a negative count of {rules.res_names[r]}")
    for ci, start in enumerate(g.initial_piles):
        total = g.piles[ci] + sum(1 for p in g.players if p.owned[ci])
        if total != start:
            _fail(g, f"{total} {rules.companies[ci].name} cards, setup put {start} in play")
    vp_total = g.central_bank_vp + sum(p.vp_cards for p in g.players)
    if vp_total != min(rules.vp_cards_total, rules.central_bank_vp_per_player * g.n):
        _fail(g, f"{vp_total} Victory Point cards")
    for p in g.players:
        if any(k < 0 for k in p.hand) or any(k < 0 for k in p.discard):
            _fail(g, f"seat {p.seat} holds a negative count of cards")
        if len(set(p.companies)) != len(p.companies):
            _fail(g, f"seat {p.seat} owns a company twice")
        if any(p.active[ci] and not p.owned[ci] for ci in range(len(p.active))):
            _fail(g, f"seat {p.seat} has an activated company it does not own")


def check_blocks(g: GameState) -> None:
    rules = g.rules
    blockable = set(rules.blockable)
    if len(set(g.resource_blocks)) != len(g.resource_blocks):
        _fail(g, "two resource blocks on one pile")
    if any(r not in blockable for r in g.resource_blocks):
        _fail(g, "a resource block on a resource that cannot be blocked")
    placed = [c for c in g.company_blocks if c >= 0]
    if len(set(placed)) != len(placed):
        _fail(g, "two company blocks on one company")
    if any(c not in g.portfolio for c in placed):
        _fail(g, "a company block outside the portfolio")
    exhausted = sum(1 for r in range(N_RES) if (rules.basic_mask >> r) & 1 and not g.market[r])
    expected = max(0, min(rules.resource_blocks, len(rules.blockable)) - exhausted)
    if len(g.resource_blocks) != expected:
        _fail(g, f"{len(g.resource_blocks)} resource blocks with {exhausted} basic piles exhausted")


def check_end_of_turn(g: GameState) -> None:
    """After the Draw step of the player who just played."""
    p = g.players[g.current]
    exempt = g.rules.storage_exempt_mask
    # Every player: only the player whose turn it is may exceed the limit, and only until then.
    for q in g.players:
        limited = sum(q.storage[r] for r in range(N_RES) if not (exempt >> r) & 1)
        if limited > q.storage_limit:
            _fail(g, f"seat {q.seat} stores {limited} resources over a limit of {q.storage_limit}")
    owned = sum(p.hand) + len(p.deck) + sum(p.discard)
    if sum(p.hand) != min(g.draw_to, owned) or g.draw_to > p.hand_size:
        _fail(g, f"seat {p.seat} holds {sum(p.hand)} cards after drawing to a hand of {g.draw_to} "
                 f"(hand size {p.hand_size})")
    if any(p.played):
        _fail(g, f"seat {p.seat} left played cards out of the discard pile")
    check_conservation(g)
    check_blocks(g)
