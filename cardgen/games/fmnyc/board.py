"""The Free Market: NYC board, drawn from the board data: ``cardgen build fmnyc`` writes it as
``<stem>-board.pdf``.

Every part comes from the data of the side being printed (``cards/fmnyc/board.yaml``): the
Action Zone's squares, street and train roadblock slots and their meeple numbers, the
Container Site, the politicians and awards with their nomination circles; the Stages Panel from
``stages.yaml`` (numbers, names, the manager outlines of the side, what each does in the
board's shorthand); the Market Demand meters from ``market.yaml`` (notches, Cost Price); the
Game Round Meter from the rounds; the score track from ``scoring.yaml``'s start. Where each
part goes is ``templates/fmnyc/board.yaml``; colours, styles and icons are those of
``templates/fmnyc/cards.yaml``.

The board is composed as a list of shapes (rectangles, circles, texts, icons) in millimetres,
then drawn: once as a PDF form, placed on every page that shows part of it. On A4 or Letter it
is tiled (``cardgen.render.tiling``): a map page, then the pages to cut and glue. On a
large-format paper (A2, A1, Tabloid) it is one page, scaled down only if it does not fit.
Every text goes through the build's Translator and must fit its box, as on the cards.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.data.yamlload import load_yaml, position
from cardgen.games.fmnyc.load import Fmnyc
from cardgen.games.fmnyc.texts import (
    LABELS,
    board_stage_text,
    die_hint,
    factory_bonus,
    fill,
    pawn_bonus_text,
    pawn_price_text,
    politician_text,
    side_key,
)
from cardgen.i18n.messages import Message, Translator, labeller
from cardgen.paths import display_path, template_file
from cardgen.problems import quoted
from cardgen.render.canvas import MM, new_canvas
from cardgen.render.cardface import RenderError
from cardgen.render.fonts import FontSet
from cardgen.render.icon_tokens import unknown_tokens
from cardgen.render.imposition import PAPERS_MM, SAFE_MARGIN_MM, Slot, crop_marks
from cardgen.render.layouts import LayoutBook, LayoutError
from cardgen.render.pipeline import Context, Progress, RenderedPdf, SheetOptions
from cardgen.render.printable import TextSlot
from cardgen.render.text import TextStyle, draw_text, fit_text
from cardgen.render.tiling import TileLabels, TilePlan, draw_tile, plan_tiles

GAME = "fmnyc"
REGIONS = ("title", "action_zone", "meters", "stages", "politicians", "awards", "containers", "round",
           "tower")
# Papers a print shop or a large-format printer takes: the board prints on one page of these.
LARGE_FORMAT = ("a2", "a1", "tabloid")
TRACK_CELLS = 100

label = labeller(LABELS)
Box = tuple[float, float, float, float]          # x, y, width, height: mm, y down


# -- the layout of the board -------------------------------------------------------------------

@dataclass(frozen=True)
class BoardLayout:
    size: tuple[float, float]
    track_depth: float
    regions: Mapping[str, Box]


# What a board may measure, in mm a side: from a small game board to beyond A0 (1189 mm). A
# larger one would tile into thousands of pages (and hold the build for minutes).
BOARD_MM = (100.0, 2000.0)


def _measure(value: Any) -> float | None:
    """A YAML number as a float; None for anything else (a bool, a string, NaN, infinity)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _layout_problem(data: Any) -> tuple[str, tuple[Any, ...]] | None:
    """Why board.yaml's content is not a board layout, and the keys of the value at fault (for
    its place), or None: exactly the keys size, track (depth) and regions (each region of
    REGIONS, [x, y, width, height] inside the board)."""
    if not isinstance(data, dict):
        return "the board layout is a mapping of size, track and regions", ()
    unknown = sorted(str(k) for k in data if k not in ("size", "track", "regions"))
    if unknown:
        return f"unknown key '{unknown[0]}' (the keys are size, track and regions)", ()
    size = data.get("size")
    sides = [_measure(v) for v in size] if isinstance(size, list) and len(size) == 2 else None
    low, high = BOARD_MM
    if sides is None or any(v is None or not low <= v <= high for v in sides):
        return (f"size is [width, height] in mm, each from {low:g} to {high:g}, "
                f"not {quoted(size)}"[:200], ("size",))
    width, height = sides
    track = data.get("track")
    if not isinstance(track, dict) or set(track) != {"depth"}:
        return "track is {depth: mm}, its only key", ("track",)
    depth = _measure(track["depth"])
    if depth is None or not 0 < depth <= min(width, height) / 4:
        return (f"track: depth is a number of mm above 0 and at most {min(width, height) / 4:g}",
                ("track", "depth"))
    regions = data.get("regions")
    if not isinstance(regions, dict):
        return f"regions maps each of {', '.join(REGIONS)} to [x, y, width, height]", ("regions",)
    unknown = sorted(str(k) for k in regions if k not in REGIONS)
    missing = [r for r in REGIONS if r not in regions]
    if unknown or missing:
        return (f"the board's regions are {', '.join(REGIONS)}, each [x, y, width, height]"
                + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                + (f"; missing: {', '.join(missing)}" if missing else "")), ("regions",)
    for name, box in regions.items():
        values = [_measure(v) for v in box] if isinstance(box, list) and len(box) == 4 else None
        if values is None or any(v is None for v in values):
            return (f"regions: {name} is [x, y, width, height] in mm, not {quoted(box)}"[:200],
                    ("regions", name))
        x, y, w, h = values                            # type: ignore[misc]
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > width or y + h > height:
            return (f"regions: {name} {quoted(box)} is not inside the {width:g} x {height:g} mm "
                    f"board"[:200], ("regions", name))
    return None


