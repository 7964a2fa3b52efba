"""``cardgen preview``: one card face as a PNG, to look at a layout or a translation quickly."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand

from cardgen.commands import (
    data_read,
    file_to_write,
    font_option,
    ink_saver_option,
    lang_option,
    refuse_data_folder,
    set_named,
)
from cardgen.commands.build import (
    BuildFailed,
    UsageProblem,
    context_for,
    font_part,
    layout_failed,
    report_failures,
)
from cardgen.data.schema import did_you_mean
from cardgen.games import DEFAULT_GAME_HELP, default_game
from cardgen.output import OutputError, check_not_read, write_atomic
from cardgen.paths import display_path
from cardgen.problems import printable
from cardgen.render.cardface import RenderError
from cardgen.render.layouts import LayoutError
from cardgen.render.pipeline import Context
from cardgen.render.printable import Face, faces_by_key
from cardgen.render.raster import RasterError, face_images
from cardgen.workspace import announce, current


def find_face(specs: list, name: str) -> Face:
    """A face by card id (its front), ``<card id>:back``, or face key."""
    faces: dict[str, Face] = {}
    for spec in specs:
        faces.setdefault(spec.id, spec.front)
        if spec.back is not None:
            faces.setdefault(f"{spec.id}:back", spec.back)
    for key, face in faces_by_key(specs).items():
        faces.setdefault(key, face)
    if name in faces:
        return faces[name]
    cards = sorted({s.id for s in specs})
    shown = ", ".join(cards[:12]) + (f" and {len(cards) - 12} more" if len(cards) > 12 else "")
    # A card named without its kind ('heir' for Free Market: NYC's 'career.heir', as the
    # Briefcase companies go by theirs) is no near miss to difflib: said by the name it ends in.
    ending = [key for key in faces if key.rsplit(".", 1)[-1] == name and key != name]
    near = f" (did you mean '{ending[0]}'?)" if len(ending) == 1 else did_you_mean(name, list(faces))
    raise UsageProblem(f"no card '{name}'{near}; cards: {shown} "
                       "(add ':back' for the back)")


def preview_name(card: str, ctx: Context, bleed: bool, ink_saver: bool, font: Path | None) -> str:
    """``preview-<card>-<lang>.png``, with the choices that change what the face shows in the name
    as build names its files (the set, bleed, ink-saver, the font): a preview with --bleed
    replaced the one without, so the two could not be compared side by side."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", card)
    parts = ("preview", name, ctx.lang, getattr(ctx.selection, "variant", None) or "",
             "bleed" if bleed else "", "ink-saver" if ink_saver else "", font_part(font))
    return "-".join(p for p in parts if p) + ".png"


