"""One conformance test for every game played through the shared driver (the toy game of these
tests and every registered game): random games reach their end with the invariants on, every
illegal choice of a sample is rejected, a replayed log reaches the same end, and what a seat
observes does not change when the cards it cannot see are dealt differently."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgen.games import game_module, registered_games
from cardgen.sim.decisions import Decision, IllegalAction, as_logged
from cardgen.sim.driver import RandomPolicy, drive, play_game, policy_seed, replay
from tests.sim.toy.simulation import SIMULATOR as TOY

ILLEGAL = "\u2716 not an option"


def _ported() -> list[Any]:
    found = [TOY]
    for game in registered_games():
        module = game_module(game, "simulation")       # a game may have no engine yet
        if module is not None and hasattr(module.SIMULATOR, "new_state"):
            found.append(module.SIMULATOR)
    return found


SIMULATORS = _ported()
IDS = [s.game for s in SIMULATORS]


def _config(simulator: Any, players: int) -> Any:
    if simulator is TOY:
        return {"players": players}
    return simulator.prepare(players=players, set_ref=None, bots=["random"] * players, options={})


def _players(simulator: Any) -> list[int]:
    return [2, 3, 4] if simulator is TOY else list(getattr(simulator, "player_counts", (2, 3, 4)))


def illegal_choices(decision: Decision) -> list[Any]:
    """Choices the decision must refuse, whatever the game."""
    options = list(decision.options)
    if decision.kind == "yes_no":
        return ["maybe", 1, None]
    if decision.kind in ("choose", "act"):
        return [ILLEGAL, [ILLEGAL]]
    if decision.kind == "order":
        bad = [ILLEGAL] if not options else [options[:-1], options + options[:1], [ILLEGAL] + options[1:]]
        return [*bad, "not a list"]
    found: list[Any] = [[ILLEGAL], "not a list"]
    if options and options.count(options[0]) == 1:
        # Twice the same option, unless the options hold it twice (a multiset: two Steel of
        # a storage to discard from).
        found.append([options[0], options[0]])
    if decision.high < len(options):
        found.append(options[: decision.high + 1])
    return found


@pytest.mark.parametrize("simulator", SIMULATORS, ids=IDS)
def test_random_games_reach_their_end_with_the_invariants_on(simulator: Any):
    for players in _players(simulator):
        for seed in range(3):
            result = play_game(simulator, _config(simulator, players), seed, ["random"] * players,
                               invariants=True)
            assert result.players == players and len(result.scores) == players
            assert result.stalled or result.winners


@pytest.mark.parametrize("simulator", SIMULATORS, ids=IDS)
def test_every_illegal_choice_is_rejected_and_changes_nothing(simulator: Any):
    players = _players(simulator)[0]
    config = _config(simulator, players)
    state = simulator.new_state(config, 11, True)
    policies = [RandomPolicy(policy_seed(11, s)) for s in range(players)]
    checked = 0
    while (decision := state.decision()) is not None and checked < 200:
        for bad in illegal_choices(decision):
            with pytest.raises(IllegalAction):
                state.apply(bad)
            assert state.decision() is decision          # still pending, untouched
        state.apply(policies[decision.seat].decide(state.observation(decision.seat), decision))
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("simulator", SIMULATORS, ids=IDS)
def test_a_logged_game_replays_to_the_same_end(simulator: Any):
    players = _players(simulator)[-1]
    config = _config(simulator, players)
    log: list[dict[str, Any]] = []
    original = play_game(simulator, config, 5, ["random"] * players, log=log)
    replayed = simulator.result(replay(simulator, config, 5, log), 5, ["random"] * players)
    assert (replayed.scores, replayed.turns, replayed.winners) == \
        (original.scores, original.turns, original.winners)
    assert log, "a game with no decisions proves nothing"


@pytest.mark.parametrize("simulator", SIMULATORS, ids=IDS)
def test_what_a_seat_observes_does_not_depend_on_cards_it_cannot_see(simulator: Any):
    """At every seventh decision, the same game replayed with the cards its seat cannot see
    dealt anew shows that seat the same observation. (A twin state, not the observation kept
    before a redeal: an engine may bring a seat's observation up to date in place.)"""
    players = _players(simulator)[-1]
    config = _config(simulator, players)
    state = simulator.new_state(config, 3, False)
    policies = [RandomPolicy(policy_seed(3, s)) for s in range(players)]
    rng = random.Random(1)
    log: list[dict[str, Any]] = []
    steps = 0
    while (decision := state.decision()) is not None and steps < 300:
        if steps % 7 == 0:
            seat = decision.seat
            twin = replay(simulator, config, 3, log)
            simulator.redeal(twin, seat, rng)
            assert twin.observation(seat) == state.observation(seat), \
                f"step {steps}: seat {seat} saw hidden cards"
        choice = policies[decision.seat].decide(state.observation(decision.seat), decision)
        state.apply(choice)
        log.append({"seat": decision.seat, "decision": decision.tag, "choice": as_logged(choice)})
        steps += 1


def test_the_driver_refuses_a_policy_that_cheats():
    class Cheat:
        def decide(self, observation: Any, decision: Decision) -> Any:
            return ILLEGAL

    state = TOY.new_state({"players": 2}, 1)
    with pytest.raises(IllegalAction):
        drive(state, [Cheat(), Cheat()])


@pytest.mark.parametrize("simulator", SIMULATORS, ids=IDS)
def test_every_bot_of_the_game_answers_only_legal_choices(simulator: Any):
    players = _players(simulator)[0]
    for name in simulator.bots:
        result = play_game(simulator, _config(simulator, players), 2, [name] * players, invariants=True)
        assert result.players == players