def read_board_layout(path: Path, shown: str) -> BoardLayout:
    """The board layout in ``path`` (shown to the user as ``shown``), checked: LayoutError with
    the place of what is wrong."""
    data, problems = load_yaml(path, shown)
    if problems:
        raise LayoutError(problems[0].format(), problems)
    found = _layout_problem(data)
    if found:
        why, keys = found
        line, col = position(data, keys)
        raise LayoutError(f"{shown}:{line}:{col}: {why}")
    regions = {str(k): tuple(float(v) for v in box) for k, box in data["regions"].items()}
    return BoardLayout((float(data["size"][0]), float(data["size"][1])), float(data["track"]["depth"]),
                       regions)


@cache
def _layout(path: Path, shown: str, stamp: int) -> BoardLayout:
    return read_board_layout(path, shown)


def board_layout() -> BoardLayout:
    """``templates/fmnyc/board.yaml``, checked (LayoutError with the file named)."""
    path = template_file(GAME, "board.yaml")
    if not path.is_file():
        raise LayoutError(f"{display_path(path)}: no board layout")
    return _layout(path, display_path(path), path.stat().st_mtime_ns)


# -- shapes ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shape:
    """One drawing primitive, in mm from the board's top-left corner, y down."""

    kind: str                                   # rect, circle, text, icon
    box: Box
    fill: str | None = None                     # palette colour names
    stroke: str | None = None
    width: float = 0.5                          # stroke, points
    radius: float = 0.0                         # rect corners, mm
    dash: bool = False
    message: Message | None = None              # text
    style: str = ""
    values: tuple[tuple[str, str], ...] = ()    # %(name)s values put into a translated label
    icon: str = ""


@dataclass
class Composer:
    """Collects the shapes of one board side."""

    shapes: list[Shape] = field(default_factory=list)

    def rect(self, box: Box, fill: str | None = None, stroke: str | None = None, width: float = 0.5,
             radius: float = 0.0, dash: bool = False) -> None:
        self.shapes.append(Shape("rect", box, fill, stroke, width, radius, dash))

    def circle(self, cx: float, cy: float, d: float, fill: str | None = None, stroke: str | None = None,
               width: float = 0.5, dash: bool = False) -> None:
        self.shapes.append(Shape("circle", (cx - d / 2, cy - d / 2, d, d), fill, stroke, width, 0.0, dash))

    def text(self, box: Box, message: Message | str, style: str,
             **values: object) -> None:
        msg = message if isinstance(message, Message) else Message("", message)
        self.shapes.append(Shape("text", box, message=msg, style=style,
                                 values=tuple((k, str(v)) for k, v in values.items())))

    def icon(self, box: Box, name: str) -> None:
        self.shapes.append(Shape("icon", box, icon=name))

    def meeple_number(self, x: float, y: float, size: float, players: int) -> None:
        """The rulebook's meeple with a number: the least player count that may use a part."""
        self.icon((x, y, size, size), "worker")
        self.text((x, y + size * 0.3, size, size * 0.4), str(players), "meeple_number")


# -- the parts ---------------------------------------------------------------------------------

def _track(b: Composer, layout: BoardLayout, first: int) -> None:
    """The score track round the edge: 100 cells clockwise from the top-left, the first one the
    rulebook's 200 where every tracker starts."""
    w, h = layout.size
    d = layout.track_depth
    nx = round((TRACK_CELLS + 4) / 2 * w / (w + h))         # cells along the top and the bottom
    ny = (TRACK_CELLS + 4) // 2 - nx                        # along each side, corners included
    cells: list[tuple[float, float, float, float]] = []
    cw, ch = w / nx, (h - 2 * d) / (ny - 2)
    cells += [(i * cw, 0, cw, d) for i in range(nx)]
    cells += [(w - d, d + j * ch, d, ch) for j in range(ny - 2)]
    cells += [((nx - 1 - i) * cw, h - d, cw, d) for i in range(nx)]
    cells += [(0, h - d - (j + 1) * ch, d, ch) for j in range(ny - 2)]
    for n, (x, y, cw_, ch_) in enumerate(cells[:TRACK_CELLS]):
        tenth = n % 10 == 0
        b.rect((x, y, cw_, ch_), "taxi" if tenth else ("track_a" if n % 2 else "track_b"), "board_line", 0.4)
        b.text((x + 0.5, y + 0.5, cw_ - 1, ch_ - 1), str(first + n),
               "board_number" if tenth else "board_track")


