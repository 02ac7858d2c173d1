"""Regenerate the generator pairs of tests/data/generators/ by running the generators.

    python scripts/generators/regenerate.py [--scratch DIR] [--only NAME ...]
    python scripts/generators/regenerate.py --write-doc     # only the table in the notes

Most MCP servers do not write JSON Schema by hand: a schema library or an SDK writes it
from their source. Each catalogue (tests/data/generators/catalogues/*.yaml) lists edits a
maintainer makes in that source, the old and the new spelling, and the finding the
classification contract expects (docs/classification-notes.md, "Spellings as the
generators write them"). This script installs every generator at the version pinned below
in a scratch folder (npm and a Python venv: the only time the registries are needed),
writes each side of every catalogue through each generator that reads it, and stores
tests/data/generators/<generator>/{old,new,versions}.json. For the SDKs the side is a real
stdio server, captured by `mcp-inspect snapshot --server` (its tools/list), so what is
stored is what a client is sent. tests/classify/test_generators.py then needs only the
committed files. Every case is one tool of the side's list, named by the case.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from catalogue import DATA, GENERATORS, load_catalogue, source_digest, tool_name  # noqa: E402
from table import write_doc  # noqa: E402

#: The script that writes (or serves) each npm generator's side.
NODE_SCRIPTS = {"zod3": "zod_schemas.mjs", "zod4": "zod_schemas.mjs", "ts-sdk": "ts_sdk_server.mjs",
                "typebox": "typebox_schemas.mjs", "valibot": "valibot_schemas.mjs"}


def run(command: list[str], cwd: Path, stdin: str | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, input=stdin, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        sys.exit(f"regenerate: {' '.join(command)} failed in {cwd}:\n{done.stderr.strip()}")
    return done.stdout


def install(name: str, scratch: Path) -> Path:
    """The generator's own folder, its packages installed at the pinned versions."""
    spec = GENERATORS[name]
    folder = scratch / name
    folder.mkdir(parents=True, exist_ok=True)
    if "npm" in spec:
        if not (folder / "package.json").exists():
            (folder / "package.json").write_text('{"name": "generator", "private": true, "type": "module"}\n')
        run(["npm", "install", "--no-audit", "--no-fund", "--save-exact", *spec["npm"]], folder)
        for script in set(NODE_SCRIPTS.values()):
            shutil.copy(HERE / script, folder / script)
    else:
        if not (folder / "venv").exists():
            run([sys.executable, "-m", "venv", "venv"], folder)
        run([str(folder / "venv" / "bin" / "pip"), "install", "--quiet", *spec["pip"]], folder)
        for script in ("python_sources.py", "pydantic_schemas.py", "python_sdk_server.py"):
            shutil.copy(HERE / script, folder / script)
    return folder


def versions(name: str, folder: Path) -> dict[str, str]:
    """The installed version of every pinned package, read back from the install."""
    spec = GENERATORS[name]
    found = {}
    if "npm" in spec:
        for package in spec["npm"]:
            bare = package.rsplit("@", 1)[0]
            found[bare] = json.loads((folder / "node_modules" / bare / "package.json").read_text())["version"]
        found["node"] = run(["node", "--version"], folder).strip()
    else:
        python = str(folder / "venv" / "bin" / "python")
        for package in [p.split("==")[0] for p in spec["pip"]] + ["pydantic"]:
            found[package] = run([python, "-c", f"import importlib.metadata as m; print(m.version({package!r}))"],
                                 folder).strip()
        found["python"] = run([python, "-c", "import platform; print(platform.python_version())"], folder).strip()
    return dict(sorted(found.items()))


def job(name: str, side: str) -> dict:
    """One side of the generator's catalogue, as the generator scripts read it."""
    catalogue = load_catalogue(GENERATORS[name]["catalogue"])
    tools = []
    for case in catalogue["cases"]:
        entry = {"name": tool_name(case), "description": f"Generator case {case['id']}.",
                 "output": bool(case.get("output"))}
        if catalogue["language"] == "python":
            entry["defs"] = case.get("defs", "") + case.get(f"{side}_defs", "")
            entry["fields"] = case[side]
        else:
            entry["source"] = case[side]
        tools.append(entry)
    return {"tools": tools}


def capture(folder: Path, command: str, out: Path, env: dict[str, str]) -> None:
    """tools/list of a real stdio server, through mcp-inspect's own capture."""
    run([sys.executable, "-m", "mcp_inspect", "snapshot", "--server", command, "-o", str(out)], folder,
        env={**env, "PYTHONPATH": str(ROOT)})


def generate(name: str, scratch: Path) -> None:
    spec = GENERATORS[name]
    folder = install(name, scratch)
    target = DATA / name
    target.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    for side in ("old", "new"):
        payload = json.dumps(job(name, side))
        out = target / f"{side}.json"
        if spec["kind"] == "schemas" and "npm" in spec:
            args = ["node", NODE_SCRIPTS[name]] + ([name] if name.startswith("zod") else [])
            text = run(args, folder, stdin=payload)
        elif spec["kind"] == "schemas":
            text = run([str(folder / "venv" / "bin" / "python"), "pydantic_schemas.py"], folder, stdin=payload)
        else:
            (folder / f"{side}-job.json").write_text(payload)
            server = (f"node ts_sdk_server.mjs {side}-job.json" if "npm" in spec
                      else f"venv/bin/python python_sdk_server.py {side}-job.json")
            capture(folder, server, out, env)
            continue
        out.write_text(json.dumps(json.loads(text), indent=1, sort_keys=True) + "\n")
    (target / "versions.json").write_text(json.dumps(
        {"generator": name, "catalogue": spec["catalogue"], "sources": source_digest(name), "how": spec["how"],
         "packages": versions(name, folder)},
        indent=1) + "\n")
    print(f"regenerate: {name}: {target.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scratch", type=Path, help="where to install the generators (default: a new temporary one)")
    parser.add_argument("--only", nargs="+", choices=sorted(GENERATORS), help="regenerate these generators only")
    parser.add_argument("--write-doc", action="store_true", help="only rewrite the table in classification-notes.md")
    args = parser.parse_args()
    if not args.write_doc:
        scratch = args.scratch or Path(tempfile.mkdtemp(prefix="mcp-inspect-generators-"))
        for name in args.only or sorted(GENERATORS):
            generate(name, scratch.resolve())
    write_doc()


if __name__ == "__main__":
    main()
