"""The history page in a real browser, as the diff report is checked (tests/report/
test_html_browser.py): hostile release and tool names stay text, nothing runs, and the page
is drawn with its own styles at 1280 px."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest
from conftest import CORPUS
from html_support import PAYLOADS, hostile_pair, inert_problems, read_page
from report.test_html_browser import HEIGHT, WIDTH, browse, chromium, read_png  # noqa: F401 - chromium is a fixture

import mcp_inspect


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("history")
    old, new = hostile_pair(folder)
    named = folder / (PAYLOADS[1] + ".json")  # the image payload as the release's name
    shutil.copy(new, named)
    history = mcp_inspect.history([old, str(named), str(CORPUS / "git" / "2025.7.1.json"),
                                   str(CORPUS / "git" / "2025.11.25.json")])
    path = folder / "history.html"
    path.write_text(mcp_inspect.render_history(history, "html"), encoding="utf-8")
    return path


def test_hostile_names_stay_inert_in_the_browser(chromium, page, tmp_path):  # noqa: F811
    dom = read_page(browse(chromium, tmp_path / "profile", "--dump-dom", page.as_uri()))
    assert dom.title == "mcp-inspect history report"
    assert inert_problems(dom) == []
    assert "script" not in dom.tags() and "img" not in dom.tags() and "svg" not in dom.tags()
    shown = dom.text
    assert PAYLOADS[1] in shown  # the release's name, as the reader sees it
    assert "fetch" + PAYLOADS[0] in shown  # a breaking change's tool name
    assert "Version bumps too small" in shown  # 2025.7.1 → 2025.11.25 removed a tool in a minor release


def test_a_screenshot_at_1280_px_shows_the_timeline_drawn(chromium, page, tmp_path):  # noqa: F811
    shot = tmp_path / "shot.png"
    browse(chromium, tmp_path / "profile", f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}", page.as_uri())
    width, height, pixels = read_png(shot.read_bytes())
    assert (width, height) == (WIDTH, HEIGHT)
    colours = Counter(pixels)
    assert len(colours) > 50, f"only {len(colours)} colours: the page looks blank"
    # Drawn with the shared stylesheet: the page's background and a BREAKING chip's fill.
    assert colours[(0xF5, 0xF7, 0xFA)] > WIDTH and colours[(0xFE, 0xF1, 0xF0)] > 100
