"""The Free Market: NYC box as printable pieces for ``cardgen build fmnyc``: the 30 Career cards
with their backs, the characters, and every token and standee, each as a "card" of its own size
through the shared card pipeline (which imposes several sizes in one file, with crop marks).

Counts come from ``components.yaml`` (the rulebook's Contents): the full box, or with
``--players N`` only the first N player colours' pieces (everything else is the common supply
and prints in full). Faces name layouts of ``templates/fmnyc/cards.yaml``; every printed string
is a Message of ``texts.py``. The board is ``board.py``'s, the aids ``inserts.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from cardgen.data.documents import Document
from cardgen.games.fmnyc.board import read_board_layout, shape_problems
from cardgen.games.fmnyc.load import Fmnyc, careers_file, check_deal, load_fmnyc
from cardgen.games.fmnyc.texts import LABELS, characters, messages, read_characters
from cardgen.games.selection import SelectionError, check_players
from cardgen.i18n.messages import Message, labeller
from cardgen.output import slug
from cardgen.render.layouts import LayoutError, read_problems
from cardgen.render.pipeline import Context
from cardgen.render.printable import CardSpec, Face, TextSlot

GAME = "fmnyc"
# The YAML files of templates/fmnyc/ besides the card layouts, each with the check that
# ``cardgen validate`` runs on it: what build would refuse in them.
TEMPLATE_CHECKS = {"board.yaml": partial(read_problems, read_board_layout),
                   "characters.yaml": partial(read_problems, read_characters)}
__all__ = ["GAME", "LABELS", "Selection", "SelectionError", "box_messages", "card_list", "select",
           "text_fields"]

label = labeller(LABELS)

# The icon that pictures a Career card's ability (rulebook, "Card Structure" 3: "The main
# illustration shows the capabilities"), by the kind of its main effect; items are their icons.
ILLUSTRATION = {
    "take_first_player": "cup", "establish_partnership": "shop", "place_roadblock": "roadblock",
    "discount": "coin", "tax_relief": "manager", "factory_bonus_extra": "factory",
    "adjust_demand": "demand", "sale_bonus": "coin", "ignore_requirement": "politician",
    "move_truck": "truck", "score_bonus": "score", "award_bonus": "award", "extra_guard": "worker",
    "reparation_bonus": "coin", "remove_strike": "strike", "draw_hidden_crates": "hidden_crate",
    "extra_delivery_crates": "crate", "extra_capacity": "manager",
}
COIN_SMALL_BELOW = 10          # coins under this value are 20 mm, the others 24 mm
STANDEES = ("manager", "worker", "truck", "shop")


@dataclass(frozen=True)
class Selection:
    """What to print: ``players`` None is the full box (both board sides, all five colours)."""

    game: Fmnyc
    players: int | None = None
    careers: Path | None = None     # a file of Career cards printed in place of careers.yaml

    @property
    def variant(self) -> str | None:
        """The chosen cards, in the output files' names (None: the shipped ones)."""
        return None if self.careers is None else slug(self.careers.stem) or "careers"

    @property
    def colours(self) -> list[str]:
        colours = self.game.colours
        return colours if self.players is None else colours[:self.players]

    @property
    def sides(self) -> list[Mapping[str, Any]]:
        """The board sides to print: the one for the player count, or both."""
        if self.players is None:
            return self.game.sides
        return [self.game.side_for(self.players)]


def select(players: int | None = None, set_ref: str | None = None) -> Selection:
    """Load the data and check --players (SelectionError when unusable). The game has no card
    sets; ``set_ref`` may name a file of Career cards printed in place of careers.yaml."""
    careers = careers_file(set_ref) if set_ref else None
    game = load_fmnyc(careers)
    check_players(game, players)
    check_deal(game, players, careers)      # a smaller deck of one's own: enough for --players?
    return Selection(game, players, careers)


# -- faces ------------------------------------------------------------------------------------

def _illustration(ability: list[Mapping[str, Any]]) -> tuple[str, dict[str, int] | None]:
    """(icon, items shown with their counts) for a Career card's ability."""
    for effect in ability:
        kind = effect["kind"]
        if kind == "gain":
            counts = {item: int(n) for item, n in effect["items"].items()}
            return next(iter(counts)), counts
        if kind == "pay":
            continue                  # the price; the picture is what it buys
        if kind in ("score_bonus", "sale_bonus") and effect.get("crate"):
            return f"crate_{effect['crate']}", None
        if kind == "establish_partnership" and effect.get("square") == "factory":
            return "factory", None
        return ILLUSTRATION.get(kind, "career"), None
    return "career", None


