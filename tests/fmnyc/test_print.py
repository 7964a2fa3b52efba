"""The Free Market: NYC print-and-play edition: ``cardgen build fmnyc`` writes the board, the
cards and tokens, and the player aids; the shared print checks hold on every page (fonts
embedded and subset, sound structure, page sizes, no ink in the printer's margin, a crop mark at
both ends of every cut line, backs mirrored for duplex, identical bytes on a rebuild); the tiles
of the board, cut and laid over each other, give back the board; everything is drawn from the
data and translatable."""

from __future__ import annotations

import dataclasses
import math
import re
import time
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageOps, ImageStat
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.commands.build import context_for
from cardgen.games.fmnyc import board, cards, inserts
from cardgen.i18n.fit import overflows
from cardgen.render.canvas import MM
from cardgen.render.imposition import PAPERS_MM, SAFE_MARGIN_MM, Duplex, SheetLayout
from cardgen.render.pipeline import SheetOptions, document_pages, plan, render_cards
from cardgen.render.tiling import plan_tiles
from tests.pdfs import fonts, page_count, page_sizes_pt, pdf_text, structural_problems
from tests.render import test_print_matrix as matrix

runner = CliRunner()
PLAYERS = [2, 3, 4, 5]
A4_PT = (595.3, 841.9)
PARTS = ("cards", "board", "inserts")


def _stem(players: int | None) -> str:
    return f"fmnyc-en-{players}p" if players else "fmnyc-en"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[int | None, tuple[Path, str]]:
    """Every player count and the full box, built once through the command line."""
    out = tmp_path_factory.mktemp("fmnyc")
    results = {}
    for n in [*PLAYERS, None]:
        args = ["build", "fmnyc", "--out", str(out)] + (["--players", str(n)] if n else [])
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        results[n] = (out, result.output)
    return results


def _pdf(built: dict, players: int | None, part: str) -> Path:
    return built[players][0] / f"{_stem(players)}-{part}.pdf"


@pytest.mark.parametrize("players", [*PLAYERS, None])
def test_build_writes_the_board_the_cards_and_tokens_and_the_aids(built, players):
    out, output = built[players]
    for part in PARTS:
        path = _pdf(built, players, part)
        assert path.is_file(), output
        assert f"wrote {path}" in output
    sel = cards.select(players)
    assert f"{sum(s.count for s in cards.card_list(sel))} cards" in output


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("players", [2, 5, None])
def test_every_font_is_embedded_as_a_subset_and_the_structure_is_sound(built, players, part):
    path = _pdf(built, players, part)
    used = fonts(path)
    assert used and all(f.embedded and f.subset for f in used), used
    assert not any("Helvetica" in f.name for f in used)
    assert structural_problems(path) == []


@pytest.mark.parametrize("players", PLAYERS)
def test_pages_are_a4_the_board_turned_as_it_fits(built, players):
    assert page_sizes_pt(_pdf(built, players, "cards")) == {A4_PT}
    assert page_sizes_pt(_pdf(built, players, "inserts")) == {A4_PT}
    assert page_sizes_pt(_pdf(built, players, "board")) <= {A4_PT, A4_PT[::-1]}


def test_the_board_is_the_side_for_the_player_count_and_the_full_box_has_both(built):
    def side_pages(players: int | None) -> int:
        return page_count(_pdf(built, players, "board"))

    plan = plan_tiles(board.board_layout().size, PAPERS_MM["a4"])
    assert side_pages(2) == side_pages(4) == 1 + len(plan.tiles)        # the map and the tiles
    assert side_pages(None) == 2 * (1 + len(plan.tiles))
    few, many = pdf_text(_pdf(built, 3, "board")), pdf_text(_pdf(built, 5, "board"))
    # the 2-3 side has four politicians, the 4-5 side also the Judge (board.yaml)
    assert "The Union Boss" in few and "The Judge" not in few
    assert "The Judge" in many
    assert "Board 2-3" in few and "Board 4-5" in many


