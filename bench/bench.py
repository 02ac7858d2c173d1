"""Benchmark mcp-inspect diff against the floor (json.load) and DeepDiff, whole processes.

Usage:  python bench/bench.py [--runs 5] [--tools 3000]
Needs:  pip install '.[bench]'  (DeepDiff)

Every measurement is a separate process (what a CI step pays), timed with
time.perf_counter, and the median of --runs runs is reported; the runs are taken in
rounds, every command once per round, so a slow spell of the machine hits them all. Results go to
stdout as a Markdown table, with the median CPU time (user + system, the command's
forked child included) beside each wall time. A ratio is the median of the ratios taken
round by round (both commands measured in the same round), shown with its range over the
rounds; docs/performance.md records a run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workload import write  # noqa: E402

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
#: The diff's variants: as shipped (every check family, the lint partly on a second core for
#: large inputs), held to one core, with the MCP-0xx family alone (the default before the
#: validator's families joined), and without the lint.
VARIANTS = (("", [], {}), (" on one core", [], {"MCP_INSPECT_JOBS": "1"}),
            (" --select MCP", ["--select", "MCP"], {}), (" --no-lint", ["--no-lint"], {}))
#: The lint alone on the old side, every check and the MCP-0xx family.
LINTS = (("mcp-inspect lint --select ALL", ["--select", "ALL"]), ("mcp-inspect lint --select MCP", ["--select", "MCP"]))


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run; the CPU time includes any
    process the command forked and waited for, so a run on two cores shows what both used."""
    cpu = _cpu_of_children()
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          env={**ENV, **(env or {})})
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.strip()}")
    return elapsed, _cpu_of_children() - cpu


Samples = dict[str, list[tuple[float, float]]]


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
    return [a / b for (a, _), (b, _) in zip(samples[over], samples[under], strict=False)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tools", type=int, default=3000)
    parser.add_argument("--skip-deepdiff", action="store_true")
    args = parser.parse_args()
    py = sys.executable
    inspect = [py, "-m", "mcp_inspect", "diff", "--format", "json"]
    few = max(1, args.runs // 2)  # the long measurements
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        old, new = write(work, args.tools)
        big_old, big_new = write(work, args.tools * 10)
        one_old, one_new = write(work, 1)
        plan: dict[str, tuple[list[str], dict[str, str], int]] = {
            "floor: json.load both sides": ([py, "-c", FLOOR, str(old), str(new)], {}, args.runs)}
        for label, extra, env in VARIANTS:
            plan[f"mcp-inspect diff{label}"] = ([*inspect, *extra, str(old), str(new)], env, args.runs)
            plan[f"mcp-inspect diff{label}, identical sides"] = ([*inspect, *extra, str(old), str(old)], env,
                                                                 args.runs)
            plan[f"mcp-inspect diff{label}, {args.tools * 10} tools"] = (
                [*inspect, *extra, str(big_old), str(big_new)], env, few)
        for label, extra in LINTS:
            plan[label] = ([py, "-m", "mcp_inspect", "lint", *extra, "--format", "json", str(old)], {}, args.runs)
        plan["cold start: one-tool pair"] = ([*inspect, str(one_old), str(one_new)], {}, args.runs)
        if not args.skip_deepdiff:
            plan["DeepDiff(ignore_order=True) on the tool maps"] = ([py, "-c", DEEPDIFF, str(old), str(new)], {},
                                                                    few)
        samples = timed_interleaved(plan)
        n_changed = len(json.loads(new.read_text())["tools"])
    args.changed = n_changed
    report(samples, args)


def report(samples: Samples, args: argparse.Namespace) -> None:
    rows = {label: statistics.median(wall for wall, _ in values) for label, values in samples.items()}
    cpu = {label: statistics.median(used for _, used in values) for label, values in samples.items()}
    floor_label = "floor: json.load both sides"
    print(f"Machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}, "
          f"{platform.system()}, {os.cpu_count()} CPUs; {args.tools} tools ({args.changed} on the new side), "
          f"median of {args.runs} runs.\n")
    print("| measurement | seconds | CPU seconds | ratio | ratio's range over the rounds | target |")
    print("|---|---|---|---|---|---|")
    targets: dict[str, tuple[list[float] | None, str]] = {"cold start: one-tool pair": (None, "≤ 0.300 s")}
    deep_label = "DeepDiff(ignore_order=True) on the tool maps"
    for label, _, _ in VARIANTS:
        diff = f"mcp-inspect diff{label}"
        targets[diff] = (round_ratios(samples, diff, floor_label), "≤ 6× floor")
        targets[f"{diff}, identical sides"] = (round_ratios(samples, f"{diff}, identical sides", floor_label),
                                               "≤ 3× floor")
        big = f"{diff}, {args.tools * 10} tools"
        targets[big] = (round_ratios(samples, big, diff), f"≤ 12× the {args.tools:,}-tool diff")
    for label, _ in LINTS:  # one side, against the floor that loads both: recorded, no target
        targets[label] = (round_ratios(samples, label, floor_label), "—")
    if deep_label in samples:
        targets[deep_label] = (round_ratios(samples, deep_label, "mcp-inspect diff"), "≥ 10× the diff's time")
        for label in (" on one core", " --no-lint"):
            rows[f"DeepDiff vs diff{label}"] = rows[deep_label]
            cpu[f"DeepDiff vs diff{label}"] = cpu[deep_label]
            targets[f"DeepDiff vs diff{label}"] = (round_ratios(samples, deep_label, f"mcp-inspect diff{label}"),
                                                   "≥ 10× the diff's time")
    for name, seconds in rows.items():
        ratios, target = targets.get(name, (None, "—"))
        shown, spread = ("—", "—")
        if ratios:
            shown = f"{statistics.median(ratios):.1f}×"
            spread = f"{min(ratios):.1f}–{max(ratios):.1f}×"
        print(f"| {name} | {seconds:.3f} | {cpu[name]:.3f} | {shown} | {spread} | {target} |")


if __name__ == "__main__":
    main()