def career_face(game: Fmnyc, card: Mapping[str, Any]) -> Face:
    cid = card["id"]
    icon, gains = _illustration(list(card["ability"]))
    stage = card.get("stage")
    return Face(f"career.{cid}", "career", {
        "title": Message(f"career.{cid}:title", card["title"]),
        "text": Message(f"career.{cid}:text", card["text"]),
        "timing_icon": f"t_{card['timing']}",
        "stage_name": Message(f"stage.{stage}:name", game.stage(stage)["name"]) if stage else None,
        "illustration": icon,
        "gains": gains,
        "serial": int(card["serial"]),
        "serial_label": label("label:serial"),
        "placeholder": label("label:placeholder") if card.get("text_source") == "placeholder" else None,
    })


CAREER_BACK = Face("career.back", "career_back", {"game_name": label("label:game_name"),
                                                  "deck_label": label("label:career")})


def character_face(ch: Any) -> Face:
    return Face(f"character.{ch.id}", "character", {
        "name": Message(f"character.{ch.id}:name", ch.name),
        "slogan": Message(f"character.{ch.id}:slogan", ch.slogan),
        "hint": label("label:character_hint"), "colour": ch.colour, "icon": f"character_{ch.colour}"})


def stock_face(token: Mapping[str, Any]) -> Face:
    return Face(f"stock.{token['id']}", "stock", {
        "name": Message(f"stock.{token['id']}:name", token["name"]),
        "cost": int(token["purchase_cost"]), "early": int(token["early_trade"]),
        "end": int(token["end_game"]), "cost_label": label("label:purchase_cost"),
        "early_label": label("label:early_trade"), "end_label": label("label:end_game")})


def coin_face(value: int) -> Face:
    layout = "coin_small" if value < COIN_SMALL_BELOW else "coin_large"
    return Face(f"coin.{value}", layout, {"value": value, "colour": f"coin_{value}"})


def token_face(key: str, name: Message, icon: str, colour: str) -> Face:
    return Face(key, "token", {"name": name, "icon": icon, "colour": colour})


def standee_face(kind: str, colour: str) -> Face:
    return Face(f"{kind}.{colour}", f"standee_{kind}", {"icon": f"{kind}_{colour}",
                                                         "colour": f"player_{colour}"})


# -- the card list ----------------------------------------------------------------------------

def career_spec(game: Fmnyc, card: Mapping[str, Any]) -> CardSpec:
    """One Career card, with the Careers' back."""
    return CardSpec(f"career.{card['id']}", "career", career_face(game, card), CAREER_BACK, 1)


