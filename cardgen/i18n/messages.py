"""The translatable strings of a game, and how the renderer asks for a translation.

Every string a printed card or insert shows is a ``Message`` with a ``context`` naming the card
and field (``company.steel_factory:name``), so identical English in two places can be
translated differently. The renderer never draws English directly: it calls a ``Translator``
with the message's context and English source, and gets text back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

SOURCE_LANGUAGE = "en"


@dataclass(frozen=True)
class Message:
    context: str       # "<card or insert>:<field>", unique within a game
    source: str        # English text; may contain icon tokens such as {steel}
    comment: str = ""  # a note for translators (where the text appears, its space)


Translator = Callable[[str, str], str]
"""(context, english) -> text in the target language."""


def labeller(labels: dict[str, str]) -> Callable[[str], Message]:
    """``label(key)``: the Message of a fixed label, its context being the key itself."""

    def label(key: str) -> Message:
        return Message(key, labels[key])

    return label


def label_messages(labels: dict[str, str]) -> dict[str, Message]:
    return {key: Message(key, text) for key, text in labels.items()}


def english(context: str, source: str) -> str:
    """The source-language translator: the English text itself."""
    return source
