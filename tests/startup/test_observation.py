"""What a seat observes is what it may see and nothing more, bots decide from it alone, and a
game is a function of its seed and its decisions: bots cannot reach another hand, cannot move a
chance outcome, and a logged game replays from its JSON log."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardgen.games.startup.engine import Action, Game
from cardgen.games.startup.engine.observation import Observation
from cardgen.games.startup.engine.state import Player, Table
from cardgen.games.startup.simulation import SIMULATOR
from cardgen.sim.decisions import IllegalAction
from cardgen.sim.driver import drive, play_game, policy_seed, replay
from tests.startup.table import hand, table, take

PRIMITIVES = (int, float, str, bool, type(None))


def _config(players: int, **options: Any) -> Any:
    return SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players, options=options)


def _reachable(obj: Any) -> Iterator[Any]:
    """Every object reachable from ``obj`` through fields, items and attributes."""
    seen: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, PRIMITIVES) or id(x) in seen:
            continue
        seen.add(id(x))
        yield x
        if isinstance(x, tuple | list | set | frozenset):
            stack.extend(x)
        elif hasattr(x, "items") and hasattr(x, "keys"):
            stack.extend(k for kv in x.items() for k in kv)
        elif hasattr(x, "__dict__"):
            stack.extend(vars(x).values())


def _states(players: int, bots: str, seed: int) -> Iterator[tuple[Game, list[Any]]]:
    """A game at each of its decisions, with its seats' policies."""
    game = SIMULATOR.new_state(_config(players), seed, invariants=True)
    policies = [SIMULATOR.policy(bots, s, policy_seed(seed, s)) for s in range(players)]
    while game.decision() is not None:
        yield game, policies
        decision = game.decision()
        game.apply(policies[decision.seat].decide(game.observation(decision.seat), decision))


def test_an_observation_leads_nowhere_near_the_game():
    """No field, item or attribute of an observation reaches the game, a player, the table or
    any of their mutable zones; outside the static card data it holds no mutable container."""
    checked = 0
    for game, _ in _states(4, "random", 8):
        obs = game.observation(game.decision().seat)
        state = [game, game.table, game.refused, game.shown, game.counters, *vars(game.table).values()]
        for p in game.players:
            state += [p, *vars(p).values()]
        forbidden = {id(x) for x in state}
        for x in _reachable(obs):
            assert id(x) not in forbidden and not isinstance(x, Game | Player | Table), x
        static = {"model", "rules", "defs"}
        for name, value in zip(obs._fields, obs, strict=True):
            if name not in static:
                assert not any(isinstance(x, list | dict | set) for x in _reachable(value)), name
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_what_a_seat_observes_does_not_change_when_its_hidden_cards_are_dealt_anew(players, bots):
    """At every decision of whole games, the deciding seat's observation is the same after the
    draw pile and the other hands are dealt anew; the games still end with the invariants on."""
    rng = random.Random(players)
    tags: set[str] = set()
    for seed in range(4):
        for game, _ in _states(players, bots, seed):
            decision = game.decision()
            tags.add(decision.tag)
            before = game.observation(decision.seat)
            SIMULATOR.redeal(game, decision.seat, rng)
            assert game.observation(decision.seat) == before, f"seed {seed}: {decision.tag} saw hidden cards"
        assert game.winner is not None or game.stalled
    assert {"choose_startup", "action", "react", "accept_alliance", "take_from_hand"} <= tags


def test_a_trade_shows_the_offered_card_to_the_ally_only():
    game, bots = table(3)
    game.form_alliance(0, 1, hand(game, 2, "strategic_alliance")[0])
    game.players[2].hand.clear()
    offered = hand(game, 0, "ditch")[0]
    reply = hand(game, 1, "series_a")[0]
    asked = game.asks(game.engine.perform(0, Action("trade", offered, 1)))
    assert (asked.seat, asked.tag) == (1, "trade_reply")
    assert game.observation(1).revealed == (offered,) and game.observation(1).offer.card == offered
    assert game.observation(2).offer is None and game.observation(2).revealed == ()
    game.apply(reply)
    assert game.decision().tag == "trade_confirm"
    assert game.observation(0).revealed == (reply,)


