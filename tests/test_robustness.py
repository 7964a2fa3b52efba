"""Hostile or unlucky input to the commands: link loops, special trees, huge numbers and names,
terminal escapes, non-UTF-8 file names, missing kinds, many files. Every case ends in problem
lines or one ``error:`` line and an exit code, never a traceback or a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen import safe_read
from cardgen.cli import app
from cardgen.data import checks as data_checks
from cardgen.data.documents import Document, read_documents
from cardgen.games.briefcase.checks import RULES
from cardgen.problems import Problem, printable, shorten

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
CUSTOM_SET = (REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml").read_text(encoding="utf-8")


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    # Only exits are allowed: CliRunner turns a traceback into result.exception.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def problem_lines(result) -> list[str]:
    return [line for line in result.stdout.splitlines() if "error[" in line or "warning[" in line]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def set_file(folder: Path, name: str, old: str = "", new: str = "") -> Path:
    text = CUSTOM_SET
    if old:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- links, loops, special trees ----------------------------------------------------------------

def test_a_symlink_loop_named_on_the_command_line_is_one_line(here: Path):
    (here / "a").symlink_to("b")
    (here / "b").symlink_to("a")
    for target in ("a", "a/x.yaml"):
        result = invoke("validate", target)
        assert result.exit_code == 1
        assert problem_lines(result) == [f"{target}:1:1: error[file-link-loop]: symbolic link loop (the "
                                         "link leads back to itself)"]


def test_a_folder_with_link_loops_and_a_link_to_its_parent_is_searched_once(here: Path):
    data = here / "data"
    data.mkdir()
    set_file(data, "my-set.yaml")
    (data / "up").symlink_to("..")
    (data / "self").symlink_to(".")
    (data / "a.yaml").symlink_to("b.yaml")
    (data / "b.yaml").symlink_to("a.yaml")
    result = invoke("validate", "data")
    # The folder links are not followed; the two file links that lead to each other are data
    # files that cannot be read, each said where it is (not passed over as if absent).
    assert result.exit_code == 1, result.output
    assert [line.split(": ")[0] for line in result.stdout.splitlines()] == [
        "data/a.yaml:1:1", "data/b.yaml:1:1"]
    assert all("error[file-link-loop]" in line for line in result.stdout.splitlines())


def test_a_folder_that_vanishes_during_the_search_is_skipped(here: Path, monkeypatch: pytest.MonkeyPatch):
    (here / "data" / "gone").mkdir(parents=True)
    set_file(here / "data", "my-set.yaml")
    real = os.scandir

    def scandir(path):
        if os.path.basename(path) == "gone":      # removed between its listing and its search
            raise FileNotFoundError(2, "No such file or directory", path)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = invoke("validate", "data")
    assert result.exit_code == 0, result.output
    assert "1 file valid." in result.stderr


def test_a_folder_past_the_search_limit_is_refused_in_one_line(here: Path, monkeypatch: pytest.MonkeyPatch):
    data = here / "data"
    data.mkdir()
    for n in range(4):
        set_file(data, f"set-{n}.yaml", "id: tech_boom", f"id: tech_boom_{n}")
    monkeypatch.setattr(safe_read, "MAX_ENTRIES", 3)
    result = invoke("validate", "data")
    assert result.exit_code == 1
    assert problem_lines(result) == ["data:1:1: error[file-too-many]: holds more than 3 files and folders; "
                                     "name the folder that holds the game data"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("target", ["/proc/self", "/proc"])
def test_validate_proc_ends_with_one_line(tmp_path: Path, target: str):
    env = {k: v for k, v in os.environ.items() if k != "CARDGEN_HOME"}
    # The timeout only keeps a hang from stalling the suite; it is not a speed assertion.
    done = subprocess.run([sys.executable, "-m", "cardgen", "validate", target], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    (line,) = done.stdout.splitlines()
    assert line.startswith(f"{target}:1:1: error[file-")


# --- numbers ------------------------------------------------------------------------------------

def test_a_hex_integer_past_python_s_digit_limit_is_one_short_line(here: Path):
    set_file(here, "s.yaml", "cost: 2", "cost: 0x" + "F" * 4000)
    result = invoke("validate", "s.yaml")
    assert result.exit_code == 1
    (line,) = problem_lines(result)
    assert "error[yaml-value]" in line and "too large a number" in line and len(line) < 200


def test_a_decimal_integer_past_python_s_digit_limit_is_one_short_line(here: Path):
    set_file(here, "s.yaml", "cost: 2", "cost: " + "9" * 5000)
    (line,) = problem_lines(invoke("validate", "s.yaml"))
    assert "error[yaml-value]" in line and "too large a number" in line and len(line) < 200


ENDGAME = ("      effect: resource_as\n      as: steel\n      from: any\n      per_turn: 1\n",
           "      effect: endgame_vp\n      per: activated_company\n      vp: {vp}\n")


@pytest.mark.parametrize("vp, rule", [("1.0e+400", "yaml-value"), (".inf", "yaml-value"),
                                      (".nan", "yaml-value"), ("100", "schema-range"),
                                      ("9223372036854775807", "schema-range")])
def test_an_impossible_number_is_refused_by_validate_and_simulate(here: Path, vp: str, rule: str):
    set_file(here, "s.yaml", ENDGAME[0], ENDGAME[1].format(vp=vp))
    (line,) = problem_lines(invoke("validate", "s.yaml"))
    assert f"error[{rule}]" in line
    result = invoke("simulate", "--set", "s.yaml", "--games", "1", "--jobs", "1", "--quiet")
    assert result.exit_code == 1
    assert f"error[{rule}]" in result.output


def briefcase_and_startup_schemas() -> list[Path]:
    return sorted((REPO / "schemas" / "briefcase").glob("*.json")) + \
        sorted((REPO / "schemas" / "startup").glob("*.json"))


@pytest.mark.parametrize("path", briefcase_and_startup_schemas(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_number_in_the_schemas_has_sane_bounds(path: Path):
    unbounded = []

    def walk(node, where):
        if isinstance(node, dict):
            kind = node.get("type")
            kinds = kind if isinstance(kind, list) else [kind]
            if {"integer", "number"} & set(kinds) and not ("minimum" in node and "maximum" in node):
                unbounded.append("/".join(map(str, where)))
            for key, value in node.items():
                walk(value, where + [key])
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, where + [i])

    walk(json.loads(path.read_text(encoding="utf-8")), [])
    assert unbounded == []


# --- long values, escapes, file names -----------------------------------------------------------

def test_shorten_and_printable():
    assert shorten("x" * 1000) == "x" * 59 + "…"
    huge = int("F" * 5000, 16)
    assert shorten(huge).startswith("0xfff") and len(shorten(huge)) == 60
    assert printable("a\x1b]0;title\x07b\u202ec\x9b\x7f\td\n") == \
        "a\\x1b]0;title\\x07b\\u202ec\\x9b\\x7f\\td\\n"
    problem = Problem("x.yaml", 1, 1, "rule", "m" * 10**6)
    assert len(problem.format()) < 1100


@pytest.mark.parametrize("text", ["game: briefcase\nkind: " + "N" * 10**6 + "\n",
                                  "game: " + "N" * 10**6 + "\nkind: game\n",
                                  "game: briefcase\nkind: game\n? " + "N" * 10**6 + "\n: 1\n"])
def test_a_megabyte_name_is_cut_in_its_message(here: Path, text: str):
    (here / "s.yaml").write_text(text, encoding="utf-8")
    result = invoke("validate", "s.yaml")
    assert result.exit_code == 1
    lines = problem_lines(result)
    assert all(len(line) < 300 for line in lines)
    assert any("'" + "N" * 59 + "…'" in line for line in lines)


EVIL = "Evil\\e]0;pwned\\a\\e[2J\\u202e"    # YAML escapes: OSC title, clear screen, RTL override


def test_terminal_escapes_in_data_are_printed_escaped(here: Path):
    set_file(here, "s.yaml", "Shopping Mall, Startup Incubator,", f'Shopping Mall, "{EVIL}",')
    result = invoke("validate", "s.yaml")
    assert result.exit_code == 1
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in result.output
    assert "Evil\\x1b]0;pwned\\x07\\x1b[2J\\u202e" in result.stdout


def test_simulate_prints_a_set_file_name_escaped(here: Path):
    name = "evil\x1b]0;pwned\x07.yaml"
    set_file(here, name)
    result = invoke("simulate", "--set", name, "--games", "2", "--jobs", "1", "--quiet")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "set evil\\x1b]0;pwned\\x07.yaml" in result.stdout


def test_a_set_name_with_a_bidirectional_override_is_refused_and_shown_escaped(here: Path):
    # A control character and a bidirectional override are refused in any text (text-control):
    # cardgen lays text out left to right, so an override would change nothing on a card; the
    # message shows the name escaped, so the override cannot reorder the terminal's line.
    set_file(here, "s.yaml", "name: Tech Boom", 'name: "Evil\\u202eTwin"')
    result = invoke("check-set", "s.yaml", "--games", "2", "--jobs", "1", "--no-baseline")
    assert result.exit_code == 1 and "error[text-control]" in result.output
    assert "\u202e" not in result.output


def test_a_set_name_with_a_terminal_escape_is_refused_before_any_game(here: Path):
    set_file(here, "s.yaml", "name: Tech Boom", f'name: "{EVIL}"')
    result = invoke("check-set", "s.yaml", "--games", "2", "--jobs", "1", "--no-baseline")
    assert result.exit_code == 1 and "\x1b" not in result.output and "error[text-control]" in result.output


def test_json_with_a_non_utf8_file_name_is_strict_utf8(here: Path):
    name = os.fsdecode(b"caf\xe9.yaml")
    (here / name).write_text("game: chess\n", encoding="utf-8")
    result = invoke("validate", "--format", "json", ".")
    assert result.exit_code == 1
    (problem,) = json.loads(result.stdout_bytes.decode("utf-8"))      # strict: raises on bad bytes
    assert problem["path"] == "caf\\xe9.yaml"
    text = invoke("validate", ".").stdout
    assert text.startswith("caf\\xe9.yaml:1:7: error[header-game]")


@pytest.mark.parametrize("args", [("list", "{}"), ("list", "briefcase", "{}"), ("play", "--set", "{}"),
                                  ("preview", "{}"), ("simulate", "--bots", "{}"),
                                  ("export", "--lang", "{}"), ("check-set", "simple", "--bots", "{}")])
def test_a_megabyte_argument_is_cut_in_its_error_line(here: Path, args):
    result = invoke(*(a.format("N" * 100_000) for a in args))
    assert result.exit_code == 2, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("error: ") and len(line) < 1100 and "NNN…" in line


TOO_LONG = "n" * 300 + ".yaml"         # one name over the 255 bytes a file system takes
TOO_DEEP = "/".join(["d" * 200] * 30) + ".yaml"   # every name short, the path over 4,096 bytes
NAMED = [("check-set", "{}"),
         ("simulate", "--set", "{}", "--games", "1", "--jobs", "1"),
         ("play", "--set", "{}", "--seats", "greedy,greedy"),
         ("export", "--set", "{}"),
         ("tune", "--set", "{}"),
         ("--workspace", "{}", "list"),
         ("init", "{}")]


@pytest.mark.parametrize("name", [TOO_LONG, TOO_DEEP], ids=["long-name", "long-path"])
@pytest.mark.parametrize("args", NAMED, ids=[" ".join(a).replace(" {}", "") for a in NAMED])
def test_a_name_longer_than_a_file_system_takes_is_one_usage_line(here: Path, args, name: str):
    result = invoke(*(a.format(name) for a in args))
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert "too long" in lines[0] and "internal error" not in lines[0] and "Errno" not in lines[0]
    assert len(lines[0]) < 300


# --- the same new company in two set files ------------------------------------------------------

def test_a_company_defined_in_two_set_files_names_the_first_file_and_line(here: Path):
    set_file(here, "a.yaml")
    set_file(here, "b.yaml", "id: tech_boom\nname: Tech Boom", "id: tech_boom_2\nname: Tech Boom 2")
    for args in (["a.yaml"], ["b.yaml"]):
        assert invoke("validate", *args).exit_code == 0
    result = invoke("validate", "a.yaml", "b.yaml")
    assert result.exit_code == 1
    line = CUSTOM_SET[: CUSTOM_SET.index("  - id: startup_incubator")].count("\n") + 1
    assert problem_lines(result) == [
        f"b.yaml:{line}:9: error[company-duplicate]: company 'Startup Incubator' reuses the id or name "
        f"'startup_incubator' (first used at a.yaml:{line})"]



def test_a_new_company_with_a_box_company_id_is_one_problem_naming_the_box_company(here: Path):
    text = CUSTOM_SET.replace("Startup Incubator,", "My Bank,", 1)
    (here / "s.yaml").write_text(text.replace("id: startup_incubator\n    name: Startup Incubator",
                                              "id: bank\n    name: My Bank", 1), encoding="utf-8")
    result = invoke("validate", "s.yaml")
    assert result.exit_code == 1
    line = CUSTOM_SET[: CUSTOM_SET.index("  - id: startup_incubator")].count("\n") + 1
    [problem] = problem_lines(result)
    assert problem.startswith(f"s.yaml:{line}:9: error[company-duplicate]: company 'My Bank': "
                              f"the id 'bank' is already that of Bank, a company of the box ("), problem


# --- a game without one of its kinds ------------------------------------------------------------

@pytest.fixture
def alone(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace that is its own library: nothing fills in a file it lacks (a game cardgen does
    not ship, or an install whose shipped data is incomplete)."""
    from cardgen import workspace

    monkeypatch.setattr(workspace, "library_root", lambda: project)
    workspace._current.cache_clear()
    yield project
    workspace._current.cache_clear()


