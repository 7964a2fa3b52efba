"""Atomic output: complete files with ordinary permissions, nothing left behind on failure."""

from __future__ import annotations

import os

import pytest

from cardgen.output import OutputError, write_atomic


def test_written_file_has_the_permissions_of_a_plain_open(tmp_path):
    target = tmp_path / "deck.pdf"
    write_atomic(target, b"%PDF-1.4")
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    assert target.read_bytes() == b"%PDF-1.4"


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_a_folder_in_the_way_is_an_output_error_naming_the_file(tmp_path):
    target = tmp_path / "deck.pdf"
    target.mkdir()
    with pytest.raises(OutputError, match=r"cannot write .*deck\.pdf: it is a folder"):
        write_atomic(target, b"%PDF-1.4")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_a_file_where_a_folder_should_be_is_an_output_error(tmp_path):
    (tmp_path / "out").write_bytes(b"")
    with pytest.raises(OutputError, match=r"cannot write .*deck\.pdf: .*out is a file, not a folder"):
        write_atomic(tmp_path / "out" / "pdf" / "deck.pdf", b"%PDF-1.4")


def test_an_output_error_is_an_os_error(tmp_path):
    # Callers that catch OSError (a failed write of any kind) keep working.
    assert issubclass(OutputError, OSError)
