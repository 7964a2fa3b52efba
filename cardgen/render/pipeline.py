"""From a game's card list to PDF bytes: fonts, faces, imposition, drawing.

A game plugs in through its ``cardgen.games.<game>.cards`` module, which provides:

- ``select(players, set_ref) -> selection`` (raises ``SelectionError``, a ValueError),
- ``card_list(selection) -> list[CardSpec]``,
- ``GAME`` (its id: layouts are ``templates/<game>/cards.yaml``) and ``LABELS`` ({context: English}),
- ``box_messages(selection) -> list[Message]`` (every string it may print: for the font check),
- ``selection.game.card_size_mm``,
- optionally ``spare_card(selection) -> CardSpec | None``: a blank card that fills the empty
  slots of the box's last sheet (see ``with_spares``).

and through ``cardgen.games.<game>.inserts`` for rulebook inserts (see ``inserts.py`` there).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

from cardgen.i18n.messages import Translator, label_messages
from cardgen.paths import display_path, template_file
from cardgen.problems import DataError, Problem
from cardgen.render.canvas import new_canvas
from cardgen.render.cardface import FaceRenderer, RenderError
from cardgen.render.document import Doc, DocRenderer
from cardgen.render.fonts import FontError, FontSet, fonts_for
from cardgen.render.imposition import (
    DEFAULT_BLEED_MM,
    PAPERS_MM,
    SAFE_MARGIN_MM,
    Duplex,
    Page,
    Placed,
    PrintCard,
    SheetLayout,
    Slot,
    free_slots,
    impose,
)
from cardgen.render.layouts import LayoutBook, LayoutError, card_layout_path, load_layouts, placed_problem
from cardgen.render.printable import CardSpec, Face, faces_by_key
from cardgen.render.sheets import draw_pages

Progress = Callable[[], None]


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed: bool = False
    duplex: Duplex = Duplex.long
    layout: SheetLayout = SheetLayout.grid
    ink_saver: bool = False

    @property
    def bleed_mm(self) -> float:
        return DEFAULT_BLEED_MM[self.paper] if self.bleed else 0.0


@dataclass(frozen=True)
class RenderedPdf:
    data: bytes
    pages: int
    cards: int                         # physical cards (copies counted)
    notes: tuple[str, ...] = ()        # things the user should know (a reduced bleed)


def card_module(game: str) -> ModuleType:
    """The game's printable-card module; LookupError when the game has none."""
    from cardgen.games import game_module

    module = game_module(game, "cards")
    if module is None:
        raise LookupError(f"{game} has no printable cards yet")
    return module


@dataclass
class Context:
    """What every drawing step of one build shares."""

    module: ModuleType
    selection: Any
    book: LayoutBook
    fonts: FontSet
    renderer: FaceRenderer
    lang: str
    translate: Translator
    every: list[Face] | None = None     # every face the game prints (every_face), once found


def printed_faces(module: ModuleType, selection: Any) -> list[Face]:
    """Every face a selection prints: its cards, the spare card and the aid cards of its other
    parts (CARD_PARTS), fronts and backs."""
    from cardgen.games import game_module

    specs = list(module.card_list(selection))
    spare = getattr(module, "spare_card", lambda _: None)(selection)
    specs += [spare] if spare is not None else []
    for part in CARD_PARTS:
        extra = getattr(game_module(module.GAME, part), "aid_cards", None)
        specs += extra(selection) if extra is not None else []
    return list(faces_by_key(specs).values())


def every_face(ctx: Context) -> list[Face]:
    """The faces of the build's selection and of the whole box (a player count or a set leaves
    some cards out, whose fields their layouts still have)."""
    if ctx.every is None:
        ctx.every = printed_faces(ctx.module, ctx.selection)
        whole = (getattr(ctx.selection, "players", None) is None
                 and getattr(ctx.selection, "variant", None) is None)
        if not whole:                   # the box is read again only when the build chose a part
            try:
                ctx.every += printed_faces(ctx.module, ctx.module.select())
            except (DataError, ValueError):
                pass                    # the selection's own faces are what there is
    return ctx.every


def prepare(module: ModuleType, selection: Any, lang: str, translate: Translator,
            ink_saver: bool = False, font: Path | None = None) -> Context:
    """Load the layouts, pick fonts that cover every translated string, make the renderer."""
    book = load_layouts(card_layout_path(module.GAME))
    texts = [translate(m.context, m.source) for m in module.box_messages(selection)]
    fonts = fonts_for(lang, texts, font)
    renderer = FaceRenderer(book, fonts, translate, label_messages(module.LABELS),
                            selection.game.card_size_mm, lang, ink_saver)
    return Context(module, selection, book, fonts, renderer, lang, translate)


