"""Fonts for printed cards: which TrueType fonts draw a language, and whether they cover a text.

reportlab embeds TrueType-outline fonts only and has no fallback: a character missing from the
font prints as nothing. So every build picks its fonts for the language up front and checks
that they contain every character it will draw, failing with the missing characters named.

- Latin, Greek, Cyrillic: DejaVu Sans and DejaVu Sans Bold, bundled in ``fontfiles/``
  (Bitstream Vera license, see ``fontfiles/LICENSE``), so a plain ``pip install`` can print.
- Chinese, Japanese, Korean: a TrueType font found through fontconfig (``fc-list``), e.g.
  WenQuanYi Micro Hei (Debian ``fonts-wqy-microhei``). These have no bold face; the regular
  face is used for both.
- Any other language whose characters the bundled font lacks: a TrueType font fontconfig
  knows for that language.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

FONT_DIR = Path(__file__).resolve().parent / "fontfiles"
BUNDLED_REGULAR = "CardgenSans"
BUNDLED_BOLD = "CardgenSans-Bold"

# fontconfig's language tags for the scripts the bundled font does not cover.
_FONTCONFIG_LANG = {"zh-hant": "zh-tw", "zh-tw": "zh-tw", "zh-hk": "zh-hk", "zh-hans": "zh-cn",
                    "zh-cn": "zh-cn", "zh": "zh-cn", "ja": "ja", "ko": "ko"}
_INSTALL_HINT = {"zh-tw": "fonts-wqy-microhei", "zh-hk": "fonts-wqy-microhei",
                 "zh-cn": "fonts-wqy-microhei", "ja": "fonts-wqy-microhei", "ko": "fonts-nanum"}
# Whitespace and controls are laid out, never drawn as glyphs.
_NOT_DRAWN = re.compile(r"[\s\u200b-\u200f\u2060\ufeff]")


class FontError(Exception):
    """No usable font: the message says which characters are missing and what to install."""


@dataclass(frozen=True)
class FontSet:
    """The registered reportlab font names a build draws with."""

    regular: str
    bold: str
    cjk: bool = False          # lines may break between any two characters

    def face(self, weight: str) -> str:
        return self.bold if weight == "bold" else self.regular


def _register(name: str, path: Path, index: int = 0) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(name, str(path), subfontIndex=index))
        except (TTFError, OSError) as exc:
            raise FontError(f"cannot use font {path} (index {index}): {exc}") from exc
    return name


def bundled_fonts() -> FontSet:
    """DejaVu Sans and Bold from inside the package, registered with reportlab."""
    return FontSet(_register(BUNDLED_REGULAR, FONT_DIR / "DejaVuSans.ttf"),
                   _register(BUNDLED_BOLD, FONT_DIR / "DejaVuSans-Bold.ttf"))


@dataclass(frozen=True)
class SystemFont:
    path: Path
    index: int
    family: str


@cache
def system_fonts(fc_lang: str | None, chars: tuple[str, ...] = ()) -> tuple[SystemFont, ...]:
    """TrueType fonts fontconfig lists for a language tag (``zh-tw``) and/or containing every
    character of ``chars``; proportional faces first, then a stable order."""
    if shutil.which("fc-list") is None:
        return ()
    pattern = ":fontformat=TrueType"
    if fc_lang:
        pattern += f":lang={fc_lang}"
    if chars:
        pattern += ":charset=" + " ".join(f"{ord(c):x}" for c in chars)
    out = subprocess.run(["fc-list", pattern, "--format", "%{file}\t%{index}\t%{family[0]}\n"],
                         capture_output=True, text=True, check=False).stdout
    found = []
    for line in sorted(set(out.splitlines())):
        parts = line.split("\t")
        if len(parts) == 3 and parts[1].isdigit():
            found.append(SystemFont(Path(parts[0]), int(parts[1]), parts[2]))
    return tuple(sorted(found, key=lambda f: ("mono" in f.family.lower(), f.family, str(f.path))))


def _system_fontset(font: SystemFont, cjk: bool) -> FontSet:
    name = "Sys-" + re.sub(r"[^A-Za-z0-9]+", "", font.family) + f"-{font.index}"
    _register(name, font.path, font.index)
    return FontSet(name, name, cjk)


def missing_characters(font_name: str, texts: Iterable[str]) -> list[str]:
    """Characters of the texts that the registered font has no glyph for, in order of appearance."""
    face = pdfmetrics.getFont(font_name).face
    chars = face.charToGlyph
    missing: dict[str, None] = {}
    for text in texts:
        for ch in text:
            if ord(ch) not in chars and not _NOT_DRAWN.match(ch):
                missing[ch] = None
    return list(missing)


def _describe(chars: list[str]) -> str:
    shown = " ".join(f"{c} (U+{ord(c):04X})" for c in chars[:12])
    return shown + (f" and {len(chars) - 12} more" if len(chars) > 12 else "")


def fonts_for(lang: str, texts: Iterable[str] = ()) -> FontSet:
    """The fonts that print ``lang``, checked to contain every character of ``texts``.

    Raises FontError naming the missing characters and how to install a font."""
    texts = list(texts)
    fc_lang = _FONTCONFIG_LANG.get(lang.lower()) or _FONTCONFIG_LANG.get(lang.lower().split("-")[0])
    missing: list[str] = []
    if fc_lang is None:
        fonts = bundled_fonts()
        missing = sorted(set(missing_characters(fonts.regular, texts))
                         | set(missing_characters(fonts.bold, texts)), key=ord)
        if not missing:
            return fonts
        # Some characters are not in the bundled font: any installed font that has them all.
        candidates = system_fonts(None, tuple(missing))
        cjk = any(unicodedata.east_asian_width(c) in ("W", "F") for c in missing)
    else:
        candidates = system_fonts(fc_lang)
        cjk = True
    for font in candidates:
        fonts = _system_fontset(font, cjk)
        gaps = missing_characters(fonts.regular, texts)
        if not gaps:
            return fonts
        missing = missing or gaps
    package = _INSTALL_HINT.get(fc_lang or "", "fonts-noto-core")
    if not missing:
        raise FontError(f"no TrueType font for language '{lang}' found by fontconfig; install one "
                        f"(Debian/Ubuntu: apt-get install {package}) and build again")
    raise FontError(f"no font covers every character of the '{lang}' texts; missing: "
                    f"{_describe(missing)}; install a TrueType font that has them "
                    f"(Debian/Ubuntu: apt-get install {package}) and build again")
