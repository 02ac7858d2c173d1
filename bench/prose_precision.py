"""The prose grade measured on real releases: the grader's confusion table against hand labels.

    python bench/prose_precision.py                 # print the table and any finding not labelled
    python bench/prose_precision.py --list FILE     # write every finding, its id and both texts, to label
    python bench/prose_precision.py --write         # also refresh the table in docs/classification-notes.md

Findings: every prose finding (a rule of aspect ``prose``, and a widget description) of every
consecutive pair of releases of every server in tests/data/corpus, tests/data/captured and
tests/data/trial, releases ordered by version. Each has a stable id: server, the two
versions, the entity, its path and the rule.

Labels: tests/data/prose-labels.json, one entry per finding id, judged by the contract's
question alone (could the change plausibly move what a model sends?), reading the texts and
the schema beside them as a reviewer of that server would: ``POTENTIALLY_BREAKING`` when it
could, ``DOCUMENTATION`` when it could not, with a one-line ``why``. The file also records
the grade the grader gave when the finding was labelled (``graded``), so the table renders from
the file alone and a test (tests/classify/test_prose_labels.py) can tell when the grader moved.

Targets (issue 34): of the findings graded POTENTIALLY_BREAKING at most 15% labelled
DOCUMENTATION (false alarms), and of those graded DOCUMENTATION at most 5% labelled
POTENTIALLY_BREAKING (missed meaning changes, which cost more than a warning).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from doc_blocks import between, write_between  # noqa: E402

LABELS = ROOT / "tests" / "data" / "prose-labels.json"
SERVERS = tuple(ROOT / "tests" / "data" / kind for kind in ("corpus", "captured", "trial"))
NOTES = ROOT / "docs" / "classification-notes.md"
BEGIN, END = "<!-- prose-table: begin -->", "<!-- prose-table: end -->"
GRADES = ("POTENTIALLY_BREAKING", "DOCUMENTATION")
#: At most this share of the findings graded POTENTIALLY_BREAKING may be labelled DOCUMENTATION...
FALSE_ALARMS = 0.15
#: ...and at most this share of those graded DOCUMENTATION labelled POTENTIALLY_BREAKING.
MISSED = 0.05
#: The rules graded by the prose measure besides those of aspect ``prose``.
_ALSO = frozenset({"resource.ui.widgetDescription.changed"})


def _version_key(path: Path) -> tuple[Any, ...]:
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in path.stem.split("."))


def pairs() -> list[tuple[str, Path, Path]]:
    """(server, old, new) of each consecutive pair of releases, servers in name order."""
    found = []
    for root in SERVERS:
        for server in sorted(d for d in root.iterdir() if d.is_dir()):
            files = sorted(server.glob("*.json"), key=_version_key)
            found += [(server.name, old, new) for old, new in zip(files, files[1:], strict=False)]
    return found


def finding_id(server: str, old: str, new: str, kind: str, entity: str, path: str, rule: str) -> str:
    return f"{server} {old}->{new} {kind}:{entity} {path} {rule}"


def collect() -> dict[str, dict[str, Any]]:
    """Every prose finding by id: its grade, the grader's reason and both texts."""
    from mcp_inspect.catalogue import default_catalogue
    from mcp_inspect.classify.engine import diff_snapshots
    from mcp_inspect.snapshot import load_snapshot

    catalogue = default_catalogue()
    prose = {r.id for r in catalogue if r.kind == "change" and (r.aspect == "prose" or r.id in _ALSO)}
    out: dict[str, dict[str, Any]] = {}
    for server, old, new in pairs():
        report = diff_snapshots(load_snapshot(str(old)), load_snapshot(str(new)))
        for f in report.findings:
            if f.rule not in prose:
                continue
            key = finding_id(server, old.stem, new.stem, f.entity.kind, f.entity.name, f.path, f.rule)
            if key in out:
                raise SystemExit(f"two findings share the id {key!r}")
            out[key] = {"graded": f.severity.name, "reason": f.args.get("reason", ""),
                        "before": f.before, "after": f.after}
    return dict(sorted(out.items()))


def load() -> dict[str, Any]:
    return json.loads(LABELS.read_text(encoding="utf-8"))


def confusion(labels: dict[str, dict[str, str]]) -> Counter[tuple[str, str]]:
    """(graded, labelled) → how many findings."""
    return Counter((entry["graded"], entry["label"]) for entry in labels.values())


def table(data: dict[str, Any]) -> str:
    """The Markdown docs/classification-notes.md shows between its markers."""
    counts = confusion(data["labels"])
    rows = ["| graded \\ labelled | POTENTIALLY_BREAKING | DOCUMENTATION | total | labelled the other way | target |",
            "|---|---:|---:|---:|---:|---|"]
    for graded, limit in zip(GRADES, (FALSE_ALARMS, MISSED), strict=True):
        total = sum(counts[graded, label] for label in GRADES)
        other = counts[graded, GRADES[1] if graded == GRADES[0] else GRADES[0]]
        share = other / total if total else 0.0
        verdict = "met" if share <= limit else "missed"
        rows.append(f"| {graded} | {counts[graded, GRADES[0]]} | {counts[graded, GRADES[1]]} | {total} "
                    f"| {other} ({share:.1%}) | at most {limit:.0%}: {verdict} |")
    servers = Counter(key.split(" ", 1)[0] for key in data["labels"])
    rows.append("")
    rows.append(f"{len(data['labels'])} findings labelled, from {len(servers)} servers "
                f"({len({' '.join(k.split(' ', 2)[:2]) for k in data['labels']})} release pairs).")
    return "\n".join(rows)


def disagreements(data: dict[str, Any]) -> list[str]:
    """The labelled findings whose label is not their grade, with the reason the label gives."""
    return [f"{entry['graded']} labelled {entry['label']}: {key} ({entry['why']})"
            for key, entry in data["labels"].items() if entry["graded"] != entry["label"]]


def doc_block(text: str) -> str:
    return between(text, BEGIN, END)


def write_doc(rendered: str) -> None:
    write_between(NOTES, BEGIN, END, rendered)


def _shown(value: Any) -> str:
    return value if isinstance(value, str) or value is None else json.dumps(value, ensure_ascii=False)


def main(argv: list[str]) -> int:
    found = collect()
    data = load()
    labels = data["labels"]
    if "--list" in argv:
        target = Path(argv[argv.index("--list") + 1])
        with target.open("w", encoding="utf-8") as out:
            for key, f in found.items():
                mark = labels[key]["label"] if key in labels else "-"
                out.write(f"### {key}\n[{f['graded']} / {f['reason']}] label: {mark}\n"
                          f"BEFORE: {_shown(f['before'])}\nAFTER:  {_shown(f['after'])}\n\n")
        print(f"wrote {len(found)} findings to {target}")
    stale = sorted(set(labels) - set(found))
    unlabelled = sorted(set(found) - set(labels))
    for key in sorted(set(found) & set(labels)):
        labels[key]["graded"] = found[key]["graded"]  # the grade now; the label stays
    for key in stale:
        del labels[key]
    rendered = table(data)
    print(rendered)
    for line in disagreements(data):
        print(line)
    print(f"\n{len(unlabelled)} findings not labelled yet; {len(stale)} labels no finding has any more")
    if "--write" in argv:
        LABELS.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
        write_doc(rendered)
        print("wrote", LABELS.relative_to(ROOT), "and", NOTES.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
