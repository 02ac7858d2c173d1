"""The HTML report in a real browser: headless Chromium loads pages made from a surface whose
names and descriptions carry script, event-handler and ``javascript:`` payloads, and nothing
runs: the DOM after loading holds the payloads as text only and the title is unchanged. A
screenshot at 1280 px wide shows the page drawn with its own styles (not blank).

Without Chromium the tests are skipped, unless ``MCP_INSPECT_REQUIRE_BROWSER=1`` (set by
``.ci/run``, which installs Debian's ``chromium``), so CI always proves it. Every browser
run has a deadline, and its whole process group is ended when it is over.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import struct
import subprocess
import zlib
from collections import Counter
from pathlib import Path

import pytest
from html_support import PAYLOADS, hostile_pair, inert_problems, read_page

import mcp_inspect
from mcp_inspect.report.html import render_html

#: Seconds one browser run may take (a cold start is about two).
DEADLINE = 90
WIDTH, HEIGHT = 1280, 2000
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def _chromium() -> str | None:
    found = shutil.which("chromium")
    if found is None and os.access("/usr/bin/chromium", os.X_OK):
        found = "/usr/bin/chromium"
    return found


@pytest.fixture(scope="module")
def chromium() -> str:
    found = _chromium()
    if found is None:
        if os.environ.get("MCP_INSPECT_REQUIRE_BROWSER") == "1":
            pytest.fail("MCP_INSPECT_REQUIRE_BROWSER=1 but chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed; .ci/run installs it and requires this test")
    return found


def browse(chromium: str, profile: Path, *args: str) -> str:
    """Run Chromium once with ``args``; its standard output. A run past the deadline is
    ended with its whole process group (the browser's helpers too) and fails the test."""
    command = [chromium, *FLAGS, f"--user-data-dir={profile}", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"chromium did not finish within {DEADLINE} s: {' '.join(args)}")
    finally:
        with contextlib.suppress(ProcessLookupError):  # helpers left behind, in the group this run started
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 0, err[-2000:]
    return out


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """The hostile surface's diff report and lint report, written to files."""
    folder = tmp_path_factory.mktemp("hostile")
    old, new = hostile_pair(folder)
    made = {"diff": render_html(mcp_inspect.diff(mcp_inspect.load(old), mcp_inspect.load(new),
                                                 lint=mcp_inspect.LintSettings())),
            "lint": render_html(mcp_inspect.lint(mcp_inspect.load(new)))}
    paths = {}
    for kind, html in made.items():
        paths[kind] = folder / f"{kind}.html"
        paths[kind].write_text(html, encoding="utf-8")
    return paths


def test_the_dom_shows_that_the_check_would_see_a_script_that_ran(chromium, tmp_path):
    # The control: without our page's escaping and policy, the same payload does run, and
    # --dump-dom shows it. So the title staying put below is evidence, not an accident.
    page = tmp_path / "control.html"
    page.write_text(f"<!DOCTYPE html><title>control</title><body>{PAYLOADS[0]}</body>", encoding="utf-8")
    dom = read_page(browse(chromium, tmp_path / "profile", "--dump-dom", page.as_uri()))
    assert dom.title == "pwned"


@pytest.mark.parametrize("kind", ["diff", "lint"])
def test_hostile_text_stays_inert_in_the_browser(chromium, pages, kind, tmp_path):
    dom = read_page(browse(chromium, tmp_path / "profile", "--dump-dom", pages[kind].as_uri()))
    assert dom.title == f"mcp-inspect {kind} report"
    assert inert_problems(dom) == []
    assert "script" not in dom.tags() and "img" not in dom.tags() and "svg" not in dom.tags()
    shown = dom.text
    assert "fetch" + PAYLOADS[0] in shown  # a tool's name, as the reader sees it
    if kind == "diff":  # the word diff quotes the description that gained every payload
        for payload in PAYLOADS:
            assert payload in shown, payload


def test_a_screenshot_at_1280_px_shows_the_page_drawn(chromium, pages, tmp_path):
    shot = tmp_path / "shot.png"
    browse(chromium, tmp_path / "profile", f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}",
           pages["diff"].as_uri())
    width, height, pixels = read_png(shot.read_bytes())
    assert (width, height) == (WIDTH, HEIGHT)
    colours = Counter(pixels)
    assert len(colours) > 50, f"only {len(colours)} colours: the page looks blank"
    # The page was drawn with its own styles (the inline stylesheet was not blocked): its
    # background and the fill of a BREAKING chip are there.
    assert colours[(0xF5, 0xF7, 0xFA)] > WIDTH and colours[(0xFE, 0xF1, 0xF0)] > 100


# --- a PNG reader, standard library only ---------------------------------------------------


def read_png(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, header = 8, [], b""
    while offset < len(data):
        (length,), kind = struct.unpack(">I", data[offset:offset + 4]), data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(b"".join(idat))
    previous = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    for y in range(height):
        start = y * (stride + 1)
        row = _unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), previous, channels)
        pixels.extend(zip(row[0::channels], row[1::channels], row[2::channels], strict=True))
        previous = row
    return width, height, pixels


def _unfilter(kind: int, row: bytearray, up: bytearray, bpp: int) -> bytearray:
    if kind == 1:  # Sub
        for i in range(bpp, len(row)):
            row[i] = (row[i] + row[i - bpp]) & 0xFF
    elif kind == 2:  # Up
        row = bytearray((a + b) & 0xFF for a, b in zip(row, up, strict=True))
    elif kind == 3:  # Average
        for i in range(len(row)):
            left = row[i - bpp] if i >= bpp else 0
            row[i] = (row[i] + ((left + up[i]) >> 1)) & 0xFF
    elif kind == 4:  # Paeth
        for i in range(len(row)):
            a = row[i - bpp] if i >= bpp else 0
            b, c = up[i], up[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
    return row
