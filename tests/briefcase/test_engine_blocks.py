"""Obstacle cards and blocks (rulebook, "Obstacle" Decision cards, Block and Unblock)."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import actions
from cardgen.games.briefcase.engine.rules import BUY, OBSTACLE
from cardgen.games.briefcase.engine.state import IllegalAction

from .helpers import check_all, cid, make_game, res, set_hand


def test_two_cards_of_one_type_move_a_resource_block_to_another_resource():
    # "In order to unblock Steel, a player must move the block card onto either Concrete or
    # Personnel" (Paper being blocked too).
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, obstacle=2)
    assert sorted(actions.block_targets(g, "resource", 0)) == [res("personnel"), res("concrete")]
    actions.move_block(g, "resource", 0, res("concrete"), OBSTACLE)
    assert g.resource_blocks == [res("concrete"), res("paper")] and g.blocks_moved == 1
    assert g.players[0].played[OBSTACLE] == 2
    check_all(g)


def test_any_two_cards_of_the_same_type_move_a_block():
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, buy=2)
    actions.move_block(g, "resource", 1, res("personnel"), BUY)
    assert g.resource_blocks == [res("steel"), res("personnel")]


def test_two_cards_of_different_types_do_not_move_a_block():
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, buy=1, obstacle=1)
    for t in range(4):
        assert actions.block_plan(g, t) is None
    with pytest.raises(IllegalAction):
        actions.move_block(g, "resource", 0, res("concrete"), OBSTACLE)


def test_a_block_must_move_to_a_different_unblocked_target():
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, obstacle=2)
    for target in (res("steel"), res("paper")):
        with pytest.raises(IllegalAction):
            actions.move_block(g, "resource", 0, target, OBSTACLE)


def test_imported_and_energy_cannot_be_blocked():
    g = make_game()
    g.resource_blocks = [res("steel"), res("paper")]
    set_hand(g, 0, obstacle=2)
    for target in (res("imported"), res("energy")):
        with pytest.raises(IllegalAction):
            actions.move_block(g, "resource", 0, target, OBSTACLE)


def test_a_resource_block_does_not_block_a_company_and_vice_versa():
    g = make_game()
    assert all(c in g.portfolio for c in actions.block_targets(g, "company", 0))
    assert all(r in g.rules.blockable for r in actions.block_targets(g, "resource", 0))
    set_hand(g, 0, obstacle=2)
    with pytest.raises(IllegalAction):
        actions.move_block(g, "resource", 0, cid(g, "warehouses") + 100, OBSTACLE)


def test_a_company_block_moves_from_beside_the_portfolio_onto_a_company():
    g = make_game(players=3)
    wh = cid(g, "warehouses")
    set_hand(g, 0, obstacle=2, buy=2)
    actions.move_block(g, "company", 0, wh, OBSTACLE)
    assert g.company_blocks == [wh]
    assert "blocked" in actions.company_problem(g, wh)
    check_all(g)


def test_a_company_block_must_move_to_a_different_company():
    """"If a block is to be moved, it must always be moved to a different company/resource
    than the one currently blocked": a company block cannot be moved onto its own company."""
    g = make_game(players=3)
    wh = cid(g, "warehouses")
    g.company_blocks = [wh]
    set_hand(g, 0, obstacle=4)
    assert wh not in actions.block_targets(g, "company", 0)
    with pytest.raises(IllegalAction):
        actions.move_block(g, "company", 0, wh, OBSTACLE)
    assert g.players[0].played[OBSTACLE] == 0
    other = cid(g, "cargo_company")
    actions.move_block(g, "company", 0, other, OBSTACLE)
    assert g.company_blocks == [other]
    assert actions.company_problem(g, wh) is None     # Warehouses is unblocked
    check_all(g)
