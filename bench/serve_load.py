"""A bounded load test of ``mcp-inspect serve``, on this machine's loopback only.

Usage:  python bench/serve_load.py [--requests 2000] [--clients 16] [--workers N] [--only NAME ...]
Needs:  pip install '.[serve]'  (httpx comes with mcp-inspect)

Starts the server itself on 127.0.0.1 (a free port), sends a fixed number of requests
from a fixed number of concurrent clients (threads, one HTTP connection each), checks
every answer (status 200 and the same bytes as the first answer to that request: the
reports are deterministic), stops the server, and prints a Markdown table: requests per
second, the median (p50) and 99th-percentile latency, the errors, and the CPU time a
request cost the server's event loop, its workers and the clients (Linux), and the machine's
load average before and after each workload (other processes take cores too). Three
workloads (``--only`` picks some by name):

- ``lint-small``: ``/lint`` on a 12-tool surface (mcp-server-git 2025.11.25, the README's new side);
- ``lint``: ``/lint`` on a real corpus server (the latest capture of the GitHub MCP server);
- ``diff``: ``/diff`` on a real release pair (mcp-server-git 2025.7.1 → 2025.11.25, the README's).

Each workload begins with a warm-up of ``--clients`` × 4 requests, not counted.
Nothing here leaves the machine: the only address used is the server's on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"
#: The most requests one run may send, whatever is asked: the test stays bounded.
MAX_REQUESTS = 5000
MAX_CLIENTS = 64


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(p) for p in path.stem.split(".") if p.isdigit())


WORKLOADS = ("lint-small", "lint", "diff")


def workloads() -> list[tuple[str, str, str, bytes]]:
    """(name, label, path, body) of each workload."""
    github = max((CORPUS / "github").glob("*.json"), key=_version_key)
    old, new = ROOT / "snapshots" / "git-2025.7.1.json", ROOT / "snapshots" / "git-2025.11.25.json"
    old_surface, new_surface = json.loads(old.read_text("utf-8")), json.loads(new.read_text("utf-8"))
    small_body = json.dumps({"surface": new_surface}).encode()
    lint_body = json.dumps({"surface": json.loads(github.read_text("utf-8"))}).encode()
    diff_body = json.dumps({"old": old_surface, "new": new_surface}).encode()
    tools = len(json.loads(github.read_text("utf-8"))["tools"])
    return [("lint-small", f"/lint, mcp-server-git {new.stem.split('-')[-1]} ({len(new_surface['tools'])} tools, "
             f"{len(small_body):,} bytes)", "/lint", small_body),
            ("lint", f"/lint, GitHub server {github.stem} ({tools} tools, {len(lint_body):,} bytes)", "/lint",
             lint_body),
            ("diff", f"/diff, mcp-server-git {old.stem.split('-')[-1]} → {new.stem.split('-')[-1]} "
             f"({len(diff_body):,} bytes)", "/diff", diff_body)]


def _load() -> str:
    """The machine's 1-minute load average (``?`` where the platform has none)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return "?"


def start_server(workers: int | None) -> tuple[subprocess.Popen[bytes], str]:
    # Every client here is this machine, one address: it may take every place (--max-per-client).
    args = [sys.executable, "-m", "mcp_inspect", "serve", "--host", "127.0.0.1", "--port", "0",
            "--max-per-client", "64"]
    if workers is not None:
        args += ["--workers", str(workers)]
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               cwd=ROOT)
    assert process.stderr is not None
    deadline = time.monotonic() + 120
    for line in process.stderr:  # the first lines: start-up events; the "listening" one names the port
        entry = json.loads(line)
        if entry.get("event") == "listening":
            threading.Thread(target=_drain, args=(process.stderr,), daemon=True).start()
            return process, str(entry["url"])
        if time.monotonic() > deadline:
            break
    process.kill()
    raise SystemExit("the server did not start")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else []:
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        here = frontier.pop()
        children = [child for child, parent in parents.items() if parent == here]
        found += children
        frontier += children
    return found