def test_the_pieces_and_their_counts_come_from_the_box_contents():
    sel = cards.select()
    by_kind: dict[str, int] = {}
    for spec in cards.card_list(sel):
        by_kind[spec.id.split(".")[0]] = by_kind.get(spec.id.split(".")[0], 0) + spec.count
    game = sel.game
    assert by_kind["career"] == 30 and by_kind["stock"] == 10 and by_kind["character"] == 10
    assert by_kind["coin"] == sum(game.component("coin")["denominations"].values()) == 90
    assert by_kind["crate"] == game.component("crate")["count"] == 56
    for piece in ("strike", "purchase_order", "roadblock", "disc", "manager", "worker", "truck", "shop"):
        assert by_kind[piece] == game.component(piece)["count"], piece
    assert by_kind["cube"] == 7 * 6 and by_kind["die"] == 6
    two = cards.select(2)
    counted = {s.id: s.count for s in cards.card_list(two)}
    assert {k for k in counted if k.startswith("worker.")} == {"worker.black", "worker.white"}
    assert counted["worker.black"] == 8 and counted["coin.30"] == 10      # the supply prints whole
    assert [s.front.key for s in inserts.aid_cards(two)] == ["screen.black", "screen.white"]


# -- the shared print checks, on rendered pages ----------------------------------------------

VARIANTS = [("a4", False, SheetLayout.grid, Duplex.long), ("letter", True, SheetLayout.grid, Duplex.short),
            ("a4", True, SheetLayout.gutterfold, Duplex.long)]


def _raster(pdf: bytes, dpi: int = matrix.DPI) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=dpi / 72).to_pil().convert("L") for page in document]
    finally:
        document.close()


@pytest.fixture(scope="module")
def context():
    return context_for("fmnyc", "en", players=3)


@pytest.fixture(scope="module", params=VARIANTS, ids=lambda v: f"{v[0]}-{'bleed' if v[1] else 'trim'}-"
                f"{v[2].value}-{v[3].value}")
def rendered(request, context):
    """Cards and aids of one variant (one copy of each piece), with their imposed pages."""
    paper, bleed, layout, duplex = request.param
    options = SheetOptions(paper=paper, bleed=bleed, duplex=duplex, layout=layout)
    specs = [dataclasses.replace(s, count=1) for s in cards.card_list(context.selection)]
    pages = plan(context, specs, options)[0]
    images = _raster(render_cards(context, options, "check", specs=specs).data)
    screens = plan(context, inserts.aid_cards(context.selection), options)[0]
    pages += screens + document_pages(inserts.documents(context), options)[0]
    images += _raster(inserts.render_inserts(context, options, "check").data)
    board_pdf = board.render_board(context, options, "check").data
    assert len(pages) == len(images)
    return pages, images, _raster(board_pdf)


def _border_ink(image: Image.Image) -> list[tuple]:
    strip = int(SAFE_MARGIN_MM * matrix.PX_MM)
    w, h = image.size
    found = []
    for box in ((0, 0, w, strip), (0, h - strip, w, h), (0, 0, strip, h), (w - strip, 0, w, h)):
        ink = ImageOps.invert(image.crop(box)).getbbox()
        if ink is not None:
            found.append((box, ink))
    return found


def test_no_ink_within_5_mm_of_the_paper_edge(rendered):
    pages, images, board_images = rendered
    for n, image in enumerate(images + board_images):
        assert _border_ink(image) == [], f"page {n + 1}"


def test_every_cut_line_has_a_crop_mark_at_both_ends(rendered):
    pages, images, _ = rendered
    for n, (page, image) in enumerate(zip(pages, images, strict=True)):
        if len(page.cards) == 1 and page.cards[0].slot.x == 0:
            continue                              # a full-page aid: nothing to cut
        assert matrix.missing_marks(page, image) == [], f"page {n + 1} ({page.side})"


def test_career_backs_are_mirrored_for_long_edge_duplex(context):
    """Two Career cards on a sheet: the fronts top left and top middle; their backs, on the next
    page, top right and top middle, as a sheet turned over its long edge puts them."""
    options = SheetOptions(paper="a4")
    specs = [s for s in cards.card_list(context.selection) if s.deck == "career"][:2]
    pages, _ = plan(context, specs, options)
    front, back = pages[0], pages[1]
    assert (front.side, back.side) == ("front", "back")
    width = front.size[0]
    for f, b in zip(front.cards, back.cards, strict=True):
        assert b.slot.x == pytest.approx(width - f.slot.x - f.slot.w) and b.slot.y == pytest.approx(f.slot.y)
    images = _raster(render_cards(context, options, "duplex", specs=specs).data)

    def dark(image: Image.Image, slot) -> bool:
        x, y = (slot.x + slot.w / 2) * matrix.PX_MM, (front.size[1] - slot.y - slot.h / 2) * matrix.PX_MM
        return image.getpixel((int(x), int(y))) < 128   # the navy of the deck's back

    top_left, top_right = front.cards[0].slot, back.cards[0].slot
    assert dark(images[1], top_right) and not dark(images[1], top_left)


