"""Does each translation fit where it is printed? Laid out in the real font, in its real box.

A game that prints cards offers ``cardgen.games.<game>.cards.text_fields(lang)``: every text
slot (card, field, message context, box, style) in the fonts chosen for ``lang``, and
``templates/<game>/cards.yaml`` whose icon set sizes the inline icons. Each translation is laid out by the
renderer's own ``fit_text`` (which shrinks down to the style's minimum size), so what this check
accepts is exactly what ``cardgen build`` prints. The font is also checked to have a glyph for
every character of every translation: reportlab draws a missing glyph as nothing.

Rulebook inserts (``cardgen.games.<game>.inserts.documents``) are flowed documents that shrink
as a whole; they are drawn in memory with the translations and whatever the renderer reports as
not fitting (a word wider than its column, a page that overflows) is a problem too.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import polib

from cardgen.problems import Problem, plural

if TYPE_CHECKING:
    from cardgen.data.documents import Document

MM = 72 / 25.4


@dataclass(frozen=True)
class Overflow:
    card: str
    field: str
    context: str
    overflow: float     # points beyond the box at the smallest size
    size: float         # that smallest size, points
    width: float        # box, points
    height: float


def _game_part(game: str, part: str, offers: str) -> Any | None:
    """The game's module ``part`` when it offers the function ``offers``, else None."""
    from cardgen.games import game_module

    module = game_module(game, part)
    return module if hasattr(module, offers) else None


def _cards_module(game: str) -> Any | None:
    return _game_part(game, "cards", "text_fields")


def can_fit(game: str) -> bool:
    """Whether the game has card layouts to fit translations into."""
    return _cards_module(game) is not None


def _icons(module: Any) -> Any:
    from cardgen.render.layouts import card_layout_path, load_layouts

    return load_layouts(card_layout_path(module.GAME)).icons(False)


def overflows(game: str, lang: str, texts: dict[str, str]) -> Iterator[Overflow]:
    """Every slot whose translation (``texts``: context -> text) does not fit at the minimum size."""
    from cardgen.render.text import fit_text

    module = _cards_module(game)
    if module is None:
        return
    icons = _icons(module)
    for slot in module.text_fields(lang):
        text = texts.get(slot.context)
        if text is None:
            continue
        fit = fit_text(text, slot.width, slot.height, slot.style, icons)
        if not fit.fits:
            yield Overflow(slot.card, slot.field, slot.context, fit.overflow, fit.size,
                           slot.width, slot.height)


def english_fit_problems(game: str, set_docs: Sequence[Document] = ()) -> list[Problem]:
    """Every English text of the game's cards (the box, the workspace's own sets or Career
    cards, and the cards the set files ``set_docs`` add) that does not fit its box at its
    style's smallest size, which ``build`` refuses, as ``cardgen validate`` reports it: where the
    data writes it (the line and column the text starts at), or for a label of cardgen's own, at
    the layout's setting that prints it (a new company's 40-letter name passed validate and
    stopped the build). Each text once, however many faces print it."""
    from cardgen.i18n.messages import Message
    from cardgen.i18n.references import data_places, relative
    from cardgen.paths import display_path
    from cardgen.render.layouts import at_place, card_layout_path
    from cardgen.render.text import fit_text
    from cardgen.workspace import current

    module = _cards_module(game)
    if module is None:
        return []
    icons = _icons(module)
    # Each text once in each box it is printed in (a company's name is printed on both of its
    # faces, whose boxes may differ), and reported once.
    seen: set[tuple] = set()
    over: dict[str, tuple[Any, Any]] = {}
    for slot in module.text_fields("en", extra=set_docs):
        key = (slot.context, slot.source, slot.width, slot.height, slot.style)
        if key in seen or slot.context in over:
            continue
        seen.add(key)
        fit = fit_text(slot.source, slot.width, slot.height, slot.style, icons)
        if not fit.fits:
            over[slot.context] = (slot, fit)
    if not over:
        return []
    set_files = [doc.path for doc in set_docs]
    refs = data_places(game, [Message(context, slot.source) for context, (slot, _) in over.items()],
                       set_files)
    layers = current().layers
    named = {relative(path, layers): path for path in set_files}
    problems = []
    for context, (slot, fit) in over.items():
        # a label of the layout's own: at the setting that prints it (its label or field)
        placed = at_place(f"{slot.where}: ") if slot.where else None
        shown, line, col = (placed.path, placed.line, placed.col) if placed is not None else \
            (display_path(card_layout_path(game)), 1, 1)
        if context in refs:
            ref, at, column = refs[context]
            path = named.get(ref) or next((layer / ref for layer in layers if (layer / ref).exists()), None)
            if path is not None:
                shown, line, col = display_path(path), at, column
        problems.append(Problem(shown, line, col, "text-fit",
                                f"{slot.card}: its {slot.field} does not fit its box in English: "
                                f"it runs {fit.overflow:g} pt past it even at the smallest size, "
                                f"{fit.size:g} pt; "
                                "shorten it, or give the layout's box more room"))
    return problems


