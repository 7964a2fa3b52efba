"""``cardgen play`` and ``cardgen replay``: a game at the terminal against the bots, and a logged
game played back. Both go through the shared driver's decisions, so they work for every game
whose simulator has the decision-point shape, with no game code here."""

from __future__ import annotations

import contextlib
import dataclasses
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from cardgen.commands import (
    data_read,
    fail,
    file_to_read,
    file_to_write,
    game_option,
    named,
    note_default_game,
    pick_game,
    refuse_data_folder,
    set_named,
)
from cardgen.data.schema import did_you_mean
from cardgen.games import DEFAULT_GAME_HELP, default_game
from cardgen.interrupt import Interrupted, held
from cardgen.output import OutputError, check_not_read, check_writable
from cardgen.problems import plural, printable, shorten
from cardgen.sim.decisions import Decision, as_logged
from cardgen.sim.driver import ReplayError, policy_seed, replay
from cardgen.sim.gamelog import GameLog, LogError, describe_end, end_of, read_log, recorded_set
from cardgen.workspace import announce

YOU = "you"
HELP = ("Answer with the number of an option; several numbers (space-separated) where several are "
        "asked; y or n for a yes/no question. u undoes your last decision, s FILE saves the game, "
        "q quits.")


class Quit(Exception):
    """The game stopped before its end: the person quit (``asked``), or the input ended."""

    def __init__(self, why: str, asked: bool = False) -> None:
        super().__init__(why)
        self.asked = asked


def _simulator(game: str, where: str = "") -> Any:
    """``where``: the place the game was named ('FILE:1: ' for a log's header), for messages."""
    from cardgen.games import game_simulator, registered_games, unknown_game

    if game not in registered_games():
        raise fail(where + unknown_game(game, typed=not where))
    try:
        simulator = game_simulator(game)
    except LookupError:
        raise fail(f"{where}'{game}' has no rules engine to play yet") from None
    if not hasattr(simulator, "new_state"):
        raise fail(f"{where}'{game}' cannot be played at the terminal yet: its engine has no decision points")
    return simulator


def _config(simulator: Any, log: GameLog) -> Any:
    from cardgen.commands.simulate import prepared

    try:                # the one check of a log's seats, for replay and --resume alike
        log.check_bots(simulator.bots, YOU)
    except LogError as exc:
        raise fail(str(exc)) from None
    # A person's seat is prepared as the first bot: only the bots' names are checked there.
    return prepared(simulator, log.players, log.set_ref,
                    [b if b != YOU else simulator.bots[0] for b in log.bots], log.options,
                    where=log.header_place(), hint=_elsewhere(log))


def _elsewhere(log: GameLog) -> str:
    """For a log kept in another workspace than the one in use: where to replay it. A game of a
    workspace's own set, replayed from outside it, said only "no company set named 'My Set'"."""
    from cardgen.workspace import current, is_workspace

    if log.source is None:
        return ""
    try:
        folder = log.source.resolve().parent
        home = next((f for f in (folder, *folder.parents) if is_workspace(f)), None)
        if home is None or home == current().root:
            return ""
    except (OSError, RuntimeError):
        return ""
    # Quoted for the shell where it must be: "cardgen --workspace /tmp/my games/ws" split in two.
    return (f" (the log is in the workspace {printable(str(home))}, whose data it was played with: "
            f"replay it there, or with cardgen --workspace {printable(shlex.quote(str(home)))})")


def _arg(path: Path) -> str:
    """A file as a command to paste names it: quoted for the shell where it must be ('my game.jsonl'
    was split in two, and a name starting with '-' read as an option)."""
    text = str(path)
    return shlex.quote(f"./{text}" if text.startswith("-") else text)


def _no_longer_replays(log: GameLog, what: str, exc: ReplayError) -> typer.Exit:
    """The error line of a log whose decision ``exc.step`` no longer applies, at its line."""
    return fail(f"{log.place(exc.step)}: {what} no longer replays at decision {exc.step}: "
                f"{shorten(exc.why, 300)}", 1)


def describe(simulator: Any, observation: Any) -> list[str]:
    """The observation as lines of text: the game's own drawing, else its fields."""
    if hasattr(simulator, "describe"):
        return list(simulator.describe(observation))
    if dataclasses.is_dataclass(observation):
        return [f"{f.name.replace('_', ' ')}: {getattr(observation, f.name)}"
                for f in dataclasses.fields(observation)]
    return [str(observation)]