def test_rebuilding_gives_identical_bytes(built, tmp_path):
    result = runner.invoke(app, ["build", "fmnyc", "--players", "4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for part in PARTS:
        again = (tmp_path / f"{_stem(4)}-{part}.pdf").read_bytes()
        assert again == _pdf(built, 4, part).read_bytes(), part


def test_the_whole_build_takes_a_few_seconds(tmp_path):
    started = time.perf_counter()
    result = runner.invoke(app, ["build", "fmnyc", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert time.perf_counter() - started < 20     # about 3 s; generous for a loaded machine


# -- the tiled board -------------------------------------------------------------------------

DPI = 40
# PDFium keeps a crop box in single precision and rounds its bitmap up: a box a hair under a
# whole number of pixels gets exactly that many, unstretched.
SLACK = 0.01


def _recompose(pdf: bytes, size: tuple[float, float], paper: str, first_tile_page: int,
               pixels: tuple[int, int], shift: float = 0.0) -> Image.Image:
    """The board put back together from its tile pages at ``DPI``: from each page the part that
    shows once the pages are cut and glued, pasted where it belongs. Each part is rendered with
    the page's crop box on the board's pixel grid, so that its pixels fall exactly where the
    untiled board's do. ``shift`` (mm) misplaces the second page, to show a misfit is noticed."""
    plan = plan_tiles(size, PAPERS_MM[paper])
    px = DPI / 25.4
    out = Image.new("RGB", pixels, "white")
    document = pypdfium2.PdfDocument(pdf)
    try:
        for n, tile in enumerate(plan.tiles):
            vx0, vy0, vx1, vy1 = tile.visible
            x0, y0 = max(0, math.floor(vx0 * px)), max(0, math.floor(vy0 * px))
            x1, y1 = min(pixels[0], math.ceil(vx1 * px)), min(pixels[1], math.ceil(vy1 * px))
            left, top = plan.window_origin()
            # page mm (y up) of the part's corners: the drawing maps to the page by a translation
            page_x0 = left + x0 / px - tile.window[0]
            page_y1 = top - (y0 / px - tile.window[1])
            page = document[first_tile_page + n]
            w, h = (x1 - x0 - SLACK) / px, (y1 - y0 - SLACK) / px
            page.set_cropbox(page_x0 * MM, (page_y1 - h) * MM, (page_x0 + w) * MM, page_y1 * MM)
            image = page.render(scale=DPI / 72).to_pil().convert("RGB").crop((0, 0, x1 - x0, y1 - y0))
            dx = round(shift * px) if n == 1 else 0
            out.paste(image, (x0 + dx, y0))
    finally:
        document.close()
    return out


@pytest.mark.parametrize(("players", "paper"), [(4, "a4"), (2, "letter")])
def test_the_tiles_put_together_give_back_the_board(players, paper):
    ctx = context_for("fmnyc", "en", players=players)
    size = board.board_layout().size
    tiled = board.render_board(ctx, SheetOptions(paper=paper), "tiles").data
    whole = pypdfium2.PdfDocument(board.render_board_page(ctx, ctx.selection.sides[0]))
    # a whole number of pixels, as the parts have: PDFium fits a page to its bitmap's size
    pixels = (math.floor(size[0] * DPI / 25.4), math.floor(size[1] * DPI / 25.4))
    w, h = ((n - SLACK) * 25.4 / DPI for n in pixels)
    whole[0].set_cropbox(0, (size[1] - h) * MM, w * MM, size[1] * MM)
    reference = whole[0].render(scale=DPI / 72).to_pil().convert("RGB")
    whole.close()
    recomposed = _recompose(tiled, size, paper, 1, reference.size)      # page 1 is the map
    right = _difference(recomposed, reference)
    # what differs: the seams' alignment crosses and cut lines, and PDFium's anti-aliasing,
    # which depends on where a page's bitmap starts (hence a slight blur); about 0.6
    assert right < 1.2, right
    misplaced = _recompose(tiled, size, paper, 1, reference.size, shift=1.0)      # one page 1 mm off
    wrong = _difference(misplaced, reference)
    assert wrong > 2 * right, (wrong, right)


def _difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel (0-255) of two renderings blurred by about a pixel."""
    blur = ImageFilter.GaussianBlur(1.5)
    return sum(ImageStat.Stat(ImageChops.difference(a.filter(blur), b.filter(blur))).mean) / 3


@pytest.mark.parametrize(("paper", "scaled"), [("a2", False), ("a1", False), ("tabloid", True)])
def test_a_large_format_paper_takes_the_board_on_one_sheet(tmp_path, paper, scaled):
    args = ["build", "fmnyc", "--players", "3", "--paper", paper, "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    path = tmp_path / f"fmnyc-en-3p-{paper}-board.pdf"
    assert page_count(path) == 1
    w, h = PAPERS_MM[paper]
    assert page_sizes_pt(path) == {(round(h * MM, 1), round(w * MM, 1))}          # landscape
    assert ("printed at" in pdf_text(path)) == scaled
    image = _raster(path.read_bytes(), matrix.DPI)[0]
    assert _border_ink(image) == []


# -- translations ----------------------------------------------------------------------------

def test_i18n_extract_writes_every_printed_message(project: Path, monkeypatch):
    monkeypatch.chdir(project)
    result = runner.invoke(app, ["i18n", "extract", "fmnyc"])
    assert result.exit_code == 0, result.output
    pot = (project / "cards" / "fmnyc" / "locale" / "fmnyc.pot").read_text(encoding="utf-8")
    from cardgen.games.fmnyc.texts import box_messages

    messages = box_messages()
    assert pot.count("msgctxt ") == len(messages) > 250
    for context in ("career.heir:title", "stage.workers:players_2_3", "board:pawn_shop_bonus",
                    "screen:delivery", "label:tile"):
        assert f'msgctxt "{context}"' in pot


def test_every_english_text_fits_and_a_long_translation_is_caught():
    from cardgen.games.fmnyc.texts import box_messages

    english = {m.context: m.source for m in box_messages()}
    assert list(overflows("fmnyc", "en", english)) == []
    slots = {s.card.split(".")[0] for s in cards.text_fields("en")}
    assert {"career", "stock", "character", "screen", "board"} <= slots
    long = dict(english)
    long["politician.mayor:name"] = "Der ehrenwerte Oberbürgermeister der Stadt New York " * 3
    found = [o for o in overflows("fmnyc", "en", long) if o.context == "politician.mayor:name"]
    assert found and found[0].card.startswith("board.")


def test_a_translated_board_prints_the_translation(tmp_path):
    from cardgen.render.pipeline import prepare

    sel = cards.select(4)
    texts = {"label:action_zone": "Aktionszone", "stage.fundraiser:name": "Spendenaktion"}
    ctx = prepare(cards, sel, "de", lambda c, s: texts.get(c, s))
    path = tmp_path / "board.pdf"
    path.write_bytes(board.render_board_page(ctx, sel.sides[0]))
    lines = [line.strip() for line in pdf_text(path).splitlines()]
    assert any(line.startswith("Aktionszone") for line in lines) and "Spendenaktion" in lines
    # the English labels are gone (other texts, untranslated here, still say "the Action Zone")
    assert not any(line.startswith("Action Zone") for line in lines) and "Fundraiser" not in lines


@pytest.mark.parametrize("old, new, message", [
    ("size: [520, 350]", "size: [1.0e+308, 350]", "size is [width, height] in mm, each from 100 to 2000"),
    ("size: [520, 350]", "size: [0, 0]", "size is [width, height] in mm"),
    ("depth: 13", "depth: \"13\"", "track: depth is a number of mm above 0"),
    ("depth: 13", "depth: 13\n  zzz: 1", "track is {depth: mm}, its only key"),
    ("\ntrack:", "\nfil: red\ntrack:", "unknown key 'fil'"),
    ("title: [300, 16, 204, 33]", "title: [3000, 1600, 204, 33]", "is not inside the 520 x 350 mm board"),
    ("title: [300, 16, 204, 33]", "title: [300, 16, true, 33]",
     "regions: title is [x, y, width, height] in mm, not [300, 16, true, 33]"),
])
def test_a_board_layout_out_of_its_bounds_is_one_error_line(project: Path, tmp_path: Path, old, new, message):
    # A huge board tiled into pages for minutes (and gigabytes); zero divided; junk was accepted.
    layout = project / "templates" / "fmnyc" / "board.yaml"
    layout.write_text(layout.read_text().replace(old, new, 1))
    result = CliRunner().invoke(app, ["build", "fmnyc", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert message in result.output and "internal error" not in result.output
    # at its place, with its rule id, as every layout problem is printed
    (line,) = [row for row in result.output.splitlines() if message in row]
    assert re.search(r"templates/fmnyc/board\.yaml:\d+:\d+: error\[[a-z-]+\]: ", line), line
    assert not (tmp_path / "out").exists()
