"""Rewrite the command outputs docs/examples.md and docs/tour.md quote, from the tool itself.

Run from the repository root after a change that alters what ``mcp-inspect diff`` prints:
``python scripts/refresh_doc_outputs.py``. tests/docs/test_docs_examples.py and
tests/docs/test_docs_tour.py fail while a quoted output differs from the real one; the prose
around the outputs is not touched, so read the diff before committing it.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _run(args: list[str]) -> str:
    from typer.testing import CliRunner

    from mcp_inspect.cli import app

    return CliRunner().invoke(app, args).stdout.rstrip()


def refresh_examples(text: str) -> str:
    def block(match: re.Match[str]) -> str:
        old, new = match.group(1), match.group(2)
        return f"<!-- example: {old} {new} -->\n```text\n{_run(['diff', old, new])}\n```"

    return re.sub(r"<!-- example: (\S+) (\S+) -->\n```text\n.*?\n```", block, text, flags=re.S)


def refresh_tour(text: str) -> str:
    def block(match: re.Match[str]) -> str:
        command, prompt = match.group(1), match.group(2)
        return f"<!-- tour: {command} -->\n```text\n{prompt}\n{_run(shlex.split(command))}\n```"

    def excerpt(match: re.Match[str]) -> str:
        command, count, prompt = match.group(1), int(match.group(2)), match.group(3)
        lines = "\n".join(_run(shlex.split(command)).splitlines()[:count]).rstrip()
        return f"<!-- tour: {command} | first {count} lines -->\n```text\n{prompt}\n{lines}\n```"

    text = re.sub(r"<!-- tour: (diff [^|\n]*?) -->\n```text\n(\$ mcp-inspect [^\n]*)\n.*?\n```", block, text,
                  count=1, flags=re.S)
    return re.sub(r"<!-- tour: (diff [^|\n]*?) \| first (\d+) lines -->\n```text\n(\$ mcp-inspect [^\n]*)\n.*?\n```",
                  excerpt, text, flags=re.S)


def main() -> None:
    import os

    os.chdir(ROOT)
    for name, refresh in (("examples.md", refresh_examples), ("tour.md", refresh_tour)):
        path = ROOT / "docs" / name
        path.write_text(refresh(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