@pytest.mark.parametrize("game, kind, file", [("briefcase", "game", "game.yaml"),
                                              ("briefcase", "setup", "setup.yaml"),
                                              ("briefcase", "company-sets", "sets.yaml"),
                                              ("startup", "deck", "deck.yaml"),
                                              ("startup", "components", "components.yaml")])
def test_a_missing_kind_fails_every_command_in_lines(alone: Path, game: str, kind: str, file: str):
    (alone / "cards" / game / file).unlink()
    missing = f"cards/{game}:1:1: error[data-missing]: {game} has no '{kind}' data"
    result = invoke("validate", str(alone / "cards" / game))
    assert result.exit_code == 1 and missing in result.stdout
    result = invoke("build", game, "--out", str(alone / "out"))
    assert result.exit_code == 1 and missing in result.output and "nothing written." in result.output
    assert not (alone / "out").exists()
    result = invoke("simulate", game, "--games", "1", "--jobs", "1", "--quiet")
    assert result.exit_code == 1 and missing in result.output


# --- validate stays linear in the number of files -----------------------------------------------

class CountedDocument(Document):
    """A document that counts how often its kind is asked for."""

    reads = 0

    @property  # type: ignore[override]
    def kind(self) -> str:
        CountedDocument.reads += 1
        return self.__dict__["_kind"]

    @kind.setter
    def kind(self, value: str) -> None:
        self.__dict__["_kind"] = value