def _inserts_module(game: str) -> Any | None:
    return _game_part(game, "inserts", "documents")


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, Mapping):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list | tuple):
        for item in node:
            yield from _strings(item)


def insert_overflows(game: str, lang: str, texts: dict[str, str],
                     held: dict[str, set[str]] | None = None) -> tuple[list[str], set[str]]:
    """What the renderer says does not fit in the game's rulebook inserts (every player count,
    the full box, and each of the workspace's own sets where the game offers
    ``fit_selections``), drawn in memory with these translations; and the contexts the inserts
    print. ``held``, when given, gets each insert's name -> the contexts whose translation its
    text holds."""
    from cardgen.render.cardface import RenderError
    from cardgen.render.layouts import LayoutError
    from cardgen.render.pipeline import SheetOptions, prepare, render_documents

    cards, inserts = _cards_module(game), _inserts_module(game)
    if cards is None or inserts is None:
        return [], set()
    printed: set[str] = set()
    problems: list[str] = []
    selections = cards.fit_selections() if hasattr(cards, "fit_selections") else [cards.select()]
    for selection in selections:
        asked: set[str] = set()

        def translate(context: str, source: str, asked: set[str] = asked) -> str:
            asked.add(context)
            return texts.get(context, source)

        try:
            ctx = prepare(cards, selection, lang, translate)
            asked.clear()  # the font choice asks for every text; keep what the inserts print
            docs = inserts.documents(ctx)
            if held is not None:
                for doc in docs:
                    written = "\n".join(_strings(list(doc.blocks)))
                    held.setdefault(doc.name, set()).update(
                        ctx_ for ctx_ in asked if texts.get(ctx_) and texts[ctx_] in written)
            render_documents(ctx, docs, SheetOptions(), f"{game} {lang} check")
        except RenderError as exc:
            problems += [p for p in exc.problems if p not in problems]
        except LayoutError as exc:  # the templates themselves are broken: say so, not a traceback
            return [f"the inserts cannot be laid out: {exc}"], printed | asked
        printed |= asked
    return problems, printed


QUOTED = re.compile(r"'(.+?)' is wider")
OVERFLOWING = re.compile(r"insert (.+?): does not fit its page")


def _owners(quoted: str, texts: dict[str, str], printed: set[str]) -> list[str]:
    """The printed entries a text quoted by an insert's fit problem may come from: those whose
    translation it starts; else, for a text made of a label and a translation ("Εταιρίες: <set
    name>"), the entries whose translation is one of its parts, the one holding the quoted text's
    longest word when both are (that word is the one too wide)."""
    from cardgen.render.document import QUOTED_START

    contexts = sorted(printed & texts.keys())
    owners = [ctx for ctx in contexts if texts[ctx].startswith(quoted)]
    if owners:
        return owners
    parts = quoted.split(": ")
    found: list[str] = []
    for i, part in enumerate(parts):
        cut = i == len(parts) - 1 and len(quoted) >= QUOTED_START   # the renderer quotes a start
        matches = [ctx for ctx in contexts
                   if part.strip() and (texts[ctx].startswith(part) if cut else texts[ctx] == part)]
        if len(matches) == 1:
            found.append(matches[0])
    if len(found) > 1:
        longest = max(quoted.split(), key=len).removesuffix(":")
        found = [ctx for ctx in found if longest in texts[ctx]] or found
    return found


