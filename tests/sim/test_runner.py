"""The shared simulation runner and summary, on a tiny dice game."""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import islice

import pytest

from cardgen.sim.result import GameResult
from cardgen.sim.runner import RunSpec, batches, iter_results, local_executor, run
from cardgen.sim.seeds import game_seed, seat_bots
from cardgen.sim.stats import Summary, counts_distribution, distribution, summarise, wilson

REF = "tests.sim.dice.simulation:SIMULATOR"


def spec(games: int = 200, seed: int = 7, bots: list[str] | None = None) -> RunSpec:
    from tests.sim.dice.simulation import SIMULATOR

    bots = bots or ["low", "low", "high"]
    config = SIMULATOR.prepare(players=len(bots), set_ref=None, bots=bots, options={})
    return RunSpec(REF, config, games, seed, bots)


def summary_json(s: RunSpec, jobs: int) -> str:
    with local_executor(jobs) as executor:
        results = run(s, executor, jobs)
    return json.dumps(summarise("dice", len(s.bots), s.seed, s.bots, results))


def test_same_seed_gives_identical_json_whatever_the_number_of_processes():
    s = spec()
    assert summary_json(s, 1) == summary_json(s, 2)


def test_a_different_seed_gives_different_games():
    assert summary_json(spec(seed=1), 1) != summary_json(spec(seed=2), 1)


def test_game_seeds_depend_only_on_run_seed_and_index():
    assert game_seed(5, 3) == game_seed(5, 3)
    assert len({game_seed(5, i) for i in range(1000)}) == 1000
    assert game_seed(5, 3) != game_seed(6, 3)


def test_seats_rotate_so_every_bot_sits_in_every_seat_equally():
    bots = ["a", "b", "c", "d"]
    seen = {(seat, bot) for i in range(4) for seat, bot in enumerate(seat_bots(bots, i))}
    assert len(seen) == 16


def test_batches_cover_every_game_once():
    for games, workers in [(1, 2), (7, 2), (1000, 2), (999, 8)]:
        flat = [i for b in batches(games, workers) for i in b]
        assert flat == list(range(games))


def test_stalled_games_are_counted_never_dropped():
    s = spec(games=200)
    with local_executor(1) as ex:
        results = run(s, ex)
    summary = summarise("dice", 3, s.seed, s.bots, results)
    stalled = sum(1 for r in results if r.stalled)
    assert summary["games"] == 200
    assert summary["stalled"] == stalled
    assert summary["completed"] == 200 - stalled
    assert len(summary["stalled_seeds"]) == min(stalled, 20)


def result(winners: list[int], scores: list[int], stalled: bool = False) -> GameResult:
    return GameResult(seed=0, players=2, seat_bots=["x", "y"], turns=10, rounds=5, stalled=stalled,
                      end_condition=None if stalled else "e", scores=scores, winners=winners)


def test_ties_are_shared_wins_not_given_to_a_seat():
    summary = summarise("t", 2, 0, ["x", "y"], [result([0], [5, 3]), result([0, 1], [4, 4])])
    seat0, seat1 = summary["wins_by_seat"]
    assert (seat0["wins"], seat0["shared_wins"], seat0["win_share"]) == (1, 1, 0.75)
    assert (seat1["wins"], seat1["shared_wins"], seat1["win_share"]) == (0, 1, 0.25)
    assert summary["ties"] == 1


def test_win_shares_add_up_to_one_per_completed_game():
    s = spec(games=300)
    with local_executor(1) as ex:
        summary = summarise("dice", 3, s.seed, s.bots, run(s, ex))
    assert sum(w["win_share"] for w in summary["wins_by_seat"]) == pytest.approx(1, abs=1e-3)


def test_a_stronger_bot_shows_in_the_win_share_by_bot():
    s = spec(games=600)
    with local_executor(1) as ex:
        summary = summarise("dice", 3, s.seed, s.bots, run(s, ex))
    assert summary["wins_by_bot"]["high"]["ci95"][0] > summary["wins_by_bot"]["low"]["ci95"][1]


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))


def test_distribution_uses_nearest_rank_percentiles():
    d = distribution(list(range(1, 11)))
    assert d == {"mean": 5.5, "p50": 5, "p90": 9, "max": 10}


def test_item_win_rate_counts_owners():
    r1 = result([0], [5, 3])
    r1.items = {"mill": {"bought": 1, "owners": [0]}}
    r2 = result([1], [3, 5])
    r2.items = {"mill": {"bought": 1, "owners": [0]}, "bank": {"bought": 0, "owners": []}}
    summary = summarise("t", 2, 0, ["x", "y"], [r1, r2])
    assert summary["items"]["mill"]["owned"] == 2
    assert summary["items"]["mill"]["win_rate_when_owned"]["win_share"] == 0.5
    assert summary["items"]["bank"]["bought"] == 0


def test_games_with_counts_the_games_in_which_an_item_count_was_at_least_one():
    r1 = result([0], [5, 3])
    r1.items = {"mill": {"bought": 3, "activated": 0, "owners": [0]}}
    r2 = result([1], [3, 5])
    r2.items = {"mill": {"bought": 1, "activated": 2, "owners": [0]}}
    r3 = result([1], [3, 5])
    r3.items = {"mill": {"bought": 0, "activated": 0, "owners": []}}
    mill = summarise("t", 2, 0, ["x", "y"], [r1, r2, r3])["items"]["mill"]
    assert mill["bought"] == 4 and mill["games_with"] == {"activated": 1, "bought": 2}


