"""The Free Market: NYC data as the printable edition reads it: every document validated (schemas
and the meaning checks of ``cardgen validate``), then kept as plain mappings by kind.

The printed edition draws everything from these records: the board from ``board`` sides, the
stage boxes from ``stages``, the tokens' counts from ``components``; nothing is restated in code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.checks import raise_errors
from cardgen.data.documents import game_files, read_documents
from cardgen.games.fmnyc.model import GAME, KINDS
from cardgen.paths import display_path
from cardgen.problems import DataError, plural, shorten


@dataclass(frozen=True)
class Fmnyc:
    docs: Mapping[str, Mapping[str, Any]]         # kind -> the document's data

    def __getitem__(self, kind: str) -> Mapping[str, Any]:
        return self.docs[kind]

    @property
    def name(self) -> str:
        return str(self.docs["game"]["name"])

    @property
    def card_size_mm(self) -> tuple[float, float]:
        w, h = self.docs["game"]["card_size_mm"]
        return float(w), float(h)

    @property
    def min_players(self) -> int:
        return int(self.docs["game"]["players"]["min"])

    @property
    def max_players(self) -> int:
        return int(self.docs["game"]["players"]["max"])

    @property
    def rounds(self) -> list[int]:
        return [int(r) for r in self.docs["game"]["rounds"]["options"]]

    @property
    def colours(self) -> list[str]:
        return [str(c) for c in self.docs["components"]["player_colours"]]

    def component(self, cid: str) -> Mapping[str, Any]:
        return next(c for c in self.docs["components"]["contents"] if c["id"] == cid)

    def per_colour(self, cid: str) -> int:
        """How many of a player-coloured piece each colour has (the box count over the colours)."""
        c = self.component(cid)
        return int(c["count"]) // int(c.get("colours", 1))

    @property
    def crates(self) -> list[Mapping[str, Any]]:
        return list(self.docs["market"]["crates"])

    def crate(self, cid: str) -> Mapping[str, Any]:
        return next(c for c in self.crates if c["id"] == cid)

    @property
    def factories(self) -> dict[str, Mapping[str, Any]]:
        return {f["id"]: f for f in self.docs["board"]["factories"]}

    @property
    def sides(self) -> list[Mapping[str, Any]]:
        return list(self.docs["board"]["sides"])

    def side_for(self, players: int) -> Mapping[str, Any]:
        return next(s for s in self.sides if players in s["players"])

    @property
    def stages(self) -> list[Mapping[str, Any]]:
        return list(self.docs["stages"]["stages"])

    def stage(self, sid: str) -> Mapping[str, Any]:
        return next(s for s in self.stages if s["id"] == sid)

    @property
    def politicians(self) -> dict[str, Mapping[str, Any]]:
        return {p["id"]: p for p in self.docs["panels"]["politicians"]["list"]}

    @property
    def awards(self) -> dict[str, Mapping[str, Any]]:
        return {a["id"]: a for a in self.docs["panels"]["awards"]["list"]}

    @property
    def careers(self) -> list[Mapping[str, Any]]:
        return list(self.docs["careers"]["cards"])

    @property
    def symbols(self) -> list[Mapping[str, Any]]:
        return list(self.docs["careers"]["symbols"])

    @property
    def stocks(self) -> list[Mapping[str, Any]]:
        return list(self.docs["stocks"]["tokens"])


NO_SETS = ("'Free Market: NYC' has no card sets: --set and check-set take a file of Career cards "
           "(kind: careers)")


def careers_file(set_ref: str) -> Path:
    """The file a ``--set`` names for this game: a set of Career cards (``game: fmnyc``, ``kind:
    careers``) standing in for careers.yaml, as simulate, build and check-set take it.
    SelectionError for a name, a file of something else, or what is no file (a folder, a pipe,
    a device, a link loop); DataError, placed, for a file that cannot be read as such a file
    (broken YAML, too large, not text), rather than saying it is not one."""
    from cardgen.data.documents import read_document
    from cardgen.games.selection import SelectionError
    from cardgen.safe_read import not_a_file

    path = Path(set_ref)
    if not os.path.lexists(path):       # said as such: not as a set the game lacks
        if len(path.parts) == 1 and path.suffix.lower() not in (".yaml", ".yml"):
            # a set's name, as Briefcase takes (simple): this game has none
            raise SelectionError(f"{NO_SETS}, and there is no file '{set_ref}'")
        mine = [p for p in workspace_careers() if p.name == path.name]
        hint = f" (did you mean {os.path.relpath(mine[0])}?)" if mine else ""
        raise SelectionError(f"no file of Career cards {set_ref}{hint}")
    # A folder, pipe, device or link loop is no file at all: one line naming the --set value,
    # as Briefcase's set files have it, not a data problem at 1:1 of something that has no
    # lines (with 'cardgen validate says the same', which never reads a --set file).
    why = not_a_file(path, "file of Career cards")
    if why is not None:
        raise SelectionError(f"{set_ref}: {why.message}")
    doc, problems = read_document(path)
    if doc is not None and (doc.game, doc.kind) == (GAME, "careers"):
        return path
    if doc is None and not any(p.rule.startswith(("header-", "file-not-mapping")) for p in problems):
        raise DataError(problems)
    if doc is not None:
        # A valid file of something else (a Briefcase set file given to simulate fmnyc) was
        # told only what the game takes, not what the file is.
        raise SelectionError(f"{NO_SETS}; {display_path(path)} is 'game: {shorten(str(doc.game))}', "
                             f"'kind: {shorten(str(doc.kind))}'")
    raise SelectionError(NO_SETS)


def deal_reach(game: Fmnyc) -> tuple[int, str]:
    """The most players the game's Career deck is dealt to (``deal.per_player`` each), and the
    words saying so: what check_deal and check-set's player counts tell a designer whose deck
    is smaller than the box's."""
    per, deck = int(game["careers"]["deal"]["per_player"]), len(game.careers)
    return deck // per, f"{deck} Career cards deal {per} each to at most {plural(deck // per, 'player')}"


