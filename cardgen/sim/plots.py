"""PNG charts of a simulation summary (needs matplotlib: ``pip install 'cardgen[plot]'``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from cardgen.output import write_atomic


def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:
        raise RuntimeError("--plot needs matplotlib: pip install 'cardgen[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> Path:
    buffer = io.BytesIO()
    # No metadata: the same summary gives the same bytes.
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    write_atomic(path, buffer.getvalue())
    return path


def write_plots(summary: dict[str, Any], folder: Path) -> list[Path]:
    plt = _pyplot()
    folder = Path(folder)
    name = f"{summary['game']}-{summary['players']}p"
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
    written.append(_save(fig, folder / f"{name}-length.png"))
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    seats = summary["wins_by_seat"]
    shares = [w["win_share"] for w in seats]
    errors = [[s - w["ci95"][0] for s, w in zip(shares, seats, strict=True)],
              [w["ci95"][1] - s for s, w in zip(shares, seats, strict=True)]]
    ax.bar([f"seat {w['seat'] + 1}" for w in seats], shares, yerr=errors, capsize=4, color="#6aa84f")
    ax.axhline(1 / summary["players"], color="grey", linestyle="--", label="fair share")
    ax.set_ylabel("win share")
    ax.legend()
    ax.set_title("Win share by seat (95% CI)")
    fig.tight_layout()
    written.append(_save(fig, folder / f"{name}-seats.png"))
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
        written.append(_save(fig, folder / f"{name}-items.png"))
        plt.close(fig)
    return written
