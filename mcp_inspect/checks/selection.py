"""Which checks run, and at which severity the user set (docs/lint.md, "Selection").

Selection works like ruff's. A selector is ``ALL``, ``recommended`` (the codes whose
catalogue entry says ``recommended: true``), a family (``MCP``, ``SEC``), a full code
(``SEC-001``) or a code prefix with a trailing ``*`` (``MCP-02*``), in any letter case.
``select`` (default ``recommended``) chooses, ``ignore`` removes; when a code is matched by
both, the more specific selector wins (ALL = recommended < family < prefix < full code), and
on a tie the ignore does. A code that ``recommended`` alone selected runs in its narrower
reading where it has one (``Selection.narrowed``; docs/lint.md, "The recommended set").
Then ``rules`` entries apply code by code: ``off`` removes the code, ``on`` adds it at its
default severity, and a severity adds it with that severity for every one of its findings.
Finally a check runs only for the MCP revisions its catalogue entry names.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..catalogue import Catalogue
from ..errors import InputError
from ..findings.rule import Rule
from ..findings.severity import Level

SETTINGS = ("off", "on", "error", "warning", "info", "suggestion")
#: The selector of the catalogue's recommended codes, as it is written.
RECOMMENDED = "recommended"
#: What ``select`` is when nothing chose it.
DEFAULT_SELECT = (RECOMMENDED,)


@dataclass(frozen=True)
class Selection:
    codes: frozenset[str]
    #: Severities the user set for whole codes (``--rule CODE=LEVEL``); they beat everything.
    explicit: dict[str, Level] = field(default_factory=dict)
    #: Codes that run in their narrower reading: ``recommended`` selected them and no other
    #: selector of ``select`` names them (``--select ALL`` or ``--select SEC-001`` asks for
    #: the contract's reading).
    narrowed: frozenset[str] = frozenset()


def families(catalogue: Catalogue) -> set[str]:
    return {rule.family for rule in catalogue.lint_rules()}


def _specificity(selector: str, rule: Rule, known_families: set[str]) -> int | None:
    """How specifically ``selector`` (upper case) names ``rule`` (None: it does not)."""
    code = rule.id
    if selector == "ALL":
        return 0
    if selector == "RECOMMENDED":
        return 0 if rule.recommended else None
    if selector in known_families:
        return 1 if code.split("-")[0] == selector else None
    if selector.endswith("*"):
        return 2 if code.startswith(selector[:-1]) else None
    return 3 if code == selector else None


def check_selector(selector: str, catalogue: Catalogue, where: str) -> str:
    """The selector in canonical case; InputError (naming ``where``) when it matches no code."""
    canonical = selector.strip().upper()
    codes = [rule.id for rule in catalogue.lint_rules()]
    known = families(catalogue)
    if canonical and any(_specificity(canonical, rule, known) is not None for rule in catalogue.lint_rules()):
        return RECOMMENDED if canonical == "RECOMMENDED" else canonical
    close = difflib.get_close_matches(canonical, [*codes, *sorted(known), "ALL", "RECOMMENDED"], n=1)
    if close == ["RECOMMENDED"]:
        close = [RECOMMENDED]
    hint = f"; did you mean {close[0]!r}?" if close else "; `mcp-inspect rules` lists the codes"
    raise InputError(f"{where}: {selector!r} matches no lint code{hint}")


def check_code(code: str, catalogue: Catalogue, where: str) -> str:
    canonical = code.strip().upper()
    if canonical in catalogue.lint:
        return canonical
    close = difflib.get_close_matches(canonical, [r.id for r in catalogue.lint_rules()], n=1)
    hint = f"; did you mean {close[0]!r}?" if close else "; `mcp-inspect rules` lists the codes"
    raise InputError(f"{where}: unknown lint code {code!r}{hint}")


def check_setting(setting: str, where: str) -> str:
    canonical = setting.strip().lower()
    if canonical not in SETTINGS:
        raise InputError(f"{where}: unknown setting {setting!r} (expected one of {', '.join(SETTINGS)})")
    return canonical


def split_selectors(values: Iterable[str]) -> tuple[str, ...]:
    """Comma-separated selectors, from one or several values (``--select SEC,BP --select MCP``)."""
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


#: Selections already made, by catalogue and settings, each with the catalogue it was made
#: from (so an id reused by another catalogue never matches). A long-lived process, a worker
#: of ``mcp-inspect serve``, resolves the same configuration for every request: twice a lint
#: (the engine, then the policy), once per code of the catalogue, which cost a lint of a
#: 12-tool surface about an eighth of its time. A catalogue is not changed once loaded.
_RESOLVED: dict[tuple[Any, ...], tuple[Catalogue, Selection]] = {}
#: Selections kept at most (a service's requests may each send a configuration of their own).
RESOLVED_KEPT = 64


def resolve(catalogue: Catalogue, select: Iterable[str], ignore: Iterable[str],
            rules: Iterable[tuple[str, str]], spec_version: str, narrow: Iterable[str] = ()) -> Selection:
    """The codes to run and the severities set for them (selectors already checked); the same
    Selection object for the same catalogue and settings (treat it as read-only). ``narrow``:
    selectors of ``select`` whose codes keep the narrower reading, as ``recommended``'s do
    (a drift check's security selection: it gates, so it reads as precisely as the default)."""
    select, ignore, narrow = tuple(select), tuple(ignore), tuple(narrow)
    rules = tuple((code, setting) for code, setting in rules)
    key = (id(catalogue), select, ignore, rules, spec_version, narrow)
    found = _RESOLVED.get(key)
    if found is not None and found[0] is catalogue:
        return found[1]
    selection = _resolve(catalogue, select, ignore, rules, spec_version, narrow)
    if len(_RESOLVED) >= RESOLVED_KEPT:
        _RESOLVED.pop(next(iter(_RESOLVED)), None)  # the oldest
    _RESOLVED[key] = (catalogue, selection)
    return selection


def _resolve(catalogue: Catalogue, select: tuple[str, ...], ignore: tuple[str, ...],
             rules: tuple[tuple[str, str], ...], spec_version: str, narrow: tuple[str, ...] = ()) -> Selection:
    known = families(catalogue)
    chosen, ignored = [s.upper() for s in select], [s.upper() for s in ignore]
    narrowing = {RECOMMENDED.upper(), *(s.upper() for s in narrow)}
    codes: set[str] = set()
    narrowed: set[str] = set()
    for rule in catalogue.lint_rules():
        naming = [s for s in chosen if _specificity(s, rule, known) is not None]
        best_select = max((_specificity(s, rule, known) or 0 for s in naming), default=None)
        best_ignore = max((n for s in ignored if (n := _specificity(s, rule, known)) is not None), default=None)
        if best_select is not None and (best_ignore is None or best_select > best_ignore):
            codes.add(rule.id)
            if set(naming) <= narrowing:
                narrowed.add(rule.id)
    explicit: dict[str, Level] = {}
    for code, setting in rules:
        if setting == "off":
            codes.discard(code)
            explicit.pop(code, None)
        else:
            codes.add(code)
            if setting != "on":
                explicit[code] = Level.parse(setting)
    runnable = {code for code in codes if spec_version in catalogue.lint[code].revisions}
    return Selection(frozenset(runnable), {c: level for c, level in explicit.items() if c in runnable},
                     frozenset(narrowed & runnable))