def test_bots_cannot_move_a_chance_outcome():
    """Chance is the game's RNG alone: whatever the seats' bots choose (and whatever their own
    seeds), the deal, the first player and the RNG state after setup are the same."""
    def after_setup(bots: str) -> tuple:
        for game, _ in _states(4, bots, 21):
            if game.decision().tag == "action":
                return ([list(p.hand) for p in game.players], list(game.table.draw_pile), game.first_player,
                        game.rng.getstate())
        raise AssertionError("no turn began")

    assert after_setup("random") == after_setup("heuristic")


def test_a_game_is_a_function_of_its_seed_and_its_decisions():
    """A mixed game logged as JSON Lines replays to the same end, counters and items included."""
    seats = ["heuristic", "random", "heuristic", "random"]
    config = _config(4)
    log: list[dict[str, Any]] = []
    original = play_game(SIMULATOR, config, 9, seats, invariants=True, log=log)
    read_back = [json.loads(json.dumps(entry)) for entry in log]
    replayed = SIMULATOR.result(replay(SIMULATOR, config, 9, read_back, invariants=True), 9, seats)
    assert replayed == original
    assert {e["decision"] for e in log} >= {"choose_startup", "action"}


def test_a_game_stopped_by_the_safety_cap_can_be_inspected():
    game = SIMULATOR.new_state(_config(3, max_turns=5), 7)
    drive(game, [SIMULATOR.policy("random", s, policy_seed(7, s)) for s in range(3)])
    assert game.stalled and game.decision() is None and game.turns == 5 and game.winner is None
    assert sum(len(p.hand) for p in game.players) > 0 and game.observation(0).turns == 5
    with pytest.raises(IllegalAction):
        game.apply(None)


def test_apply_refuses_a_play_that_is_not_legal_and_changes_nothing():
    game, _ = table(3)
    card = hand(game, 0, "poach")[0]
    asked = game.asks(game.engine.card_plays(0))
    assert asked.options == (Action("bank", card), None)       # nothing to Poach: only bank it
    for bad in (Action("use", card, 1), Action("bank", card + 1), ["bank", card, None]):
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert game.decision() is asked and game.players[0].hand == [card]
    game.apply(["bank", card, None, None])                      # a play read back from a JSON log
    assert game.players[0].bank == [card]


def test_a_refused_choice_reads_as_the_json_a_log_holds():
    game = SIMULATOR.new_state(_config(3), 1, invariants=True)
    assert game.decision().tag == "choose_startup"
    for bad, shown in (("x", '"x"'), (None, "null"), (True, "true")):
        with pytest.raises(IllegalAction) as refused:
            game.apply(bad)
        assert str(refused.value) == f"choose_startup: {shown} is not one of the options"
    game, _ = table(3)
    card = hand(game, 0, "poach")[0]
    game.asks(game.engine.card_plays(0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action("use", card, 1))
    assert f'["use", {card}, 1, null] is not one of the options' in str(refused.value)


def test_the_observation_reads_like_the_table():
    game, _ = table(3)
    mine = hand(game, 0, "series_a", "poach")
    hand(game, 1, "cto")
    obs: Observation = game.observation(0)
    assert obs.hand == tuple(mine) and [p.hand_size for p in obs.players] == [2, 1, 0]
    assert obs.draw_pile == len(game.table.draw_pile) and obs.current == 0
    assert [obs.valuation(s) for s in range(3)] == [game.valuation(s) for s in range(3)]
    assert obs.others(0) == game.others(0) and obs.card(mine[0]).id == "series_a"
    assert "model" not in repr(obs)


def test_the_hand_limit_discard_is_asked_of_the_holder_who_sees_only_its_own_hand():
    """Above the hand limit the holder chooses what to discard (choose_many, exactly the excess);
    dealing its hidden cards anew changes nothing it sees, and the heuristic bot lets go of its
    least valuable card."""
    game, _ = table(3)
    game.bots[0] = SIMULATOR.policy("heuristic", 0, 0)
    kept = hand(game, 0, "series_c", "series_c", "series_b", "series_b", "series_a", "cto", "head_of_sales")
    hand(game, 1, "poach", "seed_round")
    product_designer = take(game, "product_designer")
    game.table.draw_pile.append(product_designer)
    asked = game.asks(game.engine.draw(0))
    assert (asked.seat, asked.tag, asked.kind, asked.low, asked.high) == (0, "discard", "choose_many", 1, 1)
    assert sorted(asked.options) == sorted([*kept, product_designer])
    before = game.observation(0)
    SIMULATOR.redeal(game, 0, random.Random(2))
    assert game.observation(0) == before
    assert game.answer(0, asked) == [product_designer]
