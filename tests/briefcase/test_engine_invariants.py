"""The invariant checks catch what they are meant to catch."""

from __future__ import annotations

import pytest

from cardgen.games.briefcase.engine import invariants
from cardgen.games.briefcase.engine.invariants import InvariantError
from cardgen.games.briefcase.engine.rules import BUY

from .helpers import cid, end_turn, make_game, res, set_storage


def test_a_created_decision_card_is_caught():
    g = make_game()
    g.players[0].discard[BUY] += 1
    with pytest.raises(InvariantError, match="decision cards"):
        invariants.check_conservation(g)


def test_a_lost_resource_is_caught():
    g = make_game()
    g.market[res("steel")] -= 1
    with pytest.raises(InvariantError, match="steel"):
        invariants.check_conservation(g)


def test_a_duplicated_company_card_is_caught():
    g = make_game()
    g.piles[cid(g, "warehouses")] += 1
    with pytest.raises(InvariantError, match="Warehouses"):
        invariants.check_conservation(g)


def test_storage_over_the_limit_after_a_turn_is_caught():
    g = make_game()
    set_storage(g, 0, steel=6)
    g.players[0].storage_limit = 5
    end_turn(g)                      # the engine enforces the limit first: no error
    set_storage(g, 1, steel=3, paper=3)
    g.current = 1
    with pytest.raises(InvariantError, match="over a limit"):
        invariants.check_end_of_turn(g)


def test_a_block_on_an_illegal_target_is_caught():
    g = make_game()
    g.resource_blocks = [res("imported"), res("steel")]
    with pytest.raises(InvariantError, match="cannot be blocked"):
        invariants.check_blocks(g)


def test_a_resource_block_kept_after_its_pile_ran_out_is_caught():
    g = make_game()
    g.players[1].storage[res("steel")] += g.market[res("steel")]
    g.market[res("steel")] = 0
    with pytest.raises(InvariantError, match="basic piles exhausted"):
        invariants.check_blocks(g)