def check_many(folder: Path, n: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """(reads of the shipped documents, reads of a document's kind) when the checks run on ``n``
    set files."""
    for i in range(n):
        set_file(folder, f"set-{i:03}.yaml", "id: tech_boom\nname: Tech Boom\n",
                 f"id: set_{i}\nname: Set {i}\n").write_text(
            (folder / f"set-{i:03}.yaml").read_text(encoding="utf-8")
            .replace("startup_incubator", f"incubator_{i}").replace("Startup Incubator", f"Incubator {i}"),
            encoding="utf-8")
    docs, problems = read_documents(sorted(folder.glob("set-*.yaml")))
    assert problems == []
    counted = [CountedDocument(d.path, d.shown, d.game, d.kind, d.data) for d in docs]
    base_reads = []
    real = data_checks.read_documents
    monkeypatch.setattr(data_checks, "read_documents", lambda paths: base_reads.append(1) or real(paths))
    CountedDocument.reads = 0
    assert RULES.check(counted) == []
    assert RULES.authored_values(counted)
    return len(base_reads), CountedDocument.reads


def test_the_checks_read_the_base_once_and_look_at_each_document_a_fixed_number_of_times(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "few").mkdir()
    (tmp_path / "many").mkdir()
    base_few, reads_few = check_many(tmp_path / "few", 10, monkeypatch)
    base_many, reads_many = check_many(tmp_path / "many", 40, monkeypatch)
    # once per check run (RULES.check and authored_values each make one context)
    assert base_few == base_many == 2
    # Linear: 4 times the files, about 4 times the reads (a scan of every document for each
    # set file, as before, made it 16 times).
    assert reads_many <= 4.5 * reads_few, (reads_few, reads_many)



# --- the process's own streams ------------------------------------------------------------------

def _cardgen_in_shell(command: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "CARDGEN_HOME": str(REPO), "NO_COLOR": "1"}
    env.pop("CARDGEN_TRACEBACK", None)
    return subprocess.run(["sh", "-c", f'exec "{sys.executable}" -m cardgen {command}'], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["list", "list briefcase companies --format json", "i18n stats"])
def test_an_output_that_cannot_be_written_is_one_line(tmp_path: Path, command: str):
    """Output to a full disk (/dev/full) was an internal error, then a traceback of Python's own
    flush on the way out."""
    done = _cardgen_in_shell(f"{command} > /dev/full", tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "error: cannot write the output: No space left on device"
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


def test_play_with_its_input_closed_is_input_that_ended(tmp_path: Path):
    """`cardgen play <&-` was an internal error (sys.stdin is None)."""
    done = _cardgen_in_shell("play <&-", tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1] == ("error: the input ended before the game did; "
                                                    "the game is not finished")
