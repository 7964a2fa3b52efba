"""Company changes: new values for the authored numbers of shipped companies, kept in a file of
their own (``kind: company-changes``) so a workspace can retune Briefcase without copying
``companies.yaml``. The loader applies them; the meaning checks see the changed companies and
refuse a change to a value the rulebook prints."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardgen.data.documents import Document

CHANGEABLE = ("cost", "vp", "activation", "production", "copies")


@dataclass(frozen=True)
class Change:
    doc: Document
    path: tuple[Any, ...]          # ("changes", i) inside doc
    company_id: str
    values: dict[str, Any]         # field -> new value


def company_table(companies: Iterable[dict]) -> dict[str, dict]:
    """Every id, name and alias (case-folded) to its company."""
    table: dict[str, dict] = {}
    for c in companies:
        for key in (c["id"], c["name"], *c.get("aliases", [])):
            table[str(key).casefold()] = c
    return table


def collect(docs: Iterable[Document], companies: Iterable[dict]) -> tuple[dict[str, Change], list[tuple]]:
    """The first change of each company, and the rest: (doc, path, name, reason) of every entry
    that names no company or a company already changed."""
    table = company_table(companies)
    found: dict[str, Change] = {}
    rejected: list[tuple] = []
    for doc in docs:
        if doc.kind != "company-changes":
            continue
        for i, entry in enumerate(doc.data["changes"]):
            company = table.get(str(entry["company"]).casefold())
            path = ("changes", i)
            if company is None:
                rejected.append((doc, path, entry["company"], "unknown"))
                continue
            if company["id"] in found:
                rejected.append((doc, path, entry["company"], found[company["id"]]))
                continue
            values = {k: v for k, v in entry.items() if k in CHANGEABLE}
            found[company["id"]] = Change(doc, path, company["id"], values)
    return found, rejected


def applied(company: dict, change: Change | None) -> dict:
    """The company with its change's values (facts are never changed: the checks refuse them)."""
    if change is None:
        return company
    return {**company, **{k: v for k, v in change.values.items()
                          if k not in company.get("facts", {})}}
