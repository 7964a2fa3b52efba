"""The README shows one printed sheet: the picture it names exists and stays small."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_build_section_shows_a_small_picture_of_one_sheet():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    build = readme[readme.index("## `cardgen build`"):]
    (path,) = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", build.split("\n## ")[0])
    picture = ROOT / path
    assert picture.is_file() and picture.stat().st_size < 300_000
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