def _title(b: Composer, game: Fmnyc, box: Box, side: Mapping[str, Any], first: int) -> None:
    x, y, w, h = box
    b.rect(box, "title_bg", None, radius=3)
    badge = h - 3
    b.text((x + 4, y + 1.5, w - badge - 10, 14), label("label:game_name"), "board_title_light")
    lines = [(label("label:tagline"), {}), (Message("board:die_hint", die_hint(game)), {}),
             (label("label:score_track"), {"start": first, "last": first + TRACK_CELLS - 1})]
    for n, (message, values) in enumerate(lines):
        b.text((x + 4, y + 15.5 + n * 5.5, w - badge - 10, 5.2), message, "board_small_light", **values)
    cx, cy = x + w - badge / 2 - 2, y + h / 2
    b.circle(cx, cy, badge, "taxi", "ink", 0.8)
    b.text((cx - badge / 2 + 2, cy - badge * 0.36, badge - 4, badge * 0.42), str(side["id"]), "board_huge")
    b.text((cx - badge / 2 + 3, cy + badge * 0.08, badge - 6, badge * 0.22), label("label:players_side"),
           "board_small")


def _action_zone(b: Composer, game: Fmnyc, box: Box, side: Mapping[str, Any]) -> None:
    x, y, w, h = box
    head, train_w, street_h, slot = 7.0, 20.0, 20.0, 17.0
    b.rect(box, "panel_bg", "board_line", 0.8, radius=3)
    b.text((x + 3, y + 0.5, 50, head - 1), label("label:action_zone"), "board_heading")
    b.text((x + 56, y + 0.5, 108, head - 1), label("label:street_roadblocks"), "board_small")
    b.text((x + 166, y + 0.5, 111, head - 1), label("label:train_roadblocks"), "board_small")
    rows = [r["id"] for r in side["rows"]]
    fees = {r["id"]: game["market"]["additional_fees"][r["fee"]] for r in side["rows"] if r.get("fee")}
    cols = max(int(s["column"]) for s in side["squares"])
    gx, gy = x + train_w, y + head + street_h
    cw, rh = (w - train_w - 1) / cols, (h - head - street_h - 1) / len(rows)
    for s in side["street_roadblocks"]:
        sx = gx + (int(s["column"]) - 1) * cw + (cw - slot) / 2
        b.rect((sx, y + head + 1.5, slot, slot), "slot", "board_line", 0.6, radius=1.5, dash=True)
        b.icon((sx + 3, y + head + 4.5, slot - 6, slot - 6), "roadblock")
        if s.get("min_players"):
            b.meeple_number(sx + slot + 1, y + head + 6, 8, int(s["min_players"]))
    for t in side["train_roadblocks"]:
        ry = gy + rows.index(t["row"]) * rh
        b.rect((x + 1.5, ry + 1, slot, slot), "slot", "board_line", 0.6, radius=1.5, dash=True)
        b.icon((x + 4.5, ry + 4, slot - 6, slot - 6), "train")
        if t.get("min_players"):
            b.meeple_number(x + 5, ry + slot + 1.5, 8, int(t["min_players"]))
    for row in rows:
        ry = gy + rows.index(row) * rh
        b.rect((gx, ry, cols * cw, rh), f"row_{row}" if row in ("top", "middle", "bottom") else None,
               None)
        if row in fees:
            b.text((x + 1.5, ry + slot + 2, slot, 7), f"+{fees[row]} {{coin}}", "board_number")
            b.text((x + 1.5, ry + slot + 8.5, slot, 4), label("label:fee"), "board_small")
    factories = game.factories
    pawn = game["market"]["pawn_shop"]
    for s in side["squares"]:
        sx, sy = gx + (int(s["column"]) - 1) * cw + 1, gy + rows.index(s["row"]) * rh + 1
        sw, sh = cw - 2, rh - 2
        inner = (sx + 15.5, sy + 1.5, sw - 17, sh - 3)
        if s.get("shop"):
            crate = game.crate(s["shop"])
            b.rect((sx, sy, sw, sh), f"crate_{crate['id']}", "board_line", 0.6, radius=2)
            b.rect(inner, "paper", None, radius=1.5)
            # the Wholesale Price Cube stands in the upper left corner (rulebook, Wholesale Price)
            b.rect((sx + 1.5, sy + 1.5, 12.5, 12.5), "white", "ink", 0.5, radius=1, dash=True)
            b.icon((sx + 3, sy + sh - 13, 10, 10), f"crate_{crate['id']}")
            b.text((inner[0] + 1, inner[1] + 1, inner[2] - 2, 6.5), Message(f"crate.{crate['id']}:name",
                                                                             crate["name"]), "board_name")
            b.icon((inner[0] + inner[2] / 2 - 7, inner[1] + 9, 14, 14), "shop")
        elif s.get("factory"):
            f = factories[s["factory"]]
            b.rect((sx, sy, sw, sh), "factory", "board_line", 0.6, radius=2)
            b.rect(inner, "paper", None, radius=1.5)
            b.icon((sx + 2, sy + 2, 11.5, 11.5), "factory")
            b.text((inner[0] + 1, inner[1] + 1, inner[2] - 2, 7),
                   Message(f"factory.{f['id']}:name", f["name"]), "board_name")
            b.text((inner[0] + 1, inner[1] + 8.5, inner[2] - 2, inner[3] - 10),
                   Message(f"factory.{f['id']}:bonus", factory_bonus(game, f["id"])), "board_text")
        elif s.get("pawn_shop"):
            b.rect((sx, sy, sw, sh), "pawn_shop", "board_line", 0.6, radius=2)
            b.rect(inner, "paper", None, radius=1.5)
            b.icon((sx + 2, sy + 2, 11.5, 11.5), "pawn_shop")
            b.text((inner[0] + 1, inner[1] + 1, inner[2] - 2, 6.5), label("label:pawn_shop"), "board_name")
            bonus = set(side["players"]) <= set(pawn.get("bonus_players", []))
            b.text((inner[0] + 1, inner[1] + 8, inner[2] - 2, inner[3] - (17 if bonus else 9)),
                   Message("board:pawn_shop_price", pawn_price_text(game)), "board_text")
            if bonus:
                b.text((inner[0] + 1, inner[1] + inner[3] - 9, inner[2] - 2, 8),
                       Message("board:pawn_shop_bonus", pawn_bonus_text(game)), "board_small")
        if s.get("min_players"):
            b.meeple_number(sx + 3, sy + sh - 10.5, 9, int(s["min_players"]))