def _print_cards(ctx: Context, spec: CardSpec) -> list[PrintCard]:
    size = ctx.renderer.size(spec.front)
    if spec.back is not None and ctx.renderer.size(spec.back) != size:
        raise ValueError(f"card {spec.id}: its back layout '{spec.back.layout}' has another size")
    return [PrintCard(spec.front.key, spec.back.key if spec.back else None, size)] * spec.count


def with_spares(ctx: Context, specs: list[CardSpec], options: SheetOptions) -> list[CardSpec]:
    """The cards, and as many of the game's spare card (``spare_card(selection)``, when it has
    one: a blank to write a lost card on) as fill the empty slots of the last sheet of its kind,
    so that no sheet is printed mostly empty."""
    spare_card = getattr(ctx.module, "spare_card", None)
    spare = spare_card(ctx.selection) if spare_card is not None else None
    if spare is None:
        return specs
    items = [card for spec in specs for card in _print_cards(ctx, spec)]
    (extra,) = _print_cards(ctx, replace(spare, count=1))
    free = free_slots(items, extra, options.paper, options.bleed_mm, options.duplex, options.layout)
    return specs + [replace(spare, count=free)] if free else specs


def check_faces(ctx: Context, faces: Iterable[Face]) -> None:
    """LayoutError (the first problem, and how many more) when the layouts cannot draw ``faces``
    as they are (``FaceRenderer.face_problems``): checked before the first page is drawn."""
    problems = ctx.renderer.face_problems(faces, every_face(ctx))
    if problems:
        more = f" (and {len(problems) - 1} more: cardgen validate lists them)" if len(problems) > 1 else ""
        raise LayoutError(problems[0] + more, problems)


def plan(ctx: Context, specs: list[CardSpec], options: SheetOptions) -> tuple[list[Page], dict[str, Face]]:
    """The pages the cards ``specs`` take and their faces by key; LayoutError (``check_faces``)
    when a layout cannot draw them."""
    faces = faces_by_key(specs)
    items: list[PrintCard] = []
    check_faces(ctx, faces.values())
    for spec in specs:
        items += _print_cards(ctx, spec)
    pages = impose(items, options.paper, options.bleed_mm, options.duplex, options.layout)
    return pages, faces


def render_cards(ctx: Context, options: SheetOptions, title: str,
                 progress: Progress | None = None, specs: list[CardSpec] | None = None) -> RenderedPdf:
    """The card sheets PDF. Raises RenderError (every text that does not fit) before any byte
    is returned."""
    spares = 0
    if specs is None:
        box = ctx.module.card_list(ctx.selection)
        specs = with_spares(ctx, box, options)
        spares = sum(s.count for s in specs) - sum(s.count for s in box)
    pages, faces = plan(ctx, specs, options)
    buffer = io.BytesIO()
    c = new_canvas(buffer, pages[0].size, ctx.fonts.regular, title)

    def draw(canvas: Any, key: Any, bleed_x: float, bleed_y: float) -> None:
        ctx.renderer.draw(canvas, faces[key], bleed_x, bleed_y)

    draw_pages(c, pages, draw, progress)
    if ctx.renderer.problems:
        raise RenderError(list(dict.fromkeys(ctx.renderer.problems)))
    c.save()
    notes = [f"{spares} blank spare cards fill the last sheet" if spares > 1
             else "1 blank spare card fills the last sheet"] if spares else []
    reduced = {p.bleed_reduced for p in pages if p.bleed_reduced}
    for bx, by in sorted(reduced):
        axes = [f"{b:.2f} mm {axis}" for b, axis in ((bx, "left and right"), (by, "top and bottom"))
                if b < options.bleed_mm - 1e-9]
        notes.append(f"bleed reduced to {' and '.join(axes)} (of {options.bleed_mm:g} mm) so that "
                     f"the cards fit on {options.paper.upper()} paper")
    return RenderedPdf(buffer.getvalue(), len(pages), sum(s.count for s in specs), tuple(notes))


def page_total(ctx: Context, options: SheetOptions, specs: list[CardSpec] | None = None) -> int:
    """How many pages the card sheets take (for progress bars)."""
    specs = with_spares(ctx, ctx.module.card_list(ctx.selection), options) if specs is None else specs
    return len(plan(ctx, specs, options)[0])


def document_pages(docs: list[Doc], options: SheetOptions) -> tuple[list[Page], dict[str, Doc]]:
    """Card-sized documents imposed like cards (no backs); page documents one per page."""
    by_name = {d.name: d for d in docs}
    if len(by_name) != len(docs):
        raise ValueError("two insert documents share a name")
    cards = [PrintCard(d.name, None, d.size) for d in docs if d.size for _ in range(d.count)]
    pages = impose(cards, options.paper, options.bleed_mm, options.duplex) if cards else []
    paper = PAPERS_MM[options.paper]
    for d in docs:
        if d.size is None:
            pages += [Page(paper, "front", [Placed(Slot(0, 0, paper[0], paper[1], 0, 0), d.name)])] * d.count
    return pages, by_name


