"""Time the rules across tools (BP-006, BP-012, BP-015) on 150 and on 3,000 tools, each
tool's description distinct or all alike: the timing that tests/checks/validator/test_bp.py
held as a ratio of two wall-clock timings, which failed once on a loaded machine (hostile
trial, round 43). The test now counts the candidate pairs the indexes hand to the
comparisons; the time is here (docs/performance.md, "Rules across tools").

    python bench/bp_siblings_scale.py [--runs 5]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp_inspect.checks.engine import lint_tools  # noqa: E402
from mcp_inspect.checks.settings import LintSettings  # noqa: E402

_STRING = {"type": "string", "maxLength": 64}
_PAGE = {"type": "integer", "minimum": 1, "maximum": 100, "description": "Results per page."}
_COMMON = "Returns the matching records with their identifiers owners timestamps and status"


def tools(n: int, same: bool) -> list[dict[str, Any]]:
    """The tools timed here and counted in tests/checks/validator/test_bp.py: a page size alike
    in all (BP-006), a required filter of each one's own, and a description alike in all
    (``same``) or with words of each one's own."""
    out = []
    for i in range(n):
        text = _COMMON if same else f"{_COMMON} for client{i} in region{i} with owner{i}, team{i} and unit{i}"
        props = {"per_page": _PAGE, f"filter{i}": {"type": "object", "properties": {f"f{i}": _STRING}}}
        out.append({"name": f"tool_{i}", "title": "Thing", "description": text,
                    "inputSchema": {"type": "object", "properties": props, "required": [f"filter{i}"]}})
    return out


def _cpu(listed: list[dict[str, Any]], selected: LintSettings, runs: int) -> float:
    """The least CPU seconds of ``runs`` lints of ``listed`` (this process's, the collector
    held off): on a shared machine the steadier measure."""
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            started = time.process_time()
            lint_tools(listed, selected)
            best = min(best, time.process_time() - started)
        finally:
            gc.enable()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    selected = LintSettings(select=("BP-006", "BP-012", "BP-015"))
    lint_tools(tools(5, False), LintSettings(select=("BP-006",)))  # import and warm up
    print("| descriptions | 150 tools | 3,000 tools | growth |")
    print("|---|---|---|---|")
    for same in (False, True):
        listed = tools(3000, same)
        small = _cpu(listed[:150], selected, runs)
        large = _cpu(listed, selected, runs)
        print(f"| {'alike' if same else 'distinct'} | {small * 1000:.1f} ms | {large * 1000:.1f} ms | "
              f"{large / small:.1f}× |")


if __name__ == "__main__":
    main()
