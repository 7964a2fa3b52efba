"""Every string a startup card prints, with its gettext context: what ``cardgen i18n`` extracts
and checks, and what build's font check lays out. The faces (``cards.py``) print the same
contexts, each drawn through the build's Translator. Money values (``$125M``) are printed as
they are: nothing to translate.
"""

from __future__ import annotations

from cardgen.games.startup.model import StartupGame
from cardgen.i18n.messages import Message

# Fixed labels of the cards: context -> English.
LABELS: dict[str, str] = {
    "label:game_name": "Build a startup. Betray your friends.",
    "label:draw_pile": "Draw pile",
    "label:startup": "Startup",
    "label:reference": "Reference",
    "label:employee": "Employee",
    "label:growth": "Growth",
    "label:funding": "Funding",
    "label:investor": "Investor",
    "label:tactic": "Tactic",
    "label:reaction": "Reaction",
    "label:bank_for": "Bank for",
    "label:startup_rule": "Its $50M always counts. It can never be taken or discarded.",
    "label:credits": "Credits",
    "label:credits_text": "Build a startup. Betray your friends.\n\nCard pictures: Game Icons "
                          "(game-icons.net) by its contributors, licensed under CC BY 3.0.\n\n"
                          "Printed with cardgen.",
    "label:licence_url": "creativecommons.org/licenses/by/3.0",
    "label:spare": "Spare card",
    "label:spare_note": "For a lost or worn card: write its name, value and text on this one.",
}


def messages(game: StartupGame) -> list[Message]:
    """Every message the box prints, in box order: the draw pile's cards, the Startups, the
    Reference card, then the labels."""
    out: list[Message] = []
    for c in game.cards:
        out.append(Message(f"card.{c.id}:name", c.name, f"{c.category} card title"))
        out.append(Message(f"card.{c.id}:text", c.text, "card text, under the title; keep the "
                           "money amounts ($25M) as they are"))
    out += [Message(f"startup.{t.id}:name", t.name, "a Startup card's title (its kind of company)")
            for t in game.startup_types]
    out.append(Message("reference:name", game.reference_name, "the Reference card's title"))
    out.append(Message("reference:text", game.reference_text,
                       "the Reference card: a turn summary, the whole card"))
    out += [Message(key, text, "card label") for key, text in LABELS.items()]
    return out


def box_messages() -> list[Message]:
    """The messages of the startup box (the workspace's data): what ``cardgen i18n`` extracts."""
    from cardgen.games.startup.load import load_startup

    return messages(load_startup())
