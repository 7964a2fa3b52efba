"""Icon tokens in printed texts: ``{steel}`` names an icon of the game's icon set.

A token is ``{``, lowercase letters, digits or ``_``, then ``}``; other brace text is not a token
(``cardgen i18n check`` reports a stray brace in a translation). A token that names no icon of
the game would print as its braces, so ``validate``, ``i18n check`` and ``build`` all refuse it,
each through ``unknown_tokens``.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from cardgen.data.schema import did_you_mean
from cardgen.problems import shorten

TOKEN = re.compile(r"\{([a-z0-9_]+)\}")


def icon_names(game: str) -> frozenset[str]:
    """The icons a game's texts can name: the ``icons`` of ``templates/<game>/cards.yaml``.
    Raises LayoutError when that file is missing or unusable."""
    from cardgen.render.layouts import card_layout_path, load_layouts

    return frozenset(load_layouts(card_layout_path(game)).icons(False).names())


def unknown_tokens(text: str, icons: Collection[str], where: str = "") -> list[str]:
    """``unknown icon {x} in <where> (did you mean '{y}'?)`` for each token of ``text`` that
    names none of ``icons``, in the order they first appear."""
    choices = [f"{{{name}}}" for name in sorted(icons)]
    place = f" in {where}" if where else ""
    return [f"unknown icon {{{shorten(name)}}}{place}{did_you_mean(f'{{{name}}}', choices)}"
            for name in dict.fromkeys(TOKEN.findall(text)) if name not in icons]
