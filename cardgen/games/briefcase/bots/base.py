"""The decisions the engine asks a player for, with plain defaults.

A bot plays its turn in ``play`` by calling ``engine.actions``; the engine calls the other
hooks when a rule leaves a choice to a player (an ability's target, which card to top-deck,
which resources to discard over the storage limit...). Bots draw any randomness from the
game's own ``g.rng``, so that a seed fixes the whole game.
"""

from __future__ import annotations

from cardgen.games.briefcase.engine.cards import DEFAULT_SPEND
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, N_RES, OBSTACLE
from cardgen.games.briefcase.engine.state import GameState

# How much a decision card is worth keeping, by type (used by the defaults).
CARD_VALUE = {BUY: 3, ACTIVATE: 2, HIRE: 1, OBSTACLE: 0}


class Bot:
    name = "base"
    # Cards given up first when an ability lets any cards stand in for another type.
    spend: tuple[int, ...] = DEFAULT_SPEND

    # --- Start of turn ----------------------------------------------------------------------
    def use_start_draw(self, g: GameState, seat: int) -> bool:
        """Take a Newspaper-like extra card?"""
        return True

    def start_order(self, g: GameState, seat: int, companies: list[int]) -> list[int]:
        """The order in which several start-of-turn abilities (``companies``) act; the default
        keeps the engine's: Newspaper-like draws, then Contractor-like cycling."""
        return companies

    def cycle_card(self, g: GameState, seat: int) -> int | None:
        """A Contractor-like ability: the card type to discard and replace, or None."""
        hand = g.players[seat].hand
        return OBSTACLE if hand[OBSTACLE] else None

    # --- Step A -----------------------------------------------------------------------------
    def play(self, g: GameState, seat: int) -> None:
        """Play decision cards through ``engine.actions``; the default plays none."""

    # --- Choices during the player's own abilities -------------------------------------------
    def remove_from_hand(self, g: GameState, seat: int) -> int | None:
        """An Oil-Refinery-like ability: the card type to remove from the game, or None."""
        hand = g.players[seat].hand
        for t in (OBSTACLE, HIRE):
            if hand[t]:
                return t
        return None

    def take_from_discard(self, g: GameState, seat: int, pool: list[int], count: int) -> list[int]:
        """A Shipping-like ability: resources to take from ``pool`` (counts per resource)."""
        picks: list[int] = []
        pool = list(pool)
        while len(picks) < count and any(pool):
            r = max(range(N_RES), key=lambda r: (pool[r], -r))
            pool[r] -= 1
            picks.append(r)
        return picks

    def opponent_discard(self, g: GameState, seat: int, opponent: int, options: tuple[int, ...]) -> int:
        """A Law-Firm-like ability: which of ``options`` the opponent discards."""
        return BUY if BUY in options else options[0]

    def take_from_opponent(self, g: GameState, seat: int, opponent: int, resource: int) -> bool:
        return True

    def deactivate_pick(self, g: GameState, seat: int, opponent: int, candidates: list[int]) -> int | None:
        """A Brokerage-like ability: the opponent's company to deactivate, or None."""
        return max(candidates, key=lambda c: (g.rules.companies[c].vp, -c))

    def production_on_top(self, g: GameState, seat: int, made: list[int]) -> list[int] | None:
        """A Biology-Lab-like ability: the order (last on top) to put ``made`` on the draw
        pile, or None for the discard pile."""
        return sorted(made, key=lambda t: CARD_VALUE[t])

    def topdeck_pick(self, g: GameState, seat: int) -> int | None:
        """A Consulting-like ability: the played card type to put on the draw pile, or None."""
        played = g.players[seat].played
        for t in (BUY, ACTIVATE, HIRE, OBSTACLE):
            if played[t]:
                return t
        return None

    def storage_discard(self, g: GameState, seat: int, excess: int) -> list[int]:
        """Resources to discard at the end of the turn to meet the storage limit."""
        return []

    def extra_draw(self, g: GameState, seat: int, company: int) -> bool:
        """Draw the additional card an Insurance-Company-like ability allows (asked once the
        Draw step has drawn the rest)."""
        return True

    # --- Choices during other players' turns --------------------------------------------------
    def keep_hire_payment(self, g: GameState, seat: int, hirer: int, resources: list[int]) -> list[int]:
        """Which of the resources a hirer pays to keep (the rest are discarded); default all."""
        return resources