def parse_answer(decision: Decision, text: str) -> Any:
    """A person's answer as the decision's choice; ValueError saying what is expected."""
    words = text.replace(",", " ").split()
    if decision.kind == "yes_no":
        if text.strip().lower() in ("y", "yes"):
            return True
        if text.strip().lower() in ("n", "no"):
            return False
        raise ValueError("answer y or n")
    # Digits only: int() also reads "1_0" as 10 and "+1" or "١" as numbers.
    if not all(w.isascii() and w.isdigit() for w in words):
        raise ValueError("answer with option numbers")
    numbers = [int(w) for w in words]
    if any(not 1 <= n <= len(decision.options) for n in numbers):
        raise ValueError(f"options are numbered 1 to {len(decision.options)}")
    picked = [decision.options[n - 1] for n in numbers]
    if decision.kind in ("choose", "act"):
        if len(picked) != 1:
            raise ValueError("answer with one option number")
        return picked[0]
    if decision.kind == "choose_many" and not decision.low <= len(picked) <= decision.high:
        # Said as a person answers, not as the engine checks a log ("career_draft: choose
        # between 2 and 2, not 1" named an internal tag and a range of one number).
        wanted = (plural(decision.low, "option number") if decision.low == decision.high
                  else f"{decision.low} to {decision.high} option numbers")
        count = max(decision.low, min(decision.high, 2))
        example = (f", separated by spaces (such as '{' '.join(map(str, range(1, count + 1)))}')"
                   if count > 1 else "")
        raise ValueError(f"answer with {wanted}{example}, not {len(picked)}")
    return picked


def question(decision: Decision) -> str:
    """The decision's prompt as a question or a request: "Draw a card?", "Play a card:"."""
    prompt = decision.prompt.rstrip(": ")
    return prompt if prompt.endswith("?") else prompt + ":"


def move_text(decision: Decision, choice: Any) -> str:
    """A decision made, as a line of text: an action as it reads; any other choice after its
    question ("Draw a card? yes", "Play a card: 10")."""
    answer = decision.describe(choice)
    return answer if decision.kind == "act" else f"{question(decision)} {answer}"


class Terminal:
    """The person at the terminal: shows what their seat sees and asks."""

    def __init__(self, simulator: Any, session: Session):
        self.simulator = simulator
        self.session = session

    def decide(self, observation: Any, decision: Decision) -> Any:
        typer.echo("")
        # What the game shows names cards and companies from data files: printed escaped.
        for line in describe(self.simulator, observation):
            typer.echo(printable(f"  {line}"))
        # Read as a bot's move is shown: "seat 2 (expert): ...". A question of yes or no has no
        # numbered options: it says how to answer (a person answered 1 and was told so after).
        answer = " (y or n)" if decision.kind == "yes_no" else ""
        typer.echo(printable(f"seat {decision.seat + 1} (you): {question(decision)}{answer}"))
        if decision.kind != "yes_no":
            for i in range(len(decision.options)):
                typer.echo(printable(f"  {i + 1}. {decision.label(i)}"))
        while True:
            try:
                text = _answer()
            except EOFError:
                raise Quit("the input ended before the game did") from None
            except _TooLong:
                typer.echo(f"  an answer of more than {MAX_ANSWER} characters is not an answer; ? for help")
                continue
            command = text.strip()
            if command in ("q", "quit"):
                raise Quit("stopped", asked=True)
            if command in ("?", "h", "help"):
                typer.echo(HELP)
                continue
            if command in ("u", "undo"):
                raise Undo()
            if command == "s" or command.startswith("s "):
                name = command[2:].strip().strip("\"'")       # quotes around the name allowed
                # Read as --save reads its file, ~ as the shell reads it included ('s ~/game.jsonl'
                # made a folder named '~' here).
                try:
                    path = file_to_write(name) if name else None
                except typer.BadParameter as exc:
                    typer.echo(f"  {exc.message}; s FILE")
                    continue
                if path is None:
                    typer.echo("  name the file to save to: s FILE")
                else:
                    self.session.save(path)
                continue
            try:
                choice = parse_answer(decision, text)
            except ValueError as exc:
                typer.echo(printable(f"  {exc}; ? for help"))
                continue
            why = decision.check(choice)
            if why is None:
                return choice
            typer.echo(printable(f"  not allowed: {why}"))


# An answer is a few numbers or a letter; a line longer than this is no answer (and input that
# never ends a line, such as /dev/zero, must not fill the memory: after MAX_SKIPPED characters
# of one line the input is taken for no answers at all).
MAX_ANSWER = 1000
MAX_SKIPPED = 1_000_000


class _TooLong(Exception):
    """A line of input longer than ``MAX_ANSWER``, skipped: the question is asked again."""


