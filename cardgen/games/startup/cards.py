"""The startup game's box as printable cards for ``cardgen build startup``: which cards, how
many, and what each face shows. The shared renderer (``cardgen/render``) does the rest.

Every printed string is a Message with a context (``card.poach:text``); value amounts such as
"$125M" are printed as they are (no context: nothing to translate). Faces name layouts of
``templates/startup/cards.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardgen.data.documents import Document
from cardgen.games.selection import SelectionError as SelectionError  # what select() raises
from cardgen.games.selection import check_players, refuse_sets
from cardgen.games.startup.load import load_startup
from cardgen.games.startup.model import CardDef, StartupGame, money
from cardgen.games.startup.texts import LABELS, messages
from cardgen.i18n.messages import Message, labeller
from cardgen.render.printable import CardSpec, Face, TextSlot

GAME = "startup"

ICONS = {"employee": "employee", "growth": "growth", "funding": "funding", "investor": "investor",
         "tactic": "tactic", "reaction": "reaction"}


label = labeller(LABELS)


@dataclass(frozen=True)
class Selection:
    game: StartupGame
    players: int | None = None


def select(players: int | None = None, set_ref: str | None = None) -> Selection:
    game = load_startup()
    refuse_sets(game, set_ref)
    check_players(game, players)
    return Selection(game, players)


def _money(amount: int) -> Message:
    return Message("", money(amount))


def card_face(c: CardDef) -> Face:
    layout = "tactic" if c.is_tactic else "value"
    return Face(f"card.{c.id}", layout, {
        "name": Message(f"card.{c.id}:name", c.name),
        "text": Message(f"card.{c.id}:text", c.text),
        "category": label(f"label:{c.category}"),
        "bank_for": label("label:bank_for"),
        "value": _money(c.value),
        "colour": c.category,
        "icon": ICONS[c.category],
        "art": c.art,
    })


def startup_face(game: StartupGame, type_id: str, name: str, art: str | None = None) -> Face:
    return Face(f"startup.{type_id}", "startup", {
        "name": Message(f"startup.{type_id}:name", name), "kind": label("label:startup"),
        "value": _money(game.rules.startup_value), "rule": label("label:startup_rule"),
        "colour": "startup", "icon": "startup", "art": art})


def reference_face(game: StartupGame) -> Face:
    return Face("reference", "reference", {
        "name": Message("reference:name", game.reference_name),
        "text": Message("reference:text", game.reference_text), "colour": "reference"})


def credits_face() -> Face:
    """The credit line that the card pictures' licence asks for (CC BY 3.0), on a card of its own."""
    return Face("credits", "credits", {"name": label("label:credits"), "text": label("label:credits_text"),
                                       "url": label("label:licence_url"), "colour": "reference"})


def spare_card(sel: Selection) -> CardSpec:
    """A blank draw-pile card to write a lost card on: the renderer fills the last sheet's empty
    slots with these (none are part of the box)."""
    return CardSpec("spare", "spare", Face("spare", "spare", {
        "name": label("label:spare"), "note": label("label:spare_note"), "colour": "back"}),
        back("draw_pile", "label:draw_pile", "back", "tactic"), 1)


def back(key: str, deck_label: str, colour: str, icon: str) -> Face:
    return Face(f"{key}.back", "back", {"game_name": label("label:game_name"),
                                        "deck_label": label(deck_label), "colour": colour, "icon": icon})


def card_list(sel: Selection) -> list[CardSpec]:
    """All 119 cards of the box: 98 draw-pile cards, 15 Startups, 5 Reference cards and the
    Credits card (the box is the same at every player count, except that only one Reference
    card per player is needed)."""
    game = sel.game
    pile_back = back("draw_pile", "label:draw_pile", "back", "tactic")
    cards = [CardSpec(c.id, "draw_pile", card_face(c), pile_back, c.count) for c in game.cards]
    startup_back = back("startup", "label:startup", "startup", "startup")
    cards += [CardSpec(f"startup.{t.id}", "startup", startup_face(game, t.id, t.name, t.art), startup_back,
                       game.startup_copies) for t in game.startup_types]
    references = game.reference_count if sel.players is None else sel.players
    cards.append(CardSpec("reference", "reference", reference_face(game),
                          back("reference", "label:reference", "reference", "reference"), references))
    cards.append(CardSpec("credits", "reference", credits_face(),
                          back("reference", "label:reference", "reference", "reference"), 1))
    return [c for c in cards if c.count > 0]


def box_messages(sel: Selection) -> list[Message]:
    """Every message the cards may print (for the font check), in box order."""
    return messages(sel.game)


def text_fields(lang: str = "en", sel: Selection | None = None,
                extra: Sequence[Document] = ()) -> Iterator[TextSlot]:
    """Every (card, field, message context, box size, style) that a startup card prints, in
    the fonts of ``lang``: what ``cardgen i18n check`` fits each translation into. (``extra``:
    the game has no set files to add cards.)"""
    from cardgen.i18n.messages import english, label_messages
    from cardgen.render.cardface import FaceRenderer
    from cardgen.render.fonts import fonts_for
    from cardgen.render.layouts import card_layout_path, load_layouts

    sel = sel or select()
    renderer = FaceRenderer(load_layouts(card_layout_path(GAME)), fonts_for(lang), english,
                            label_messages(LABELS), sel.game.card_size_mm, lang)
    yield from renderer.card_slots(card_list(sel) + [spare_card(sel)])
