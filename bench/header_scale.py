"""Time ``diff`` (text and Markdown) of n tools removed against n tools added, each added tool
with one property: the case where each entity's header once scanned every group (hostile
trial, round 42; docs/performance.md, "Headers of many groups").

    python bench/header_scale.py 2500 5000 10000 [--baseline DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _pair(folder: Path, n: int) -> tuple[Path, Path]:
    old, new = folder / f"old-{n}.json", folder / f"new-{n}.json"
    old.write_text(json.dumps({"tools": [{"name": f"a{i}", "inputSchema": {"type": "object"}} for i in range(n)]}))
    new.write_text(json.dumps({"tools": [{"name": f"b{i}", "inputSchema": {
        "type": "object", "properties": {"x": {"type": "string"}}}} for i in range(n)]}))
    return old, new


def _time(code: str, old: Path, new: Path, fmt: str) -> tuple[float, float]:
    """Wall and CPU seconds (user and system) of one ``diff`` process: on a shared machine the
    CPU time is the steadier of the two."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mcp_inspect", "diff", str(old), str(new), "--format", fmt],
                   # cwd too: ``-m`` puts the working directory before PYTHONPATH
                   cwd=code, env={**os.environ, "PYTHONPATH": code},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="+", type=int)
    parser.add_argument("--baseline", help="another checkout's code, timed beside this one")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent.parent)
    codes = [("this", here)] + ([("baseline", args.baseline)] if args.baseline else [])
    with tempfile.TemporaryDirectory() as folder:
        for n in args.sizes:
            old, new = _pair(Path(folder), n)
            for label, code in codes:
                said = ", ".join(f"{fmt} {wall:.2f} s (CPU {cpu:.2f} s)" for fmt in ("text", "markdown")
                                 for wall, cpu in [_time(code, old, new, fmt)])
                print(f"{n:>6} tools  {label:<8}  {said}", flush=True)


if __name__ == "__main__":
    main()
