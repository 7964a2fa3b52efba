"""Document headers (game, kind) and which files a run reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data.documents import expand_paths, read_document


def read(tmp_path: Path, text: str):
    path = tmp_path / "file.yaml"
    path.write_text(text, encoding="utf-8")
    return read_document(path)


def one(result):
    doc, problems = result
    assert doc is None and len(problems) == 1, problems
    return problems[0]


def test_unknown_game_with_did_you_mean(tmp_path):
    p = one(read(tmp_path, "game: briefcse\nkind: game\n"))
    assert (p.rule, p.line, p.col) == ("header-game", 1, 7)
    assert p.message.startswith("unknown game 'briefcse' (did you mean 'briefcase'?); known games: ")


def test_missing_game(tmp_path):
    p = one(read(tmp_path, "kind: game\nname: x\n"))
    assert (p.rule, p.line, p.col) == ("header-game", 1, 1)
    assert p.message.startswith("missing 'game' key; known games: ")


def test_empty_game_is_not_called_missing(tmp_path):
    p = one(read(tmp_path, "game:\nkind: game\n"))
    assert (p.rule, p.line) == ("header-game", 1)
    assert p.message.startswith("'game' is empty; known games: ")


def test_game_that_is_not_a_name(tmp_path):
    p = one(read(tmp_path, "game: [briefcase]\nkind: game\n"))
    assert (p.rule, p.line, p.col) == ("header-game", 1, 7)
    assert p.message.startswith("'game' must be a name, got a list; known games: ")


def test_unknown_kind_with_did_you_mean(tmp_path):
    p = one(read(tmp_path, "game: briefcase\nkind: compnies\n"))
    assert (p.rule, p.line, p.col) == ("header-kind", 2, 7)
    assert p.message.startswith("unknown kind 'compnies' (did you mean 'companies'?); kinds of briefcase "
                                "files: companies, company-changes, company-set")


def test_missing_kind_points_at_game(tmp_path):
    p = one(read(tmp_path, "# header\ngame: briefcase\nname: x\n"))
    assert (p.rule, p.line, p.col) == ("header-kind", 2, 1)
    assert p.message.startswith("missing 'kind' key; kinds of briefcase files: ")


@pytest.mark.parametrize("text", ["- a\n- b\n", "just text\n", "42\n"])
def test_top_level_must_be_a_mapping(tmp_path, text):
    p = one(read(tmp_path, text))
    assert (p.rule, p.line) == ("file-not-mapping", 1)
    assert p.message == "expected a YAML mapping with 'game' and 'kind' keys at the top"


def test_directories_are_searched_recursively_for_yaml(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.yaml").write_text("a: 1\n")
    (tmp_path / "a" / "y.yml").write_text("a: 1\n")
    (tmp_path / "a" / "notes.txt").write_text("a: 1\n")
    (tmp_path / "a" / "folder.yaml").mkdir()
    files, problems = expand_paths([tmp_path / "a"])
    assert problems == [] and [f.name for f in files] == ["x.yaml", "y.yml"]


def test_directory_without_yaml(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    files, problems = expand_paths([tmp_path])
    assert files == [] and [p.rule for p in problems] == ["file-none"]
    assert problems[0].message == "directory holds no .yaml files"


def test_missing_path(tmp_path):
    files, problems = expand_paths([tmp_path / "gone.yaml"])
    assert files == [] and [(p.rule, p.message) for p in problems] == [("file-missing", "no such file")]


def test_same_file_twice_is_read_once(tmp_path):
    (tmp_path / "x.yaml").write_text("a: 1\n")
    files, _ = expand_paths([tmp_path, tmp_path / "x.yaml", tmp_path / "." / "x.yaml"])
    assert files == [tmp_path / "x.yaml"]


def test_a_command_reads_each_data_file_once(project, monkeypatch):
    """validate reads the game's files for its report, for the box it lays out and for the
    English texts it fits: each is parsed and checked once a run."""
    from collections import Counter

    from typer.testing import CliRunner

    from cardgen import cli
    from cardgen.data import documents

    reads: Counter = Counter()
    real = documents._read_document

    def counted(path):
        reads[Path(path).resolve()] += 1
        return real(path)

    monkeypatch.setattr(documents, "_read_document", counted)
    result = CliRunner().invoke(cli.app, ["validate", "briefcase"])
    assert result.exit_code == 0, result.output
    assert reads[(project / "cards/briefcase/companies.yaml").resolve()] == 1
    assert max(reads.values()) == 1, [p for p, n in reads.items() if n > 1]


def test_a_file_changed_during_a_run_is_read_anew(tmp_path):
    from cardgen.data.documents import reading_once

    path = tmp_path / "rulings.yaml"
    path.write_text("game: briefcase\nkind: rulings\nrulings: []\n", encoding="utf-8")
    with reading_once():
        first, _ = read_document(path)
        path.write_text("game: briefcase\nkind: rulings\nrulings: [1, 2]\n", encoding="utf-8")
        second, problems = read_document(path)
        again, _ = read_document(path)
    assert first is not None and first.data["rulings"] == []
    assert second is None or second.data["rulings"] == [1, 2]
    assert problems                              # [1, 2] is no list of rulings: checked anew
    assert again is second


def test_reading_once_returns_a_fresh_list_of_problems(tmp_path):
    from cardgen.data.documents import reading_once

    path = tmp_path / "x.yaml"
    path.write_text("game: nogame\nkind: game\n", encoding="utf-8")
    with reading_once():
        _, problems = read_document(path)
        problems.append("added by a caller")
        _, again = read_document(path)
    assert len(again) == 1


def test_a_file_named_two_ways_keeps_each_name(tmp_path, monkeypatch):
    from cardgen.data.documents import reading_once

    (tmp_path / "rulings.yaml").write_text("game: briefcase\nkind: rulings\nrulings: []\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with reading_once():
        relative, _ = read_document(Path("rulings.yaml"))
        absolute, _ = read_document(tmp_path / "rulings.yaml")
    assert relative.path == Path("rulings.yaml") and absolute.path == tmp_path / "rulings.yaml"
    assert absolute.data is relative.data          # read once


def test_a_command_checks_the_same_documents_once(project, monkeypatch):
    """validate checks the game's rules on the files it was given, and loading the box for its
    layout and its texts' fit checks them again: the same documents are checked once a run."""
    from collections import Counter

    from typer.testing import CliRunner

    from cardgen import cli
    from cardgen.data.checks import CheckList

    runs: Counter = Counter()
    real = CheckList._run

    def counted(self, ctx):
        runs[tuple(sorted(str(d.path.resolve()) for d in ctx.docs))] += 1
        return real(self, ctx)

    monkeypatch.setattr(CheckList, "_run", counted)
    result = CliRunner().invoke(cli.app, ["validate", "fmnyc"])
    assert result.exit_code == 0, result.output
    assert runs and max(runs.values()) == 1, runs