def cpu_split(server: int) -> tuple[float, float, float]:
    """CPU seconds so far of the server's event loop, of its workers (and fork server), and of
    this process (the clients)."""
    here = os.times()
    return (_cpu_seconds(server), sum(_cpu_seconds(pid) for pid in _descendants(server)), here.user + here.system)


def _drain(stream: Any) -> None:
    for _ in stream:  # the per-request log lines: read, so the pipe never fills
        pass


def run(url: str, path: str, body: bytes, requests: int, clients: int) -> dict[str, Any]:
    """Send ``requests`` POSTs from ``clients`` threads; latencies and errors."""
    headers = {"content-type": "application/json"}
    with httpx.Client(base_url=url, trust_env=False, timeout=60) as client:
        reference = client.post(path, content=body, headers=headers)
    if reference.status_code != 200:
        raise SystemExit(f"{path}: {reference.status_code} {reference.text[:300]}")
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    counter = iter(range(requests))

    def client_loop() -> None:
        with httpx.Client(base_url=url, trust_env=False, timeout=60) as client:
            while True:
                with lock:
                    if next(counter, None) is None:
                        return
                started = time.perf_counter()
                try:
                    answer = client.post(path, content=body, headers=headers)
                    ok = answer.status_code == 200 and answer.content == reference.content
                    problem = "" if ok else f"status {answer.status_code}"
                except httpx.HTTPError as exc:
                    problem = type(exc).__name__
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    if problem:
                        errors.append(problem)

    threads = [threading.Thread(target=client_loop) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    latencies.sort()
    return {"requests": len(latencies), "seconds": wall, "rps": len(latencies) / wall,
            "p50": statistics.median(latencies) * 1000,
            "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
            "max": latencies[-1] * 1000, "errors": len(errors), "kinds": sorted(set(errors))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per workload (at most 5,000)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (at most 64)")
    parser.add_argument("--workers", type=int, default=None, help="the server's --workers (default: its own)")
    parser.add_argument("--only", nargs="+", choices=WORKLOADS, default=list(WORKLOADS),
                        help="the workloads to run (default: all)")
    args = parser.parse_args()
    requests, clients = min(args.requests, MAX_REQUESTS), min(args.clients, MAX_CLIENTS)
    process, url = start_server(args.workers)
    try:
        rows = []
        for name, label, path, body in workloads():
            if name not in args.only:
                continue
            run(url, path, body, clients * 4, clients)  # warm-up, not counted
            load = _load()
            before = cpu_split(process.pid)
            result = run(url, path, body, requests, clients)
            result["cpu"] = [after - was for after, was in zip(cpu_split(process.pid), before, strict=True)]
            result["load"] = f"{load} → {_load()}"
            rows.append((label, result))
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(60)
    print(f"Machine: {platform.machine()}, Python {platform.python_version()}, {platform.system()}, "
          f"{os.cpu_count()} CPUs; server: --workers {args.workers or 'default (one per CPU)'}; "
          f"{clients} concurrent clients on the same machine; the server exited with {code} on SIGTERM.\n")
    print("| workload | requests | seconds | requests/s | p50 ms | p99 ms | max ms | errors "
          "| CPU ms a request: event loop / workers / clients | load average |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for label, r in rows:
        errors = f"{r['errors']}" + (f" ({', '.join(r['kinds'])})" if r["kinds"] else "")
        cpu = " / ".join(f"{seconds * 1000 / r['requests']:.1f}" for seconds in r["cpu"])
        print(f"| {label} | {r['requests']} | {r['seconds']:.1f} | {r['rps']:.1f} | {r['p50']:.1f} | "
              f"{r['p99']:.1f} | {r['max']:.1f} | {errors} | {cpu} | {r['load']} |")


if __name__ == "__main__":
    main()