def _meters(b: Composer, game: Fmnyc, box: Box) -> None:
    """One dial per crate type: its notches, the chip's start at 0, its Cost Price at the upper
    right (rulebook, Cost Price); + clockwise, - counterclockwise."""
    x, y, w, h = box
    head = 7.0
    b.text((x + 1, y, 48, head - 0.5), label("label:market_demand"), "board_heading")
    b.text((x + 50, y, w - 51, head - 0.5), label("label:wholesale_formula"), "board_small")
    demand = game["market"]["demand"]
    notches = list(range(int(demand["min"]), int(demand["max"]) + 1))
    crates = game.crates
    per_row = math.ceil(len(crates) / 2)
    dw, dh = w / per_row, (h - head) / 2
    for i, crate in enumerate(crates):
        row, col = divmod(i, per_row)
        in_row = per_row if row == 0 else len(crates) - per_row
        dx = x + col * dw + (w - in_row * dw) / 2
        dy = y + head + row * dh
        colour = f"crate_{crate['id']}"
        b.rect((dx + 0.5, dy + 0.5, dw - 1, dh - 1), "panel_bg", colour, 1.4, radius=3)
        b.text((dx + 2, dy + 1.5, dw - 14, 6), Message(f"crate.{crate['id']}:name", crate["name"]),
               "board_name")
        b.circle(dx + dw - 6.5, dy + 6.5, 9, "coin", "ink", 0.5)
        b.text((dx + dw - 11, dy + 3, 9, 7), str(crate["cost_price"]), "chip_value")
        cx, cy, r = dx + dw / 2, dy + dh - 7, min(dw / 2 - 7.5, dh - 16)
        for k, value in enumerate(notches):
            a = math.radians(180 - k * 180 / (len(notches) - 1))
            nx, ny = cx + r * math.cos(a), cy - r * math.sin(a)
            b.circle(nx, ny, 11, "taxi" if value == 0 else "white", colour, 0.9)
            b.text((nx - 4.5, ny - 2.6, 9, 5.2), f"{value:+d}" if value else "0", "chip_value")
        b.icon((cx - 5.5, cy - 8, 11, 11), f"crate_{crate['id']}")


def _capacity(b: Composer, cap: Mapping[str, Any], box: Box) -> None:
    """The meeple outlines above a stage: one per manager it takes, ``all`` for every player,
    one with a number for the extra manager at that player count (rulebook, stage 4)."""
    x, y, w, h = box
    size = min(h, 7.5)
    items: list[tuple[str, int | None]] = []
    if cap["managers"] == "all":
        items.append(("all", None))
    else:
        items += [("one", None)] * int(cap["managers"])
    if cap.get("extra_at"):
        items.append(("extra", int(cap["extra_at"])))
    widths = [size * (2.2 if kind == "all" else 1.0) for kind, _ in items]
    left = x + (w - sum(widths) - 0.6 * (len(items) - 1)) / 2
    for (kind, n), iw in zip(items, widths, strict=True):
        if kind == "all":
            b.icon((left, y, size, size), "manager")
            b.text((left + size, y + 0.5, iw - size, size - 1), label("label:all_players"), "board_name")
        elif kind == "one":
            b.icon((left, y, size, size), "manager")
        else:
            b.meeple_number(left, y, size, n or 0)
        left += iw + 0.6


