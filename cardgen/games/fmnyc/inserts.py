"""Free Market: NYC player aids, ``<stem>-inserts.pdf``: a Player's Screen per colour, the stages
reference card, the scoring card, a score sheet and the page that says what to print, cut and
find.

The screens are large "cards" of ``templates/fmnyc/cards.yaml`` (layout ``screen``: texts in fixed
boxes, so ``cardgen i18n check`` fits each translation into its box); the other aids are
documents of Jinja2 templates in ``templates/fmnyc/inserts/`` (flowed, shrinking as a whole),
as Briefcase's inserts are. Both are drawn into one PDF with the shared imposition.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardgen.games.fmnyc.cards import GAME, Selection, card_list
from cardgen.games.fmnyc.texts import LABELS, SCORING_STEPS, fill, scoring_values, screen_texts, stage_texts
from cardgen.i18n.messages import Message, Translator, labeller
from cardgen.render.document import Doc
from cardgen.render.pipeline import (
    Context,
    Progress,
    RenderedPdf,
    SheetOptions,
    document_pages,
    plan,
    render_documents,
)
from cardgen.render.printable import CardSpec, Face
from cardgen.render.templating import label_text, template_documents

TEMPLATES = ("components", "stages", "scoring", "scoresheet")
label = labeller(LABELS)

# Which printed pieces (card ids before the first dot) are which component of the box.
PIECES = {"career": "career_card", "character": "character", "stock": "stock_token", "coin": "coin",
          "first_player": "first_player_marker", "strike": "strike", "purchase_order": "purchase_order",
          "roadblock": "roadblock", "disc": "disc", "tracker": "score_tracker", "crate": "crate",
          "cube": "price_cube", "die": "demand_die", "demand_chip": "demand_chip",
          "round_chip": "round_chip", "stage_marker": "stage_marker", "manager": "manager",
          "worker": "worker", "truck": "truck", "shop": "shop"}
# Components printed as stickers: how many faces a cube or die has (the sets printed are the
# stickers over that).
STICKERS = {"price_cube": lambda game: len(game.crates[0]["cube"]),
            "demand_die": lambda game: len(game["market"]["demand"]["die"])}
# The steps of the final count that add worth (scoring.yaml), with the icon of their row.
WORTH_ROWS = {"coins": "coin", "stock_end_values": "stock", "scoring_values": "crate", "awards": "award",
              "careers": "career"}
ON_THE_BOARD = ("board", "tower")          # the Donation Tower is a spot on the board
IN_INSERTS = ("screen",)


def screen_face(sel: Selection, colour: str) -> Face:
    fields: dict[str, Any] = {"colour": f"player_{colour}", "icon": f"manager_{colour}"}
    fields |= {key: Message(f"screen:{key}", text) for key, text in screen_texts(sel.game).items()}
    return Face(f"screen.{colour}", "screen", fields)


def aid_cards(sel: Selection) -> list[CardSpec]:
    """The Player's Screens of the selection's colours (no back: each folds on itself)."""
    return [CardSpec(f"screen.{c}", "screen", screen_face(sel, c), None, 1) for c in sel.colours]


def _capacity(cap: dict | None, t: Any) -> str:
    if not cap:
        return ""
    base = t("all_players") if cap["managers"] == "all" else str(cap["managers"])
    return base + (" " + fill(t("capacity_extra"), players=cap["extra_at"]) if cap.get("extra_at") else "")


def _components(sel: Selection, translate: Translator) -> list[dict[str, Any]]:
    game = sel.game
    printed: Counter[str] = Counter()
    for spec in card_list(sel):
        printed[PIECES.get(spec.id.split(".")[0], "")] += spec.count
    rows = []
    for c in game["components"]["contents"]:
        cid = c["id"]
        count = c.get("count", sum(int(n) for n in c.get("denominations", {}).values()))
        if cid in STICKERS:
            faces = STICKERS[cid](game)
            where, n = "stickers", printed[cid] // faces if faces else 0
        elif cid in printed:
            where, n = "in_cards_pdf", printed[cid]
        elif cid in ON_THE_BOARD:
            where, n = "in_board_pdf", len(sel.sides) if cid == "board" else 1
        elif cid in IN_INSERTS:
            where, n = "in_inserts_pdf", len(sel.colours)
        else:
            where, n = "not_printed", 0
        rows.append({"name": translate(f"component.{cid}:name", c["name"]), "box": count, "printed": n,
                     "where": where})
    return rows


def template_context(sel: Selection, translate: Translator) -> dict[str, Any]:
    game = sel.game

    t = label_text(LABELS, translate)

    big, small = game.side_for(game.max_players), game.side_for(game.min_players)
    stages = []
    for s in game.stages:
        texts = stage_texts(game, s)
        cap = s.get("capacity") or {}
        stages.append({
            "number": s["number"], "type": s["type"],
            "name": translate(f"stage.{s['id']}:name", s["name"]),
            "effects": translate(f"stage.{s['id']}:effects", texts["effects"]),
            "few": translate(f"stage.{s['id']}:players_2_3", texts["players_2_3"]) if texts["players_2_3"]
            else t("no_change"),
            "cap_big": _capacity(cap.get(big["id"]), t), "cap_small": _capacity(cap.get(small["id"]), t)})
    scoring = screen_texts(game)
    awards = [{"name": translate(f"award.{a['id']}:name", a["name"]), "sum": a["sum"],
               "half": int(a["sum"] * game["panels"]["awards"]["second_share"])}
              for a in game.awards.values()]
    players = sel.players or game.max_players
    rows = [{"icon": WORTH_ROWS[step], "text": translate(f"scoring.{step}:text", SCORING_STEPS[step])}
            for step in game["scoring"]["steps"] if step in WORTH_ROWS]
    return {
        "score_rows": rows,
        "values_line": translate("scoring:values", scoring_values(game)),
        "t": t,
        "fill": fill,
        "stages": stages,
        "big_side": big["id"], "small_side": small["id"],
        "scoring_order": translate("screen:scoring_order", scoring["scoring_order"]),
        "values": translate("screen:values", scoring["values"]),
        "start": game["scoring"]["start"],
        "awards": awards,
        "players": players,
        "aid_count": players,
        "score_players": players,
        "components": _components(sel, translate),
        "symbols": [{"icon": f"t_{s['id']}", "text": translate(f"symbol.{s['id']}:text", s["text"])}
                    for s in game.symbols],
    }


def documents(ctx: Context) -> list[Doc]:
    """Every document aid, in print order."""
    return template_documents(GAME, TEMPLATES, template_context(ctx.selection, ctx.renderer.translate))


def render_inserts(ctx: Context, options: SheetOptions, title: str,
                   progress: Progress | None = None) -> RenderedPdf:
    """The aids PDF: the screens (imposed as cards, one a page, with crop marks), then the
    documents. RenderError naming every text that does not fit."""
    return render_documents(ctx, documents(ctx), options, title, progress, cards=aid_cards(ctx.selection))


def page_total(ctx: Context, options: SheetOptions) -> int:
    """How many pages the aids take (for progress bars)."""
    screens = plan(ctx, aid_cards(ctx.selection), options)[0]
    return len(screens) + len(document_pages(documents(ctx), options)[0])