def card_list(sel: Selection) -> list[CardSpec]:
    """Every piece to print, with its count: cards first (they have backs), then the tokens by
    size, then the standees."""
    game = sel.game
    out = [career_spec(game, c) for c in game.careers]
    out += [CardSpec(f"character.{ch.id}", "character", character_face(ch), None, 1)
            for ch in characters()[:game.component("character")["count"]]]
    out += [CardSpec(f"stock.{t['id']}", "stock", stock_face(t), None, 1) for t in game.stocks]
    coins = game.component("coin")["denominations"]
    out += [CardSpec(f"coin.{v}", "coin", coin_face(int(v)), None, int(n)) for v, n in coins.items()]
    out.append(CardSpec("first_player", "marker", Face("first_player", "first_player", {
        "name": label("label:first_player")}), None, game.component("first_player_marker")["count"]))
    out.append(CardSpec("strike", "strike",
                        token_face("strike", label("label:strike"), "strike", "strike_bg"), None,
                        game.component("strike")["count"]))
    out.append(CardSpec("purchase_order", "purchase_order",
                        token_face("purchase_order", label("label:purchase_order"), "purchase_order",
                                   "purchase_order_bg"), None, game.component("purchase_order")["count"]))
    for colour in sel.colours:
        out.append(CardSpec(f"roadblock.{colour}", "roadblock",
                            token_face(f"roadblock.{colour}", label("label:roadblock"), f"roadblock_{colour}",
                                       f"player_{colour}"), None, game.per_colour("roadblock")))
    for colour in sel.colours:
        out.append(CardSpec(f"disc.{colour}", "disc", Face(f"disc.{colour}", "disc", {
            "colour": f"player_{colour}"}), None, game.per_colour("disc")))
    # Score Trackers start on the track's 200; a +100 marker beside one counts a lap beyond 299.
    for colour in sel.colours:
        out.append(CardSpec(f"tracker.{colour}", "tracker", Face(f"tracker.{colour}", "tracker", {
            "colour": f"player_{colour}", "icon": "score"}), None, 1))
    out.append(CardSpec("lap", "tracker", Face("lap", "tracker", {"colour": "lap_bg",
                                                                 "label": label("label:score_lap")}),
                        None, 2 * len(sel.colours)))
    for crate in game.crates:
        out.append(CardSpec(f"crate.{crate['id']}", "crate", Face(f"crate.{crate['id']}", "crate", {
            "icon": f"crate_{crate['id']}"}), None, int(crate["count"])))
    for crate in game.crates:          # the stickers of the Wholesale Price Cubes, one per face
        for value in dict.fromkeys(crate["cube"]):
            n = list(crate["cube"]).count(value)
            key = f"cube.{crate['id']}.{value}"
            out.append(CardSpec(key, "sticker", Face(key, "sticker", {
                "colour": f"crate_{crate['id']}", "value": int(value), "icon": None}), None, n))
    die = list(game["market"]["demand"]["die"])
    for sign, icon in ((1, "plus"), (-1, "minus")):
        if die.count(sign):
            out.append(CardSpec(f"die.{icon}", "sticker", Face(f"die.{icon}", "sticker", {
                "colour": "die", "value": None, "icon": icon}), None, die.count(sign)))
    chips = (("demand_chip", "chip_bg", "demand"), ("round_chip", "round", "round"),
             ("stage_marker", "white", "stage"))
    out += [CardSpec(cid, "chip", Face(cid, "chip", {"colour": colour, "icon": icon}), None,
                     game.component(cid)["count"]) for cid, colour, icon in chips]
    for kind in STANDEES:
        out += [CardSpec(f"{kind}.{colour}", kind, standee_face(kind, colour), None, game.per_colour(kind))
                for colour in sel.colours]
    return [c for c in out if c.count > 0]


def drawing_problems(ctx: Context) -> list[str]:
    """The colours, styles and icons the board sides draw that the layouts lack (what
    ``cardgen validate`` adds to the cards' own, ``pipeline.layout_face_problems``)."""
    try:
        return shape_problems(ctx.selection.game, ctx.selection.sides, ctx.book)
    except LayoutError as exc:          # no board layout at all: what build says of it
        return [str(exc)]


def box_messages(sel: Selection) -> list[Message]:
    """Every message the edition may print (cards, tokens, board, aids): for the font check."""
    return messages(sel.game)


def fit_selections() -> list[Selection]:
    """What ``cardgen i18n check`` lays its translations out in: the box, and the box with each
    of the workspace's own files of Career cards (their cards are in the catalogs too)."""
    from cardgen.games.fmnyc.load import workspace_careers

    return [select()] + [Selection(load_fmnyc(path), None, path) for path in workspace_careers()]


def new_card_specs(game: Fmnyc, docs: Sequence[Document]) -> list[CardSpec]:
    """The Career cards that files of Career cards (other than the box's) print, read from the
    documents as they are."""
    return [career_spec(game, c) for doc in docs if (doc.game, doc.kind) == (GAME, "careers")
            for c in doc.data.get("cards", ())]


def text_fields(lang: str = "en", sel: Selection | None = None,
                extra: Sequence[Document] = ()) -> Iterator[TextSlot]:
    """Every (face, field, message context, box, style) that the cards, tokens, screens and the
    board print, in the fonts of ``lang``: what ``cardgen i18n check`` fits translations into.
    Without a selection, the box and the cards of the workspace's own files of Career cards;
    and those of the files of Career cards ``extra``."""
    from cardgen.games.fmnyc import board, inserts
    from cardgen.i18n.messages import english, label_messages
    from cardgen.render.cardface import FaceRenderer
    from cardgen.render.fonts import fonts_for
    from cardgen.render.layouts import card_layout_path, load_layouts

    selections = [sel] if sel is not None else fit_selections()
    book = load_layouts(card_layout_path(GAME))
    fonts = fonts_for(lang)
    renderer = FaceRenderer(book, fonts, english, label_messages(LABELS),
                            selections[0].game.card_size_mm, lang)
    yield from renderer.card_slots([spec for chosen in selections
                                    for spec in card_list(chosen) + inserts.aid_cards(chosen)]
                                   + new_card_specs(selections[0].game, extra))
    yield from board.text_slots(selections[0], book, fonts, lang)
