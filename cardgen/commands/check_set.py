"""``cardgen check-set``: validate a company set, simulate it at every player count, verdict."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command("check-set")
    def check_set(
        target: str = typer.Argument(..., metavar="SET", help="A custom company set file, or the "
                                     "id or name of an official set (e.g. simple)."),
        game: str = typer.Option("briefcase", "--game", help="The game of an official set."),
        games: int = typer.Option(500, "--games", "-n", help="Games per player count."),
        seed: int = typer.Option(1, "--seed", help="Run seed."),
        jobs: int = typer.Option(0, "--jobs", "-j", help="Processes (default: all cores)."),
        baseline: bool = typer.Option(True, "--baseline/--no-baseline",
                                      help="Also simulate the game's reference set to judge length."),
    ) -> None:
        """Validate a company set, simulate it at each player count, and print a verdict with
        its reasons: stalls, extreme game length, seat or company effects, companies nobody buys.

        Exit code 0 when the set plays (OK or WARN), 1 when it fails or is invalid."""
        from cardgen.commands.simulate import simulate_run
        from cardgen.commands.validate import validate_paths
        from cardgen.data.documents import read_document
        from cardgen.games import game_simulator, registered_games
        from cardgen.paths import game_dir
        from cardgen.sim.verdict import judge

        file = Path(target)
        if file.exists():
            problems, docs = validate_paths([file])
        else:
            problems, docs = validate_paths([game_dir(game)]) if game in registered_games() else ([], [])
        for p in problems:
            typer.echo(p.format(), err=True)
        if [p for p in problems if p.severity == "error"] or not docs:
            typer.echo(f"FAIL: {target} is not a valid set file or {game} set", err=True)
            raise typer.Exit(1)
        if file.exists():
            doc, _ = read_document(file)
            game, name, set_ref = doc.game, doc.data.get("name", file.name), str(file)
        else:
            name = set_ref = target
        try:
            simulator = game_simulator(game)
        except LookupError:
            typer.echo(f"cardgen: {game} has no simulator", err=True)
            raise typer.Exit(2) from None
        counts = _player_counts(game)
        runs, bases = {}, {}
        reference = getattr(simulator, "reference_set", None)
        for players in counts:
            typer.echo(f"simulating {games} games at {players} players...", err=True)
            runs[players] = simulate_run(game, players, games, seed, set_ref, None, jobs, None,
                                         False, {}, progress=False)
            if baseline and reference:
                bases[players] = simulate_run(game, players, games, seed, reference, None, jobs,
                                              None, False, {}, progress=False)
        verdict = judge(runs, bases or None)
        typer.echo(f"{verdict.word}: {name} ({game}), {games} games at each of "
                   f"{', '.join(map(str, counts))} players, seed {seed}")
        for players, s in sorted(runs.items()):
            w = " ".join(f"{100 * x['win_share']:.0f}%" for x in s["wins_by_seat"])
            typer.echo(f"  {players} players: median {s['rounds']['p50']} rounds "
                       f"(p90 {s['rounds']['p90']}), stalled {s['stalled']}, win share by seat {w}")
        for line in verdict.failures:
            typer.echo(f"  fail: {line}")
        for line in verdict.warnings:
            typer.echo(f"  warning: {line}")
        raise typer.Exit(1 if verdict.failures else 0)


def _player_counts(game: str) -> list[int]:
    from cardgen.data.yamlload import load_yaml
    from cardgen.paths import game_dir

    data, problems = load_yaml(game_dir(game) / "game.yaml")
    players = (data or {}).get("players", {}) if not problems else {}
    return list(range(players.get("min", 2), players.get("max", 4) + 1))
