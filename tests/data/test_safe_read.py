"""Reading and searching what a user names: special files, links, loops, huge trees; one reason,
never a hang or an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen import safe_read
from cardgen.paths import display_path
from cardgen.safe_read import ReadError, find_files, read_bytes, resolved


def refused(path: Path, **kwargs) -> ReadError:
    with pytest.raises(ReadError) as info:
        read_bytes(path, **kwargs)
    return info.value


def test_a_regular_file_is_read_whole(tmp_path: Path):
    (tmp_path / "a.yaml").write_bytes(b"x: 1\n")
    assert read_bytes(tmp_path / "a.yaml") == b"x: 1\n"


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path):
    os.mkfifo(tmp_path / "pipe")
    assert refused(tmp_path / "pipe", what="catalog").rule == "file-special"


def test_a_device_is_refused():
    assert refused(Path("/dev/zero")).rule == "file-special"


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path: Path):
    (tmp_path / "big").write_bytes(b"x" * 101)
    error = refused(tmp_path / "big", limit=100)
    assert error.rule == "file-too-large" and "the limit is 100 bytes" in error.message


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_file_that_reports_no_size_is_still_read_bounded():
    # /proc files say they are 0 bytes long; the read itself stops at the limit.
    assert refused(Path("/proc/self/status"), limit=10).rule == "file-too-large"


def test_a_link_is_followed_or_refused_as_asked(tmp_path: Path):
    (tmp_path / "target").write_bytes(b"secret\n")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    assert read_bytes(tmp_path / "link") == b"secret\n"
    error = refused(tmp_path / "link", what="catalog", follow_symlinks=False)
    assert error.rule == "file-symlink" and "secret" not in error.message


def test_a_link_loop_is_named_as_one(tmp_path: Path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert refused(tmp_path / "a").rule == "file-link-loop"
    assert refused(tmp_path / "a", follow_symlinks=False).rule == "file-symlink"


def test_a_link_to_nothing_is_missing(tmp_path: Path):
    (tmp_path / "a").symlink_to(tmp_path / "gone")
    error = refused(tmp_path / "a")
    assert error.rule == "file-missing" and "symbolic link" in error.message


def test_resolve_and_display_never_raise_on_a_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert resolved(Path("a/x.yaml")).name == "x.yaml"
    assert display_path(Path("a/x.yaml")) == "a/x.yaml"


def test_display_of_a_non_utf8_name_is_printable_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    name = os.fsdecode(b"caf\xe9\x1b[31m.yaml")
    assert display_path(Path(name)) == "caf\\xe9\\x1b[31m.yaml"
    display_path(Path(name)).encode("utf-8")       # no surrogates left


def tree(root: Path, *files: str) -> None:
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x: 1\n", encoding="utf-8")


def test_search_finds_data_files_in_name_order(tmp_path: Path):
    tree(tmp_path, "b.yaml", "a/c.yml", "a/notes.txt", ".yaml")
    found = find_files(tmp_path, (".yaml", ".yml"))
    assert found.refused is None
    assert [p.relative_to(tmp_path).as_posix() for p in found.files] == ["a/c.yml", "b.yaml"]


def test_search_passes_over_hidden_files_and_folders(tmp_path: Path):
    """A workspace kept under git with CI and pre-commit settings: 'cardgen validate .' read
    .github/workflows/ci.yml and .pre-commit-config.yaml as game data missing their game key."""
    tree(tmp_path, "cards/x.yaml", ".github/workflows/ci.yml", ".pre-commit-config.yaml",
         "cards/.#x.yaml", ".git/hooks/y.yaml")
    found = find_files(tmp_path, (".yaml", ".yml"))
    assert [p.relative_to(tmp_path).as_posix() for p in found.files] == ["cards/x.yaml"]


def test_search_follows_no_folder_link_so_a_link_to_a_parent_cannot_loop(tmp_path: Path):
    tree(tmp_path, "d/x.yaml")
    (tmp_path / "d" / "up").symlink_to(tmp_path)
    (tmp_path / "d" / "self").symlink_to(tmp_path / "d")
    found = find_files(tmp_path, (".yaml",))
    assert [p.relative_to(tmp_path).as_posix() for p in found.files] == ["d/x.yaml"]


def test_search_names_a_data_file_it_cannot_read_for_the_reader_to_refuse(tmp_path: Path):
    # A loop of file links, a dangling link and a pipe named as data files: found, so reading
    # them says what is wrong at their names (the search passed over them in silence, and
    # validate of the folder said every file was valid).
    tree(tmp_path, "d/x.yaml")
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "moved-away.yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "folder.yaml").symlink_to(tmp_path / "d")
    found = find_files(tmp_path, (".yaml",))
    assert [p.relative_to(tmp_path).as_posix() for p in found.files] == [
        "a.yaml", "b.yaml", "d/x.yaml", "folder.yaml", "gone.yaml", "pipe.yaml"]


def test_search_counts_a_link_to_a_file(tmp_path: Path):
    tree(tmp_path, "real/x.yaml")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "real" / "x.yaml")
    assert [p.name for p in find_files(tmp_path, (".yaml",)).files] == ["link.yaml", "x.yaml"]


def test_search_ignores_entries_that_vanish_while_it_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    tree(tmp_path, "keep/a.yaml", "gone/b.yaml")
    real = os.scandir

    def scandir(path):
        if os.path.basename(path) == "gone":
            raise FileNotFoundError(2, "No such file or directory", path)
        return real(path)

    monkeypatch.setattr(safe_read.os, "scandir", scandir)
    assert [p.name for p in find_files(tmp_path, (".yaml",)).files] == ["a.yaml"]


def test_a_search_past_the_entry_limit_is_refused_whole(tmp_path: Path):
    tree(tmp_path, *(f"{n}.yaml" for n in range(6)))
    assert len(find_files(tmp_path, (".yaml",), max_entries=6).files) == 6
    found = find_files(tmp_path, (".yaml",), max_entries=5)
    assert found.files == [] and found.refused.rule == "file-too-many"
    assert "more than 5 files and folders" in found.refused.message


def test_a_search_past_the_depth_limit_is_refused_whole(tmp_path: Path):
    tree(tmp_path, "a/b/c/d.yaml")
    assert len(find_files(tmp_path, (".yaml",), max_depth=3).files) == 1
    found = find_files(tmp_path, (".yaml",), max_depth=2)
    assert found.files == [] and found.refused.rule == "file-too-deep"


def test_pseudo_file_systems_are_not_entered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    tree(tmp_path, "data/a.yaml", "proc/self/b.yaml")
    monkeypatch.setattr(safe_read, "_pseudo_folders", lambda: frozenset({str(tmp_path / "proc")}))
    assert [p.name for p in find_files(tmp_path, (".yaml",)).files] == ["a.yaml"]
    # named itself, such a folder is searched (within the same limits)
    assert [p.name for p in find_files(tmp_path / "proc", (".yaml",)).files] == ["b.yaml"]


@pytest.mark.skipif(not Path("/proc/self/mounts").exists(), reason="needs a Linux /proc")
def test_proc_is_known_as_a_pseudo_file_system():
    assert "/proc" in safe_read._pseudo_folders()
