"""The prose grade measured on real releases (bench/prose_precision.py): every prose finding of
every consecutive pair of releases the project holds is labelled by hand, the labels record the
grade each got, and docs/classification-notes.md shows the confusion table they give. These
tests keep the three in step: a grader change that moves a grade, a finding nobody labelled, or
a table not rendered from the committed labels fails here."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import prose_precision  # noqa: E402 - the measurement's own collection and rendering


def test_every_prose_finding_is_labelled_with_the_grade_it_gets_now():
    found = prose_precision.collect()
    labels = prose_precision.load()["labels"]
    assert sorted(set(found) - set(labels)) == [], "label these (python bench/prose_precision.py --list FILE)"
    assert sorted(set(labels) - set(found)) == [], "labels no finding has any more: run --write"
    moved = {key: (labels[key]["graded"], found[key]["graded"]) for key in found
             if labels[key]["graded"] != found[key]["graded"]}
    assert moved == {}, "the grader moved these (recorded, now): run python bench/prose_precision.py --write"


def test_each_label_is_a_grade_with_a_reason():
    for key, entry in prose_precision.load()["labels"].items():
        assert entry["label"] in prose_precision.GRADES, key
        assert entry["graded"] in prose_precision.GRADES, key
        assert entry["why"].strip(), key


def test_the_table_in_the_notes_is_rendered_from_the_labels():
    notes = prose_precision.NOTES.read_text(encoding="utf-8")
    assert prose_precision.doc_block(notes) == prose_precision.table(prose_precision.load()), \
        "run python bench/prose_precision.py --write"


def test_at_least_300_findings_are_labelled_and_none_graded_documentation_is_a_missed_meaning_change_above_5pc():
    data = prose_precision.load()
    assert len(data["labels"]) >= 300
    counts = prose_precision.confusion(data["labels"])
    documentation = counts["DOCUMENTATION", "DOCUMENTATION"] + counts["DOCUMENTATION", "POTENTIALLY_BREAKING"]
    assert counts["DOCUMENTATION", "POTENTIALLY_BREAKING"] <= prose_precision.MISSED * documentation
