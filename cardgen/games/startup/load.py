"""Build the startup game model from validated documents."""

from __future__ import annotations

from typing import Any

from cardgen.data.checks import raise_errors
from cardgen.data.documents import Document, game_files, read_documents
from cardgen.games.startup.model import CardDef, Effect, Reaction, Rules, StartupGame, StartupType

GAME = "startup"


def _plain(value: Any) -> Any:
    """YAML lists as tuples (hashable, immutable), everything else unchanged."""
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


def card_from(data: dict[str, Any]) -> CardDef:
    eff = data["effect"]
    params = tuple(sorted((k, _plain(v)) for k, v in eff.items() if k != "kind"))
    reactions = tuple(Reaction(r["against"], r["action"], r["by"], r.get("during"))
                      for r in data.get("reactions", ()))
    return CardDef(
        id=data["id"], name=data["name"], category=data["category"], value=data["value"],
        count=data["count"], effect=Effect(eff["kind"], params), text=data["text"],
        reactions=reactions, facts=tuple(sorted(data.get("facts", {}).items())),
        authored=tuple(data.get("authored", ())), art=data.get("art"),
    )


def build(docs: list[Document]) -> StartupGame:
    """The model from the documents (which must have passed all checks)."""
    by_kind = {d.kind: d.data for d in docs}
    g, deck, comp = by_kind["game"], by_kind["deck"], by_kind["components"]
    r = g["rules"]
    rules = Rules(startup_value=comp["startups"]["value"],
                  **{k: (tuple(v) if isinstance(v, list) else v) for k, v in r.items()})
    return StartupGame(
        name=g["name"], card_size_mm=tuple(g["card_size_mm"]), min_players=g["players"]["min"],
        max_players=g["players"]["max"], default_players=g["players"]["default"], rules=rules,
        cards=tuple(card_from(c) for c in deck["cards"]),
        startup_types=tuple(StartupType(t["id"], t["name"], t.get("art")) for t in comp["startups"]["types"]),
        startup_copies=comp["startups"]["copies_per_type"],
        reference_name=comp["references"]["name"], reference_text=comp["references"]["text"],
        reference_count=comp["references"]["count"],
    )


def load_startup() -> StartupGame:
    """The shipped game data, fully validated. Raises DataError with every problem found."""
    from cardgen.games.startup.checks import RULES

    docs, problems = read_documents(game_files(GAME))
    raise_errors(docs, problems, RULES)
    return build(docs)
