"""Two live captures that spoke different protocol eras (issue 34): a finding the eras can
explain says so, and the warning gives the command that captures the new side in the old
side's era.

mcp-clickhouse 0.1.9 was captured over initialize and 0.7.0 over server/discover: its tools
capability reads listChanged true, then false. Captured again with the command the warning
gives (--protocol 2025-03-26), 0.7.0 says true as well (tests/data/trial/README.md).
"""

from __future__ import annotations

import copy

from conftest import DATA

from mcp_inspect import api

CLICKHOUSE = DATA / "trial" / "mcp-clickhouse"
NOTE = "(the old side was captured over initialize and the new over server/discover: the protocol era may explain this)"


def _pair():
    return api.load(str(CLICKHOUSE / "0.1.9.json")), api.load(str(CLICKHOUSE / "0.7.0.json"))


def test_a_flag_the_eras_explain_says_so_on_the_finding():
    report = api.diff(*_pair())
    flag = next(f for f in report.findings if f.rule == "server.capability.changed")
    assert flag.message == f'capability \'tools\': {{"listChanged": true}} → {{"listChanged": false}} {NOTE}'
    # logging came with the modern side, the era in which it is deprecated: not the era's doing
    logging = next(f for f in report.findings if f.path == "capabilities.logging")
    assert "protocol era" not in logging.message
    assert all("protocol era" not in f.message for f in report.findings if f.entity.kind.value != "server")


def test_the_warning_gives_the_command_that_captures_the_new_side_in_the_old_era():
    report = api.diff(*_pair())
    era = next(w for w in report.warnings if "auto-negotiation" in w)
    assert era.endswith(
        "; to compare like with like, capture the new side in the old side's era: mcp-inspect snapshot --server "
        "/tmp/venvs/mcp-clickhouse-0.7.0/bin/mcp-clickhouse --protocol 2025-03-26 --env 'CLICKHOUSE_HOST=…' "
        "--env 'CLICKHOUSE_PASSWORD=…' --env 'CLICKHOUSE_USER=…' -o NEW.json (replace each … with its value: "
        "a capture records the names alone)")


def test_logging_withdrawn_on_the_way_to_the_modern_era_is_noted_and_same_era_pairs_are_not():
    old, new = _pair()
    old.initialize = copy.deepcopy(old.initialize)
    old.initialize["capabilities"]["logging"] = {}
    new.discover = copy.deepcopy(new.discover)
    new.discover["capabilities"].pop("logging", None)
    withdrawn = next(f for f in api.diff(old, new).findings if f.path == "capabilities.logging")
    assert withdrawn.rule == "server.capability.removed" and withdrawn.message.endswith(NOTE)
    same_era = api.load(str(CLICKHOUSE / "0.1.9.json"))
    changed = copy.deepcopy(same_era)
    changed.initialize["capabilities"]["tools"] = {"listChanged": False}
    report = api.diff(same_era, changed)
    assert [f.message for f in report.findings if f.rule == "server.capability.changed"] == [
        'capability \'tools\': {"listChanged": true} → {"listChanged": false}']


def test_an_extension_advertised_over_one_era_only_is_noted_in_both_directions():
    """New-user trial, round 16: office-word-mcp-server 1.1.11 captured over initialize and
    again over server/discover advertised ``io.modelcontextprotocol/ui`` only over the second;
    diffed the other way round that read as a BREAKING ``server.extension.removed`` with no word
    of the eras, while the capability flags beside it had the note."""
    old, new = _pair()
    new.discover = copy.deepcopy(new.discover)
    new.discover["capabilities"]["extensions"] = {"io.modelcontextprotocol/ui": {}}
    added = next(f for f in api.diff(old, new).findings if f.rule == "server.extension.added")
    assert added.message.endswith(NOTE)
    removed = next(f for f in api.diff(new, old).findings if f.rule == "server.extension.removed")
    assert removed.message.endswith("(the old side was captured over server/discover and the new over initialize: "
                                    "the protocol era may explain this)")
    # advertised over initialize alone: not what the modern era explains
    legacy = copy.deepcopy(old)
    legacy.initialize = copy.deepcopy(legacy.initialize)
    legacy.initialize["capabilities"]["extensions"] = {"io.example/x": {}}
    gone = next(f for f in api.diff(legacy, new).findings if f.path.endswith("io.example/x"))
    assert gone.rule == "server.extension.removed" and "protocol era" not in gone.message
    same_era = copy.deepcopy(new)
    same_era.discover["capabilities"].pop("extensions")
    assert next(f for f in api.diff(same_era, new).findings if f.rule == "server.extension.added").message \
        == "extension 'io.modelcontextprotocol/ui' advertised"
