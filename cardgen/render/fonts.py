"""Fonts for printed cards: one resolver that picks, for a language and the texts it will draw,
the TrueType fonts that draw every character.

reportlab embeds TrueType-outline fonts only and has no fallback: a character missing from the
font prints as nothing. So every build, preview, export and ``i18n check`` asks ``fonts_for``
up front, with every text it will draw, and a missing character fails with its name.

The order of the search, and why:

1. A font the user named (``--font FILE``): they asked for it; it must cover the texts too.
2. The fonts bundled in ``fontfiles/`` (licences beside them), so that the same inputs give the
   same PDF bytes on every machine, whatever else it has installed:
   - DejaVu Sans and Bold: Latin, Greek, Cyrillic.
   - WenQuanYi Micro Hei: Chinese (Traditional and Simplified), Japanese kana, Korean hangul,
     and Latin digits and letters, so a Chinese text with ``2`` or ``VP`` needs no second font.
     It has no bold face; bold is drawn by stroking the regular outlines (``SYNTHETIC_BOLD_EM``),
     so card names, costs and headings keep their emphasis.
   A Chinese, Japanese or Korean language tries the CJK family first (its Latin glyphs match its
   Han glyphs in weight); every other language tries DejaVu first.
3. Only when no bundled font covers every character: an installed TrueType font found through
   fontconfig (``fc-list``, if present), in a fixed order (family, file, index), and only one
   that covers **every** character of the texts, ASCII included. Its name is reported so the
   build summary can say which one was used.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cardgen.safe_read import ReadError, check_file

FONT_DIR = Path(__file__).resolve().parent / "fontfiles"
MAX_FONT_BYTES = 100 * 1024 * 1024   # a font of every script is some 25 MB; reportlab reads it whole
# A synthetic bold strokes the outline with this width, in ems, on top of filling it: about the
# stem difference between a regular and a bold Hei face, still open at 6 pt.
SYNTHETIC_BOLD_EM = 0.04
# Languages written with Han characters, kana or hangul: their lines may break between any two
# characters, and the bundled CJK family goes first.
CJK_LANGUAGES = ("zh", "ja", "ko")
# Whitespace and controls are laid out, never drawn as glyphs.
_NOT_DRAWN = re.compile(r"[\s\u200b-\u200f\u2060\ufeff]")


class FontError(Exception):
    """No usable font: the message says which characters are missing and what to do."""


@dataclass(frozen=True)
class Family:
    """A regular face and, if it has one, a bold face, as TrueType files."""

    name: str                              # as shown to the user
    regular: Path
    bold: Path | None = None               # None: bold is drawn by stroking the regular face
    index: int = 0                         # the face within a .ttc collection
    origin: str = "bundled"                # bundled, your font, installed
    cjk: bool = False

    def describe(self) -> str:
        bold = "" if self.bold else ", bold drawn by stroking"
        where = f"{self.origin}, {self.regular}" if self.origin != "bundled" else self.origin
        return f"{self.name} ({where}{bold})"


BUNDLED: tuple[Family, ...] = (
    Family("DejaVu Sans", FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf"),
    Family("WenQuanYi Micro Hei", FONT_DIR / "wqy-microhei.ttc", None, 0, cjk=True),
)


@dataclass(frozen=True)
class FontSet:
    """The registered reportlab font names a build draws with."""

    regular: str
    bold: str
    cjk: bool = False          # lines may break between any two characters
    description: str = ""      # which family, from where: for the build summary

    def face(self, weight: str) -> str:
        return self.bold if weight == "bold" else self.regular


# A bold name registered for measuring whose glyphs are drawn with the regular name, stroked:
# drawing the regular name keeps one embedded subset instead of two copies of the same font.
_STROKED: dict[str, str] = {}


def drawing_face(font: str) -> tuple[str, float]:
    """The registered font to draw ``font`` with, and the outline stroke in ems (0: none)."""
    regular = _STROKED.get(font)
    return (regular, SYNTHETIC_BOLD_EM) if regular else (font, 0.0)


def _why_unusable(exc: TTFError) -> str:
    """What reportlab's refusal of a font file means for the person who named it, in words
    rather than its table names and version numbers."""
    said = str(exc).casefold()
    if "postscript outlines" in said:
        return ("it has PostScript (CFF) outlines, as most .otf fonts do; cardgen embeds fonts "
                "with TrueType outlines only (most .ttf files)")
    if "subsetting/embedding" in said:
        return "its licence does not allow it to be embedded in a PDF"
    return "not a TrueType font file (.ttf or .ttc), or a damaged one"


def _register(name: str, path: Path, index: int = 0) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(name, str(path), subfontIndex=index))
        except TTFError as exc:         # what reportlab says of the font (not TrueType, no embedding)
            raise FontError(f"cannot use font {path}: {_why_unusable(exc)}") from exc
        except OSError as exc:
            raise FontError(f"cannot use font {path}: {exc.strerror or exc}") from exc
        except Exception as exc:        # a cut-off or damaged file fails anywhere in
            # reportlab's parser (struct.error, KeyError, IndexError, ZeroDivisionError...)
            raise FontError(f"cannot use font {path}: the file is damaged or cut off, or not a "
                            "TrueType font") from exc
    return name


def _font_name(family: Family, weight: str) -> str:
    # Names are derived from the file, so two fonts with one family name never collide.
    stem = re.sub(r"[^A-Za-z0-9]+", "", family.regular.stem)[:40] or "Font"
    tag = {"bundled": "Cardgen", "your font": "User"}.get(family.origin, "Sys")
    return f"{tag}-{stem}-{family.index}-{weight}"


@cache
def register_family(family: Family) -> FontSet:
    """Register a family's faces with reportlab; FontError if a file is not a usable TrueType font."""
    regular = _register(_font_name(family, "Regular"), family.regular, family.index)
    if family.bold is not None:
        bold = _register(_font_name(family, "Bold"), family.bold, family.index)
    else:
        bold = _register(_font_name(family, "Stroked"), family.regular, family.index)
        _STROKED[bold] = regular
    return FontSet(regular, bold, family.cjk, family.describe())


