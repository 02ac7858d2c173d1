"""Which sections of a pull-request comment fit GitHub's size limit, most important first.

A comment over the limit is not posted at all, so the Markdown reports leave sections out
whole (every section shown stays well formed). The room goes to the sections by *tier*
(0 first: what fails the gate), so a short comment still shows why the gate failed; the
reports then print the chosen sections in their reading order, which need not be the
order of importance.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Section:
    """``variants``: the section's texts, fullest first, each with the number of findings
    it leaves unshown (0 for the full text); a shorter variant is used when the full one
    does not fit. ``tier``: lower is more important."""

    tier: int
    variants: list[tuple[str, int]]
    #: Findings the section holds: all of them are unshown when it is left out.
    findings: int
    #: Room for the last (shortest) variant is set aside before any section is placed,
    #: for a section that must be there whatever else is (the one the verdict points at).
    reserved: bool = False


def fit(sections: list[Section], budget: int) -> dict[int, tuple[str, int]]:
    """The variant chosen for each section shown, by the section's index.

    Sections are given room by tier, and in their order within a tier; each takes its
    first variant that fits (with a separating newline). A section that fits in none is
    left out, and from then on no section of a later tier is shown, so nothing less
    important ever takes the place of what was left out; later sections of the same tier
    still may be, when they are smaller. A ``reserved`` section is placed in its turn
    however the others fared, in the best variant the room then allows.
    """
    chosen: dict[int, tuple[str, int]] = {}
    cut_tier: int | None = None
    budget -= sum(len(s.variants[-1][0]) + 1 for s in sections if s.reserved)
    for i in sorted(range(len(sections)), key=lambda i: sections[i].tier):
        section = sections[i]
        if section.reserved:  # its turn: the room set aside is its own again
            budget += len(section.variants[-1][0]) + 1
        elif cut_tier is not None and section.tier > cut_tier:
            continue
        variant = next((v for v in section.variants if len(v[0]) + 1 <= budget), None)
        if variant is None:
            cut_tier = section.tier if cut_tier is None else cut_tier
            continue
        chosen[i] = variant
        budget -= len(variant[0]) + 1
    return chosen
