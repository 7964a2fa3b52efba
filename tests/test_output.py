"""Atomic output: complete files with ordinary permissions, nothing left behind on failure."""

from __future__ import annotations

import os

import pytest

from cardgen.output import write_atomic


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
