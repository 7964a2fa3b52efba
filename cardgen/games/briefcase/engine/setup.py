"""Setting up a game for 2 to 4 players (rulebook, Setup), from the numbers in ``setup.yaml``."""

from __future__ import annotations

import random

from cardgen.games.briefcase.engine import cards, effects
from cardgen.games.briefcase.engine.rules import N_CARDS, N_RES, Rules
from cardgen.games.briefcase.engine.state import GameState


def choose_portfolio(rules: Rules, rng: random.Random) -> tuple[int, ...]:
    """The set's companies, or 8 level-1 and 6 level-2 randomizers drawn at random."""
    if rules.portfolio is not None:
        chosen = list(rules.portfolio)
    else:
        chosen = []
        for pool, size in zip(rules.randomizers, rules.portfolio_sizes, strict=True):
            chosen.extend(rng.sample(pool, size))
    # Laid out by level and buying cost, as the rulebook suggests.
    return tuple(sorted(chosen, key=lambda c: (rules.companies[c].level, rules.companies[c].cost or 0, c)))


def new_game(rules: Rules, players: int, rng: random.Random) -> GameState:
    """A game ready for its first turn: market, Decision Bank, blocks, portfolio, Central Bank,
    and each player's Power Plant, shuffled starting deck and first hand. ``turn.begin`` starts
    it as a game of decisions."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"Briefcase is played by {rules.min_players} to {rules.max_players} players, "
                         f"not {players}")
    effects.check_supported(rules)
    g = GameState(rules, players, rng)
    for r in range(N_RES):
        whole = rules.market_whole_pile[r]
        g.market[r] = rules.res_total[r] if whole else rules.market_per_player[r] * players
    for t in range(N_CARDS):
        whole = rules.bank_whole_pile[t]
        g.bank[t] = rules.card_total[t] if whole else rules.bank_per_player[t] * players
    g.initial_cards = list(g.bank)
    g.initial_res = list(g.market)

    # Two resource blocks in front of two different blockable piles; company blocks start
    # beside the portfolio (the rulebook places them "next to" it, blocking nothing yet).
    g.resource_blocks = rng.sample(rules.blockable, min(rules.resource_blocks, len(rules.blockable)))
    g.company_blocks = [-1] * rules.company_blocks_for(players)

    g.portfolio = choose_portfolio(rules, rng)
    for ci in g.portfolio:
        g.piles[ci] = rules.companies[ci].pile_size(players)
    g.central_bank_vp = min(rules.vp_cards_total, rules.central_bank_vp_per_player * players)

    for p in g.players:
        for ci in rules.starting:
            p.owned[ci] = True
            p.companies.append(ci)
        p.companies.sort()
        for t in range(N_CARDS):
            k = rules.starting_deck[t]
            if rules.starting_deck_from_bank:
                k = cards.take_from_bank(g, t, k)
            else:
                g.initial_cards[t] += k
            p.deck.extend([t] * k)
        cards.shuffle(rng, p.deck)
        effects.refresh(g, p)
    g.initial_piles = list(g.piles)
    for ci in rules.starting:
        g.initial_piles[ci] += players
    # At the start of the game each player draws 4 cards.
    for p in g.players:
        cards.draw(g, p, rules.hand_size)
    return g
