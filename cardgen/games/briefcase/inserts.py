"""Briefcase rulebook inserts, drawn from the same data as the cards.

Each insert is a Jinja2 template in ``templates/briefcase/inserts/`` that turns numbers and
translated strings into documents (see ``cardgen.render.document``): setup cards per player
count, a turn summary card, a company reference, the company sets, a symbol glossary and a
score pad. Templates get strings only through ``t`` (a label of ``texts.LABELS``) and the
``name``/``ability`` fields prepared here, all translated by the build's Translator.
"""

from __future__ import annotations

from typing import Any

from cardgen.games.briefcase.cards import (
    Selection,
    block_count,
    companies_in,
    company_count,
    decision_count,
    resource_count,
    vp_count,
)
from cardgen.games.briefcase.model import DECISIONS, PLAYER_COUNTS, Company
from cardgen.games.briefcase.texts import LABELS
from cardgen.i18n.messages import Translator
from cardgen.render.document import Doc
from cardgen.render.pipeline import (
    Context,
    Progress,
    RenderedPdf,
    SheetOptions,
    document_pages,
    render_documents,
)
from cardgen.render.templating import label_text, template_documents

GAME = "briefcase"
TEMPLATES = ("setup", "turn", "reference", "sets", "glossary", "scorepad")


def _icons(counts: dict[str, int]) -> str:
    return "".join(f"{{{icon}}}" * n for icon, n in counts.items())


def _company(c: Company, translate: Translator) -> dict[str, Any]:
    return {"id": c.id, "level": c.level, "cost": c.cost, "vp": c.vp, "starting": c.starting,
            "name": translate(f"company.{c.id}:name", c.name),
            "ability": translate(f"company.{c.id}:ability", c.ability.text),
            "per_activation": c.ability.per_activation,
            "activation": _icons(dict(c.activation)), "production": _icons(dict(c.production)),
            "copies": {n: c.copies[n] for n in PLAYER_COUNTS}}


def _setup(sel: Selection, n: int) -> dict[str, Any]:
    game, s = sel.game, sel.game.setup
    portfolio = [c for c in companies_in(sel) if not c.starting]
    copies = {}
    for level in sorted(s.portfolio):
        counts = sorted({company_count(c, n) for c in portfolio if c.level == level})
        copies[level] = {"slots": s.portfolio[level], "min": counts[0] if counts else 0,
                         "max": counts[-1] if counts else 0}
    return {
        "players": n,
        "market": [{"id": r, "count": resource_count(game, r, n), "whole": r in s.market_whole_pile,
                    "later": game.resources[r].needs_exhausted_basic} for r in game.resources],
        "bank": [{"id": d, "count": decision_count(game, d, n), "whole": d in s.decision_bank_whole_pile}
                 for d in DECISIONS],
        "vp": vp_count(game, n),
        "blocks": [{"icon": f"{b.blocks}_block", "count": block_count(game, b.id, n)}
                   for b in game.blocks.values()],
        "portfolio": copies,
        "starting_deck": dict(s.starting_deck),
        "starting_companies": [game.companies[c].id for c in s.starting_companies],
        "hand_size": s.hand_size, "storage_limit": s.storage_limit,
    }


def template_context(sel: Selection, translate: Translator) -> dict[str, Any]:
    game = sel.game

    t = label_text(LABELS, translate)

    def name(kind: str, id_: str) -> str:
        source = {"decision": game.decision_cards, "resource": game.resources,
                  "block": game.blocks}[kind][id_].name
        return translate(f"{kind}.{id_}:name", source)

    companies = [_company(c, translate) for c in companies_in(sel)]
    counts = [sel.players] if sel.players else list(range(game.min_players, game.max_players + 1))
    # a build for one set prints that set only; the full box prints the official sets to choose from
    sets = [sel.company_set] if sel.company_set else list(game.sets.values())
    return {
        "t": t, "name": name,
        "player_counts": counts,
        "player_counts_all": list(PLAYER_COUNTS),
        "setups": [_setup(sel, n) for n in counts],
        "companies": companies,
        "levels": sorted({c["level"] for c in companies}),
        "set_name": translate(f"set.{sel.company_set.id}:name", sel.company_set.name)
        if sel.company_set else None,
        "sets": [{"name": translate(f"set.{s.id}:name", s.name),
                  "companies": [_company(game.companies[c], translate)
                                for c in sorted(s.company_ids, key=lambda i: game.companies[i].level)]}
                 for s in sets],
        "turn_cards": sel.players or game.max_players,
        "score_players": game.max_players,
    }


def documents(ctx: Context) -> list[Doc]:
    """Every insert document, in print order."""
    return template_documents(GAME, TEMPLATES, template_context(ctx.selection, ctx.renderer.translate))


def render_inserts(ctx: Context, options: SheetOptions, title: str,
                   progress: Progress | None = None) -> RenderedPdf:
    """The inserts PDF; ``progress`` is called after each page."""
    return render_documents(ctx, documents(ctx), options, title, progress)


def page_total(ctx: Context, options: SheetOptions) -> int:
    """How many pages the inserts take (for progress bars)."""
    return len(document_pages(documents(ctx), options)[0])
