"""Rulebook inserts: drawn from the data, every string through the Translator, never template
code or markup from a translation."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cardgen.games.briefcase import cards, inserts
from cardgen.i18n.messages import english
from cardgen.render.imposition import SAFE_MARGIN_MM
from cardgen.render.pipeline import SheetOptions, card_module, document_pages, prepare

MARK = re.compile(r"«[^«»]*»")
ALLOWED_REST = re.compile(r"^[\d\s:·/–\-()]*$")


def _docs(translate=english, players=None, set_ref=None):
    module = card_module("briefcase")
    ctx = prepare(module, module.select(players, set_ref), "en", translate)
    return inserts.documents(ctx)


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in ("style", "align", "columns", "row_height", "zebra", "header_style"):
                yield from _strings(value)
    elif isinstance(node, list | tuple):
        for item in node:
            yield from _strings(item)


def test_every_printed_word_comes_through_the_translator():
    docs = _docs(lambda context, source: f"«{context}»")
    for doc in docs:
        for text in _strings(list(doc.blocks)):
            rest = re.sub(r"\{[a-z0-9_]+\}", "", MARK.sub("", text))
            assert ALLOWED_REST.match(rest), (doc.name, text)


def test_a_translation_is_text_never_template_or_yaml_structure():
    # (no line separator or bidirectional control: an insert refuses them, as a card does)
    evil = '"]\n- name: injected\n  blocks: [] {{ 7*7 }} <img src="/etc/passwd"/> \\ \U0001F600'
    docs = _docs(lambda context, source: evil if context == "label:setup" else source)
    assert "injected" not in {d.name for d in docs}
    headings = [b["heading"] for d in docs for b in d.blocks if "heading" in b]
    assert evil in headings


def test_the_insert_set_is_setup_cards_turn_summary_reference_sets_glossary_score_pad():
    names = [d.name for d in _docs()]
    assert names == ["setup_2", "setup_3", "setup_4", "turn", "reference_1", "reference_2", "sets",
                     "glossary", "scorepad"]


def test_setup_cards_print_the_setup_numbers_of_that_player_count():
    setup_2 = next(d for d in _docs() if d.name == "setup_2")
    texts = set(_strings(list(setup_2.blocks)))
    # rulebook Setup: 5 Concrete, 5 Steel, 5 Paper, 6 Personnel and 12 Buy per player, all
    # Energy; 5 VP cards per player; 2 company blocks in a 2-player game
    assert {"{concrete} 10", "{steel} 10", "{paper} 10", "{personnel} 12", "{energy} 24",
            "{buy} 24", "{vp} 10", "{company_block} 2", "{resource_block} 2"} <= texts
    assert {"{buy} 3", "{activate} 3", "{obstacle} 6"} <= texts


def test_players_prints_one_setup_card_and_a_turn_card_per_player():
    docs = _docs(players=3)
    assert [d.name for d in docs if d.name.startswith("setup")] == ["setup_3"]
    assert next(d for d in docs if d.name == "turn").count == 3


def test_a_chosen_set_gets_a_one_page_reference_of_its_companies():
    docs = _docs(set_ref="Complex Game")
    (reference,) = [d for d in docs if d.name.startswith("reference")]
    rows = [r for b in reference.blocks if "table" in b for r in b["table"]["rows"]]
    assert len(rows) == 14 + 1                              # the set and the Power Plant


def test_the_sets_page_lists_the_five_sets_level_by_level():
    sets = next(d for d in _docs() if d.name == "sets")
    table = next(b["table"] for b in sets.blocks if "table" in b)
    assert len(table["header"]) == 1 + 5 and len(table["rows"]) == 14
    assert [r[0] for r in table["rows"]] == ["{company_1}"] * 8 + ["{company_2}"] * 6


def test_score_pad_lists_the_final_scoring_categories():
    pad = next(d for d in _docs() if d.name == "scorepad")
    texts = " ".join(_strings(list(pad.blocks)))
    for words in ("activated companies", "abilities", "Victory Point cards", "4 stored resources",
                  "Total", "Tie"):
        assert words in texts


def test_card_sized_inserts_are_imposed_and_pages_follow():
    pages, _ = document_pages(_docs(), SheetOptions())
    # 3 setup + 4 turn cards of 70 x 120 mm, four to an A4 sheet; then 5 full pages
    assert len(pages) == 2 + 5


@pytest.mark.parametrize("players", [None, 2])
def test_every_company_in_scope_is_on_the_reference(players):
    sel = cards.select(players)
    docs = _docs(players=players)
    names = {r[0] for d in docs if d.name.startswith("reference") for b in d.blocks if "table" in b
             for r in b["table"]["rows"]}
    assert names == {c.name for c in sel.game.companies.values()}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tarot_inserts_stay_inside_the_5_mm_margins_two_across(paper):
    # Letter used to take three 70 mm cards across 215.9 mm, 2.95 mm from the edge
    pages, _ = document_pages(_docs(), SheetOptions(paper=paper))
    card_pages = [p for p in pages if p.cards[0].slot.w == 70]
    for page in card_pages:
        assert len({p.slot.x for p in page.cards}) <= 2
        for placed in page.cards:
            x0, y0, x1, y1 = placed.slot.outer
            assert min(x0, y0, page.size[0] - x1, page.size[1] - y1) >= SAFE_MARGIN_MM + 2


def test_a_page_insert_with_a_frame_and_no_margin_still_keeps_5_mm_clear():
    import pypdfium2
    from PIL import ImageOps

    from cardgen.render.document import Doc
    from cardgen.render.pipeline import render_documents

    module = card_module("briefcase")
    ctx = prepare(module, module.select(), "en", english)
    doc = Doc("edge", None, 1, "setup", 0.0, ({"heading": "Edge " * 40}, {"text": "word " * 300}))
    for paper in ("a4", "letter"):
        pdf = render_documents(ctx, [doc], SheetOptions(paper=paper), "edge")
        page = pypdfium2.PdfDocument(pdf.data)[0]
        image = page.render(scale=100 / 72).to_pil().convert("L")
        strip = int(SAFE_MARGIN_MM * 100 / 25.4)
        w, h = image.size
        inner = ImageOps.invert(image.crop((strip, strip, w - strip, h - strip))).getbbox()
        assert inner is not None                                  # it printed
        for box in ((0, 0, w, strip), (0, h - strip, w, h), (0, 0, strip, h), (w - strip, 0, w, h)):
            assert ImageOps.invert(image.crop(box)).getbbox() is None, (paper, box)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_score_pad_fills_its_page_with_three_games(paper):
    import pypdfium2
    from PIL import ImageOps

    from cardgen.render.imposition import PAPERS_MM
    from cardgen.render.pipeline import render_documents

    module = card_module("briefcase")
    ctx = prepare(module, module.select(), "en", english)
    pad = next(d for d in inserts.documents(ctx) if d.name == "scorepad")
    assert sum(1 for b in pad.blocks if "table" in b) == 3
    pdf = render_documents(ctx, [pad], SheetOptions(paper=paper), "pad")
    dpi = 50
    image = pypdfium2.PdfDocument(pdf.data)[0].render(scale=dpi / 72).to_pil().convert("L")
    _, top, _, bottom = ImageOps.invert(image).getbbox()
    height = PAPERS_MM[paper][1]
    # the page's text area runs from pad.margin below the top to pad.margin above the bottom;
    # it used to stop a third of the page short
    assert bottom / dpi * 25.4 == pytest.approx(height - pad.margin, abs=1.0)
    assert top / dpi * 25.4 == pytest.approx(pad.margin, abs=3.0)


@pytest.mark.parametrize("set_ref", ["Simple Game", "cards/briefcase/examples/custom-set.yaml"])
def test_a_set_build_prints_only_that_set_on_the_reference_and_sets_page(set_ref):
    sel = cards.select(None, set_ref)
    docs = _docs(set_ref=set_ref)
    in_set = {c.name for c in cards.companies_in(sel)}
    reference = {r[0] for d in docs if d.name.startswith("reference") for b in d.blocks
                 if "table" in b for r in b["table"]["rows"]}
    assert reference == in_set
    sets = next(d for d in docs if d.name == "sets")
    table = next(b["table"] for b in sets.blocks if "table" in b)
    assert table["header"] == ["", sel.company_set.name]
    listed = {r[1] for r in table["rows"]}
    assert listed == {sel.game.companies[c].name for c in sel.company_set.company_ids}
    others = {s.name for s in sel.game.sets.values()} - {sel.company_set.name}
    texts = " ".join(_strings([list(d.blocks) for d in docs]))
    assert not any(name in texts for name in others)


# --- a workspace's own template: a file from anyone, read and run as data -----------------------

def _template(tmp_path, text: str):
    path = tmp_path / "x.yaml.j2"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_template_cannot_reach_python_beyond_its_values(tmp_path):
    # A workspace's insert template ran any command at each build, through an object's globals.
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    ran = tmp_path / "ran"
    path = _template(tmp_path, "{{ cycler.__init__.__globals__.os.system('touch " + str(ran) + "') }}\n[]\n")
    with pytest.raises(LayoutError, match="is unsafe"):
        render_yaml(path, {})
    assert not ran.exists()


@pytest.mark.parametrize("text", ['{{ "x" * 1000000000 }}', "{{ 10 ** 100000000 }}",
                                  "{% for a in range(300) %}{{ 'y' * 10000 }}{% endfor %}"])
def test_a_template_that_writes_without_end_is_refused_before_it_fills_the_memory(tmp_path, text):
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    said = "x.yaml.j2:\\d+: (a value repeated|a power too large|the template writes)"
    with pytest.raises(LayoutError, match=said):
        render_yaml(_template(tmp_path, text), {})


@pytest.mark.parametrize("text", ['{{ "x".ljust(3000000000) }}', '{{ "%3000000000d" % 1 }}',
                                  '{{ "x" | center(3000000000) }}', '{{ "{:>3000000000}".format(1) }}',
                                  '{% set a = "x" * 2000000 %}{{ ([a] * 1000) | join }}'])
@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="the cap needs Linux's /proc")
def test_a_template_that_makes_a_value_of_gigabytes_is_refused_before_it_takes_them(tmp_path, text):
    # Each took gigabytes and half a minute before the size of what it wrote was looked at.
    resource = pytest.importorskip("resource")
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    before = resource.getrlimit(resource.RLIMIT_AS)
    with pytest.raises(LayoutError, match=r"x.yaml.j2:2: the template makes a value larger than it may"):
        render_yaml(_template(tmp_path, "[]\n" + text), {})
    assert resource.getrlimit(resource.RLIMIT_AS) == before      # the cap is the template's alone


def test_a_template_has_no_filler_text_to_write_without_end(tmp_path):
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    with pytest.raises(LayoutError, match="'lipsum' is undefined"):
        render_yaml(_template(tmp_path, "{{ lipsum(30000000) }}"), {})


@pytest.mark.parametrize("text", [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}[]",
    "{% set s = 'x' * 1000000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}[]",
    "{% for x in range(1000) recursive %}{% if loop.depth < 4 %}{{ loop(range(1000)) }}{% endif %}"
    "{% endfor %}[]"])
def test_a_template_whose_loops_write_nothing_for_ever_is_refused(tmp_path, text):
    # Loops that write nothing never reach the size cap: the build ran until it was stopped.
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    with pytest.raises(LayoutError, match=r"x.yaml.j2:\d+: its loops run more than 1,000,000 times"):
        render_yaml(_template(tmp_path, text), {})


@pytest.mark.parametrize("text", [
    "{{ ('x' * 2000000) | wordwrap(1) }}",                  # ran for minutes
    "{{ ('<a>' * 600000) | striptags }}",                  # 30 s
    "{% for i in range(30) %}{{ ('x' * 90000) | upper | length }}{% endfor %}[]"])  # each under the cap
def test_a_template_cannot_give_a_filter_more_text_than_an_insert_has(tmp_path, text):
    # Some filters take time that grows faster than their text, unseen by the loop and memory caps.
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    with pytest.raises(LayoutError, match=r"x.yaml.j2:1: a filter given more text than a template may pass"):
        render_yaml(_template(tmp_path, text), {})


def test_a_template_may_filter_the_texts_an_insert_has(tmp_path):
    from cardgen.render.templating import render_yaml

    # 10,000 characters wrapped, then their whitespace collapsed to one space: 2,000 words again.
    text = "- {{ ('word ' * 2000) | wordwrap(40) | striptags | title | length }}\n"
    assert render_yaml(_template(tmp_path, text), {}) == [2000 * 5 - 1]


@pytest.mark.parametrize("text", ["{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}",
                                  "{% for x in [[1]] recursive %}{{ loop([x]) }}{% endfor %}"])
def test_a_template_that_calls_itself_without_end_is_one_error(tmp_path, text):
    # A RecursionError, which reached the command line as an internal error.
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    with pytest.raises(LayoutError, match=r"x.yaml.j2:\d+: the template calls itself without end"):
        render_yaml(_template(tmp_path, text), {})


@pytest.mark.parametrize("text, said", [
    ("[]\n{{ 1 / 0 }}", "x.yaml.j2:2: the template fails: division by zero"),
    ("{{ 'a' + 1 }}", "x.yaml.j2:1: the template fails: can only concatenate str"),
    ("{{ range(1, 2, 0) }}", "x.yaml.j2:1: the template fails: range"),
])
def test_a_template_that_fails_as_it_runs_is_one_error_at_its_line(tmp_path, text, said):
    # Any error but Jinja's own reached the command line as an internal error of cardgen's.
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    with pytest.raises(LayoutError, match=re.escape(said)):
        render_yaml(_template(tmp_path, text), {})


def test_a_template_may_pass_a_keyword_named_self(tmp_path):
    from cardgen.render.templating import render_yaml

    assert render_yaml(_template(tmp_path, "[{{ dict(self=1).self }}]"), {}) == [1]


def test_a_template_may_loop_as_often_as_an_insert_needs(tmp_path):
    from cardgen.render.templating import render_yaml

    text = "{% for i in range(1000) %}{% for j in range(900) %}{% endfor %}{% endfor %}[{{ 1 }}]"
    assert render_yaml(_template(tmp_path, text), {}) == [1]


def test_a_template_that_is_not_text_is_one_error_not_an_internal_one(tmp_path):
    # A binary template was an internal error (UnicodeDecodeError from Jinja's own loader), and a
    # 200 MB one was read and lexed whole.
    from cardgen.render.layouts import LayoutError
    from cardgen.render.templating import render_yaml

    path = tmp_path / "x.yaml.j2"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(LayoutError, match=r"x.yaml.j2: binary file"):
        render_yaml(path, {})
    with path.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    with pytest.raises(LayoutError, match=r"x.yaml.j2: file is 209,715,200 bytes"):
        render_yaml(path, {})
