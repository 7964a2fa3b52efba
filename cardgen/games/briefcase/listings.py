"""What ``cardgen list briefcase`` shows that only Briefcase has: its companies and its company
sets, each with the file it comes from (shipped, or the workspace's own sets and changes)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.listing import Listing, where_defined


@dataclass(frozen=True)
class _BriefcaseData:
    game: Any                                  # the Briefcase model, official sets only
    companies_file: Path | None
    sets_file: Path | None
    own_sets: list[tuple[Any, Path]]           # (CompanySet with its new companies, its file)
    changed: dict[str, tuple[Path, list[str]]]  # company id -> its changes file, the fields changed


def _briefcase() -> _BriefcaseData:
    """The validated Briefcase data and the files it came from; DataError if it is invalid."""
    from cardgen.data.documents import game_files, read_documents
    from cardgen.games.briefcase import changes
    from cardgen.games.briefcase.load import GAME, custom_set, load_with_own_sets

    game, _ = load_with_own_sets()[0]          # every check, the workspace's sets included
    # Read again for the files: the model does not keep where each part came from.
    docs, _ = read_documents(game_files(GAME))
    first = {d.kind: d.path for d in reversed(docs)}
    own = [(custom_set(game, d), d.path) for d in docs if d.kind == "company-set"]
    shipped = [c for d in docs if d.kind == "companies" for c in d.data["companies"]]
    found, _ = changes.collect(docs, shipped)
    changed = {cid: (change.doc.path, list(change.values)) for cid, change in found.items()}
    return _BriefcaseData(game, first.get("companies"), first.get("company-sets"), own, changed)


def companies() -> Listing:
    data = _briefcase()
    origin, file = where_defined(data.companies_file) if data.companies_file else ("shipped", "")
    found = []
    for c in data.game.companies.values():
        if c.id in data.changed:              # a changes file sets some of its values
            path, fields = data.changed[c.id]
            where, changes_file = where_defined(path)
            found.append((c, where, None, f"{changes_file} ({', '.join(fields)}); {file}"))
        else:
            found.append((c, origin, None, file))
    for company_set, path in data.own_sets:
        set_origin, set_file = where_defined(path)
        found += [(c, set_origin, company_set.name, set_file) for c in company_set.new_companies]
    rows = [{"id": c.id, "name": c.name, "level": c.level, "cost": c.cost, "vp": c.vp,
             "effect": c.ability.effect, "origin": where, "set": set_name, "file": path}
            for c, where, set_name, path in found]
    new = len(found) - len(data.game.companies)
    return Listing(rows, ["id", "name", "level", "cost", "VP", "effect", "origin", "set", "file"],
                   [[r["id"], r["name"], r["level"], r["cost"], r["vp"], r["effect"], r["origin"],
                     r["set"] or "", r["file"]] for r in rows], {"level", "cost", "VP"},
                   f"companies: level, cost, VP, effect, where each is defined ({new} new in "
                   f"your sets)")


def sets() -> Listing:
    data = _briefcase()
    rows: list[dict[str, Any]] = []
    origin, file = where_defined(data.sets_file) if data.sets_file else ("shipped", "")
    for s in data.game.sets.values():
        rows.append({"id": s.id, "name": s.name, "type": "official", "companies": len(s.company_ids),
                     "new_companies": 0, "origin": origin, "file": file})
    for s, path in data.own_sets:
        origin, file = where_defined(path)
        rows.append({"id": s.id, "name": s.name, "type": "own", "companies": len(s.company_ids),
                     "new_companies": len(s.new_companies), "origin": origin, "file": file})
    own = len(data.own_sets)
    return Listing(rows, ["id", "name", "type", "companies", "new", "origin", "file"],
                   [[r["id"], r["name"], r["type"], r["companies"], r["new_companies"], r["origin"],
                     r["file"]] for r in rows], {"companies", "new"},
                   f"company sets for --set, by id or name ({own} of your own)")


LISTINGS = {"companies": companies, "sets": sets}


def set_called(name: str) -> str | None:
    """What ``name`` is when it is the id or name of a company set (the official ones and the
    workspace's own), else None; an error reading the data is the caller's to report."""
    from cardgen.games.briefcase.load import resolve_set

    return "a Briefcase company set" if resolve_set(name)[1] is not None else None
