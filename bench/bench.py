"""Benchmark mcp-inspect diff against the floor (json.load) and DeepDiff, whole processes.

Usage:  python bench/bench.py [--runs 5] [--tools 3000] [--baseline DIR] [--only PATTERN]
Needs:  pip install '.[bench]'  (DeepDiff)

Every measurement is a separate process (what a CI step pays), timed with
time.perf_counter, and the median of --runs runs is reported; the runs are taken in
rounds, every command once per round, so a slow spell of the machine hits them all. Results go to
stdout as a Markdown table, with the median CPU time (user + system, the command's
forked child included) beside each wall time. A ratio is the median of the ratios taken
round by round (both commands measured in the same round), shown with its range over the
rounds, and the peak memory (maximum resident set) of each command's process is reported too;
docs/performance.md records a run.

``--baseline DIR`` times every mcp-inspect command a second time with the code of another
checkout (``PYTHONPATH=DIR``) in the same rounds, so a change is measured against the code
before it on the same machine at the same moments (rows marked "(baseline)").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = "import json,sys\nfor p in sys.argv[1:]:\n    json.load(open(p))\n"
DEEPDIFF = (
    "import json,sys\nfrom deepdiff import DeepDiff\n"
    "a={t['name']:t for t in json.load(open(sys.argv[1]))['tools']}\n"
    "b={t['name']:t for t in json.load(open(sys.argv[2]))['tools']}\n"
    "DeepDiff(a,b,ignore_order=True)\n"
)


#: Child environment: bytecode caching on (as users have it; some CI images turn it off,
#: which makes every run recompile every import).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
#: The diff's variants: as shipped (the ``recommended`` lint, partly on a second core for
#: large inputs), held to one core, with every check (``--select ALL``), and without the lint.
VARIANTS = (("", [], {}), (" on one core", [], {"MCP_INSPECT_JOBS": "1"}),
            (" --select ALL", ["--select", "ALL"], {}), (" --no-lint", ["--no-lint"], {}))
#: The lint alone on the old side with every check, its report as JSON and as text.
LINTS = (("mcp-inspect lint --select ALL", ["--select", "ALL", "--format", "json"]),
         ("mcp-inspect lint --select ALL, text", ["--select", "ALL", "--format", "text"]))
#: The issue's targets (#27), by row: a ratio to the floor unless said otherwise.
TARGETS = {
    "mcp-inspect diff": "≤ 5× floor", "mcp-inspect diff --select ALL": "≤ 8× floor",
    "mcp-inspect diff, identical sides": "≤ 3× floor", "mcp-inspect diff --no-lint": "≤ 2.5× floor",
    "mcp-inspect diff --no-lint, identical sides": "≤ 1.5× floor",
    "mcp-inspect lint --select ALL": "≤ 8× floor", "mcp-inspect lint --select ALL, text": "≤ 8× floor",
}


def run_once(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak memory (MB) of one run; the CPU time
    includes any process the command forked and waited for, so a run on two cores shows what
    both used, and the peak is the larger process's."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        # A checkout's code is run from the checkout: ``python -m`` puts the working directory
        # ahead of PYTHONPATH, so from anywhere else another copy of the package could win.
        process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errors, env={**ENV, **(env or {})},
                                   cwd=(env or {}).get("PYTHONPATH"))
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"{' '.join(cmd)} failed: {errors.read().decode(errors='replace').strip()}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


Samples = dict[str, list[tuple[float, float, float]]]


def timed_interleaved(plan: dict[str, tuple[list[str], dict[str, str], int]]) -> Samples:
    """Each command's (wall, CPU) times in round order, the runs taken in rounds (every
    command once per round), so that a slow spell of a shared machine falls on all of
    them rather than on one."""
    samples: Samples = {label: [] for label in plan}
    for round_no in range(max(runs for _, _, runs in plan.values())):
        for label, (cmd, env, runs) in plan.items():
            if round_no < runs:
                samples[label].append(run_once(cmd, env))
        print(f"round {round_no + 1} done", file=sys.stderr)
    return samples


def round_ratios(samples: Samples, over: str, under: str) -> list[float]:
    """``over``'s wall time divided by ``under``'s, round by round (the rounds both ran in):
    the two were measured minutes apart at most, so the ratio is steadier than the ratio of
    two medians taken over the whole run."""
    return [a[0] / b[0] for a, b in zip(samples[over], samples[under], strict=False)]


def _write(work: Path, n_tools: int) -> tuple[Path, Path]:
    """The workload's two files, built by a child process: building 30,000 tools here would
    leave this process large, and every command it starts would then report at least that
    peak (a forked child's high-water mark starts from its parent's)."""
    here = str(Path(__file__).resolve().parent)
    subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {here!r}); from workload import write; "
                    f"write(__import__('pathlib').Path({str(work)!r}), {n_tools})"], check=True)
    return work / f"old-{n_tools}.json", work / f"new-{n_tools}.json"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tools", type=int, default=3000)
    parser.add_argument("--skip-deepdiff", action="store_true")
    parser.add_argument("--skip-big", action="store_true", help="leave out the 10× rows (minutes each)")
    parser.add_argument("--baseline", metavar="DIR", help="also time this checkout's code, in the same rounds")
    parser.add_argument("--only", metavar="PATTERN", help="time only the rows whose label holds PATTERN "
                        "(and the floor)")
    args = parser.parse_args()
    py = sys.executable
    inspect = [py, "-m", "mcp_inspect", "diff", "--format", "json"]
    few = max(1, args.runs // 2)  # the long measurements
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        old, new = _write(work, args.tools)
        small_old, small_new = _write(work, max(1, args.tools // 10))
        big_old, big_new = _write(work, args.tools * 10) if not args.skip_big else (old, new)
        one_old, one_new = _write(work, 1)
        plan: dict[str, tuple[list[str], dict[str, str], int]] = {
            "floor: json.load both sides": ([py, "-c", FLOOR, str(old), str(new)], {}, args.runs)}
        for label, extra, env in VARIANTS:
            plan[f"mcp-inspect diff{label}"] = ([*inspect, *extra, str(old), str(new)], env, args.runs)
            plan[f"mcp-inspect diff{label}, identical sides"] = ([*inspect, *extra, str(old), str(old)], env,
                                                                 args.runs)
            if not args.skip_big:
                plan[f"mcp-inspect diff{label}, {args.tools * 10} tools"] = (
                    [*inspect, *extra, str(big_old), str(big_new)], env, few)
        plan[f"mcp-inspect diff, {max(1, args.tools // 10)} tools"] = (
            [*inspect, str(small_old), str(small_new)], {}, args.runs)
        for label, extra in LINTS:
            plan[label] = ([py, "-m", "mcp_inspect", "lint", *extra, str(old)], {}, args.runs)
        plan["cold start: one-tool pair"] = ([*inspect, str(one_old), str(one_new)], {}, args.runs)
        if not args.skip_deepdiff:
            plan["DeepDiff(ignore_order=True) on the tool maps"] = ([py, "-c", DEEPDIFF, str(old), str(new)], {},
                                                                    few)
        if args.only:
            plan = {label: run for label, run in plan.items()
                    if args.only in label or label.startswith("floor") or label == "mcp-inspect diff"}
        if args.baseline:
            for label, (cmd, env, runs) in list(plan.items()):
                if "mcp_inspect" in cmd:
                    plan[f"{label} (baseline)"] = (cmd, {**env, "PYTHONPATH": args.baseline}, runs)
            here = str(Path(__file__).resolve().parent.parent)
            for label, (cmd, env, runs) in list(plan.items()):
                if "mcp_inspect" in cmd and "PYTHONPATH" not in env:
                    plan[label] = (cmd, {**env, "PYTHONPATH": here}, runs)
        samples = timed_interleaved(plan)
        n_changed = len(json.loads(new.read_text())["tools"])
    args.changed = n_changed
    report(samples, args)


def report(samples: Samples, args: argparse.Namespace) -> None:
    rows = {label: statistics.median(run[0] for run in values) for label, values in samples.items()}
    cpu = {label: statistics.median(run[1] for run in values) for label, values in samples.items()}
    peak = {label: statistics.median(run[2] for run in values) for label, values in samples.items()}
    floor_label = "floor: json.load both sides"
    print(f"Machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}, "
          f"{platform.system()}, {os.cpu_count()} CPUs; {args.tools} tools ({args.changed} on the new side), "
          f"median of {args.runs} runs.\n")
    print("| measurement | seconds | CPU seconds | peak MB | ratio | ratio's range over the rounds | target |")
    print("|---|---|---|---|---|---|---|")
    deep_label = "DeepDiff(ignore_order=True) on the tool maps"
    targets: dict[str, tuple[list[float] | None, str]] = {"cold start: one-tool pair": (None, "≤ 0.300 s")}
    big = f", {args.tools * 10} tools"
    for name in samples:
        base, marked = name.removesuffix(" (baseline)"), " (baseline)" if name.endswith(" (baseline)") else ""
        if name in (floor_label, deep_label):
            continue
        if base.endswith(big):
            shipped = base.removesuffix(big) + marked
            if shipped in samples:
                targets[name] = (round_ratios(samples, name, shipped),
                                 f"≤ 11× the {args.tools:,}-tool diff, ≤ 1,536 MB" if base == "mcp-inspect diff" + big
                                 else "—")
        elif base.endswith(" tools") and base.startswith("mcp-inspect diff, "):
            shipped = "mcp-inspect diff" + marked
            if shipped in samples:
                targets[name] = (round_ratios(samples, name, shipped), "scaling (to the 3,000-tool diff)")
        elif base != "cold start: one-tool pair":
            targets[name] = (round_ratios(samples, name, floor_label), TARGETS.get(base, "—"))
    if deep_label in samples:
        for label in ("", " on one core", " --no-lint") if "mcp-inspect diff" in samples else ():
            if f"mcp-inspect diff{label}" not in samples:
                continue
            row = f"DeepDiff vs diff{label}"
            rows[row], cpu[row], peak[row] = rows[deep_label], cpu[deep_label], peak[deep_label]
            targets[row] = (round_ratios(samples, deep_label, f"mcp-inspect diff{label}"),
                            "≥ 8× the diff's time" if not label else "—")
    for name, seconds in rows.items():
        ratios, target = targets.get(name, (None, "—"))
        shown, spread = ("—", "—")
        if ratios:
            shown = f"{statistics.median(ratios):.1f}×"
            spread = f"{min(ratios):.1f}–{max(ratios):.1f}×"
        print(f"| {name} | {seconds:.3f} | {cpu[name]:.3f} | {peak[name]:.0f} | {shown} | {spread} | {target} |")


if __name__ == "__main__":
    main()