def bundled_fonts() -> FontSet:
    """DejaVu Sans and Bold from inside the package, registered with reportlab."""
    return register_family(BUNDLED[0])


def user_family(path: Path) -> Family:
    """A TrueType font file the user named; bold is drawn by stroking. reportlab reads the whole
    file into memory, so it is checked first as every file named is (safe_read): a regular file,
    not a pipe that would block the open, nor a huge file."""
    try:
        check_file(path, MAX_FONT_BYTES, "font file")
    except ReadError as exc:
        raise FontError(f"cannot use font {path}: {exc.message}") from None
    return Family(path.stem, path, None, 0, origin="your font")


@cache
def system_families(chars: tuple[str, ...]) -> tuple[Family, ...]:
    """Installed TrueType fonts that fontconfig says contain every character of ``chars``, in a
    fixed order: proportional faces first, then by family, file and index."""
    if shutil.which("fc-list") is None or not chars:
        return ()
    pattern = ":fontformat=TrueType:charset=" + " ".join(f"{ord(c):x}" for c in chars)
    try:
        out = subprocess.run(["fc-list", pattern, "--format", "%{file}\t%{index}\t%{family[0]}\n"],
                             capture_output=True, text=True, check=False, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    found = []
    for line in set(out.splitlines()):
        parts = line.split("\t")
        if len(parts) == 3 and parts[1].isdigit():
            found.append(Family(parts[2], Path(parts[0]), None, int(parts[1]), origin="installed"))
    return tuple(sorted(found, key=lambda f: ("mono" in f.name.lower(), f.name, str(f.regular),
                                                f.index)))


def missing_characters(font_name: str, texts: Iterable[str]) -> list[str]:
    """Characters of the texts that the registered font has no glyph for, in order of appearance."""
    chars = pdfmetrics.getFont(font_name).face.charToGlyph
    missing: dict[str, None] = {}
    for text in texts:
        for ch in text:
            if ord(ch) not in chars and not _NOT_DRAWN.match(ch):
                missing[ch] = None
    return list(missing)


def _describe(chars: Sequence[str]) -> str:
    shown = " ".join(f"{c} (U+{ord(c):04X})" for c in chars[:12])
    return shown + (f" and {len(chars) - 12} more" if len(chars) > 12 else "")


def is_cjk_language(lang: str) -> bool:
    return lang.lower().split("-")[0] in CJK_LANGUAGES


def uncovered(fonts: FontSet, texts: Iterable[str]) -> list[str]:
    """Characters of the texts that the regular or the bold face cannot draw, in code order."""
    texts = list(texts)
    return sorted(set(missing_characters(fonts.regular, texts))
                  | set(missing_characters(fonts.bold, texts)), key=ord)


def fonts_for(lang: str, texts: Iterable[str] = (), font: Path | None = None) -> FontSet:
    """The fonts that print ``lang``, checked to contain every character of ``texts``.

    ``font`` is a TrueType file the user chose; it is tried first. Raises FontError naming the
    missing characters."""
    texts = list(texts)
    cjk = is_cjk_language(lang)
    bundled = sorted(BUNDLED, key=lambda f: f.cjk != cjk)   # the language's own script first
    candidates: list[Family] = ([user_family(font)] if font is not None else []) + bundled
    first_gaps: list[str] | None = None
    for family in candidates:
        fonts = register_family(family)
        gaps = uncovered(fonts, texts)
        if not gaps:
            return _for_language(fonts, cjk)
        if family.origin == "your font":
            raise FontError(f"your font {family.regular} has no glyph for {_describe(gaps)}")
        first_gaps = gaps if first_gaps is None else [c for c in first_gaps if c in gaps]
    missing = first_gaps or []
    for family in system_families(tuple(missing)):
        try:
            fonts = register_family(family)
        except FontError:
            continue                      # an installed file reportlab cannot read (CFF outlines)
        if not uncovered(fonts, texts):       # every character, ASCII included, not just the missing
            return _for_language(fonts, cjk or any(_wide(c) for c in missing))
    raise FontError(f"no font covers every character of the '{lang}' texts; missing: "
                    f"{_describe(missing)}; name a TrueType font that has them with --font FILE")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _for_language(fonts: FontSet, cjk: bool) -> FontSet:
    # Line breaking follows the language, not the font: DejaVu drawing a Japanese text of Latin
    # letters still breaks the CJK way, and the CJK family drawing English breaks at spaces.
    return fonts if fonts.cjk == cjk else FontSet(fonts.regular, fonts.bold, cjk, fonts.description)
