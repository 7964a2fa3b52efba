"""What a person at ``cardgen play fmnyc`` reads: every option of every decision as words (crate
names, squares by what stands on them, seats from 1, coins with their unit), never the Python
value the engine and the logs keep; the board's description the same way."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest

from cardgen.games.fmnyc.engine import names
from cardgen.games.fmnyc.engine.game import Game
from cardgen.games.fmnyc.engine.state import Truck
from cardgen.games.fmnyc.simulation import SIMULATOR
from cardgen.games.fmnyc.texts import LABELS
from cardgen.sim.decisions import Decision
from cardgen.sim.driver import RandomPolicy, drive, policy_seed
from cardgen.sim.seeds import game_seed

# What a Python value printed as it is looks like: a list's brackets, a quoted string, a tuple
# of numbers, a data id ("canned_food").
REPR = re.compile(r"[\[\]_]|'\w[^']*'|\(\d+, \d+\)")


class Reader(RandomPolicy):
    """The random bot, reading every label of every decision while it is pending (as a person
    does), by decision tag."""

    def __init__(self, seed: int, read: dict[str, list[tuple[Any, str]]]):
        super().__init__(seed)
        self.read = read

    def decide(self, observation: Any, decision: Decision) -> Any:
        for i, option in enumerate(decision.options):
            self.read[decision.tag].append((option, decision.label(i)))
        self.read["prompt"].append((decision.tag, decision.prompt))
        return super().decide(observation, decision)


def read_games(players: int, games: int, **options: Any) -> dict[str, list[tuple[Any, str]]]:
    cfg = SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players, options=options)
    read: dict[str, list[tuple[Any, str]]] = defaultdict(list)
    for i in range(games):
        state = SIMULATOR.new_state(cfg, game_seed(5, i))
        drive(state, [Reader(policy_seed(i, seat), read) for seat in range(players)])
    return read


@pytest.fixture(scope="module")
def read() -> dict[str, list[tuple[Any, str]]]:
    out: dict[str, list[tuple[Any, str]]] = defaultdict(list)
    for players, options in ((2, {"career": "full", "stocks": True}), (3, {"career": "quick"}),
                             (5, {"career": "full", "stocks": True})):
        for tag, labels in read_games(players, 3, **options).items():
            out[tag] += labels
    return out


def test_every_option_of_every_decision_reads_as_words(read: dict[str, list[tuple[Any, str]]]):
    # the random games reach the decisions a game asks most (and the rarer ones of the add-ons)
    assert {"any_time", "assign", "open_bid", "outbid", "choose:6", "delivery_route", "sell",
            "career_draft", "career_keep", "roadblock_slot", "place_disc"} <= set(read)
    for tag, labels in read.items():
        if tag == "prompt":
            continue
        for option, label in labels:
            assert isinstance(label, str) and label.strip(), (tag, option)
            assert not REPR.search(label), (tag, option, label)
            assert label != str(option) or isinstance(option, str), (tag, option)


def test_prompts_read_as_sentences(read: dict[str, list[tuple[Any, str]]]):
    for tag, prompt in read["prompt"]:
        assert prompt[:1].isupper() and not REPR.search(prompt), (tag, prompt)
        assert not prompt.endswith("?") or tag in ("auction_bonus", "career_stage", "defend", "recharge"), \
            (tag, prompt)


def test_labels_are_made_only_when_read():
    # a simulated game never reads one: each decision holds the function that names an option
    cfg = SIMULATOR.prepare(players=3, set_ref=None, bots=["random"] * 3, options={})
    state = SIMULATOR.new_state(cfg, 1)
    decision = state.decision()
    assert decision is not None and decision.tag == "open_bid" and "labels" not in vars(decision)
    name, calls = vars(decision)["name"], []
    vars(decision)["name"] = lambda o: calls.append(o) or name(o)
    assert decision.label(1) == name(decision.options[1]) and calls == [decision.options[1]]
    assert decision.labels == tuple(decision.label(i) for i in range(len(decision.options)))


def test_an_auction_bid_reads_with_its_coins_and_the_lot():
    cfg = SIMULATOR.prepare(players=2, set_ref=None, bots=["random"] * 2, options={})
    game: Game = SIMULATOR.new_state(cfg, 1)
    decision = game.decision()
    assert decision is not None and decision.tag == "open_bid"
    assert decision.label(0) == "pass"
    box, bid = decision.options[1]
    lot = ", ".join(names.crate(game.table, c) for c in game.board.containers[box])
    assert decision.label(1) == f"bid {bid} coins for container {box + 1} ({lot})"
    game.apply(decision.options[1])                # the other seat may outbid by a coin
    outbid = game.decision()
    assert outbid is not None and outbid.tag == "outbid"
    assert [outbid.label(i) for i in range(2)] == ["pass", f"bid {bid + 1} coins"]
    assert outbid.prompt == f"Seat 1 bids {bid} coins for container {box + 1} ({lot}): outbid, or pass"


def test_squares_read_as_the_board_prints_them(read: dict[str, list[tuple[Any, str]]]):
    shown = set()
    for players in (2, 3, 5):
        table = SIMULATOR.prepare(players=players, set_ref=None, bots=["random"] * players, options={}).table
        side = {names.square(table, q.index) for q in table.squares}
        assert len(side) == len(table.squares)        # each square once: its name says which
        shown |= side
    assert {"Jewelry shop", "Canned Food Factory", LABELS["label:pawn_shop"]} <= shown
    # a route and a partnership name the same squares
    routes = {label for _, label in read["delivery_route"]} - {"stay home: no delivery"}
    assert routes and routes <= shown
    assert {label for _, label in read["partnership:shop"]} <= shown


def test_a_stage_option_says_what_it_does(read: dict[str, list[tuple[Any, str]]]):
    labels = {label for _, label in read["choose:6"]}
    assert "sell: Sell 1 crate to the supply at its Cost Price" in labels
    assert "skip: do nothing more here" in labels


def test_the_description_names_squares_crates_and_trucks():
    cfg = SIMULATOR.prepare(players=2, set_ref=None, bots=["random"] * 2, options={})
    game: Game = SIMULATOR.new_state(cfg, 1)
    game.seats[0].trucks.append(Truck(6, 1))      # square 6 of the 2-3 side: the pawn shop
    text = "\n".join(SIMULATOR.describe(game.observation(0)))
    assert "the Jewelry shop (top row, column 1)" in text
    assert "trucks parked: at the Pawn Shop with 1 worker" in text
    assert not re.search(r"[\[\]_]|square \d", text)
