"""``cardgen export``: card images, one PNG per card face or Tabletop Simulator deck sheets."""

from __future__ import annotations

import time
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.commands import (
    folder_to_write,
    font_option,
    game_option,
    ink_saver_option,
    lang_option,
    pick_game,
    refuse_data_folder,
    set_named,
)
from cardgen.commands.build import (
    BuildFailed,
    context_for,
    font_part,
    layout_failed,
    report_failures,
    variant_stem,
)
from cardgen.games import DEFAULT_GAME_HELP
from cardgen.output import check_writable
from cardgen.paths import display_path
from cardgen.render.cardface import RenderError
from cardgen.render.export import export_png, export_tts
from cardgen.render.layouts import LayoutError
from cardgen.render.raster import RasterError
from cardgen.workspace import announce, current


class Format(StrEnum):
    png = "png"
    tts = "tts"


def register(app: typer.Typer) -> None:
    @app.command()
    def export(
        game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                   help=f"The game (default: {DEFAULT_GAME_HELP})."),
        game_opt: str = game_option(),
        format: Format = typer.Option(Format.png, "--format", help="png: one image per card face "
                                      "(300 dpi, 1/8 in bleed); tts: Tabletop Simulator deck sheets."),
        lang: str = lang_option(),
        out: Path = typer.Option(None, "--out", "-o", metavar="DIR", parser=folder_to_write,
                                 help="Parent folder (default: output/ in the "
                                 "workspace); files go to <out>/<game>-<lang>[-<set>][-<N>p]-<format>/."),
        players: int = typer.Option(None, "--players", "-p", help="Only what an N-player game needs "
                                    "(default: the full box)."),
        set_ref: str = typer.Option(None, "--set", metavar="SET",
                                    parser=set_named,
                                    help="Only one company set's cards: an official "
                                    "set's id or name, or a set file."),
        ink_saver: bool = ink_saver_option(),
        font: Path = font_option(),
    ) -> None:
        """Card images for print services or Tabletop Simulator.

        Exit code 0 when written, 1 when the cards cannot be drawn or written, 2 on a usage
        error.

        Example: cardgen export briefcase --format tts --set simple
        """

        game = pick_game(game, game_opt, True)
        refuse_data_folder(out, "--out")
        parent = out or current().default_output()

        def action() -> int:
            started = time.perf_counter()
            ctx = context_for(game, lang, players, set_ref, ink_saver, font)
            specs = ctx.module.card_list(ctx.selection)
            # Named for the variant like build's files, so an export of a set or a player count
            # never lands among the images of another (a folder of stale cards to upload).
            folder = parent / variant_stem(game, ctx, players, "ink-saver" if ink_saver else "",
                                           font_part(font), format.value)
            try:
                # Where the images go, looked at before they are drawn (a minute at 300 dpi).
                check_writable(folder / ("manifest.csv" if format is Format.png else "decks.json"))
                files = export_png(ctx, specs, folder) if format is Format.png else \
                    export_tts(ctx, specs, folder)
            except RenderError as exc:
                raise BuildFailed(exc.problems) from None
            except LayoutError as exc:                              # check_faces
                raise layout_failed(exc) from None
            except (RasterError, OSError) as exc:
                raise BuildFailed([str(exc)]) from None
            size = sum(f.stat().st_size for f in files)
            typer.echo(f"wrote {len(files)} files to {display_path(folder)} ({size / 2**20:.1f} MiB) "
                       f"in {time.perf_counter() - started:.1f} s")
            announce(game)
            return 0

        raise typer.Exit(report_failures(action))
