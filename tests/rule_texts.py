"""The rule texts the games are built from (beside the repository, in ../shared/seeds), read the
way the tests that check quotes against them read them, and the authored rulings those tests
check."""

from __future__ import annotations

import re
from pathlib import Path

from cardgen.data.documents import read_documents

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO.parent / "shared" / "seeds"


def plain(text: str) -> str:
    """One line of words: the Greek text's PDF hyphenation (``έ- χει``) joined, white space
    and typographic quotes made plain, and a Chinese line broken between two characters joined
    (Chinese puts no space between words)."""
    text = re.sub(r"(?<=[\u0370-\u03ff])- (?=[\u0370-\u03ff])", "", text)
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=[\u3000-\u9fff\uff00-\uffef])", "", text)


def authored_rulings(game: str) -> list[dict]:
    """The rulings of ``game`` whose reading is the project's own (``authored: [reading]``)."""
    found, problems = read_documents([REPO / "cards" / game / "rulings.yaml"])
    assert problems == []
    return [r for r in found[0].data["rulings"] if "reading" in r.get("authored", [])]


def untested(rulings: list[dict], names: set[str]) -> list[str]:
    """The rulings without their rule test (``test_<ruling id>`` among ``names``)."""
    return [r["id"] for r in rulings if "test_" + r["id"].replace("-", "_") not in names]


def unquoted(rulings: list[dict], texts: list[Path]) -> list[tuple[str, str]]:
    """(ruling id, quote) of each quote in a ruling's ``texts`` that none of ``texts`` prints
    word for word, and (ruling id, "") for a ruling that quotes nothing."""
    books = " | ".join(plain(t.read_text(encoding="utf-8")) for t in texts)
    missing = []
    for r in rulings:
        quoted = re.findall(r'"([^"]+)"', r["texts"])
        if not quoted:
            missing.append((r["id"], ""))
        missing += [(r["id"], q) for q in quoted if plain(q) not in books]
    return missing
