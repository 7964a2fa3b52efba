"""Card pictures as data: each company and startup card names its own picture file, the shipped
ones are vendored Game Icons with their licence, SVGs print as vectors, a workspace may bring
its own SVG or PNG, and a picture that cannot be printed is a data error at its ``art:``."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import yaml
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.render.art import ArtError, load_art
from tests.conftest import REPO

runner = CliRunner()

CARDS = {"briefcase": ("companies.yaml", "companies"), "startup": ("deck.yaml", "cards")}


def _records(game: str) -> list[dict]:
    name, key = CARDS[game]
    return yaml.safe_load((REPO / "cards" / game / name).read_text(encoding="utf-8"))[key]


@pytest.mark.parametrize("game", sorted(CARDS))
def test_every_card_names_its_own_vendored_picture_with_its_credit(game: str):
    records = _records(game)
    arts = [r.get("art") for r in records]
    assert all(arts), [r["id"] for r in records if not r.get("art")]
    assert len(set(arts)) == len(arts), "two cards share a picture"
    if game == "startup":      # and each Startup type (components.yaml)
        components = yaml.safe_load((REPO / "cards" / game / "components.yaml").read_text(encoding="utf-8"))
        arts += [t.get("art") for t in components["startups"]["types"]]
        assert all(arts) and len(set(arts)) == len(arts)
    folder = REPO / "templates" / game / "art"
    shipped = sorted(p.name for p in folder.glob("*.svg"))
    assert shipped == sorted(arts), "only the chosen pictures are vendored"
    credits = (folder / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "CC BY 3.0" in credits and "game-icons.net" in credits
    for art in arts:
        assert f"| {art} |" in credits, art
        assert load_art(game, art).drawing is not None
    assert "Attribution 3.0 Unported" in (folder / "LICENSE-CC-BY-3.0.txt").read_text(encoding="utf-8")


def _image_xobjects(pdf: pikepdf.Pdf) -> int:
    """Raster images anywhere in the file (pages draw cards through form XObjects)."""
    return sum(1 for obj in pdf.objects
               if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image")


def test_company_pictures_print_as_vectors_in_the_credited_build(tmp_path: Path):
    result = runner.invoke(app, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with pikepdf.open(tmp_path / "briefcase-en-cards.pdf") as pdf:
        assert _image_xobjects(pdf) == 0
    inserts = pypdfium2.PdfDocument(tmp_path / "briefcase-en-inserts.pdf")
    text = " ".join(inserts[i].get_textpage().get_text_range() for i in range(len(inserts)))
    assert "Game Icons (game-icons.net)" in text and "CC BY 3.0" in text


def _set_with_art(project: Path, art: str) -> Path:
    path = project / "cards" / "briefcase" / "my-set.yaml"
    shipped = (REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml").read_text()
    path.write_text(shipped.replace("    name: Startup Incubator\n",
                                    f"    name: Startup Incubator\n    art: {art}\n"))
    return path


def _png(path: Path) -> None:
    """A 2x2 red PNG, written by hand (no drawing library needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_a_custom_company_prints_its_own_png_from_the_workspace(project: Path, tmp_path: Path):
    _set_with_art(project, "incubator.png")
    _png(project / "templates" / "briefcase" / "art" / "incubator.png")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--set", "Tech Boom", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (pdf_path,) = out.glob("*tech-boom-cards.pdf")
    with pikepdf.open(pdf_path) as pdf:
        assert _image_xobjects(pdf) >= 1


BROKEN = {
    "missing.svg": (None, "no picture 'missing.svg'"),
    "broken.svg": ("<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0'", "not a well-formed SVG"),
    "outside.svg": ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
                    "width='10' height='10'><use xlink:href='/etc/passwd#x'/></svg>",
                    "refers to another file"),
    "raster.svg": ("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>"
                   "<image href='data:image/png;base64,AAAA' width='5' height='5'/></svg>",
                   "contains an <image>"),
    "fake.png": ("not a png", "is not a PNG file"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_picture_that_cannot_print_is_an_error_at_its_art_line(project: Path, tmp_path: Path, name: str):
    content, message = BROKEN[name]
    set_file = _set_with_art(project, name)
    if content is not None:
        (project / "templates" / "briefcase" / "art" / name).write_text(content)
    line = next(i for i, text in enumerate(set_file.read_text().splitlines(), 1) if "art:" in text)
    for args in (["validate"], ["build", "--set", "Tech Boom", "--out", str(tmp_path / "out")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, result.output
        assert re.search(rf"my-set\.yaml:{line}:\d+: .*{re.escape(message)}", result.output), result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))


def test_a_misspelt_picture_gets_a_suggestion(project: Path):
    _set_with_art(project, "rockt.svg")
    result = runner.invoke(app, ["validate"])
    assert "did you mean" in result.output and "rocket.svg" in result.output, result.output


def test_a_picture_name_cannot_leave_the_art_folder():
    with pytest.raises(ArtError, match="no folders"):
        load_art("briefcase", "../cards.yaml")


@pytest.mark.parametrize("game", sorted(CARDS))
def test_a_picture_never_overlaps_a_text_of_its_card(game: str):
    from cardgen.render.layouts import card_layout_path, load_layouts

    book = load_layouts(card_layout_path(game))
    checked = 0
    for layout in book.layouts.values():
        arts = [e for e in layout.elements if e.kind == "art"]
        for art in arts:
            ax, ay, aw, ah = art.box
            for text in (e for e in layout.elements if e.kind == "text"):
                tx, ty, tw, th = text.box
                apart = ax + aw <= tx or tx + tw <= ax or ay + ah <= ty or ty + th <= ay
                assert apart, (layout.name, art.box, text.spec)
            checked += 1
    assert checked >= 2


def test_a_workspace_svg_of_other_shapes_prints_too_with_only_embedded_fonts(project: Path, tmp_path: Path):
    """Shapes other than filled paths (a stroked circle, a rectangle) take reportlab's drawing
    renderer; it must not bring in a font the PDF does not embed."""
    from tests.pdfs import fonts

    _set_with_art(project, "incubator.svg")
    (project / "templates" / "briefcase" / "art" / "incubator.svg").write_text(
        "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20' viewBox='0 0 20 20'>"
        "<circle cx='10' cy='10' r='8' fill='none' stroke='black' stroke-width='2'/>"
        "<rect x='6' y='6' width='8' height='8'/></svg>")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--set", "Tech Boom", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (pdf_path,) = out.glob("*tech-boom-cards.pdf")
    assert all(f.embedded for f in fonts(pdf_path)), fonts(pdf_path)
    assert load_art("briefcase", "incubator.svg").program is None
    assert load_art("briefcase", "bank.svg").program is not None


def test_a_broken_svg_is_described_by_its_line_and_column_only(project: Path):
    set_file = _set_with_art(project, "broken.svg")
    (project / "templates" / "briefcase" / "art" / "broken.svg").write_text(BROKEN["broken.svg"][0])
    result = runner.invoke(app, ["validate", str(set_file)])
    assert result.exit_code == 1
    assert "is not a well-formed SVG: " in result.output and ", line 1, column " in result.output
    assert "<string>" not in result.output, result.output