class _GameThenCard(TyperCommand):
    """Usage says ``[GAME] CARD``: the game's name may come before the card, as ``cardgen build
    startup`` names it (a second, hidden argument takes the card then)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [p for p in super().collect_usage_pieces(ctx) if p != "[AFTER_GAME]"]
        return ["[GAME] CARD" if p == "CARD" else p for p in pieces]


def register(app: typer.Typer) -> None:
    @app.command(cls=_GameThenCard)
    def preview(
        card: str = typer.Argument(..., metavar="CARD", help="A card id (steel_factory, buy, central_bank), "
                                   "'<id>:back' for its back, or a face key."),
        # 'cardgen preview startup poach', as 'cardgen build startup' is typed, was "Got
        # unexpected extra argument(s) (poach)": a game's name before the card is taken as --game.
        after_game: str | None = typer.Argument(None, hidden=True, metavar="AFTER_GAME",
                                                help="The card, when the game's name comes first."),
        game: str | None = typer.Option(None, "--game", "-g", metavar="GAME",
                                 help=f"The game the card belongs to (default: {DEFAULT_GAME_HELP})."),
        lang: str = lang_option(),
        out: Path = typer.Option(None, "--out", "-o", metavar="FILE",
                                 parser=file_to_write, help="PNG to write (default: "
                                 "output/preview-<card>-<lang>.png, the set, --bleed, --ink-saver "
                                 "and --font named after the language when chosen)."),
        dpi: int = typer.Option(200, "--dpi", min=30, max=1200, help="Resolution in dots per inch."),
        bleed: bool = typer.Option(False, "--bleed", help="Include a 3 mm bleed."),
        set_ref: str = typer.Option(None, "--set", metavar="SET",
                                    parser=set_named,
                                    help="Find the card in this company set too: an "
                                    "official set's id or name, or a set file (its new companies)."),
        ink_saver: bool = ink_saver_option(),
        font: Path = font_option(),
    ) -> None:
        """Write a PNG of one card face.

        Exit code 0 when written, 1 when the card cannot be drawn or written, 2 on a usage
        error.

        Example: cardgen preview steel_factory:back --lang el --dpi 300
        """

        def action() -> int:
            nonlocal game, card
            if after_game is not None:
                from cardgen.games import registered_games

                if card not in registered_games():
                    raise UsageProblem(f"got '{after_game}' after the card '{card}': preview takes one "
                                       "card (and its game before it, or as --game)")
                if game is not None and game != card:
                    raise UsageProblem(f"the game is given twice and differs: '{card}' and --game "
                                       f"'{game}'; give it once")
                game, card = card, after_game
            # 'cardgen preview bad_press' in a startup workspace looked for the card in
            # Briefcase and said "a card new in a set of yours needs --set SET"
            named = game is not None
            game = game or default_game()
            refuse_data_folder(out, "--out", "file")
            try:
                check_not_read([out] if out is not None else [], [set_ref], lambda: data_read(game),
                               [("the --font file", font)])
            except OutputError as exc:
                raise BuildFailed([str(exc)]) from None
            ctx = context_for(game, lang, set_ref=set_ref, ink_saver=ink_saver, font=font)
            try:
                face = find_face(ctx.module.card_list(ctx.selection), card)
            except UsageProblem as exc:
                from cardgen.games import game_module, sets_note

                others = [] if named else current().games_instead(game)
                if others:
                    raise UsageProblem(f"{exc}; your workspace's files are of {', '.join(others)}: name "
                                       f"the game, as in --game {others[0]}") from None
                if set_ref is None and sets_note(game) is None:    # the box holds no set's new cards
                    raise UsageProblem(f"{exc}; a card new in a set of yours needs --set SET") from None
                # Free Market: NYC's own Career cards (a file of kind careers) were not found
                # without --set FILE, and nothing said so
                if set_ref is None and getattr(game_module(game, "listings"), "SETS_NOTE", None):
                    raise UsageProblem(f"{exc}; a card new in a file of yours needs --set FILE") from None
                raise
            try:
                (image,) = face_images(ctx, [face], dpi, 3.0 if bleed else 0.0)
            except RenderError as exc:
                raise BuildFailed(exc.problems) from None
            except LayoutError as exc:
                raise layout_failed(exc) from None
            except RasterError as exc:
                raise BuildFailed([str(exc)]) from None
            target = out or current().default_output() / preview_name(card, ctx, bleed, ink_saver, font)
            buffer = io.BytesIO()
            image.save(buffer, "PNG", optimize=False)
            try:
                write_atomic(target, buffer.getvalue())
            except OutputError as exc:
                raise BuildFailed([str(exc)]) from None
            typer.echo(f"wrote {display_path(target)}: {image.width} x {image.height} px "
                       f"({printable(face.key)})")
            if target.suffix.lower() != ".png":
                # --out x.pdf (or .jpg) got PNG bytes under that name, which a viewer then refuses.
                typer.echo(f"warning: {display_path(target)} holds a PNG image, whatever its name says; "
                           "name it .png", err=True)
            announce(game)
            return 0

        raise typer.Exit(report_failures(action))