def _stages(b: Composer, game: Fmnyc, box: Box, side: Mapping[str, Any]) -> None:
    x, y, w, h = box
    head = 7.0
    stages = game.stages
    bw = w / len(stages)
    management = [s for s in stages if s["type"] == "management"]
    b.text((x + 1, y, 44, head - 0.5), label("label:stages_panel"), "board_heading")
    b.text((x + 45, y, len(management) * bw - 45, head - 0.5), label("label:management_stages"),
           "board_small")
    b.text((x + len(management) * bw, y, w - len(management) * bw, head - 0.5),
           label("label:operation_stages"), "board_small")
    for i, stage in enumerate(stages):
        kind = "management" if stage["type"] == "management" else "operation"
        bx, by, bh = x + i * bw, y + head, h - head
        b.rect((bx + 0.4, by, bw - 0.8, bh), f"{kind}_bg", kind, 0.8, radius=2)
        b.circle(bx + bw / 2, by + 6.5, 12, kind, "ink", 0.5)
        b.text((bx + bw / 2 - 5, by + 3.5, 10, 6), str(stage["number"]), "board_light_number")
        b.text((bx + 1, by + 12.5, bw - 2, 8), Message(f"stage.{stage['id']}:name", stage["name"]),
               "board_name")
        top = by + 21
        cap = (stage.get("capacity") or {}).get(side["id"])
        if cap:
            _capacity(b, cap, (bx + 1, top, bw - 2, 7.5))
            top += 9
        b.text((bx + 1.2, top, bw - 2.4, by + bh - top - 1.5), board_stage_text(game, stage, side),
               "board_stage")


def _politicians(b: Composer, game: Fmnyc, box: Box, side: Mapping[str, Any]) -> None:
    x, y, w, h = box
    head = 7.0
    b.text((x + 1, y, w - 2, head - 0.5), label("label:politicians_panel"), "board_heading")
    chosen = [game.politicians[p] for p in side["politicians"]]
    cw = w / max(len(chosen), 1)
    uses_h = 15.0
    for i, p in enumerate(chosen):
        cx = x + i * cw
        b.rect((cx + 0.6, y + head, cw - 1.2, h - head - uses_h - 1), "panel_bg", "politician", 1.0, radius=2)
        b.icon((cx + cw / 2 - 5, y + head + 1.5, 10, 10), "politician")
        b.text((cx + 1.5, y + head + 12, cw - 3, 7.5), Message(f"politician.{p['id']}:name", p["name"]),
               "board_name")
        b.text((cx + 1.5, y + head + 19.5, cw / 2 - 1.5, 5), label("label:requires"), "board_small")
        need = " ".join(f"{n} {{{item}}}" for item, n in p["requires"].items())
        b.text((cx + cw / 2, y + head + 19, cw / 2 - 1.5, 6), need, "board_text")
        for k, (mark, colour) in enumerate((("+1", "park"), ("-1", "brick"))):
            cy = y + head + 34 + k * 18
            b.circle(cx + cw / 2, cy, 15.5, "white", colour, 1.4)
            b.text((cx + cw / 2 - 5, cy - 3, 10, 6), mark, "board_number")
    b.text((x + 1, y + h - uses_h, w - 2, uses_h), Message("board:politician_uses", politician_text(game)),
           "board_small")


def _awards(b: Composer, game: Fmnyc, box: Box, side: Mapping[str, Any]) -> None:
    x, y, w, h = box
    head = 7.0
    b.text((x + 1, y, w - 2, head - 0.5), label("label:awards_panel"), "board_heading")
    awards = game.awards
    chosen = list(side["awards"])
    cw = w / max(len(chosen), 1)
    half = game["panels"]["awards"]["second_share"]
    for i, slot in enumerate(chosen):
        a = awards[slot["award"]]
        cx = x + i * cw
        b.rect((cx + 0.6, y + head, cw - 1.2, h - head), "panel_bg", "award", 1.2, radius=2)
        b.icon((cx + 2, y + head + 1.5, 8, 8), "award")
        b.text((cx + 10, y + head + 1, cw - 11.5, 9), Message(f"award.{a['id']}:name", a["name"]),
               "board_name")
        b.text((cx + 1.5, y + head + 10.5, cw - 3, 7), f"{a['sum']} {{coin}}", "board_number")
        b.text((cx + 1.5, y + head + 17.5, cw - 3, 4.5), label("label:second_place"), "board_small",
               half=_number(a["sum"] * half))
        circles = [None] * int(slot["nominations"]) + ([slot["extra_at"]] if slot.get("extra_at") else [])
        for k, extra in enumerate(circles):
            cy = y + head + 31 + k * 17
            b.circle(cx + cw / 2, cy, 15, "white", "award", 1.2, dash=extra is not None)
            if extra is not None:
                b.meeple_number(cx + cw / 2 + 8, cy - 4, 8, int(extra))


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _containers(b: Composer, box: Box, side: Mapping[str, Any]) -> None:
    x, y, w, h = box
    head = 7.0
    b.text((x + 1, y, w - 2, head - 0.5), label("label:container_site"), "board_heading")
    cw, ch = (w - 1) / 2, 20.0
    for i, container in enumerate(side["containers"]):
        row, col = divmod(i, 2)
        cx, cy = x + col * (cw + 1), y + head + row * (ch + 2)
        b.rect((cx, cy, cw, ch), "container", "board_line", 0.6, radius=1.5)
        for k in range(2):
            b.rect((cx + 2 + k * 14, cy + 3.5, 13, 13), "white", "ink", 0.5, radius=1, dash=True)
        if container.get("min_players"):
            b.meeple_number(cx + cw - 10, cy + 5.5, 9, int(container["min_players"]))


