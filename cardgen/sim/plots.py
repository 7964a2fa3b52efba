"""PNG charts of a simulation summary (needs matplotlib: ``pip install 'cardgen[plot]'``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from cardgen.output import write_all_atomic


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise RuntimeError("--plot needs matplotlib: pip install 'cardgen[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


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
        ax.barh([k for k, _ in owned], [v for _, v in owned], color="#e69138")
        ax.axvline(1 / summary["players"], color="grey", linestyle="--")
        ax.set_xlabel("win share of owners")
        ax.set_title("Win rate when owned")
        fig.tight_layout()
        written.append((items_path, _png(fig)))
        plt.close(fig)
    return written
