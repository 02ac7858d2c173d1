"""The order a server lists its tools, resources and prompts in, and writes the keys of its
objects in, changes no byte of a JSON or SARIF report (docs/lint.md, "Order").

Each corpus release is read as captured and as two reorderings of itself (every object's
keys shuffled, the entity lists shuffled), and linted, and diffed against the release before
it (reordered alike); the reports must be byte-identical. The hypothesis property in
tests/fuzz/test_fuzz.py does the same on generated surfaces.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import corpus_releases

from mcp_inspect.api import diff, lint, render
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.snapshot.shapes import snapshot_from_value

ENTITY_LISTS = ("tools", "resources", "resourceTemplates", "prompts")
#: The rules the contract words in list order ("the first tool", "an earlier tool"): they
#: follow the list by design (docs/lint.md, "Order") and are checked apart below.
LIST_ORDER_RULES = ("NAM-008", "BP-006", "BP-012", "BP-015")
SETTINGS = LintSettings(ignore=LIST_ORDER_RULES)
SEEDS = (1, 2)


def reordered(value: Any, seed: int) -> Any:
    rnd = random.Random(seed)

    def keys(item: Any) -> Any:
        if isinstance(item, dict):
            pairs = list(item.items())
            rnd.shuffle(pairs)
            return {key: keys(inner) for key, inner in pairs}
        return [keys(inner) for inner in item] if isinstance(item, list) else item

    out = keys(value)
    for kind in ENTITY_LISTS:
        if isinstance(out.get(kind), list):
            rnd.shuffle(out[kind])
    return out


def _pairs() -> list[tuple[str, Any, Any]]:
    out = []
    for server, paths in sorted(corpus_releases().items()):
        docs = [json.loads(path.read_text()) for path in paths]
        out += [(f"{server}-{paths[i].stem}", docs[i - 1] if i else None, docs[i]) for i in range(len(docs))]
    return out


PAIRS = _pairs()


def _reports(old: Any, new: Any, formats: tuple[str, ...]) -> list[str]:
    after = snapshot_from_value(new, "new.json")
    out = [render(lint(after, SETTINGS), fmt) for fmt in formats]
    if old is not None:
        before = snapshot_from_value(old, "old.json")
        out += [render(diff(before, after, lint=SETTINGS), fmt) for fmt in formats]
    return out


@pytest.mark.parametrize(("label", "old", "new"), PAIRS, ids=[p[0] for p in PAIRS])
def test_a_reordered_release_gives_byte_identical_json(label, old, new):
    as_captured = _reports(old, new, ("json",))
    for seed in SEEDS:
        again = _reports(reordered(old, seed + 100) if old is not None else None, reordered(new, seed), ("json",))
        assert again == as_captured, f"{label}, seed {seed}"


def test_the_latest_releases_give_byte_identical_sarif():
    latest: dict[str, tuple[Any, Any]] = {}
    for label, old, new in PAIRS:
        latest[label.rsplit("-", 1)[0]] = (old, new)
    for server, (old, new) in sorted(latest.items()):
        as_captured = _reports(old, new, ("sarif",))
        assert _reports(reordered(old, 7) if old is not None else None, reordered(new, 8), ("sarif",)) == \
            as_captured, server


def test_the_reordering_really_reorders():
    # A test of the test: the shuffled copy differs in order and holds the same surface.
    doc = json.loads(next(iter(corpus_releases()["github"])).read_text())
    moved = reordered(doc, 1)
    assert [t["name"] for t in moved["tools"]] != [t["name"] for t in doc["tools"]]
    assert list(moved["tools"][0]) != list(next(t for t in doc["tools"] if t["name"] == moved["tools"][0]["name"]))
    assert sorted(json.dumps(t, sort_keys=True) for t in moved["tools"]) == \
        sorted(json.dumps(t, sort_keys=True) for t in doc["tools"])


def test_the_list_order_rules_follow_the_list():
    # NAM-008 goes on the first tool listed: reversing the list moves it, and nothing else.
    names = ["fetch_weather", "send_email", "create_invoice", "translate_text", "resize_image",
             "book_flight", "play_music", "scan_barcode", "order_pizza", "track_parcel"]
    tools = [{"name": n, "description": f"Does {n}.", "inputSchema": {"type": "object"}} for n in names]
    found = [lint(snapshot_from_value(t, "t.json"), LintSettings(select=("NAM-008",))).findings
             for t in (tools, tools[::-1])]
    assert [[f.entity.name for f in side] for side in found] == [["fetch_weather"], ["track_parcel"]]