def _round_meter(b: Composer, game: Fmnyc, box: Box) -> None:
    """The Game Round Meter: one notch per round, the chip moves clockwise."""
    x, y, w, h = box
    b.text((x, y, w, 6), label("label:game_round"), "board_heading")
    rounds = max(game.rounds)
    cx, cy = x + w / 2, y + 6 + (h - 6) / 2
    r = min(w, h - 6) / 2 - 6.4
    b.circle(cx, cy, 2 * r, None, "board_line", 0.8)
    b.icon((cx - 5, cy - 5, 10, 10), "round")
    for n in range(1, rounds + 1):
        a = math.radians(90 - (n - 1) * 360 / rounds)
        nx, ny = cx + r * math.cos(a), cy - r * math.sin(a)
        b.circle(nx, ny, 12.4, "taxi" if n in game.rounds else "white", "ink", 0.6)
        b.text((nx - 4, ny - 2.6, 8, 5.2), str(n), "chip_value")


def _tower(b: Composer, box: Box) -> None:
    x, y, w, h = box
    b.rect(box, "panel_bg", "tower", 1.2, radius=3, dash=True)
    b.icon((x + 2, y + 2, 14, 14), "tower")
    b.text((x + 17, y + 2, w - 19, 14), label("label:donation_tower"), "board_name")
    b.text((x + 2, y + 17, w - 4, h - 19), label("label:tower_hint"), "board_small")


def compose(game: Fmnyc, side: Mapping[str, Any], layout: BoardLayout | None = None) -> list[Shape]:
    """Every shape of one board side, in drawing order."""
    layout = layout or board_layout()
    r = layout.regions
    b = Composer()
    b.rect((0, 0, *layout.size), "board_bg")
    first = int(game["scoring"]["start"])
    _track(b, layout, first)
    _title(b, game, r["title"], side, first)
    _action_zone(b, game, r["action_zone"], side)
    _meters(b, game, r["meters"])
    _stages(b, game, r["stages"], side)
    _politicians(b, game, r["politicians"], side)
    _awards(b, game, r["awards"], side)
    _containers(b, r["containers"], side)
    _round_meter(b, game, r["round"])
    _tower(b, r["tower"])
    return b.shapes


# -- drawing -----------------------------------------------------------------------------------

def _lacks(book: LayoutBook, what: str, name: str) -> str:
    """What build says of a colour, style or icon the board draws that the layout file lacks."""
    where = "the palette" if what == "colour" else "the file"
    return f"{display_path(book.path)}: the board uses the {what} '{name}', which {where} lacks"


def shape_problems(game: Fmnyc, sides: Iterable[Mapping[str, Any]], book: LayoutBook) -> list[str]:
    """Every colour, style and icon the board ``sides`` draw that ``book`` lacks (build stops at
    the first, drawing): what ``cardgen validate`` reports of the board, once each."""
    palette, icons = book.palette(False), book.icons(False)
    found: list[str] = []
    layout = board_layout()
    for side in sides:
        for s in compose(game, side, layout):
            if s.kind in ("rect", "circle"):
                found += [_lacks(book, "colour", c) for c in (s.fill, s.stroke) if c and c not in palette]
            elif s.kind == "icon" and s.icon not in icons:
                found.append(_lacks(book, "icon", s.icon))
            elif s.kind == "text" and s.style not in book.styles:
                found.append(_lacks(book, "style", s.style))
    return list(dict.fromkeys(found))

@dataclass
class ShapeRenderer:
    """Draws shapes with a game's colours, styles and icons; collects texts that do not fit."""

    book: LayoutBook
    fonts: FontSet
    translate: Translator
    lang: str
    ink_saver: bool = False
    problems: list[str] = field(default_factory=list)

    def colour(self, name: str) -> HexColor:
        palette = self.book.palette(self.ink_saver)
        if name not in palette:
            raise LayoutError(_lacks(self.book, "colour", name))
        return HexColor(palette[name])

    def style(self, name: str) -> TextStyle:
        if name not in self.book.styles:
            raise LayoutError(_lacks(self.book, "style", name))
        return self.book.style(name, self.fonts, self.ink_saver)

    def text(self, shape: Shape) -> str:
        m = shape.message
        assert m is not None
        text = self.translate(m.context, m.source) if m.context else m.source
        return fill(text, **dict(shape.values)) if shape.values else text

    def draw(self, c: Canvas, shapes: list[Shape], height: float, where: str) -> None:
        """Draw with the drawing's top-left at (0, ``height``) points: y runs down from there."""
        icons = self.book.icons(self.ink_saver)
        for s in shapes:
            x, y, w, h = s.box
            px, py, pw, ph = x * MM, height - (y + h) * MM, w * MM, h * MM
            if s.kind in ("rect", "circle"):
                if s.fill is None and s.stroke is None:
                    continue
                c.saveState()
                if s.fill:
                    c.setFillColor(self.colour(s.fill))
                if s.stroke:
                    c.setStrokeColor(self.colour(s.stroke))
                    c.setLineWidth(s.width)
                if s.dash:
                    c.setDash(2.5, 1.8)
                args = dict(fill=int(bool(s.fill)), stroke=int(bool(s.stroke)))
                if s.kind == "circle":
                    c.circle(px + pw / 2, py + ph / 2, pw / 2, **args)
                elif s.radius:
                    c.roundRect(px, py, pw, ph, s.radius * MM, **args)
                else:
                    c.rect(px, py, pw, ph, **args)
                c.restoreState()
            elif s.kind == "icon":
                if s.icon not in icons:
                    raise LayoutError(_lacks(self.book, "icon", s.icon))
                side = min(pw, ph)
                icons.draw(c, s.icon, px + (pw - side) / 2, py + (ph - side) / 2, side)
            else:
                text = self.text(s)
                fit = fit_text(text, pw, ph, self.style(s.style), icons)
                what = ""
                if s.message and s.message.context:
                    # The catalog's line, as a card's text names it: the translator edits there.
                    at = getattr(self.translate, "where", lambda _: "")(s.message.context)
                    what = f" ({s.message.context}{f', {at}' if at else ''})"
                for unknown in unknown_tokens(text, icons.names()):
                    self.problems.append(f"{where}: text{what} in language '{self.lang}': {unknown}")
                if not fit.fits:
                    self.problems.append(f"{where}: text{what} '{text[:40]}' does not fit its box in "
                                         f"language '{self.lang}': it runs {fit.overflow:g} pt past it "
                                         f"even at the minimum size of {fit.size:g} pt")
                c.saveState()
                draw_text(c, fit, px, py, icons)
                c.restoreState()


