"""Turns and the end of the game.

A turn: start-of-turn abilities, A. play cards (one ``act`` decision per action), then the
Consulting Firm's top-decking, B. discard, the storage limit, C. draw. The game ends when an
end condition holds after a turn, once the round is complete (the player to the right of the
starting player has the last turn), or is reported stalled at the safety cap.

The rules are generators (``*_steps``) that yield each decision to the player it belongs to
and receive the checked choice; ``begin`` runs a whole game as a ``driver.Flow``.

Reading: "only 2 types of resources remaining in the resource market" counts the basic
resource types with cards left (Personnel, Steel, Concrete, Paper): Setup says those piles "form
the resource market", with Energy set "behind them" (the Chinese text says Energy does not
count) and Imported "used later on". So the game ends once two basic piles are exhausted.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cardgen.games.briefcase.engine import actions, cards, effects, invariants, legal
from cardgen.games.briefcase.engine.defaults import Ask, run
from cardgen.games.briefcase.engine.effects import enforce_storage, limited_stored
from cardgen.games.briefcase.engine.observation import (
    ALL_PARTS,
    BANK,
    BLOCKS,
    DISCARD,
    IGNORED,
    MARKET,
    PILES,
    USES,
)
from cardgen.games.briefcase.engine.rules import BUY, N_CARDS
from cardgen.games.briefcase.engine.state import GameState, PlayerState
from cardgen.games.briefcase.model import DECISIONS
from cardgen.sim import decisions as d
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import Flow

Steps = Generator[Decision, Any, None]


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


def reset_turn(g: GameState) -> None:
    """The start of a turn without its abilities: the per-turn counts reset (and marked for the
    observations when they change)."""
    g.company_bought = 0
    if any(g.uses):
        g.uses = [0] * len(g.uses)
        g.obs_stale |= USES
    if g.ignored:
        g.ignored = []
        g.obs_stale |= IGNORED


def start_steps(g: GameState) -> Steps:
    """The start of a turn: per-turn counts reset, then start-of-turn abilities."""
    reset_turn(g)
    p = g.players[g.current]
    if p.start_draw or p.start_cycle:
        yield from effects.start_of_turn(g, p)


def draw_step(g: GameState, p: PlayerState) -> Steps:
    """C. Draw up to the hand size; each additional card an ability allows ("a player may draw
    one additional card") is the player's choice, made once the others are drawn."""
    extra = p.extra_draws
    base = p.hand_size - sum([k for _c, k in extra]) if extra else p.hand_size
    cards.draw(g, p, base)
    drawn_to = base
    for ci, k in extra:
        if (p.deck or any(p.discard)) and (yield d.yes_no(
                p.seat, "extra_draw", f"{g.rules.companies[ci].name}: draw {k} additional card(s)?")):
            cards.draw(g, p, k)
            drawn_to += k
    g.draw_to = drawn_to


def end_steps(g: GameState) -> Steps:
    """The end of a turn: the Consulting Firm's top-decking, B. discard, the storage limit, C.
    draw; then the end of the game is checked and the next player's turn comes."""
    if end_quietly(g):          # nothing to ask: the one implementation of the common case
        return
    p = g.players[g.current]
    name = None
    for _ in range(p.topdeck):
        options: list[int | None] = [t for t in range(N_CARDS) if p.played[t]]
        if not options:
            break
        options.append(None)
        if name is None:
            name = next(g.rules.companies[ci].name for ci in p.companies
                        if p.active[ci] and g.rules.companies[ci].effect == "topdeck_played")
        t = yield d.choose(p.seat, "topdeck_pick", f"{name}: put a played card on top of your draw pile?",
                           options, [DECISIONS[t].capitalize() if t is not None else "none" for t in options])
        if t is None:
            break
        p.played[t] -= 1
        p.deck.append(t)
    discard_hand(p)
    over = limited_stored(g, p) - p.storage_limit
    if over > 0:                # the rare case: a decision, in a generator
        yield from enforce_storage(g, p, over)
    if p.extra_draws:
        yield from draw_step(g, p)
    else:                       # no choice to make: the common case, without a generator
        cards.draw(g, p, p.hand_size)
        g.draw_to = p.hand_size
    next_turn(g)


def end_quietly(g: GameState) -> bool:
    """``end_steps`` when they ask nothing (no top-decking ability, storage within its limit,
    no additional draws: most turns), done at once without a generator; False, with nothing
    changed, when they may ask."""
    p = g.players[g.current]
    if p.topdeck or p.extra_draws or limited_stored(g, p) > p.storage_limit:
        return False
    discard_hand(p)
    cards.draw(g, p, p.hand_size)
    g.draw_to = p.hand_size
    next_turn(g)
    return True


_NO_CARDS = (0,) * N_CARDS


def discard_hand(p: PlayerState) -> None:
    """B. The hand and the played cards go to the discard pile."""
    hand, played, discard = p.hand, p.played, p.discard
    # Written out for the four card types (observation.py asserts there are four): a loop
    # over them cost more than the rest of the end of a turn. The lists stay the same objects.
    h0, h1, h2, h3 = hand
    p0, p1, p2, p3 = played
    discard[0] += h0 + p0
    discard[1] += h1 + p1
    discard[2] += h2 + p2
    discard[3] += h3 + p3
    hand[:] = played[:] = _NO_CARDS


def next_turn(g: GameState) -> None:
    """After the draw: the end of the game is checked and the next player's turn comes."""
    if g.invariants:
        invariants.check_end_of_turn(g)
    g.turns += 1
    if g.end_condition is None:
        g.end_condition = end_condition(g)
    if g.end_condition is not None and g.current == g.n - 1:
        g.over = True
    g.current = (g.current + 1) % g.n


def main_steps(g: GameState) -> Steps:
    """A. The player plays decision cards: one ``act`` decision per action, until "end"."""
    seat = g.current
    hand = g.players[seat].hand
    while any(hand):                # every action pays with cards: an empty hand only ends step A
        action = yield legal.ActDecision(g, seat)
        if action[0] == "end":
            return
        yield from perform(g, action)


def perform(g: GameState, action: Any) -> Steps:
    """Carry out an action the decision has checked."""
    kind = action[0]
    if kind == "activate":
        yield from actions.perform_activate(g, action[1], action[2])
    elif kind == "hire":
        yield from actions.perform_hire(g, action[1], action[2], action[3])
    else:
        perform_at_once(g, action)


# The actions that may ask a player something (an ability, the hired company's owner): the
# others are performed without a generator.
ASKING = frozenset(("activate", "hire"))


def perform_at_once(g: GameState, action: Any) -> None:
    """Carry out a checked action that asks nothing (any kind but ``ASKING``)."""
    kind = action[0]
    if kind == "buy_resource":
        actions.perform_buy_resource(g, action[1], action[2], action[3])
    elif kind == "buy_company":
        actions.perform_buy_company(g, action[1], action[2])
    elif kind == "move_block":
        actions.perform_move_block(g, action[1], action[2], action[3], action[5])
    elif kind == "invest":
        actions.perform_invest(g, action[1], action[2])


def turn_steps(g: GameState) -> Steps:
    yield from start_steps(g)
    yield from main_steps(g)
    yield from end_steps(g)


# What each action may change of the table (besides the acting player), for the observations.
# An activation pays resources (to the market or its discard pile) and produces cards and
# resources; its abilities take from the resource discard pile or count their uses. The
# resource blocks and the ignored ones change only where they are removed or ignored, which
# marks them (actions.take_from_market, actions.perform_buy_resource). The invariants compare
# every observation of every test game with one built from scratch.
_CHANGES = {"buy_company": PILES | USES, "move_block": BLOCKS | USES, "invest": USES,
            "activate": BANK | MARKET | DISCARD | USES}


def game_steps(g: GameState, max_rounds: int) -> Steps:
    """A whole game: turns until the game is over, or ``max_rounds`` complete rounds (then
    ``stalled``, the safety cap). The main phase is written out here rather than delegated:
    each level of ``yield from`` costs every decision that passes through it, and a game has
    a few hundred actions."""
    cap = max_rounds * g.n
    ActDecision = legal.ActDecision
    perform_buy_resource = actions.perform_buy_resource
    while not g.over:
        if g.turns >= cap:
            g.stalled = True
            return
        # A new turn: start_steps written out, its abilities' generator only for a player who
        # has them (they may change any part of the observations' table).
        reset_turn(g)
        seat = g.current
        p = g.players[seat]
        if p.start_draw or p.start_cycle:
            g.obs_stale = ALL_PARTS
            yield from effects.start_of_turn(g, p)
        hand = p.hand
        while any(hand):            # every action pays with cards: an empty hand only ends step A
            action = yield ActDecision(g, seat)
            kind = action[0]
            if kind == "end":
                break
            # What the action may change of the table the observations show (observation.py).
            if kind == "buy_resource":           # the commonest action, without a generator
                g.obs_stale |= MARKET | (USES if action[3][1] else 0)
                perform_buy_resource(g, action[1], action[2], action[3])
            else:
                g.obs_stale |= _CHANGES.get(kind, ALL_PARTS)
                if kind in ASKING:
                    yield from perform(g, action)
                else:
                    perform_at_once(g, action)
        # The end of the turn changes no part of the table unless it asks something (storage
        # discards, abilities); the next turn's reset is marked above.
        if not end_quietly(g):
            g.obs_stale = ALL_PARTS
            yield from end_steps(g)


def begin(g: GameState, max_rounds: int = 200) -> GameState:
    """Start ``g`` as a game driven by decisions (``g.decision()`` / ``g.apply()``)."""
    g.flow = Flow(game_steps(g, max_rounds))
    return g


# --- Playing directly, outside the driver (tests and tools) ------------------------------------


def start_turn(g: GameState, ask: Ask | None = None) -> None:
    run(g, start_steps(g), ask)


def end_turn(g: GameState, ask: Ask | None = None) -> None:
    run(g, end_steps(g), ask)


def play_turn(g: GameState, ask: Ask | None = None) -> None:
    """One whole turn, its decisions answered by ``ask`` (default: their default answers, which
    play no card)."""
    run(g, turn_steps(g), ask)


def play_game(g: GameState, max_rounds: int = 200, ask: Ask | None = None) -> GameState:
    """Play to the end, or until ``max_rounds`` complete rounds (then ``stalled``)."""
    run(g, game_steps(g, max_rounds), ask)
    return g
