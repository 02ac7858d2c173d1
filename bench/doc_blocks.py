"""The block of a doc page that a bench script writes, between two marker comments: what it
holds now (a test compares it with what the script would write), and writing it anew."""

from __future__ import annotations

from pathlib import Path


def between(text: str, begin: str, end: str) -> str:
    """What ``text`` holds between the markers, without the blank lines around it."""
    return text[text.index(begin) + len(begin):text.index(end)].strip("\n")


def write_between(path: Path, begin: str, end: str, rendered: str) -> None:
    """Replace what ``path`` holds between the markers with ``rendered``."""
    text = path.read_text(encoding="utf-8")
    start, stop = text.index(begin) + len(begin), text.index(end)
    path.write_text(text[:start] + "\n" + rendered + "\n" + text[stop:], encoding="utf-8")