def text_slots(sel: Any, book: LayoutBook, fonts: FontSet, lang: str) -> Iterator[TextSlot]:
    """Every translatable text of the board sides the selection prints, in its box and style:
    for ``cardgen i18n check``'s fit test (through ``cards.text_fields``)."""
    layout = board_layout()
    seen: set[tuple[str, str]] = set()
    for side in sel.sides:
        where = f"board.{side['id']}"
        for s in compose(sel.game, side, layout):
            if s.kind != "text" or s.message is None or not s.message.context:
                continue
            if (where, s.message.context) in seen:
                continue
            seen.add((where, s.message.context))
            style = book.style(s.style, fonts, False)
            yield TextSlot(where, s.message.context, s.message.context, s.message.source,
                           s.box[2] * MM, s.box[3] * MM, style)


# -- the board PDF -----------------------------------------------------------------------------

def _form(c: Canvas, renderer: ShapeRenderer, shapes: list[Shape], size: tuple[float, float], name: str,
          where: str) -> None:
    c.beginForm(name, 0, 0, size[0] * MM, size[1] * MM)
    renderer.draw(c, shapes, size[1] * MM, where)
    c.endForm()


LabelDraw = Callable[[Canvas, str, float, float, float, float], None]


def _label_drawer(renderer: ShapeRenderer, style: str) -> LabelDraw:
    icons = renderer.book.icons(renderer.ink_saver)

    def draw(c: Canvas, text: str, x: float, y: float, w: float, h: float) -> None:
        fit = fit_text(text, w, h, renderer.style(style), icons)
        if not fit.fits:
            renderer.problems.append(f"board page label '{text[:40]}' does not fit in language "
                                     f"'{renderer.lang}'")
        c.saveState()
        draw_text(c, fit, x, y, icons)
        c.restoreState()

    return draw


def _map_page(c: Canvas, renderer: ShapeRenderer, plan: TilePlan, form: str, side: Mapping[str, Any]) -> None:
    """The first page of a tiled side: the whole board small, each page's part outlined and
    numbered, and how to put them together."""
    pw, ph = plan.paper
    c.setPageSize((pw * MM, ph * MM))
    m = SAFE_MARGIN_MM + 3
    head, hint = 12.0, 16.0
    bw, bh = plan.drawing
    room_w, room_h = pw - 2 * m, ph - 2 * m - head - hint - 4
    scale = min(room_w / bw, room_h / bh)
    ox, oy = m + (room_w - bw * scale) / 2, m + hint + 4 + (room_h - bh * scale) / 2
    draw = _label_drawer(renderer, "doc_h1")
    draw(c, fill(renderer.translate("label:board_map", LABELS["label:board_map"]), side=side["id"]),
         m * MM, (ph - m - head) * MM, room_w * MM, head * MM)
    _label_drawer(renderer, "doc_body")(c, renderer.translate("label:board_map_hint",
                                                              LABELS["label:board_map_hint"]),
                                        m * MM, m * MM, room_w * MM, hint * MM)
    c.saveState()
    c.translate(ox * MM, oy * MM)
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()
    number = _label_drawer(renderer, "board_huge")
    c.setLineWidth(1.2)
    c.setStrokeColor(HexColor("#000000"))
    for n, tile in enumerate(plan.tiles, 1):
        x0, y0, x1, y1 = tile.visible
        x0, x1 = max(x0, 0), min(x1, bw)
        y0, y1 = max(y0, 0), min(y1, bh)
        rx, ry = ox + x0 * scale, oy + (bh - y1) * scale
        c.setDash(5, 3)
        c.rect(rx * MM, ry * MM, (x1 - x0) * scale * MM, (y1 - y0) * scale * MM, fill=0, stroke=1)
        c.setDash()
        c.setFillColor(HexColor("#ffffff"))
        cx, cy = rx + (x1 - x0) * scale / 2, ry + (y1 - y0) * scale / 2
        c.circle(cx * MM, cy * MM, 9 * MM, fill=1, stroke=1)
        number(c, str(n), (cx - 8) * MM, (cy - 6) * MM, 16 * MM, 12 * MM)
    c.showPage()


