"""Helpers for checking PDFs as a printer would, with the command-line tools CI installs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

TOOLS = ("pdfinfo", "pdffonts", "pdftoppm", "qpdf")


def need_tools() -> None:
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (poppler-utils, qpdf; installed by .ci/run)")


def run(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def pdf_pages(path: Path) -> int:
    return int(re.search(r"^Pages:\s+(\d+)", run("pdfinfo", str(path)), re.M).group(1))


def page_sizes_pt(path: Path) -> set[tuple[float, float]]:
    out = run("pdfinfo", "-f", "1", "-l", str(pdf_pages(path)), str(path))
    return {(round(float(w), 1), round(float(h), 1))
            for w, h in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", out)}


def fonts(path: Path) -> list[dict[str, str]]:
    """pdffonts rows: name, type, emb, sub."""
    lines = run("pdffonts", str(path)).splitlines()[2:]
    rows = []
    for line in lines:
        parts = line.split()
        # name type... encoding emb sub uni object ID: the flags are the 5th..3rd last columns
        rows.append({"name": parts[0], "emb": parts[-5], "sub": parts[-4]})
    return rows
