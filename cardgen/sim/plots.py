"""PNG charts of a simulation summary (needs matplotlib: ``pip install 'cardgen[plot]'``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from cardgen.output import write_all_atomic
from cardgen.problems import printable


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise RuntimeError("--plot needs matplotlib: pip install 'cardgen[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Labels are names from data files (a set's, a company's; Free Market: NYC's set is a file
    # name): printed as written. With mathtext a name holding '$$' stopped the chart (ValueError,
    # after the whole run) and one holding two '$' was drawn as a formula.
    matplotlib.rcParams["text.parse_math"] = False
    return plt


def _shown(name: str) -> str:
    """A name as a chart prints it: the bytes of a file name that is not UTF-8 (which the font
    renderer refused, an internal error after the whole run) and controls as escapes."""
    return printable(str(name))


def require_plotting() -> None:
    """RuntimeError (saying what to install) unless charts can be drawn: checked before a run,
    not after its games."""
    _pyplot()


def plot_paths(game: str, players: int, folder: Path) -> list[Path]:
    """Every file ``render_plots`` may write for this game and player count (the items chart
    only when some item was owned), so the destinations can be checked before any game."""
    name = f"{game}-{players}p"
    return [Path(folder) / f"{name}-{kind}.png" for kind in ("length", "seats", "items")]


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    # No metadata: the same summary gives the same bytes.
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return buffer.getvalue()


def write_plots(summary: dict[str, Any], folder: Path) -> list[Path]:
    """Draw the charts and write them all or none; the paths written."""
    files = render_plots(summary, folder)
    write_all_atomic(files)
    return [path for path, _ in files]


def render_plots(summary: dict[str, Any], folder: Path) -> list[tuple[Path, bytes]]:
    """The charts as PNG bytes with the paths they belong at (``plot_paths``), in memory, so a
    caller can write them together with its other output, all or nothing."""
    plt = _pyplot()
    length_path, seats_path, items_path = plot_paths(summary["game"], summary["players"], folder)
    written = []

    fig, ax = plt.subplots(figsize=(6, 3.5))
    lengths = summary.get("round_counts", {})
    if lengths:
        xs = sorted(int(k) for k in lengths)
        ax.bar(xs, [lengths[str(x)] for x in xs], color="#4a7ab5")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(f"Game length, {summary['game']}, {summary['players']} players")
    fig.tight_layout()
    written.append((length_path, _png(fig)))
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    seats = summary["wins_by_seat"]
    shares = [w["win_share"] for w in seats]
    errors = [[s - w["ci95"][0] for s, w in zip(shares, seats, strict=True)],
              [w["ci95"][1] - s for s, w in zip(shares, seats, strict=True)]]
    ax.bar([f"seat {w['seat']}" for w in seats], shares, yerr=errors, capsize=4, color="#6aa84f")
    ax.axhline(1 / summary["players"], color="grey", linestyle="--", label="fair share")
    ax.set_ylabel("win share")
    ax.legend()
    ax.set_title("Win share by seat (95% CI)")
    fig.tight_layout()
    written.append((seats_path, _png(fig)))
    plt.close(fig)

    owned = [(k, v["win_rate_when_owned"]["win_share"]) for k, v in summary["items"].items()
             if "win_rate_when_owned" in v]
    if owned:
        owned.sort(key=lambda kv: kv[1])
        fig, ax = plt.subplots(figsize=(6, max(2.5, 0.28 * len(owned) + 1)))
        ax.barh([_shown(k) for k, _ in owned], [v for _, v in owned], color="#e69138")
        ax.axvline(1 / summary["players"], color="grey", linestyle="--")
        ax.set_xlabel("win share of owners")
        ax.set_title("Win rate when owned")
        fig.tight_layout()
        written.append((items_path, _png(fig)))
        plt.close(fig)
    return written


def check_plot_paths(stem: str, folder: Path, effects: bool) -> list[Path]:
    """The files ``render_check_plots`` writes for a check-set run named ``stem``: the game
    length chart, and the effects chart when effects were measured."""
    kinds = ("length", "effects") if effects else ("length",)
    return [Path(folder) / f"{stem}-{kind}.png" for kind in kinds]


def render_check_plots(data: dict[str, Any], stem: str, folder: Path) -> list[tuple[Path, bytes]]:
    """check-set's charts from its JSON data (``cardgen.sim.check_report.check_data``), in
    memory with their paths (``check_plot_paths``): game length in rounds at each player count,
    the checked set beside the reference set; and each measured effect with its 95% interval
    and the ±band inside which no effect is a warning."""
    plt = _pyplot()
    paths = check_plot_paths(stem, folder, bool(data["effects"]))
    written = []

    rows = data["by_players"]
    fig, axes = plt.subplots(1, len(rows), figsize=(3.2 * len(rows) + 1, 3.5), squeeze=False)
    for ax, row in zip(axes[0], rows, strict=True):
        runs = [(_shown(data["set"]), row["set"], "#4a7ab5")]
        if row["reference"] is not None and not data["reference_is_checked_set"]:
            runs.append((f"reference {_shown(data['reference_set'])}", row["reference"], "#bbbbbb"))
        width = 0.8 / len(runs)
        for i, (label, run, colour) in enumerate(runs):
            counts = run["round_counts"]
            xs = sorted(int(k) for k in counts)
            offset = (i - (len(runs) - 1) / 2) * width
            ax.bar([x + offset for x in xs], [counts[str(x)] for x in xs], width=width,
                   color=colour, label=label)
        ax.set_title(f"{row['players']} players")
        ax.set_xlabel("rounds")
        ax.set_ylabel("games")
        ax.legend(fontsize="small")
    fig.suptitle(f"Game length, {_shown(data['set'])} ({data['game']}), {data['games']} games, "
                 f"bot {data['bot']}")
    fig.tight_layout()
    written.append((paths[0], _png(fig)))
    plt.close(fig)

    if data["effects"]:
        eff = data["effects"]
        items = list(reversed(eff["items"]))        # strongest at the top
        band = eff["band_points"]
        fig, ax = plt.subplots(figsize=(7, max(2.5, 0.3 * len(items) + 1.2)))
        ax.axvspan(-band, band, color="#e8e8e8", label=f"±{band:g} points")
        ax.axvline(0, color="grey", linewidth=0.8)
        colours = {"ok": "#4a7ab5", "too strong": "#cc0000", "a trap": "#e69138"}
        for y, it in enumerate(items):
            # An item the bot never took shows the bot going for it (a diamond), which is what
            # its verdict reads; "may take it" is exactly 0 there.
            shown = it["going_for_it"] or it
            lo, hi = shown["ci95_points"]
            mean = shown["effect_points"]
            ax.errorbar([mean], [y], xerr=[[mean - lo], [hi - mean]], fmt="D" if it["going_for_it"] else "o",
                        capsize=3, color=colours.get(shown["verdict"], "black"))
        ax.set_yticks(range(len(items)), [_shown(it["name"]) + (" (going for it)" * bool(it["going_for_it"]))
                                          for it in items])
        ax.set_xlabel("win share change, points (95% CI)")
        ax.set_title(f"{eff['subject'].capitalize()} effects at {eff['players']} players, "
                     f"{eff['paired_games']} paired games")
        ax.legend(loc="lower right", fontsize="small")
        fig.tight_layout()
        written.append((paths[1], _png(fig)))
        plt.close(fig)
    return written