def _tile_labels(renderer: ShapeRenderer, plan: TilePlan, side: Mapping[str, Any]) -> TileLabels:
    template = renderer.translate("label:tile", LABELS["label:tile"])
    return TileLabels(
        name=lambda t: fill(template, side=side["id"], tile=t.row * plan.cols + t.col + 1,
                            tiles=len(plan.tiles)),
        cut=renderer.translate("label:cut_here", LABELS["label:cut_here"]))


def _single_page(c: Canvas, renderer: ShapeRenderer, form: str, size: tuple[float, float],
                 paper: tuple[float, float]) -> None:
    """The whole board on one large sheet, turned to fit, scaled down only if it must be; crop
    marks at its corners."""
    pw, ph = paper
    if (pw > ph) != (size[0] > size[1]):
        pw, ph = ph, pw
    room = (pw - 2 * (SAFE_MARGIN_MM + 8), ph - 2 * (SAFE_MARGIN_MM + 8))
    scale = min(1.0, room[0] / size[0], room[1] / size[1])
    w, h = size[0] * scale, size[1] * scale
    x, y = (pw - w) / 2, (ph - h) / 2
    c.setPageSize((pw * MM, ph * MM))
    c.saveState()
    c.translate(x * MM, y * MM)
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()
    c.setLineWidth(0.25)
    c.setStrokeColor(HexColor("#000000"))
    for a, b, cc, d in crop_marks((pw, ph), [Slot(x, y, w, h, 0.0, 0.0)]):
        c.line(a * MM, b * MM, cc * MM, d * MM)
    if scale < 1.0:
        note = fill(renderer.translate("label:scale_note", LABELS["label:scale_note"]),
                    percent=f"{scale * 100:.0f}")
        _label_drawer(renderer, "tile_label")(c, note, x * MM, (y - 7.5) * MM, 80 * MM, 6 * MM)
    c.showPage()


def is_tiled(paper: str) -> bool:
    return paper not in LARGE_FORMAT


def _plan(size: tuple[float, float], paper: str) -> TilePlan:
    return plan_tiles(size, PAPERS_MM[paper])


def render_board(ctx: Context, options: SheetOptions, title: str,
                 progress: Progress | None = None) -> RenderedPdf:
    """The board PDF: for each side the selection prints, a map page and the tiles (A4, Letter),
    or one large page. RenderError naming every text that does not fit."""
    layout = board_layout()
    renderer = ShapeRenderer(ctx.book, ctx.fonts, ctx.renderer.translate, ctx.lang, options.ink_saver)
    buffer = io.BytesIO()
    c = new_canvas(buffer, PAPERS_MM[options.paper], ctx.fonts.regular, title)
    pages = 0
    for side in ctx.selection.sides:
        shapes = compose(ctx.selection.game, side, layout)
        form = f"board_{side_key(side)}"
        _form(c, renderer, shapes, layout.size, form, f"board {side['id']}")
        if not is_tiled(options.paper):
            _single_page(c, renderer, form, layout.size, PAPERS_MM[options.paper])
            pages += 1
            if progress:
                progress()
            continue
        plan = _plan(layout.size, options.paper)
        _map_page(c, renderer, plan, form, side)
        pages += 1
        if progress:
            progress()
        labels = _tile_labels(renderer, plan, side)
        for tile in plan.tiles:
            draw_tile(c, plan, tile, form, labels, _label_drawer(renderer, "tile_label"))
            c.showPage()
            pages += 1
            if progress:
                progress()
    if renderer.problems:
        raise RenderError(list(dict.fromkeys(renderer.problems)))
    c.save()
    return RenderedPdf(buffer.getvalue(), pages, 0)


def page_total(ctx: Context, options: SheetOptions) -> int:
    """How many pages the board takes (for progress bars)."""
    if not is_tiled(options.paper):
        return len(ctx.selection.sides)
    return len(ctx.selection.sides) * (1 + len(_plan(board_layout().size, options.paper).tiles))


def render_board_page(ctx: Context, side: Mapping[str, Any], ink_saver: bool = False) -> bytes:
    """One side alone on a page of exactly its size, untiled: what the tiles must add up to."""
    layout = board_layout()
    renderer = ShapeRenderer(ctx.book, ctx.fonts, ctx.renderer.translate, ctx.lang, ink_saver)
    buffer = io.BytesIO()
    c = new_canvas(buffer, layout.size, ctx.fonts.regular, "board")
    _form(c, renderer, compose(ctx.selection.game, side, layout), layout.size, "board", "board")
    c.doForm("board")
    c.showPage()
    if renderer.problems:
        raise RenderError(list(dict.fromkeys(renderer.problems)))
    c.save()
    return buffer.getvalue()
