"""What locating findings in the source adds to a diff: a generated repository of 2,000 source
files (TypeScript, Python and Go, a tenth of them registering tools), and the same diff run
with ``--no-source`` and with ``--source-root`` as whole processes (what a CI step pays).

Usage:  python bench/source_scale.py [--files 2000] [--runs 5]
Needs:  pip install '.[source]'

Two diffs are timed: one where five tools changed (a pull request's usual size) and one
where every tool registered in the repository changed (the scan's worst case: every file
that registers one is parsed). The median of --runs is reported, the runs taken in rounds so
a slow spell of the machine hits every command; the CPU time of each process is reported
beside its wall time; docs/performance.md records a run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FILLER = {
    ".ts": "export function helper{i}_{j}(value: string): string {{\n  const parts = value.split(',');\n"
           "  return parts.map((part) => part.trim()).join(';');\n}}\n\n",
    ".py": "def helper{i}_{j}(value: str) -> str:\n    parts = value.split(',')\n"
           "    return ';'.join(part.strip() for part in parts)\n\n\n",
    ".go": "func helper{i}_{j}(value string) string {{\n\tparts := strings.Split(value, \",\")\n"
           "\treturn strings.Join(parts, \";\")\n}}\n\n",
}
TOOL = {
    ".ts": 'server.tool("tool_{i}", "Tool {i}", {{ query: z.string(), limit: z.number() }}, async () => '
           '({{ content: [] }}));\n\n',
    ".py": '@mcp.tool()\ndef tool_{i}(query: str, limit: int = 10) -> str:\n    return query\n\n\n',
    ".go": 'var tool{i} = mcp.NewTool("tool_{i}", mcp.WithString("query"), mcp.WithNumber("limit"))\n\n',
}
HEAD = {".ts": 'import {{ z }} from "zod";\n\n', ".py": "from app import mcp\n\n\n",
        ".go": 'package pkg{i}\n\nimport "strings"\n\n'}


def make_repository(folder: Path, files: int) -> list[str]:
    """``files`` files of about 4 KB each; every tenth registers a tool. The tools' names."""
    tools = []
    for i in range(files):
        extension = (".ts", ".ts", ".ts", ".ts", ".ts", ".py", ".py", ".py", ".go", ".go")[i % 10]
        path = folder / f"pkg{i // 100}" / f"module{i}{extension}"
        path.parent.mkdir(parents=True, exist_ok=True)
        body = HEAD[extension].format(i=i) + "".join(FILLER[extension].format(i=i, j=j) for j in range(30))
        if i % 30 in (0, 5, 8):  # a TypeScript, a Python and a Go file of every 30
            body += TOOL[extension].format(i=i)
            tools.append(f"tool_{i}")
        path.write_text(body)
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    return tools


def surface(tools: list[str], changed: set[str]) -> dict:
    def schema(name: str) -> dict:
        kind = "integer" if name in changed else "string"
        return {"type": "object", "properties": {"query": {"type": kind}, "limit": {"type": "number"}}}
    return {"tools": [{"name": name, "inputSchema": schema(name)} for name in tools]}


def timed(command: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one process. On a shared machine the wall
    time grows with everyone else's load; the CPU time says what the command itself costs."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("MCP_INSPECT_NO_SOURCE", None)
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        raise SystemExit(process.stderr.read().decode() if process.stderr else "failed")
    return elapsed, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        repo = Path(temp) / "repo"
        tools = make_repository(repo, args.files)
        old = Path(temp) / "old.json"
        old.write_text(json.dumps(surface(tools, set())))
        cases = {}
        for label, changed in (("5 tools changed", set(tools[::max(len(tools) // 5, 1)][:5])),
                               (f"all {len(tools)} tools changed", set(tools))):
            new = Path(temp) / f"new-{len(changed)}.json"
            new.write_text(json.dumps(surface(tools, changed)))
            base = [sys.executable, "-m", "mcp_inspect", "diff", str(old), str(new), "--no-lint", "-f", "json"]
            cases[label] = {"--no-source": base + ["--no-source"], "--source-root": base + ["--source-root", str(repo)]}
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.runs):
            for label, commands in cases.items():
                for option, command in commands.items():
                    times.setdefault((label, option), []).append(timed(command))
        print(f"{args.files:,} source files, {len(tools)} of them registering a tool; median of {args.runs} runs, "
              f"wall time (CPU time)\n")
        print("| diff | --no-source | --source-root | added |")
        print("|---|---|---|---|")
        for label in cases:
            plain = [statistics.median(one[k] for one in times[(label, "--no-source")]) for k in (0, 1)]
            located = [statistics.median(one[k] for one in times[(label, "--source-root")]) for k in (0, 1)]
            print(f"| {label} | {plain[0]:.2f} s ({plain[1]:.2f} s) | {located[0]:.2f} s ({located[1]:.2f} s) | "
                  f"{located[0] - plain[0]:+.2f} s ({located[1] - plain[1]:+.2f} s) |")


if __name__ == "__main__":
    main()
