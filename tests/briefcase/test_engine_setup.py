"""Setup (rulebook, Setup), read from setup.yaml."""

from __future__ import annotations

import random

import pytest

from cardgen.games.briefcase.engine import compile_rules, new_game
from cardgen.games.briefcase.engine.rules import ACTIVATE, BUY, HIRE, OBSTACLE

from .helpers import cid, game_data, make_game, res, rules_for


@pytest.mark.parametrize("players", [2, 3, 4])
def test_market_has_piles_per_player_and_whole_energy_and_imported_piles(players):
    g = make_game(players)
    assert g.market[res("concrete")] == 5 * players
    assert g.market[res("steel")] == 5 * players
    assert g.market[res("paper")] == 5 * players
    assert g.market[res("personnel")] == 6 * players
    assert g.market[res("energy")] == 24
    assert g.market[res("imported")] == 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_decks_are_taken_from_the_decision_bank(players):
    g = make_game(players)
    assert g.bank[BUY] == 12 * players - 3 * players
    assert g.bank[ACTIVATE] == 30 - 3 * players
    assert g.bank[OBSTACLE] == 52 - 6 * players
    assert g.bank[HIRE] == 18
    for p in g.players:
        assert p.cards_owned() == [3, 3, 6, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_draws_a_first_hand_of_four_from_a_shuffled_deck(players):
    g = make_game(players)
    for p in g.players:
        assert sum(p.hand) == 4 and len(p.deck) == 8
    decks = {tuple(p.deck) for p in make_game(4, seed=1).players}
    assert len(decks) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_central_bank_holds_five_victory_point_cards_per_player(players):
    assert make_game(players).central_bank_vp == 5 * players


def test_two_resource_blocks_start_on_two_different_random_basic_piles():
    seen = set()
    for seed in range(30):
        g = make_game(seed=seed)
        assert len(g.resource_blocks) == 2 and len(set(g.resource_blocks)) == 2
        assert all(r in g.rules.blockable for r in g.resource_blocks)
        seen.update(g.resource_blocks)
    assert seen == {res("personnel"), res("steel"), res("concrete"), res("paper")}


@pytest.mark.parametrize("players,blocks", [(2, 2), (3, 1), (4, 1)])
def test_company_blocks_start_beside_the_portfolio_two_at_two_players(players, blocks):
    # "Place one company block next to the Company Card Portfolio. In a 2 player game use 2."
    g = make_game(players)
    assert g.company_blocks == [-1] * blocks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_one_deactivated_power_plant(players):
    g = make_game(players)
    pp = cid(g, "power_plant")
    for p in g.players:
        assert p.companies == [pp] and p.owned[pp] and not p.active[pp]
    assert pp not in g.portfolio


def test_portfolio_from_an_official_set_with_piles_of_the_printed_copies():
    for players in (2, 3, 4):
        g = make_game(players, set_ref="simple")
        ids = {g.rules.companies[c].id for c in g.portfolio}
        assert ids == set(game_data().sets["simple"].company_ids)
        for c in g.portfolio:
            assert g.piles[c] == dict(g.rules.companies[c].copies)[players]


def test_portfolio_from_a_custom_company_set_with_a_new_company():
    from cardgen.games.briefcase.load import load_briefcase
    from tests.conftest import REPO

    data, custom = load_briefcase(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml")
    rules = compile_rules(data, custom)
    g = new_game(rules, 3, random.Random(0))
    incubator = rules.company_index["startup_incubator"]
    assert incubator in g.portfolio and g.piles[incubator] == 3
    assert len(g.portfolio) == 14


def test_random_portfolio_draws_eight_level_one_and_six_level_two_companies():
    rules = rules_for(None)
    portfolios = set()
    for seed in range(10):
        g = new_game(rules, 4, random.Random(seed))
        levels = [rules.companies[c].level for c in g.portfolio]
        assert levels.count(1) == 8 and levels.count(2) == 6
        assert len(set(g.portfolio)) == 14
        assert cid(g, "power_plant") not in g.portfolio
        portfolios.add(g.portfolio)
    assert len(portfolios) > 1


@pytest.mark.parametrize("players", [1, 5])
def test_setup_refuses_a_player_count_outside_two_to_four(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        make_game(players)
