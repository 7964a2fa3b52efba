"""``cardgen validate`` from the outside: one clear line per problem, exit 0/1/2, JSON, provenance."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data.yamlload import MAX_BYTES

runner = CliRunner()
PROBLEM = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note)"
                     r"\[(?P<rule>[\w-]+)\]: (?P<msg>.+)$")
REPO = Path(__file__).resolve().parent.parent
COMPANIES = REPO / "cards" / "briefcase" / "companies.yaml"


def validate(*args: str):
    result = runner.invoke(app, ["validate", *args])
    # Typer's runner turns a traceback into result.exception; only exits are allowed.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def problem_lines(result) -> list[re.Match]:
    lines = result.stdout.splitlines()
    matches = [PROBLEM.match(line) for line in lines]
    assert all(matches), lines
    return matches


def single(result, rule: str, line: int, col: int | None = None) -> str:
    """Assert exit 1 and one problem line, of ``rule`` at ``line`` (and ``col``); return its message."""
    assert result.exit_code == 1, result.output
    (m,) = problem_lines(result)
    assert m["rule"] == rule and int(m["line"]) == line, m.string
    if col is not None:
        assert int(m["col"]) == col, m.string
    assert "Traceback" not in result.output
    return m["msg"]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder: Path, name: str, content: str | bytes) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return name


BOMB = "\n".join(['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'] + [
    f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]" for p, n in zip("abcdefgh", "bcdefghi", strict=True)])

HOSTILE = {
    "syntax": ("game: briefcase\nkind: [\n", "yaml-syntax", 3, 1, "file ends where a value was expected"),
    "tab": ("game: briefcase\nkind: game\nplayers:\n\tmin: 2\n", "yaml-syntax", 4, 1, "tab character"),
    "duplicate": ("game: briefcase\nkind: game\ngame: briefcase\n", "yaml-duplicate-key", 3, 1,
                  "duplicate key 'game' (first defined at line 1)"),
    "bomb": (BOMB + "\n", "yaml-alias-bomb", 1, 1, "expands to more than 200,000 values"),
    "deep": ("[" * 10000 + "]" * 10000 + "\n", "yaml-depth", 1, 65, "nesting deeper than 64 levels"),
    "empty": ("", "file-empty", 1, 1, "file is empty"),
    "binary": (b"\x7fELF\x02\x01\x01\x00\x00\x00", "file-binary", 1, 1, "binary file"),
    "python-tag": ('game: briefcase\nkind: !!python/object/apply:os.system ["echo pwned"]\n',
                   "yaml-tag", 2, 7, "YAML tag !!python/object/apply:os.system is not allowed"),
    "latin-1": (b"game: briefcase\nkind: game\nname: Caf\xe9\n", "file-encoding", 3, 1,
                "not valid UTF-8"),
    "bad-date": ("game: briefcase\nkind: game\nname: 2020-13-45\n", "yaml-value", 3, 7, "not a valid date"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_bad_input_gives_one_line_and_exit_1(here, case):
    content, rule, line, col, fragment = HOSTILE[case]
    name = write(here, f"{case}.yaml", content)
    message = single(validate(name), rule, line, col)
    assert fragment in message


def test_huge_file(here):
    name = write(here, "huge.yaml", "a: " + "x" * MAX_BYTES + "\n")
    assert "the limit is 2,097,152 bytes" in single(validate(name), "file-too-large", 1, 1)


def test_python_tag_runs_nothing(here):
    command = f'["touch {here}/pwned"]'
    name = write(here, "evil.yaml", f"game: briefcase\nkind: !!python/object/apply:os.system {command}\n")
    validate(name)
    assert not (here / "pwned").exists()


def test_missing_file(here):
    assert single(validate("nope.yaml"), "file-missing", 1, 1) == "no such file"


def test_directory_without_yaml(here):
    (here / "empty").mkdir()
    assert single(validate("empty"), "file-none", 1, 1) == "directory holds no .yaml files"


def test_a_game_folder_without_data_of_its_own_says_how_to_check_the_games_data(here):
    # A workspace that only translates holds cards/fmnyc/locale/ and no YAML: "holds no .yaml
    # files" alone left the translator wondering which data the game plays with.
    (here / "cards" / "fmnyc" / "locale").mkdir(parents=True)
    message = single(validate("cards/fmnyc"), "file-none", 1, 1)
    assert message == ("directory holds no .yaml files; the fmnyc data read here is cardgen's own: "
                       "'cardgen validate fmnyc' checks it")


@pytest.mark.parametrize("unreadable, where", [("d", ""), ("d/sub", "d/sub ")])
def test_a_folder_that_cannot_be_listed_is_said_so_not_that_it_holds_no_yaml(here, monkeypatch,
                                                                            unreadable, where):
    # Without read permission (as anyone but root) a folder was passed over: "directory holds no
    # .yaml files" for the folder named, and the rest validated as if it were all for one inside.
    write(here, "d/one.yaml", "game: briefcase\nkind: nothing\n")
    (here / "d" / "sub").mkdir()
    real = os.scandir

    def scandir(path):
        if os.path.abspath(path) == str(here / unreadable):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert single(validate("d"), "file-unreadable", 1, 1) == \
        f"{where}cannot be read (Permission denied); make it readable"


def test_directory_with_yaml_reports_each_file(here):
    write(here, "d/one.yaml", "game: briefcase\nkind: game\ngame: x\n")
    write(here, "d/sub/two.yaml", "game: chess\nkind: game\n")
    result = validate("d")
    assert result.exit_code == 1
    found = [(m["path"], m["rule"], int(m["line"])) for m in problem_lines(result)]
    assert found == [("d/one.yaml", "yaml-duplicate-key", 3), ("d/sub/two.yaml", "header-game", 1)]


def test_unknown_game_and_kind(here):
    assert "unknown game 'chess'" in single(validate(write(here, "g.yaml", "game: chess\nkind: game\n")),
                                            "header-game", 1, 7)
    name = write(here, "k.yaml", "game: briefcase\nkind: compnies\n")
    message = single(validate(name), "header-kind", 2, 7)
    assert "unknown kind 'compnies' (did you mean 'companies'?)" in message


def company_file(here: Path, old: str, new: str) -> str:
    text = COMPANIES.read_text(encoding="utf-8")
    assert old in text
    return write(here, "companies.yaml", text.replace(old, new, 1))


def line_of(name: str, needle: str) -> int:
    text = Path(name).read_text(encoding="utf-8")
    return text.count("\n", 0, text.index(needle)) + 1


def test_wrong_type(here):
    cost = re.search(r"- id: newspaper\n    name: Newspaper\n    level: 1\n    cost: \d+\n",
                     COMPANIES.read_text(encoding="utf-8")).group(0)
    name = company_file(here, cost, "- id: newspaper\n    name: Newspaper\n    level: 1\n    cost: one\n")
    message = single(validate(name), "schema-type", line_of(name, "cost: one"), 11)
    assert message == 'Newspaper cost: expected a whole number or null, got "one"'


def test_unknown_key_with_did_you_mean(here):
    name = company_file(here, "    permanent: true", "    permanant: true")
    message = single(validate(name), "schema-unknown-key", line_of(name, "permanant"), 5)
    assert message == "Power Plant: unknown key 'permanant' (did you mean 'permanent'?)"


def test_missing_key(here):
    name = company_file(here, "    name: Newspaper\n", "")
    message = single(validate(name), "schema-required", line_of(name, "- id: newspaper"), 5)
    assert message == "newspaper: missing required key 'name'"


def test_mapping_where_a_list_is_expected(here):
    name = company_file(here, "aliases: [Construction Firm]", "aliases: {name: Construction Firm}")
    message = single(validate(name), "schema-type", line_of(name, "aliases: {"), 14)
    assert message.endswith(' aliases: expected a list, got {"name": "Construction Firm"}')


def test_every_problem_of_a_file_in_one_run(here):
    text = COMPANIES.read_text(encoding="utf-8")
    for old, new in [("    permanent: true", "    permanant: true"), ("limit: 8", "limit: eight"),
                     ("    name: Newspaper\n", "")]:
        text = text.replace(old, new, 1)
    name = write(here, "companies.yaml", text)
    result = validate(name)
    assert result.exit_code == 1
    found = [(m["rule"], int(m["line"])) for m in problem_lines(result)]
    assert found == [("schema-unknown-key", line_of(name, "permanant")),
                     ("schema-required", line_of(name, "- id: newspaper")),
                     ("schema-type", line_of(name, "limit: eight"))]
    assert "3 problems found." in result.stderr


def test_json_output(here):
    name = company_file(here, "    permanent: true", "    permanant: true")
    result = validate("--format", "json", name)
    assert result.exit_code == 1
    (entry,) = json.loads(result.stdout)
    assert entry == {"path": "companies.yaml", "line": line_of(name, "permanant"), "col": 5,
                     "rule": "schema-unknown-key", "severity": "error",
                     "message": "Power Plant: unknown key 'permanant' (did you mean 'permanent'?)"}


def test_json_output_of_valid_data_is_an_empty_list():
    result = validate("--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def test_exit_codes():
    assert validate().exit_code == 0
    assert validate("no/such/file.yaml").exit_code == 1
    assert runner.invoke(app, ["validate", "--format", "xml"]).exit_code == 2
    assert runner.invoke(app, ["validate", "--no-such-option"]).exit_code == 2


def provenance_notes(*args: str) -> list[re.Match]:
    result = validate("--provenance", *args)
    assert result.exit_code == 0, result.output
    notes = problem_lines(result)
    assert {m["sev"] for m in notes} == {"note"} and {m["rule"] for m in notes} == {"authored"}
    return notes


def test_provenance_lists_authored_values_at_their_place():
    notes = provenance_notes()
    text = COMPANIES.read_text(encoding="utf-8")
    cost = text.index("    cost: ", text.index("- id: steel_factory")) + len("    cost: ")
    line, col = text.count("\n", 0, cost) + 1, cost - text.rfind("\n", 0, cost)
    value = text[cost:text.index("\n", cost)]
    steel = [m for m in notes if m["msg"] == f"Steel Factory cost = {value}"]
    assert len(steel) == 1
    assert (steel[0]["path"].endswith("cards/briefcase/companies.yaml"), int(steel[0]["line"]),
            int(steel[0]["col"])) == (True, line, col)


def test_provenance_does_not_list_facts():
    messages = [m["msg"] for m in provenance_notes()]
    assert "Power Plant vp = 1" in messages
    assert not any(m.startswith("Power Plant production") for m in messages)
    assert not any(m.startswith("Recycling Plant cost") for m in messages)


def test_provenance_lists_the_authored_readings_of_rulings():
    """A ruling marked ``authored: [reading]`` (an open question the engine decides) is listed
    with its id, at its reading; the rulings that choose between printed texts are not."""
    rulings = REPO / "cards" / "briefcase" / "rulings.yaml"
    everything = [m for m in provenance_notes() if m["msg"].startswith("ruling ")]
    assert all(Path(m["path"]).name == "rulings.yaml" for m in everything)
    notes = [m for m in everything if Path(m["path"]).parent.name == "briefcase"]
    text = rulings.read_text(encoding="utf-8")
    marked = text.count("    authored: [reading]")
    assert marked >= 5 and len(notes) == marked
    startup = (REPO / "cards" / "startup" / "rulings.yaml").read_text(encoding="utf-8")
    assert len([m for m in everything if Path(m["path"]).parent.name == "startup"]) \
        == startup.count("    authored: [reading]") >= 8
    [level] = [m for m in notes if m["msg"].startswith("ruling level-one-companies-activated-now reading = ")]
    reading = text.index("    reading: ", text.index("- id: level-one-companies-activated-now"))
    assert int(level["line"]) == text.count("\n", 0, reading) + 1
    assert not any(m["msg"].startswith("ruling decision-card-counts") for m in notes)


def test_provenance_of_a_custom_set_lists_only_its_own_values():
    notes = provenance_notes(str(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml"))
    assert {m["msg"].split(" = ")[0] for m in notes} == {
        f"Startup Incubator {field}" for field in ("cost", "vp", "activation", "production", "copies")}


def test_provenance_credits_a_changes_file_with_the_values_it_changes_only(project, monkeypatch):
    monkeypatch.chdir(project)
    write(project, "cards/briefcase/changes.yaml", "game: briefcase\nkind: company-changes\n"
          "why: a test\nchanges:\n  - company: Newspaper\n    cost: 2\n")
    notes = provenance_notes("cards/briefcase")
    newspaper = [(Path(m["path"]).name, m["msg"], int(m["line"])) for m in notes
                 if m["msg"].startswith("Newspaper ")]
    assert ("changes.yaml", "Newspaper cost = 2", 6) in newspaper
    # Its other authored values are where the company is defined, the cost is not there any more.
    assert {name for name, msg, _ in newspaper if msg != "Newspaper cost = 2"} == {"companies.yaml"}
    assert not any(msg.startswith("Newspaper cost") and name == "companies.yaml"
                   for name, msg, _ in newspaper)


def test_game_without_rules_module_is_schema_checked_only(project, monkeypatch):
    """A designer's own game (CARDGEN_HOME) may have schemas but no cardgen/games module."""
    monkeypatch.chdir(project)
    write(project, "schemas/boardgame/game.schema.json", json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://cardgen.example/schemas/boardgame/game.schema.json",
        "type": "object", "properties": {"game": {}, "kind": {}, "name": {"type": "string"}},
        "additionalProperties": False}))
    write(project, "cards/boardgame/game.yaml", "game: boardgame\nkind: game\nname: Board\n")
    result = validate("--provenance", "cards/boardgame")
    assert result.exit_code == 0 and result.stdout == ""
    write(project, "cards/boardgame/game.yaml", "game: boardgame\nkind: game\nname: 3\n")
    assert single(validate("cards/boardgame"), "schema-type", 3, 7) == "name: expected text, got 3"


