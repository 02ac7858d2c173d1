"""Benchmark the stdio recording proxy on one long line: does it forward in proportion?

Usage:  python bench/record_proxy.py [--mb 50] [--runs 3]

A child process writes one JSON-RPC answer of --mb megabytes on one line to its stdout, and
this process reads it to the end: once straight from the child, once through
``mcp-inspect record --server`` (a process of its own, with a call log in a temporary
folder). The median wall time of --runs runs of each, from the start and from the first
byte (the forwarding alone, without the proxy's start-up), and their ratios. The proxy
used to rebuild its line buffer on every 64 KiB chunk, so a 50 MB line took some 13 s where
the child alone takes a fraction of one; the issue's bar is under 1.5 times the time without
the proxy (docs/record.md records a run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

WRITER = r"""
import sys
size = int(sys.argv[1])
head = b'{"jsonrpc":"2.0","id":1,"result":{"text":"'
sys.stdin.buffer.read()  # the request (its stdin closes at once)
out = sys.stdout.buffer
out.write(head)
piece = b"x" * (1 << 20)
for _ in range(size >> 20):
    out.write(piece)
out.write(b'"}}\n')
out.flush()
"""


def _stream(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Run ``command`` with its stdin closed and read its stdout to the end, as a client would:
    the seconds from its start to the last byte, from the first byte to the last (the
    forwarding alone, without either process's start-up), and from the first byte to the
    answer parsed (what a client waits for)."""
    import json
    import subprocess

    start = time.perf_counter()
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.close()
    first = None
    received = bytearray()
    fd = child.stdout.fileno()
    while chunk := os.read(fd, 1 << 16):
        if first is None:
            first = time.perf_counter()
        received += chunk
    end = time.perf_counter()
    try:
        json.loads(received)
    except ValueError:
        print(f"  the answer arrived cut short: {len(received):,} bytes", file=sys.stderr)
    parsed = time.perf_counter()
    child.wait()
    first = first or end
    return end - start, end - first, parsed - first


def direct(size: int) -> tuple[float, float, float]:
    return _stream([sys.executable, "-c", WRITER, str(size)])


def proxied(size: int, folder: str) -> tuple[float, float, float]:
    """Through ``mcp-inspect record --server``, a process of its own as in real use (in this
    process it would share the interpreter lock with the reader)."""
    import shlex

    root = str(Path(__file__).resolve().parent.parent)
    server = shlex.join([sys.executable, "-c", WRITER, str(size)])
    return _stream([sys.executable, "-m", "mcp_inspect", "record", "--server", server,
                    "-o", os.path.join(folder, "calls.jsonl")], {**os.environ, "PYTHONPATH": root})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    size = args.mb << 20
    with tempfile.TemporaryDirectory() as folder:
        plain = [direct(size) for _ in range(args.runs)]
        through = [proxied(size, folder) for _ in range(args.runs)]
    for index, what in ((0, "from start to the last byte"), (1, "from the first byte to the last"),
                        (2, "from the first byte to the answer parsed")):
        alone = statistics.median(run[index] for run in plain)
        proxy = statistics.median(run[index] for run in through)
        print(f"one line of {args.mb} MB, {what}: {alone:.2f} s without the proxy, {proxy:.2f} s through it "
              f"({proxy / alone:.2f}x; median of {args.runs})")

if __name__ == "__main__":
    main()