def check_deal(game: Fmnyc, players: int | None, source: Path | None = None) -> None:
    """SelectionError, one line naming the deck, the deal and the most players it is dealt
    to, when the Career deal (``deal.per_player`` each) needs more cards at ``players`` than
    the deck has: a designer's own file of Career cards may be smaller than the box's (its
    ``career-deal`` warning names the player counts it cannot be dealt at); the box's fits
    every player count (``career-deal`` is an error there). ``source``: the file, named."""
    most, dealt = deal_reach(game)
    if players is None or players <= most:
        return
    from cardgen.games.selection import SelectionError

    of = f"{display_path(source)}: " if source is not None else ""
    per = int(game["careers"]["deal"]["per_player"])
    raise SelectionError(f"{of}{dealt}, not {players} ({per * players} needed)")


def load_fmnyc(replacement: Path | None = None) -> Fmnyc:
    """The game's data (the workspace's files over the shipped ones), fully validated: DataError
    with every problem when anything is wrong, as ``cardgen validate`` would report it.
    ``replacement``: a file that stands in for the document of its kind (a set of Career cards
    for ``check-set``)."""
    from cardgen.games.fmnyc.checks import RULES

    docs, problems = read_documents(game_files(GAME))
    if replacement is not None:
        extra, found = read_documents([replacement])
        problems += found
        kinds = {d.kind for d in extra}
        docs = [d for d in docs if d.kind not in kinds] + extra
    raise_errors(docs, problems, RULES)
    # The checks have reported any kind missing from the game's files (``CheckContext``).
    return Fmnyc({d.kind: d.data for d in docs if d.kind in KINDS})


def workspace_careers() -> list[Path]:
    """The workspace's own files of Career cards (``game: fmnyc``, ``kind: careers``) in the
    folders under ``cards/fmnyc/`` (beside the data a second one is an error), in name order:
    the cards the workspace's catalogs translate and ``i18n check`` fits besides the shipped
    ones. A file that says it is one but is invalid is kept, and so is one that cannot be read
    (it may be one: ``i18n update`` made the translations of its cards obsolete): loading it
    reports its problems."""
    from cardgen.data.documents import read_document
    from cardgen.paths import YAML_SUFFIXES
    from cardgen.safe_read import find_files
    from cardgen.workspace import current

    root = current().root
    if root is None:
        return []
    base = root / "cards" / GAME
    out = []
    for path in find_files(base, YAML_SUFFIXES).files:
        if path.parent == base:
            continue
        doc, problems = read_document(path)
        if doc is None and problems or doc is not None and (doc.game, doc.kind) == (GAME, "careers"):
            out.append(path)
    return out
