"""check-set's report: --json with every figure of the verdict, --plot, the reference set's
figures beside the checked set's, and progress bars on the effect runs. Few games: nothing here
depends on speed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "cards/briefcase/examples/custom-set.yaml"
SMALL = ["--games", "20", "--effect-games", "20"]


def check_set(*args: str, jobs: str = "1"):
    return runner.invoke(app, ["check-set", *args, "--jobs", jobs])


@pytest.fixture(scope="module")
def example_json(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, str]:
    path = tmp_path_factory.mktemp("json") / "check.json"
    result = check_set(str(EXAMPLE), *SMALL, "--json", str(path))
    assert result.exit_code == 0, result.output
    return path.read_bytes(), result.output


def test_the_json_holds_every_figure_of_the_verdict(example_json: tuple[bytes, str]):
    raw, output = example_json
    data = json.loads(raw)
    assert (data["game"], data["set"], data["bot"], data["seed"], data["games"]) == (
        "briefcase", "Tech Boom", "expert", 1, 20)
    assert data["players"] == [2, 3, 4] and data["reference_set"] == "simple"
    assert data["reference_is_checked_set"] is False
    # The verdict and every warning, as the text prints them.
    assert f"\n{data['verdict']}: Tech Boom (briefcase), 20 games" in output
    assert data["warnings"] == [line.split("warning: ", 1)[1] for line in output.splitlines()
                                if line.startswith("  warning: ")]
    for row, players in zip(data["by_players"], (2, 3, 4), strict=True):
        assert row["players"] == players
        for run in (row["set"], row["reference"]):
            assert run["games"] == 20 and run["stalled"] == 0
            assert set(run["rounds"]) == {"mean", "p50", "p90", "max"}
            assert sum(run["round_counts"].values()) == run["completed"]
            assert [s["seat"] for s in run["wins_by_seat"]] == list(range(1, players + 1))
            assert all(len(s["ci95"]) == 2 for s in run["wins_by_seat"])
        steel = next(it for it in row["set"]["items"] if it["id"] == "steel_factory")
        assert steel["name"] == "Steel Factory"
        assert 0 <= steel["share_of_games"]["bought"] <= 1 and "activated" in steel["share_of_games"]
        assert steel["owners_win_rate"]["descriptive"] is True
        # The reference set's own companies, by name too.
        names = {it["id"]: it["name"] for it in row["reference"]["items"]}
        assert names["cargo_company"] == "Cargo Company"
    effects = data["effects"]
    assert (effects["players"], effects["paired_games"], effects["band_points"]) == (4, 20, 5.0)
    incubator = next(e for e in effects["items"] if e["id"] == "startup_incubator")
    assert incubator["name"] == "Startup Incubator" and incubator["paired_games"] == 20
    lo, hi = incubator["ci95_points"]
    assert lo <= incubator["effect_points"] <= hi
    assert incubator["verdict"] in ("ok", "too strong", "a trap")
    # The text shows the JSON's figures (two decimals) at one decimal.
    number = r"([-+][\d.]+)"
    shown = re.search(rf"\n    Startup Incubator: {number} points \({number} to {number}\)", output)
    assert shown is not None
    for text, figure in zip(shown.groups(), (incubator["effect_points"], lo, hi), strict=True):
        assert abs(float(text) - figure) <= 0.051
    means = [e["effect_points"] for e in effects["items"]]
    assert means == sorted(means, reverse=True)


def test_the_json_is_the_same_bytes_whatever_jobs(example_json: tuple[bytes, str], tmp_path: Path):
    path = tmp_path / "two.json"
    result = check_set(str(EXAMPLE), *SMALL, "--json", str(path), jobs="2")
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == example_json[0]


def test_the_reference_set_s_figures_are_printed_beside_the_checked_set_s(example_json: tuple[bytes, str]):
    data, output = json.loads(example_json[0]), example_json[1]
    assert "vs reference: the reference set simple on the same seeds" in output
    for row in data["by_players"]:
        s, ref = row["set"]["rounds"], row["reference"]["rounds"]
        line = next(x for x in output.splitlines() if x.startswith(f"  {row['players']} players: "))
        assert (f"median {s['p50']} rounds (p90 {s['p90']}) vs reference {ref['p50']} "
                f"(p90 {ref['p90']}), stalled 0 (reference 0)") in line


def test_the_reference_set_checked_against_itself_is_played_once(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path):
    from cardgen.commands import simulate

    played: list[str] = []
    real = simulate.play_run
    monkeypatch.setattr(simulate, "play_run", lambda plan, *a, **k: played.append(plan.set_ref) or real(
        plan, *a, **k))
    result = check_set("Simple Game", "--games", "4", "--no-effects", "--json", str(tmp_path / "c.json"))
    assert result.exit_code == 0, result.output
    assert played == ["Simple Game"] * 3
    assert "Simple Game is the reference set: its games are the reference" in result.output
    assert "vs reference" not in result.output
    data = json.loads((tmp_path / "c.json").read_text())
    assert data["reference_is_checked_set"] is True and data["effects"] is None
    assert all(row["reference"] == row["set"] for row in data["by_players"])


@pytest.mark.parametrize("where", ["folder", "missing-parent-file"])
def test_a_bad_json_path_is_one_error_line_before_any_game_and_nothing_is_written(
        tmp_path: Path, where: str):
    plots = tmp_path / "plots"
    if where == "folder":
        target = tmp_path / "out"
        target.mkdir()
    else:
        (tmp_path / "a-file").write_text("x")
        target = tmp_path / "a-file" / "check.json"
    result = check_set("simple", "--games", "2", "--json", str(target), "--plot", str(plots))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: cannot write "), lines
    assert not plots.exists() and sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["out"] if where == "folder" else ["a-file"])


def test_plot_writes_the_effects_and_length_charts(tmp_path: Path):
    result = check_set(str(EXAMPLE), "--games", "6", "--effect-games", "6", "--plot", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["briefcase-tech-boom-check-effects.png", "briefcase-tech-boom-check-length.png"]
    for name in names:
        assert f"wrote {tmp_path / name}" in result.output
        with Image.open(tmp_path / name) as image:
            assert image.format == "PNG" and image.width > 300 and image.height > 200


def test_plot_without_effects_writes_the_length_chart_only(tmp_path: Path):
    result = check_set("simple", "--games", "4", "--no-effects", "--plot", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["briefcase-simple-check-length.png"]


def test_plot_without_matplotlib_says_what_to_install_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from cardgen.sim import plots

    def missing():
        raise RuntimeError("--plot needs matplotlib: pip install 'cardgen[plot]'")

    monkeypatch.setattr(plots, "_pyplot", missing)
    result = check_set("simple", "--games", "2", "--plot", str(tmp_path / "p"))
    assert result.exit_code == 1
    assert result.output.strip() == "error: --plot needs matplotlib: pip install 'cardgen[plot]'"


class Bars:
    """Records every progress bar check-set opens (label, games) and the games it hears of."""

    def __init__(self) -> None:
        self.opened: list[tuple[str, int]] = []
        self.updates: list[int] = []

    def bar(self, players: int, games: int, label: str = "games") -> Bars:
        self.opened.append((label, games))
        return self

    def __enter__(self) -> Bars:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, part: list) -> None:
        self.updates.append(len(part))


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> Bars:
    from cardgen.commands import simulate

    recorder = Bars()
    monkeypatch.setattr(simulate, "_Progress", recorder.bar)
    return recorder


def test_every_run_shows_the_progress_bar_on_a_terminal_and_none_elsewhere(
        bars: Bars, monkeypatch: pytest.MonkeyPatch):
    from cardgen.commands import simulate

    assert check_set("simple", "--games", "12", "--no-baseline", "--effect-games", "2").exit_code == 0
    assert bars.opened == []                     # not a terminal: no bar
    monkeypatch.setattr(simulate, "on_terminal", lambda: True)
    assert check_set(str(EXAMPLE), "--games", "12", "--no-effects").exit_code == 0
    assert bars.opened == [("2 players", 12), ("2 players, simple", 12), ("3 players", 12),
                           ("3 players, simple", 12), ("4 players", 12), ("4 players, simple", 12)]
    assert sum(bars.updates) == 6 * 12


def test_each_effect_run_has_its_progress_bar_on_a_terminal_named_by_company(
        bars: Bars, monkeypatch: pytest.MonkeyPatch):
    from cardgen.commands import simulate

    monkeypatch.setattr(simulate, "on_terminal", lambda: True)
    result = check_set("simple", "--no-baseline", "--games", "2", "--effect-games", "3")
    assert result.exit_code == 0, result.output
    effect_bars = bars.opened[3:]
    assert effect_bars[0] == ("company effects: expert as usual", 3)
    # One run a company never buying it, and one going for it for each company expert never
    # bought in the 2-player-count's games.
    never = [label for label, _ in effect_bars if " never " in label]
    going = [label for label, _ in effect_bars if " going for " in label]
    assert len(never) == 14 and len(effect_bars) == 1 + 14 + len(going)
    assert all(games == 3 for _, games in effect_bars)
    assert ("14/14 never Warehouses", 3) in effect_bars
    for label in going:      # right after the same company's never run
        i = [x for x, _ in effect_bars].index(label)
        assert effect_bars[i - 1][0] == label.replace("going for", "never")
    assert not any(re.search(r"[a-z]_[a-z]", label) for label, _ in effect_bars)   # names, not ids
    assert sum(bars.updates) == 3 * 2 + len(effect_bars) * 3


def test_quiet_draws_no_progress_bar_even_on_a_terminal(bars: Bars, monkeypatch: pytest.MonkeyPatch):
    from cardgen.commands import simulate

    monkeypatch.setattr(simulate, "on_terminal", lambda: True)
    result = check_set("simple", "--no-baseline", "--games", "2", "--effect-games", "2", "--quiet")
    assert result.exit_code == 0, result.output
    assert bars.opened == []
