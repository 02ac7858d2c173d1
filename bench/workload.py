"""Build the benchmark workload from the corpus (standard library only, deterministic).

Old side: every tool of the latest release of each corpus server, cloned with
unique names until there are about N tools. New side: the same tools with about
5% changed in the typical ways a release changes tools, and 1% removed.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus"
CHANGES = ("optional_param", "description", "required", "bound", "hint", "closed")


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(p) for p in path.stem.split(".") if p.isdigit())


def base_tools() -> list[dict]:
    tools = []
    for server in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        latest = max(server.glob("*.json"), key=_version_key)
        tools.extend(json.loads(latest.read_text())["tools"])
    return tools


def _change(tool: dict, kind: str, rng: random.Random) -> None:
    schema = tool.setdefault("inputSchema", {"type": "object"})
    props = schema.setdefault("properties", {})
    if kind == "optional_param":
        props["bench_extra"] = {"type": "string", "description": "Added by the benchmark."}
    elif kind == "description":
        tool["description"] = (tool.get("description") or "") + " Results are now cached for 60 seconds."
    elif kind == "required" and props:
        name = sorted(props)[rng.randrange(len(props))]
        schema["required"] = sorted(set(schema.get("required", [])) | {name})
    elif kind == "bound":
        name = next((n for n in sorted(props) if props[n].get("type") in ("string", ["string"])), None)
        if name:
            props[name]["maxLength"] = 64
        else:
            props["bench_limit"] = {"type": "integer", "maximum": 10}
    elif kind == "hint":
        hints = tool.setdefault("annotations", {})
        hints["readOnlyHint"] = not hints.get("readOnlyHint", False)
    else:
        schema["additionalProperties"] = False


def build(n_tools: int, seed: int = 7) -> tuple[dict, dict]:
    rng = random.Random(seed)
    base = base_tools()
    old_tools = []
    copy_index = 0
    while len(old_tools) < n_tools:
        for tool in base:
            if len(old_tools) >= n_tools:
                break
            clone = copy.deepcopy(tool)
            clone["name"] = f"{tool['name']}_{copy_index}"
            old_tools.append(clone)
        copy_index += 1
    new_tools = []
    for index, tool in enumerate(old_tools):
        roll = rng.random()
        if roll < 0.01:
            continue  # removed
        clone = copy.deepcopy(tool)
        if roll < 0.06:
            _change(clone, CHANGES[index % len(CHANGES)], rng)
        new_tools.append(clone)
    return {"tools": old_tools}, {"tools": new_tools}


def write(directory: Path, n_tools: int) -> tuple[Path, Path]:
    old, new = build(n_tools)
    directory.mkdir(parents=True, exist_ok=True)
    old_path, new_path = directory / f"old-{n_tools}.json", directory / f"new-{n_tools}.json"
    old_path.write_text(json.dumps(old))
    new_path.write_text(json.dumps(new))
    return old_path, new_path
