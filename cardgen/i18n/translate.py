"""The Translator the renderer draws through: a language's PO catalog, English where it is silent.

The text returned is plain text, never markup: whoever lays it out must escape it (the
renderer's text layout does), and ``cardgen i18n check`` rejects translations that look like
markup so the problem is seen before printing.
"""

from __future__ import annotations

from cardgen.i18n.catalog import CatalogError, po_path, read_catalog, resolve_language
from cardgen.i18n.checks import check_values, msgstr_lines
from cardgen.i18n.messages import SOURCE_LANGUAGE, Translator, english
from cardgen.paths import display_path
from cardgen.problems import Problem


def language_tag(game: str, lang: str) -> str:
    """How a language is spelt in file names: ``en`` for the source, else the catalog's own tag
    (``EL`` -> ``el``, ``zh_hant`` -> ``zh-Hant``). Raises UnknownLanguage."""
    return SOURCE_LANGUAGE if lang.casefold() == SOURCE_LANGUAGE else resolve_language(game, lang)


class CatalogTranslator:
    """A catalog's translations; remembers every text it had none for (printed in English), so a
    build can say how many fell back and on which cards."""

    def __init__(self, table: dict[tuple[str, str], str], lines: dict[str, str] | None = None):
        self.table = table
        self.fallbacks: dict[str, str] = {}          # context -> the English printed instead
        self.lines = lines or {}                     # context -> "el.po:LINE" of its entry

    def where(self, context: str) -> str:
        """Where the catalog holds a context's translation (``path:line``), or ''."""
        return self.lines.get(context, "")

    def __call__(self, context: str, source: str) -> str:
        found = self.table.get((context, source))
        if found is None:
            self.fallbacks[context] = source
            return source
        return found


def translator(game: str, lang: str) -> Translator:
    """The translator of a game into a language (``en`` is the English source itself).

    An entry is used only when it is translated, not fuzzy, and made from the same English the
    renderer asks about; anything else falls back to English, so a stale catalog prints the
    current English rather than an outdated translation. Raises UnknownLanguage for a language
    the game has no catalog for, CatalogError for a catalog that cannot be read."""
    if lang.casefold() == SOURCE_LANGUAGE:
        return english
    path = po_path(game, resolve_language(game, lang))
    po = read_catalog(path)
    used = [e for e in po if e.msgstr and not e.fuzzy and not e.obsolete]
    # A build that refuses a translation (too long, an unknown icon) names the catalog's line,
    # where the translator mends it, beside the card; the card alone sent them searching.
    # At its msgstr line, as i18n check reports it.
    shown, at = display_path(path), msgstr_lines(path, po)
    # A label's %(name)s value renamed or a lone % would print as it is ('Spielplan
    # %(seite)s'): refused at its line, as i18n check reports it, before anything is drawn;
    # every one of them, not the first alone (a build for each mistake).
    refused = [Problem(shown, at[e.linenum], 1, rule, f"{e.msgctxt or ''}: {text}")
               for e in used for rule, text in check_values(e.msgid, e.msgstr)]
    if refused:
        raise CatalogError(refused[0], refused[1:])
    return CatalogTranslator({(e.msgctxt or "", e.msgid): e.msgstr for e in used},
                             {e.msgctxt or "": f"{shown}:{at[e.linenum]}" for e in used})