def render_documents(ctx: Context, docs: list[Doc], options: SheetOptions, title: str,
                     progress: Progress | None = None, cards: list[CardSpec] | None = None) -> RenderedPdf:
    """The inserts PDF: ``cards`` first where a game has aids printed as cards (imposed like
    the card sheets, with crop marks), then ``docs``; RenderError naming every text that does
    not fit."""
    card_pages, faces = plan(ctx, cards, options) if cards is not None else ([], {})
    doc_pages, by_name = document_pages(docs, options)
    renderer = DocRenderer(ctx.book, ctx.fonts, ctx.lang, options.ink_saver)
    buffer = io.BytesIO()
    pages = card_pages + doc_pages
    c = new_canvas(buffer, pages[0].size, ctx.fonts.regular, title)

    def draw(canvas: Any, key: Any, bleed_x: float, bleed_y: float) -> None:
        if key in faces:
            ctx.renderer.draw(canvas, faces[key], bleed_x, bleed_y)
            return
        doc = by_name[key]
        if doc.size:
            renderer.draw(canvas, doc, doc.size, (bleed_x, bleed_y))
        else:
            renderer.draw(canvas, doc, PAPERS_MM[options.paper], clear=SAFE_MARGIN_MM)

    draw_pages(c, pages, draw, progress)
    problems = (ctx.renderer.problems if cards is not None else []) + renderer.problems
    if problems:
        raise RenderError(list(dict.fromkeys(problems)))
    c.save()
    return RenderedPdf(buffer.getvalue(), len(pages), 0)


# Modules of a game's other printed parts that may print cards of their own (``aid_cards``):
# Free Market: NYC's Player's Screens, in its inserts.
CARD_PARTS = ("inserts",)


def english_box(game: str) -> Context | None:
    """The whole box of ``game`` prepared in English, as ``cardgen validate`` checks what build
    draws; None when the game has no cards, or when its data or layout file cannot be read
    (their own checks say why)."""
    from cardgen.i18n.messages import english

    try:
        module = card_module(game)
        return prepare(module, module.select(), "en", english)
    except (LookupError, ValueError, DataError, FontError):     # LayoutError is a ValueError
        return None


def layout_face_problems(game: str, ctx: Context | None = None) -> list[Problem]:
    """What ``check_faces`` finds on every card the game prints, as ``cardgen validate`` reports
    it: the same check ``build`` makes, so validate passes no layout build refuses. ``ctx``: the
    game's ``english_box``, when the caller has it. Nothing when there is none."""
    ctx = ctx or english_box(game)
    if ctx is None:
        return []
    module, selection = ctx.module, ctx.selection
    faces = printed_faces(module, selection)
    shown = display_path(card_layout_path(game))
    found = ctx.renderer.face_problems(faces)
    # what else the game draws with the layouts' colours, styles and icons (a board)
    drawing = getattr(module, "drawing_problems", None)
    if drawing is not None:
        found += drawing(ctx)
    return [placed_problem(p, shown) for p in found]


def insert_problems(ctx: Context) -> list[Problem]:
    """What ``build`` refuses in the game's rulebook inserts (``templates/<game>/inserts/``),
    laid out in English for the whole box, as ``cardgen validate`` reports it: a template that
    fails, a document of the wrong shape (at the template's line), a colour, style or icon the
    layouts lack, a text that does not fit its page. (A broken insert template passed validate
    and then stopped the build.)"""
    from cardgen.games import game_module

    documents = getattr(game_module(ctx.module.GAME, "inserts"), "documents", None)
    if documents is None:
        return []
    shown = display_path(template_file(ctx.module.GAME, "inserts"))
    docs: list[Doc] = []
    try:
        docs = documents(ctx)
        render_documents(ctx, docs, SheetOptions(), f"{ctx.module.GAME} check")
    except LayoutError as exc:
        return exc.problems + [_at_insert(line, docs, shown) for line in exc.lines]
    except RenderError as exc:
        return [_at_insert(line, docs, shown) for line in exc.problems]
    return []


def _at_insert(message: str, docs: list[Doc], shown: str) -> Problem:
    """A problem of one insert ("insert turn: ...") at the template line that names that insert;
    any other at 1:1 of ``shown``."""
    where = next((d.where for d in docs if d.where and message.startswith(f"insert {d.name}: ")), "")
    return placed_problem(f"{where}: {message}" if where else message, shown)