def run_module(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "CARDGEN_HOME"}
    # The timeout only keeps a hang from stalling the suite; it is not a speed assertion.
    return subprocess.run([sys.executable, "-m", "cardgen", "validate", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("case", ["bomb", "deep", "python-tag", "binary"])
def test_hostile_files_as_a_subprocess(tmp_path, case):
    content, rule, line, col, fragment = HOSTILE[case]
    write(tmp_path, "bad.yaml", content)
    done = run_module("bad.yaml", cwd=tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stdout.splitlines() == [done.stdout.splitlines()[0]]
    assert done.stdout.startswith(f"bad.yaml:{line}:{col}: error[{rule}]: ")
    assert fragment in done.stdout


def test_device_file_as_a_subprocess(tmp_path):
    done = run_module("/dev/zero", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.startswith("/dev/zero:1:1: error[file-special]: ")


def test_usage_error_as_a_subprocess(tmp_path):
    done = run_module("--format", "xml", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr


CUSTOM_SET = REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml"


def test_a_custom_set_kept_elsewhere_validates_alone(here):
    name = write(here, "my-set.yaml", CUSTOM_SET.read_text(encoding="utf-8"))
    result = validate(name)
    assert result.exit_code == 0 and result.stdout == ""
    assert "1 file valid." in result.stderr


def test_a_broken_copy_of_the_custom_set_fails_at_its_line(here):
    text = CUSTOM_SET.read_text(encoding="utf-8").replace("Logistics Company", "Logistic Company", 1)
    name = write(here, "my-set.yaml", text)
    message = single(validate(name), "set-unknown-company", line_of(name, "Logistic Company"))
    assert message == "Tech Boom: no company named 'Logistic Company' (did you mean 'Logistics Company'?)"


def test_json_output_of_an_unreadable_file(here):
    name = write(here, "dup.yaml", HOSTILE["duplicate"][0])
    result = validate("--format", "json", name)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [{
        "path": "dup.yaml", "line": 3, "col": 1, "rule": "yaml-duplicate-key", "severity": "error",
        "message": "duplicate key 'game' (first defined at line 1)"}]


def test_a_games_name_checks_that_games_data_as_the_other_commands_name_a_game(here):
    # `cardgen simulate briefcase`, `cardgen build briefcase`: validate takes the name too, and
    # reads the game's data as every command does (a workspace's file over the shipped one).
    result = validate("briefcase")
    assert result.exit_code == 0, result.output
    shipped = len([p for p in (REPO / "cards" / "briefcase").glob("*.yaml")])
    assert f"{shipped} files valid." in result.stderr


def test_a_file_or_folder_named_like_a_game_is_checked_as_itself(here):
    write(here, "briefcase/bad.yaml", "game: briefcase\nkind: game\ngame: x\n")
    result = validate("briefcase")
    assert result.exit_code == 1
    assert [m["path"] for m in problem_lines(result)] == ["briefcase/bad.yaml"]


def test_the_game_option_checks_that_games_data_as_every_command_that_takes_a_game(here):
    # README: "Every command that takes a game accepts --game GAME (-g)"; validate took the
    # game only as a PATH ('No such option: -g').
    shipped = len([p for p in (REPO / "cards" / "startup").glob("*.yaml")])
    for args in (["--game", "startup"], ["-g", "startup"], ["startup", "-g", "startup"]):
        result = validate(*args)
        assert result.exit_code == 0, (args, result.output)
        assert f"{shipped} files valid." in result.stderr
    # a folder named like the game is not what --game names
    write(here, "startup/bad.yaml", "game: startup\nkind: game\ngame: x\n")
    assert validate("-g", "startup").exit_code == 0
    result = validate("briefcase", "-g", "startup")
    assert result.exit_code == 2 and "the game is given twice and differs" in result.stderr
    result = validate("-g", "nosuch")
    assert result.exit_code == 2 and "unknown game 'nosuch'" in result.stderr


@pytest.mark.parametrize("make, rule", [
    (lambda p: p.symlink_to(p.name), "file-link-loop"),
    (lambda p: p.symlink_to(p.parent / "moved-away.yaml"), "file-missing"),
    (lambda p: os.mkfifo(p), "file-special")])
def test_a_data_file_in_a_folder_that_cannot_be_read_is_a_problem_not_passed_over(here: Path, make,
                                                                                  rule: str):
    # The folder search passed over links and special files named as data files: validate of
    # the folder said every file was valid, while `validate GAME` reported them.
    folder = here / "data"            # a folder of files to check, in no workspace
    folder.mkdir()
    (folder / "sets.yaml").write_bytes((REPO / "cards" / "briefcase" / "sets.yaml").read_bytes())
    make(folder / "mine.yaml")
    result = validate(str(folder))
    assert result.exit_code == 1, result.output
    assert f"mine.yaml:1:1: error[{rule}]" in result.output