def missing_glyphs(lang: str, texts: dict[str, str]) -> tuple[dict[str, list[str]], str]:
    """Context -> characters no font can draw; and a message if no font at all.

    Asks the build's own resolver with every text at once, so the check passes exactly when the
    build would find its fonts."""
    from cardgen.render.fonts import FontError, fonts_for, uncovered

    try:
        fonts_for(lang, texts.values())
        return {}, ""
    except FontError as exc:
        primary = fonts_for(lang)          # the bundled family the language prints with
        gaps = {ctx: chars for ctx, text in texts.items() if (chars := uncovered(primary, [text]))}
        return gaps, "" if gaps else str(exc)


def _mm(points: float) -> str:
    return f"{points / MM:.1f}"


def fit_problems(game: str, lang: str, shown: str, po: polib.POFile, where: dict[int, int]) -> list[Problem]:
    """Fit and glyph problems of a catalog's usable translations, at their msgstr lines."""
    entries = {e.msgctxt: e for e in po if e.msgstr and not e.fuzzy and not e.obsolete}
    texts = {ctx: e.msgstr for ctx, e in entries.items()}
    problems: list[Problem] = []
    gaps, no_font = missing_glyphs(lang, texts)
    if no_font:
        problems.append(Problem(shown, 1, 1, "i18n-font", no_font))
    for ctx, chars in gaps.items():
        listed = " ".join(f"{c} (U+{ord(c):04X})" for c in chars)
        problems.append(Problem(shown, where[entries[ctx].linenum], 1, "i18n-font",
                                f"{ctx}: the '{lang}' font has no glyph for {listed}"))
    if no_font or gaps:
        return problems  # without fonts for every text nothing can be laid out as the build would
    held: dict[str, set[str]] = {}
    messages, printed = insert_overflows(game, lang, texts, held)
    for message in messages:
        if ": unknown icon {" in message:
            continue  # not a fit problem: i18n-tokens reports it at its entry
        # The renderer quotes the start of a text whose word is wider than its column.
        quoted = QUOTED.search(message)
        owners = _owners(quoted.group(1), texts, printed) if quoted else []
        page = OVERFLOWING.match(message)
        if page is not None and held.get(page.group(1)):
            # a page as a whole: at the translation of it that grew most against the English,
            # the likeliest to shorten (the translator was given line 1 and no entry)
            grown = max(sorted(held[page.group(1)]),
                        key=lambda c: len(texts[c]) / max(1, len(entries[c].msgid)))
            owners = [grown]
            message += (f"; of its translations this one grew most against the English "
                        f"({len(texts[grown]) / max(1, len(entries[grown].msgid)):.1f} times its length)")
        line = where[entries[owners[0]].linenum] if len(owners) == 1 else 1
        problems.append(Problem(shown, line, 1, "i18n-fit",
                                (f"{owners[0]}: " if len(owners) == 1 else "") + message))
    by_context: dict[str, list[Overflow]] = defaultdict(list)
    for over in overflows(game, lang, texts):
        by_context[over.context].append(over)
    for ctx, found in by_context.items():
        worst = max(found, key=lambda o: o.overflow)
        others = len({(o.card, o.field) for o in found}) - 1
        also = f" (and {plural(others, 'more card')})" if others else ""
        problems.append(Problem(
            shown, where[entries[ctx].linenum], 1, "i18n-fit",
            f"{ctx}: does not fit card {worst.card}, field '{worst.field}' "
            f"({_mm(worst.width)} x {_mm(worst.height)} mm) in language '{lang}': "
            f"it runs {worst.overflow:g} pt past the box even at the minimum size of {worst.size:g} pt"
            f"{also}"))
    return problems
