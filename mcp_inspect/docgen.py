"""Regenerate or check docs generated from the catalogue: ``python -m mcp_inspect.docgen --write``."""

from __future__ import annotations

from pathlib import Path

from .catalogue import load_catalogue


def main(argv: list[str] | None = None) -> int:
    """``--write`` regenerates docs/rules.md; ``--check`` fails when it is out of date."""
    import argparse

    from .report.rules_doc import render_rules_markdown

    parser = argparse.ArgumentParser(prog="python -m mcp_inspect.docgen")
    parser.add_argument("--write", action="store_true", help="regenerate docs/rules.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules.md is stale")
    args = parser.parse_args(argv)
    target = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    text = render_rules_markdown(load_catalogue())
    if args.write:
        target.write_text(text, encoding="utf-8")
        return 0
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    if current != text:
        print(f"{target} is out of date: run python -m mcp_inspect.docgen --write")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
