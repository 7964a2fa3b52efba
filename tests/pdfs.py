"""Reading the PDFs cardgen writes as a printer or a reader would, with pip-installed libraries
only (pikepdf for the structure, pypdfium2 for pixels and text), so that the tests need no
system tool such as poppler or qpdf."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pypdfium2
from PIL import Image

SUBSET_PREFIX = re.compile(r"^[A-Z]{6}\+")  # PDF 32000-1, 9.6.4: a subset font's BaseFont is ABCDEF+Name


def page_count(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def page_sizes_pt(path: Path) -> set[tuple[float, float]]:
    """The distinct (width, height) of the pages' MediaBoxes, in points, to 0.1 pt."""
    with pikepdf.open(path) as pdf:
        sizes = set()
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            sizes.add((round(abs(x1 - x0), 1), round(abs(y1 - y0), 1)))
        return sizes


def _resource_owners(pdf: pikepdf.Pdf) -> Iterator[pikepdf.Object]:
    """Every page and every Form XObject reachable from a page (fonts and images of a card drawn
    once and placed as a form live in the form's resources, not the page's), each once."""
    seen: set[tuple[int, int]] = set()
    todo: list[pikepdf.Object] = [page.obj for page in pdf.pages]
    while todo:
        owner = todo.pop()
        if owner.is_indirect:
            if owner.objgen in seen:
                continue
            seen.add(owner.objgen)
        yield owner
        xobjects = owner.get("/Resources", pikepdf.Dictionary()).get("/XObject", pikepdf.Dictionary())
        todo.extend(x for x in xobjects.values() if x.get("/Subtype") == "/Form")


@dataclass(frozen=True)
class Font:
    name: str        # BaseFont without the leading slash, subset prefix included
    subtype: str     # Type0, TrueType, Type1...
    embedded: bool   # the descriptor carries the font program
    subset: bool     # only the glyphs used (ABCDEF+ prefix)


def _font(font: pikepdf.Object) -> Font:
    name = str(font.get("/BaseFont", "/?"))[1:]
    subtype = str(font.get("/Subtype", "/?"))[1:]
    # A composite (Type0) font keeps its descriptor in its one descendant font.
    described = font.DescendantFonts[0] if subtype == "Type0" else font
    descriptor = described.get("/FontDescriptor", pikepdf.Dictionary())
    embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    return Font(name, subtype, embedded, bool(SUBSET_PREFIX.match(name)))


def fonts(path: Path) -> list[Font]:
    """Every font object the pages use, directly or through forms, each once (as pdffonts lists)."""
    found: dict[tuple[int, int] | int, Font] = {}
    with pikepdf.open(path) as pdf:
        for owner in _resource_owners(pdf):
            resources = owner.get("/Resources", pikepdf.Dictionary())
            for font in resources.get("/Font", pikepdf.Dictionary()).values():
                key = font.objgen if font.is_indirect else id(font)
                found.setdefault(key, _font(font))
    return list(found.values())


def image_count(path: Path) -> int:
    """Image XObjects and inline images anywhere on the pages (what ``pdfimages -list`` lists)."""
    with pikepdf.open(path) as pdf:
        count = 0
        for owner in _resource_owners(pdf):
            resources = owner.get("/Resources", pikepdf.Dictionary())
            xobjects = resources.get("/XObject", pikepdf.Dictionary())
            count += sum(1 for x in xobjects.values() if x.get("/Subtype") == "/Image")
            stream = pikepdf.Page(owner) if owner.get("/Type") == "/Page" else owner
            count += sum(1 for item in pikepdf.parse_content_stream(stream)
                         if isinstance(item, pikepdf.ContentStreamInlineImage))
        return count


def structural_problems(path: Path) -> list[str]:
    """What ``qpdf --check`` would report (qpdf is pikepdf's engine): syntax, cross-reference and
    stream-decoding problems, as text; empty for a sound file."""
    with pikepdf.open(path) as pdf:
        # check_pdf_syntax replaced the older Pdf.check (removed in pikepdf 10).
        check = getattr(pdf, "check_pdf_syntax", None) or pdf.check
        return [str(problem) for problem in check()]


def pdf_text(path: Path) -> str:
    """The text of every page, as PDFium extracts it (lines end in CR LF)."""
    document = pypdfium2.PdfDocument(path)
    try:
        parts = []
        for page in document:
            textpage = page.get_textpage()
            parts.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return "\n".join(parts)
    finally:
        document.close()


def render_page(path: Path, index: int, dpi: int) -> Image.Image:
    """One page rendered by PDFium at ``dpi``, as an RGB image."""
    document = pypdfium2.PdfDocument(path)
    try:
        page = document[index]
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return image
    finally:
        document.close()
