"""Regenerate or check the docs generated from the catalogue and the shipped schemas.

``python -m mcp_inspect.docgen --write`` writes mcp_inspect/_catalogue.json (the compiled
catalogue read at run time), docs/rules.md, docs/config.schema.json and docs/report.schema.json;
``--check`` (run by the tests) fails when any is out of date.
"""

from __future__ import annotations

from pathlib import Path

from .catalogue import COMPILED, compile_catalogue, load_catalogue


def main(argv: list[str] | None = None) -> int:
    """``--write`` regenerates the generated docs; ``--check`` exits 1 when one is out of date."""
    import argparse

    from .report.rules_doc import render_rules_markdown

    parser = argparse.ArgumentParser(prog="python -m mcp_inspect.docgen")
    parser.add_argument("--write", action="store_true", help="regenerate docs/rules.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules.md is stale")
    args = parser.parse_args(argv)
    docs = Path(__file__).resolve().parent.parent / "docs"
    schemas = Path(__file__).resolve().parent / "schemas"
    generated = {
        COMPILED: compile_catalogue(),
        docs / "rules.md": render_rules_markdown(load_catalogue(compiled=False)),
        docs / "config.schema.json": (schemas / "config.schema.json").read_text(encoding="utf-8"),
        docs / "report.schema.json": (schemas / "report.schema.json").read_text(encoding="utf-8"),
    }
    stale = 0
    for target, text in generated.items():
        if args.write:
            target.write_text(text, encoding="utf-8")
        elif not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{target} is out of date: run python -m mcp_inspect.docgen --write")
            stale += 1
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