def test_dask_cluster_gives_the_same_results_as_local_processes():
    distributed = pytest.importorskip("dask.distributed")
    s = spec(games=60)
    with local_executor(1) as ex:
        local = run(s, ex)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = run(s, client.get_executor(), 2)
    assert [r.scores for r in remote] == [r.scores for r in local]


def test_plots_are_written_as_png(tmp_path):
    pytest.importorskip("matplotlib")
    from PIL import Image

    from cardgen.sim.plots import write_plots

    s = spec(games=100)
    with local_executor(1) as ex:
        summary = summarise("dice", 3, s.seed, s.bots, run(s, ex))
    paths = write_plots(summary, tmp_path)
    assert [p.name for p in paths] == ["dice-3p-length.png", "dice-3p-seats.png", "dice-3p-items.png"]
    for p in paths:
        with Image.open(p) as im:
            assert im.format == "PNG" and im.width >= 300
            assert len(im.convert("L").getcolors(256) or []) > 5   # something was drawn


@pytest.mark.parametrize("name", ["Big $$ Set", "a $x^$ b", os.fsdecode(b"caf\xe9.yaml")],
                         ids=["dollars", "formula", "not-utf8"])
def test_a_chart_prints_a_name_as_written_whatever_it_holds(tmp_path, name: str):
    """Names on charts come from data and file names: '$$' stopped check-set --plot after the
    whole run (mathtext), a name not UTF-8 (a file of Career cards) was an internal error."""
    pytest.importorskip("matplotlib")
    from cardgen.sim.plots import render_check_plots, render_plots

    s = spec(games=20)
    with local_executor(1) as ex:
        summary = summarise("dice", 3, s.seed, s.bots, run(s, ex))
    summary["items"] = {f"{name} {i}": item for i, item in enumerate(summary["items"].values())}
    assert len(render_plots(summary, tmp_path)) == 3
    row = {"round_counts": {"3": 2, "4": 1}}
    data = {"set": name, "game": "dice", "games": 3, "bot": "b", "reference_set": name,
            "reference_is_checked_set": False, "effects": None,
            "by_players": [{"players": 3, "set": row, "reference": row}]}
    assert len(render_check_plots(data, "x", tmp_path)) == 1


# --- bounded memory -----------------------------------------------------------------------------

def test_batches_are_made_as_they_are_asked_for():
    # A list of every batch of 10**12 games would not fit in memory; the first comes at once.
    chunks = batches(10**12, 8)
    assert next(chunks) == range(0, 50)
    assert next(chunks) == range(50, 100)


class ShufflingExecutor(ThreadPoolExecutor):
    """Runs each batch after a random little delay, so batches finish out of order."""

    def __init__(self) -> None:
        super().__init__(max_workers=4)
        self.rng = random.Random(3)

    def submit(self, fn, /, *args, **kwargs):
        delay = self.rng.random() / 500
        return super().submit(lambda: (time.sleep(delay), fn(*args, **kwargs))[1])


def test_only_a_window_of_batches_is_ever_ahead_of_the_results_consumed(monkeypatch):
    from cardgen.sim import runner

    made, consumed, ahead = [0], [0], []
    real = runner.batches

    def counted(games: int, workers: int):
        for chunk in real(games, workers):
            made[0] += 1
            # Every batch made before this one is running, finished-and-waiting or consumed.
            ahead.append(made[0] - consumed[0] // len(chunk))
            yield chunk

    monkeypatch.setattr(runner, "batches", counted)
    s = spec(games=4000)      # batches of 50: 80 of them
    with ShufflingExecutor() as executor:
        results = []
        for r in iter_results(s, executor, 2, ahead=3):
            results.append(r)
            consumed[0] += 1
    assert made[0] == 80
    assert max(ahead) == 3          # the window, however many games
    with local_executor(1) as serial:
        assert [r.seed for r in results] == [r.seed for r in run(s, serial)]


def test_a_run_of_a_trillion_games_starts_at_once_and_stops_when_closed():
    s = spec(games=10**12)
    with local_executor(1) as serial:
        assert len(list(islice(iter_results(s, serial), 120))) == 120
    with ShufflingExecutor() as executor:
        results = iter_results(s, executor, 2)
        first = list(islice(results, 120))
        results.close()       # submits no more; what is in flight finishes
    assert [r.seed for r in first] == [game_seed(7, i) for i in range(120)]


def test_the_summary_reads_its_results_once_and_keeps_counts_not_games():
    s = spec(games=300)
    with local_executor(1) as serial:
        listed = summarise("dice", 3, s.seed, s.bots, run(s, serial))
    with local_executor(1) as serial:
        streamed = summarise("dice", 3, s.seed, s.bots, iter_results(s, serial))
    assert json.dumps(streamed) == json.dumps(listed)
    summary = Summary("dice", 3, s.seed, s.bots)
    with local_executor(1) as serial:
        for r in iter_results(s, serial):
            summary.add(r)
    # What it holds grows with distinct values, not with games.
    assert sum(summary.turns.values()) == 300 - summary.stalled and len(summary.turns) <= 21


def test_counted_distribution_equals_the_listed_one():
    rng = random.Random(5)
    for _ in range(200):
        values = [rng.randint(1, 40) for _ in range(rng.randint(1, 60))]
        assert counts_distribution(Counter(values)) == distribution(values)
        minutes = counts_distribution(Counter(values), lambda t: t * 45 / 60)
        assert (minutes["p50"], minutes["p90"], minutes["max"]) == tuple(
            distribution([v * 45 / 60 for v in values])[k] for k in ("p50", "p90", "max"))
