"""The fonts travel with the package: what is installed on the machine changes no byte.

Each build runs in its own process (fontconfig and reportlab keep per-process state), once as
this machine is and once with fontconfig pointed at an empty configuration and no ``fc-list``
on the PATH: a bare machine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest

REPO = Path(__file__).resolve().parents[2]


def _build(out: Path, lang: str, env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "CARDGEN_HOME": str(REPO), **env_extra}
    return subprocess.run([sys.executable, "-m", "cardgen", "build", "briefcase", "--lang", lang,
                           "--out", str(out)], capture_output=True, text=True, env=env, timeout=300)


def _bare_machine(tmp: Path) -> dict[str, str]:
    conf = tmp / "empty-fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig/>\n')
    bin_dir = tmp / "bin"                      # the interpreter only: no fc-list, no poppler
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    return {"FONTCONFIG_FILE": str(conf), "FONTCONFIG_PATH": str(tmp), "PATH": str(bin_dir)}


@pytest.mark.parametrize("lang", ["zh-Hant", "el"])
def test_a_bare_machine_builds_the_same_bytes_as_this_one(tmp_path: Path, lang: str):
    here = _build(tmp_path / "here", lang, {})
    bare = _build(tmp_path / "bare", lang, _bare_machine(tmp_path))
    assert here.returncode == 0, here.stderr
    assert bare.returncode == 0, bare.stderr
    for name in (f"briefcase-{lang}-cards.pdf", f"briefcase-{lang}-inserts.pdf"):
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "bare" / name).read_bytes(), name
    assert "(bundled" in bare.stdout


def _fonts(pdf: pikepdf.Pdf) -> set[str]:
    names = set()
    for page in pdf.pages:
        for font in page.Resources.get("/Font", {}).values():
            names.add(str(font.BaseFont))
    return names


def test_the_chinese_edition_embeds_one_subset_and_strokes_its_bold(tmp_path: Path):
    result = _build(tmp_path, "zh-Hant", {})
    assert result.returncode == 0, result.stderr
    with pikepdf.open(tmp_path / "briefcase-zh-Hant-cards.pdf") as pdf:
        names = _fonts(pdf)
        # the bundled CJK face (reportlab splits a subset every 256 glyphs) draws regular and
        # bold alike: no second copy of the font for the bold
        assert {n.split("+", 1)[1] for n in names} == {"WenQuanYiMicroHei-0"}, names
        forms = pdf.pages[0].Resources.XObject.values()      # each card is a form
        modes = {int(operands[0]) for form in forms
                 for operands, op in pikepdf.parse_content_stream(form) if str(op) == "Tr"}
        assert 2 in modes      # card names: filled and stroked


def test_the_greek_edition_uses_a_real_bold_face(tmp_path: Path):
    result = _build(tmp_path, "el", {})
    assert result.returncode == 0, result.stderr
    with pikepdf.open(tmp_path / "briefcase-el-cards.pdf") as pdf:
        names = _fonts(pdf)
    assert {n.split("+", 1)[1] for n in names} == {"DejaVuSans", "DejaVuSans-Bold"}