def _answer() -> str:
    """The next line of input. A person at a terminal keeps its line editing (``input``); any
    other input is read at most ``MAX_ANSWER`` characters at a time."""
    if sys.stdin is None:          # started with its input closed (<&-): no answers to read
        raise EOFError
    if getattr(sys.stdin, "errors", None) == "strict" and hasattr(sys.stdin, "reconfigure"):
        # Bytes that are not text in the input's encoding were an internal error wherever Python
        # reads its input strictly (a UTF-8 locale, PYTHONIOENCODING=utf-8): each is kept as
        # the C locale keeps it (shown \xNN), and an answer holding one is asked again.
        sys.stdin.reconfigure(errors="surrogateescape")
    if sys.stdin.isatty():
        return input("> ")
    typer.echo("> ", nl=False)
    line = sys.stdin.readline(MAX_ANSWER + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_ANSWER:
        skipped = len(line)
        while not line.endswith("\n"):          # the rest of that line, read and dropped
            line = sys.stdin.readline(MAX_ANSWER)
            skipped += len(line)
            if not line:
                break
            if skipped > MAX_SKIPPED:
                raise Quit(f"the input gives no line end in {MAX_SKIPPED} characters: no answers")
        typer.echo("")
        raise _TooLong()
    answer = line.rstrip("\n")
    typer.echo(printable(answer))     # as a terminal echoes it: a transcript reads as a session
    return answer


class Undo(Exception):
    """Take back the person's last decision."""


class Session:
    """One game at the terminal: the log is the game; undo replays it without the last choice."""

    def __init__(self, simulator: Any, log: GameLog):
        self.simulator = simulator
        self.log = log
        self.config = _config(simulator, log)
        self.resumed = ""     # what a resumed game says once its log has replayed

    def policies(self) -> list[Any]:
        return [Terminal(self.simulator, self) if name == YOU
                else self.simulator.policy(name, seat, policy_seed(self.log.seed, seat))
                for seat, name in enumerate(self.log.bots)]

    def save(self, path: Path, command_line: bool = False) -> None:
        """Write the game's log to ``path``. Asked at the table ('s FILE'), a failure is said and
        the game goes on; asked on the command line (--save, when the game ends or is quit), it
        fails the command: it was said only as a line of output, exit code 0, as if saved."""
        try:
            # Never over a file the game reads: 's cards/briefcase/my-set.yaml' replaced the
            # workspace's set with the log (and --save the set file of a resumed log).
            check_not_read([path], [self.log.set_ref], lambda: data_read(self.log.game))
            self.log.write(path)
        except OutputError as exc:
            if command_line:
                raise fail(f"--save {exc}", 1) from None
            typer.echo(printable(f"  {exc}"))
            return
        if self.log.end is not None:          # a finished game: replayed, not resumed
            typer.echo(printable(f"  saved to {path}; replay it with: cardgen replay {_arg(path)}"))
        else:
            typer.echo(printable(f"  saved to {path}; resume with: cardgen play --resume {_arg(path)}"))

    def run(self) -> Any:
        try:
            state = replay(self.simulator, self.config, self.log.seed, self.log.choices)
        except ReplayError as exc:
            raise _no_longer_replays(self.log, "the saved game", exc) from None
        if self.resumed:
            typer.echo(printable(self.resumed))
        policies = self.policies()
        while (decision := state.decision()) is not None:
            try:
                choice = policies[decision.seat].decide(state.observation(decision.seat), decision)
            except Undo:
                mine = [i for i, c in enumerate(self.log.choices) if self.log.bots[c["seat"]] == YOU]
                if not mine:
                    typer.echo("  nothing of yours to undo")
                    continue
                del self.log.choices[mine[-1]:]
                state = replay(self.simulator, self.config, self.log.seed, self.log.choices)
                policies = self.policies()
                typer.echo("  undone")
                continue
            if self.log.bots[decision.seat] != YOU:       # what the person sees the bots do
                # not what the game keeps from the person's seats (a bot's kept Career cards)
                seen_by = getattr(self.simulator, "seen_by", None)
                seats = seen_by(state, decision, choice) if seen_by is not None else None
                hidden = seats is not None and not any(self.log.bots[s] == YOU for s in seats)
                seen = (f"{decision.prompt.rstrip(': ')} (hidden from the other seats)" if hidden
                        else move_text(decision, choice))
                typer.echo(printable(f"  seat {decision.seat + 1} ({self.log.bots[decision.seat]}): {seen}"))
            state.apply(choice)
            self.log.choices.append({"seat": decision.seat, "decision": decision.tag,
                                     "choice": as_logged(choice)})
        return state


def _report(simulator: Any, state: Any, log: GameLog) -> dict[str, Any]:
    result = simulator.result(state, log.seed, log.bots)
    end = end_of(result)
    if result.stalled:
        typer.echo("the game was stopped by the safety cap (no winner)")
    else:
        winners = ", ".join(f"seat {w + 1} ({log.bots[w]})" for w in result.winners)
        scores = ", ".join(f"seat {s + 1}: {v}" for s, v in enumerate(result.scores))
        typer.echo(printable(f"game over after {result.turns} turns; scores {scores}; won by {winners}"))
    return end


def register(app: typer.Typer) -> None:
    from cardgen.commands.simulate import OptionalValueCommand, career_option, rounds_option, stocks_option

    @app.command(cls=OptionalValueCommand)
    def play(
        game: str = typer.Argument(None, metavar="GAME", show_default=False,
                                   help=f"The game (default: {DEFAULT_GAME_HELP})."),
        game_opt: str = game_option(),
        seats: str = typer.Option(None, "--seats", parser=named("who sits where"),
                                  help="Who sits where, comma-separated: 'you' for yourself, else a "
                                  "bot name (default: you against the default bot)."),
        players: int = typer.Option(None, "--players", "-p", help="Number of players (default: as many as "
                                    "--seats names, else the fewest players the game allows)."),
        set_ref: str = typer.Option(None, "--set", metavar="SET",
                                    parser=set_named,
                                    help="Company set: an official set's id or name, "
                                    "or a set file (Briefcase); Free Market: NYC: a file of "
                                    "Career cards, dealt in place of the shipped ones."),
        seed: int = typer.Option(None, "--seed", "-s", show_default=False,
                                 help="The game's seed: shuffles and chance (default: 1)."),
        resume: Path = typer.Option(None, "--resume", metavar="FILE", parser=file_to_read,
                                    help="Go on with a game saved with 's FILE' "
                                    "(or any game log)."),
        save: Path = typer.Option(None, "--save", metavar="FILE", parser=file_to_write,
                                  help="Write the game's log here when it ends "
                                  "or you quit."),
        # The game's own options, as simulate takes them: Free Market: NYC could be played only
        # with 4 rounds, no stocks, and the Career cards only by naming a file of them.
        rounds: int = rounds_option(),
        stocks: bool = stocks_option(),
        career: str = career_option(),
    ) -> None:
        """Play a game at the terminal against the bots.

        Each decision shows what your seat may see and numbers the legal options. Type ? for
        help, u to undo your last decision, s FILE to save, q to quit.

        Example: cardgen play startup --seats you,heuristic,heuristic
        """
        given = pick_game(game, game_opt, False)
        game = given or default_game()
        if given is None and resume is None:     # a resumed game is the log's, which names it
            note_default_game(game)
        if resume is not None:
            # A resumed game is the log's: these were passed over in silence, and a person who
            # asked for another game, set or seat played the log's as if it were theirs.
            fixed = [name for name, value in (("--seats", seats), ("--players", players),
                                              ("--set", set_ref), ("--seed", seed), ("--rounds", rounds),
                                              ("--stocks", stocks or None), ("--career", career))
                     if value is not None]
            if fixed:
                raise fail(f"{fixed[0]} cannot be given with --resume: a resumed game goes on with "
                           f"the game, seats, players, set, seed and options its log names")
        refuse_data_folder(save, "--save", "file")
        if save is not None:
            try:                  # now, not after a whole game played for nothing
                check_writable(save)
                check_not_read([save], [set_ref], lambda: data_read(game))
            except OutputError as exc:
                raise fail(f"--save {exc}", 1) from None
        if resume is not None:
            try:
                log = read_log(resume)
            except LogError as exc:
                raise fail(str(exc)) from None
            if given is not None and given != log.game:
                raise fail(f"{log.header_place()}the log is a game of {shorten(log.game)}, not of "
                           f"{shorten(given)}; give --resume alone")
            if save is not None:  # the game, and the set, are the log's
                try:
                    check_not_read([save], [log.set_ref], lambda: data_read(log.game))
                except OutputError as exc:
                    raise fail(f"--save {exc}", 1) from None
            simulator = _simulator(log.game, log.header_place())
        else:
            simulator = _simulator(game)
            if players is not None:
                from cardgen.commands.simulate import check_player_count

                check_player_count(simulator, players)
            if seats is not None:
                names = [s.strip() for s in seats.split(",")]
                count = players or len(names)
                if len(names) == 1:
                    names = names * count
            else:                     # you, and the default bot in every other seat
                from cardgen.commands import default_bot

                count = players or max(2, min(getattr(simulator, "player_counts", None) or (2,)))
                names = [YOU] + [default_bot(simulator.bots)] * (count - 1)
            if len(names) != count:
                raise fail(f"--seats names {len(names)} seats for {count} players")
            unknown = [n for n in names if n != YOU and n not in simulator.bots]
            if unknown:
                near = did_you_mean(unknown[0], [*simulator.bots, YOU])
                raise fail(f"unknown bot '{shorten(unknown[0])}'{near}; bots: "
                           f"{', '.join(simulator.bots)}, or '{YOU}'")
            from cardgen.commands.simulate import given_game_options

            options = given_game_options(game, {"rounds": rounds, "stocks": stocks or None, "career": career})
            log = GameLog(game, 1 if seed is None else seed, count, names, recorded_set(set_ref), options)
        session = Session(simulator, log)
        if resume is not None:
            # Said before the table: the resumed game opened on a turn with nothing to tell where
            # it came from or whose seats these were.
            seats_said = ", ".join(f"seat {i + 1} {name}" for i, name in enumerate(log.bots))
            session.resumed = (f"resuming {resume}: {plural(len(log.choices), 'decision')} played "
                               f"again (seed {log.seed}; {seats_said})")
        try:
            state = session.run()
        except Interrupted:
            if save is not None:
                # Ctrl-C, or the terminal closed, with --save given: the game so far is a whole
                # log, as 'q' saves it, so the stop loses nothing played (the exit code is still
                # the signal's, and the stop's line says a file was written). Held: the stop
                # already came, and every write checks for one.
                with contextlib.suppress(OSError, Interrupted), held():   # (a hangup: no terminal)
                    session.save(save, command_line=True)
            raise
        except Quit as exc:
            if save is not None:
                session.save(save, command_line=True)
            if exc.asked:             # the person's own choice, not a failure
                typer.echo(f"{exc}; the game is not finished")
                announce(log.game)
                return
            raise fail(f"{exc}; the game is not finished", 1) from None
        log.end = _report(simulator, state, log)
        if save is not None:
            session.save(save, command_line=True)
        announce(log.game)

    @app.command("replay")
    def replay_command(
        file: Path = typer.Argument(..., metavar="FILE", parser=file_to_read,
                                    help="A game log (simulate --log, or play's s FILE)."),
        show: bool = typer.Option(False, "--show", help="Print every decision as it is replayed."),
    ) -> None:
        """Replay a logged game and check that it reaches the same end.

        Exit code 0 when it does (or when a game saved unfinished replays up to where it was
        saved), 1 when it no longer replays or ends differently (the rules or the data changed),
        2 on a usage error.

        Example: cardgen replay output/stalled-games/startup-game-000012-seed-42.jsonl --show
        """
        try:
            log = read_log(file)
        except LogError as exc:
            raise fail(str(exc)) from None
        simulator = _simulator(log.game, log.header_place())
        config = _config(simulator, log)

        def shown(step: int, decision: Decision, choice: Any) -> None:
            # A log file is user data: its names are printed escaped.
            typer.echo(printable(f"{step:>5}. seat {decision.seat + 1} ({log.bots[decision.seat]}): "
                                 f"{move_text(decision, choice)}"))

        try:
            state = replay(simulator, config, log.seed, log.choices, show=shown if show else None)
        except ReplayError as exc:
            raise _no_longer_replays(log, "the log", exc) from None
        replayed = plural(len(log.choices), "decision")
        if state.decision() is not None:
            if log.end is None:       # a game saved before its end (play's s FILE): not broken
                typer.echo(printable(f"{file}: {replayed} replayed; the game is not "
                                     f"finished: go on with cardgen play --resume {_arg(file)}"))
                announce(log.game)
                return
            raise fail(f"{file} ends before the game does (step {len(log.choices)})", 1)
        end = end_of(simulator.result(state, log.seed, log.bots))
        if log.end is None:           # nothing to compare with: say so, not "same end"
            typer.echo(printable(f"{file}: {replayed} replayed to the game's end: "
                                 f"{describe_end(end)}; the log records no end to compare with"))
            announce(log.game)
            return
        if end != log.end:
            raise fail(f"{file} replays to another end: {describe_end(end)}, where the log says "
                       f"{describe_end(log.end)}", 1)
        typer.echo(printable(f"{file}: {replayed} replayed; same end: "
                             f"{describe_end(end)}"))
        announce(log.game)
