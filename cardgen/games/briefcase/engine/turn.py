"""Turns and the end of the game.

A turn: start-of-turn abilities, A. play cards (the seat's bot calls ``actions``), then the
Consulting Firm's top-decking, B. discard, the storage limit, C. draw. The game ends when an
end condition holds after a turn, once the round is complete (the player to the right of the
starting player has the last turn), or is reported stalled at the safety cap.

Reading: "only 2 types of resources remaining in the resource market" counts the basic
resource types with cards left (Personnel, Steel, Concrete, Paper): Setup says those piles "form
the resource market", with Energy set "behind them" (the Chinese text says Energy does not
count) and Imported "used later on". So the game ends once two basic piles are exhausted.
"""

from __future__ import annotations

from cardgen.games.briefcase.engine import cards, effects, invariants, payment
from cardgen.games.briefcase.engine.rules import BUY, N_CARDS, N_RES
from cardgen.games.briefcase.engine.state import GameState, PlayerState

END_CONDITIONS = ("resources", "companies", "buy_cards")


def end_condition(g: GameState) -> str | None:
    """The first end condition (rulebook order) that holds, or None."""
    rules = g.rules
    market = g.market
    types = 0
    for r in rules.basic:
        if market[r]:
            types += 1
    if types <= rules.end_resource_types_left:
        return "resources"
    piles = g.piles
    for c in g.portfolio:
        if piles[c]:
            break
    else:
        return "companies"
    if not g.bank[BUY]:
        return "buy_cards"
    return None


def start_turn(g: GameState) -> None:
    g.company_bought = 0
    if any(g.uses):
        g.uses = [0] * len(g.uses)
    g.ignored = []
    p = g.players[g.current]
    if p.start_draw or p.start_cycle:
        effects.start_of_turn(g, p)


def limited_stored(g: GameState, p: PlayerState) -> int:
    """Stored resources that count against the storage limit (all but Energy)."""
    storage = p.storage
    return sum([storage[r] for r in g.rules.storage_limited])


def enforce_storage(g: GameState, p: PlayerState) -> None:
    """At the end of the turn extra resources go to the resource discard pile; the player
    chooses which, else the most plentiful go."""
    over = limited_stored(g, p) - p.storage_limit
    if over <= 0:
        return
    exempt = g.rules.storage_exempt_mask
    picks = g.bots[p.seat].storage_discard(g, p.seat, over)
    for r in picks:
        if over and 0 <= r < N_RES and p.storage[r] and not (exempt >> r) & 1:
            p.storage[r] -= 1
            payment.return_resource(g, r)
            over -= 1
    while over:
        r = max(g.rules.storage_limited, key=lambda r: (p.storage[r], -r))
        p.storage[r] -= 1
        payment.return_resource(g, r)
        over -= 1


def draw_step(g: GameState, p: PlayerState) -> None:
    """C. Draw up to the hand size; each additional card an ability allows ("a player may draw
    one additional card") is the player's choice, made once the others are drawn."""
    extra = p.extra_draws
    base = p.hand_size - sum([k for _c, k in extra]) if extra else p.hand_size
    cards.draw(g, p, base)
    drawn_to = base
    for ci, k in extra:
        if (p.deck or any(p.discard)) and g.bots[p.seat].extra_draw(g, p.seat, ci):
            cards.draw(g, p, k)
            drawn_to += k
    g.draw_to = drawn_to


def end_turn(g: GameState) -> None:
    p = g.players[g.current]
    bot = g.bots[p.seat]
    for _ in range(p.topdeck):
        if not any(p.played):
            break
        t = bot.topdeck_pick(g, p.seat)
        if t is None or not 0 <= t < N_CARDS or not p.played[t]:
            break
        p.played[t] -= 1
        p.deck.append(t)
    hand, played, discard = p.hand, p.played, p.discard
    for t in range(N_CARDS):
        discard[t] += hand[t] + played[t]
        hand[t] = played[t] = 0
    enforce_storage(g, p)
    if p.extra_draws:
        draw_step(g, p)
    else:
        cards.draw(g, p, p.hand_size)
        g.draw_to = p.hand_size
    if g.invariants:
        invariants.check_end_of_turn(g)
    g.turns += 1
    if g.end_condition is None:
        g.end_condition = end_condition(g)
    if g.end_condition is not None and g.current == g.n - 1:
        g.over = True
    g.current = (g.current + 1) % g.n


def play_turn(g: GameState) -> None:
    start_turn(g)
    g.bots[g.current].play(g, g.current)
    end_turn(g)


def play_game(g: GameState, max_rounds: int = 200) -> GameState:
    """Play to the end, or until ``max_rounds`` complete rounds (then ``stalled``)."""
    cap = max_rounds * g.n
    while not g.over:
        if g.turns >= cap:
            g.stalled = True
            break
        play_turn(g)
    return g
