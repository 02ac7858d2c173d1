"""The generator × edit table of docs/classification-notes.md, written from the catalogues
and the versions file of each generator, between its two markers. regenerate.py writes it;
tests/classify/test_generators.py checks that the committed notes hold exactly this."""

from __future__ import annotations

import json

from catalogue import DATA, GENERATORS, ROOT, cases, expected, load_catalogue

NOTES = ROOT / "docs" / "classification-notes.md"
BEGIN, END = "<!-- generator-table: begin -->", "<!-- generator-table: end -->"
SHORT = {"BREAKING": "B", "POTENTIALLY_BREAKING": "PB", "NON_BREAKING": "NB", "DOCUMENTATION": "DOC"}


def _cell(findings: list[tuple[str, str]]) -> str:
    if not findings:
        return "none"
    return "; ".join(f"{rule.split('.', 2)[2]} {SHORT[severity]}" for rule, severity in findings)


def render() -> str:
    lines = [BEGIN, "", "Each cell is what the contract expects from that generator: the rules after `tool.input.`",
             "(`tool.output.` for an output case) with their severities (B breaking, PB potentially",
             "breaking, NB non-breaking, DOC documentation); `none` is no finding. A case marked †",
             "is one today's classifier gets wrong, with what it reports in the catalogue's `known`.", ""]
    lines.append("| generator | packages | how the schema is written | cases |")
    lines.append("|---|---|---|---|")
    for name, spec in GENERATORS.items():
        versions_file = DATA / name / "versions.json"
        packages = json.loads(versions_file.read_text())["packages"] if versions_file.exists() else {}
        pinned = ", ".join(f"{package} {version}" for package, version in packages.items())
        lines.append(f"| {name} | {pinned} | {spec['how']} | {len(cases(name))} |")
    for catalogue in sorted({spec["catalogue"] for spec in GENERATORS.values()}):
        names = [name for name, spec in GENERATORS.items() if spec["catalogue"] == catalogue]
        lines += ["", f"**{catalogue}** catalogue (`tests/data/generators/catalogues/{catalogue}.yaml`):", ""]
        lines.append("| case | edit | " + " | ".join(names) + " |")
        lines.append("|---|---|" + "---|" * len(names))
        for case in load_catalogue(catalogue)["cases"]:
            edit = case["edit"].replace("|", "\\|")
            cells = [_cell(expected(case, name)) for name in names]
            marks = (" (output)" if case.get("output") else "") + (" †" if "known" in case else "")
            lines.append(f"| `{case['id']}`{marks} | {edit} | "
                         + " | ".join(cells) + " |")
    lines += ["", END]
    return "\n".join(lines)


def write_doc() -> None:
    text = NOTES.read_text(encoding="utf-8")
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    NOTES.write_text(text[:start] + render() + text[stop:], encoding="utf-8")
