"""``patternProperties`` compared: each key with the key of the other side that matches the
same names (a respelling, a key widened or narrowed, keys merged or split), and a key that
came or went with what governed its names on the other side: a key of the other side that
shares some of them (a name both match satisfies both), else ``additionalProperties``. What a
pattern matches is read on RE2 (names.py, patterns/inclusion.py); the handler shares the
walker's signature, as containers.py's do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..limits import MAX_OVERLAPPING_PATTERN_PAIRS
from ..patterns.ecma import runs
from ..snapshot.dialects import covers
from .changes import ABSENT, Change, join, same
from .containers import evaluated, kind_of
from .governors import governor, same_governor, slot
from .names import declared_match, moved_declared, only_declared_between, respelled_patterns, shared_name
from .sides import NEW, OLD

if TYPE_CHECKING:
    from .walker import Walker


def pattern_properties(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    before, after = old.get("patternProperties", {}), new.get("patternProperties", {})
    if not isinstance(before, dict) or not isinstance(after, dict):
        w.emit("schema.changed", join(path, "patternProperties"), before, after, "patterns_not_an_object")
        return
    old_rest, new_rest = governor(old, "additionalProperties"), governor(new, "additionalProperties")
    others_kept = same_governor(old_rest, new_rest)
    respelled = respelled_patterns(before, after)
    folded: dict[str, list[str]] = {}
    for was, (now, _) in respelled.items():
        folded.setdefault(now, []).append(was)
    for was, (now, order) in respelled.items():
        if folded[now][0] != was:
            continue  # said with the first of the keys folded into ``now``
        at = join(path, "patternProperties", now)
        w.sides.fork(at, w.sides.child(path, OLD, "patternProperties", was),
                     w.sides.child(path, NEW, "patternProperties", now))
        trail = w.split_trail(("patternProperties", was), ("patternProperties", now))
        if order == "same":
            # The same names under another spelling: one finding that says so.
            w.respelled(at, was, now, "pattern_key_respelled", {"pattern_before": was, "pattern_after": now})
        elif order != "same" and only_declared_between(*((now, was) if order == "wider" else (was, now)), old, new):
            # The names only the wider pattern matches are declared properties: none moves to or
            # from additionalProperties; each property gains (loses) the pattern's schema
            # beside its own, said once for the first whose own schema does not ask it all.
            claimed = moved_declared(was, now, order, old, new)
            if claimed is not None:
                claims = order == "wider"
                w.emit("constraint.tightened" if claims else "constraint.loosened", at, before[was], after[now],
                       "pattern_claims_declared" if claims else "pattern_releases_declared",
                       {"pattern": now if claims else was, "property": claimed})
            elif same(before[was], after[now]):
                # Their own schemas ask all the pattern's: every value is governed as before.
                w.respelled(at, was, now, "names_respelled", {"pattern": now if order == "wider" else was})
        elif (claimed := moved_declared(was, now, order, old, new)) is not None:
            # A declared property the widened (narrowed) pattern now reaches (no longer
            # reaches) gains (loses) the pattern's schema, besides its own: both ways.
            claims = order == "wider"
            keyword = (old_rest if claims else new_rest)[0]
            variant = "pattern_claims" if claims else "pattern_releases"
            w.emit("constraint.changed", at, before[was], after[now], variant,
                   {"pattern": now if claims else was, "keyword": keyword, "property": claimed})
        elif not same(before[was], after[now]) and (
                same(old_rest[1], before[was]) if order == "wider" else same(new_rest[1], after[now])):
            # The names only the wider pattern matches held (hold) the schema the pair compares
            # on that side, so the walk below says what changed for them too; a slot said it
            # again at the same key (hostile trial, round 39).
            pass
        elif order == "wider":
            # The names only the new pattern matches leave what governed the rest for its schema.
            keyword, governed = old_rest
            slot(w, governed, after[now], at, {"pattern": f"{now} (beyond {was})"}, depth,
                  w.split_trail((keyword, None), ("patternProperties", now)), others_kept, (path, keyword, NEW))
        else:
            # The names only the old pattern matched go to what governs the rest now.
            keyword, governed = new_rest
            slot(w, before[was], governed, at, {"pattern": f"{was} (beyond {now})"}, depth,
                  w.split_trail(("patternProperties", was), (keyword, None)), others_kept, (path, keyword, OLD))
        # The names both match: their values' schemas compared as for a pattern kept (each
        # side's finding at its own key); keys folded into one held those names together.
        olds = folded[now]
        held = before[was] if len(olds) == 1 else {"allOf": [before[key] for key in olds]}
        w.walk(held, after[now], at, depth + 1, trail)
    paired = respelled.keys() | {now for now, _ in respelled.values()}
    for pattern in sorted((before.keys() | after.keys()) - paired):
        at = join(path, "patternProperties", pattern)
        what = {"pattern": pattern}
        if pattern in before and pattern in after:
            w.walk(before[pattern], after[pattern], at, depth + 1, w.child_trail("patternProperties", pattern))
            continue
        added = pattern not in before
        keyword, governed = old_rest if added else new_rest
        own = after[pattern] if added else before[pattern]
        # A declared property a key of the other side matches with the same schema follows
        # that schema on both sides: it does not move (hostile trial, round 43: ``^bx*$`` →
        # ``^b(x|y)?$`` said "and so does the declared property b").
        theirs = before if added else after
        alike = [key for key in theirs if key not in (after if added else before) and same(theirs[key], own)]
        declared = declared_match(pattern, old, new, alike) if governed is not ABSENT else None
        if governed is ABSENT and kind_of(own) == "anything":
            # An entry that accepts anything is kept only where an unevaluated* keyword may
            # read what it evaluated (see ``applicator``): its names are left to that keyword
            # when it goes, and taken from it when it comes.
            evaluated(w, at, before.get(pattern, ABSENT), after.get(pattern, ABSENT), f"the pattern {pattern}")
        elif declared is not None:
            # A declared property matching the pattern gains (or loses) the pattern's schema,
            # while the undeclared names move between it and additionalProperties: both ways.
            w.emit("constraint.changed", at, None if added else before[pattern], after[pattern] if added else None,
                   "pattern_claims" if added else "pattern_releases",
                   {"pattern": pattern, "keyword": keyword, "property": declared})
        else:
            covered, shared = _shared_names(pattern, after if added else before, before if added else after)
            if shared:
                # Only the names beyond the keys it shares some with move to or from
                # additionalProperties (hostile trial, round 45).
                what = {"pattern": f"{pattern} (beyond {', '.join(shared)})"}
            if covered:
                pass  # every name it matches follows another key on the other side: said below
            elif added:
                slot(w, governed, after[pattern], at, what, depth,
                      w.split_trail((keyword, None), ("patternProperties", pattern)), others_kept, (path, keyword, NEW))
            else:
                slot(w, before[pattern], governed, at, what, depth,
                      w.split_trail(("patternProperties", pattern), (keyword, None)), others_kept, (path, keyword, OLD))
            _walk_shared(w, pattern, shared, before, after, path, depth, added, covered)


def _shared_names(pattern: str, mine: dict, theirs: dict) -> tuple[bool, list[str]]:
    """For a key only one side has (``pattern``, a key of ``mine``), the keys of the other
    side (``theirs``) that hold some of the names it matches, and whether they hold every one
    (then none of its names follows ``additionalProperties`` there). A name two keys match
    must satisfy both, so a key added beside one that matched its names adds a constraint
    to them, and one removed takes one away (hostile trial, round 42: ``^a.: integer`` added
    beside ``^a: string`` said "names matching '^a.': rejected before, accepted now", though
    ``{"ab": ""}`` is refused now; ``^a`` and ``^b`` merged into ``^[ab]`` with the same schema
    said three BREAKING type changes from ``additionalProperties``). The keys whose names
    cannot be told to meet the key's are left out; when they hold only some of its names,
    only those that one key matches within the other are read (which keys meet is read
    from the patterns' text, patterns.inclusion)."""
    others = sorted(key for key in theirs if key != pattern)
    if not others or len(mine) * len(theirs) > MAX_OVERLAPPING_PATTERN_PAIRS:
        return False, []
    from ..patterns.inclusion import compare, disjoint, within_union  # rare (a pattern key added or removed)

    sharing = [key for key in others if not disjoint(key, pattern)]
    if not sharing:
        return False, []
    if within_union(pattern, sharing):
        return True, sharing
    # A key neither within nor around this one is read with it where a name both match is
    # shown (hostile trial, round 45: ``^x_: integer`` added beside ``^[a-z_]+$: string`` on a
    # closed object said "names matching '^x_': rejected before, accepted now", though ``x_a``
    # was accepted and is refused now); one that may share none (``_id$`` and ``_name$``) is not,
    # unless RE2 cannot run either, so that no name can be shown: a doubt is never resolved
    # toward NON_BREAKING (hostile trial, round 45: ``^x_(?=y)`` beside ``^[a-z_]+$``).
    return False, [key for key in sharing if compare(key, pattern) is not None or shared_name(key, pattern) is not None
                   or not runs(key) or not runs(pattern)]


def _walk_shared(w: Walker, pattern: str, shared: list[str], before: dict, after: dict, path: str, depth: int,
                 added: bool, covered: bool) -> None:
    """The names ``pattern`` (added or removed) shares with each key of ``shared`` (the other
    side's), compared: with a key both sides have, what the pattern's schema asks beside it
    (``allOf``) against that key's schema alone; with a key only the other side has, the one
    key's schema against the other's, read once, where the removed key is (a key added is
    skipped). Nothing found for any of them where they hold every name of the pattern
    (``covered``): the names are said to be governed alike."""
    at = join(path, "patternProperties", pattern)
    count, walked = len(w.changes), False
    for key in shared:
        kept = key in before and key in after
        if added and not kept:
            continue
        # Beside a kept key whose schema asks all the pattern's already, the names both match
        # are held to that key's schema alone: ``allOf: [S, S]`` is S (hostile trial, round 43:
        # ``^[ab]: string`` beside a kept ``^b: string`` said "allOf gained 1 branch").
        if added:
            joined = before[key] if covers(after[pattern], before[key]) else {"allOf": [before[key], after[pattern]]}
            held, now = before[key], (joined if kept else after[pattern])
            steps = (("patternProperties", key), ("patternProperties", pattern))
        else:
            joined = after[key] if covers(before[pattern], after[key]) else {"allOf": [after[key], before[pattern]]}
            held, now = (joined if kept else before[pattern]), after[key]
            steps = (("patternProperties", pattern), ("patternProperties", key))
        # Findings about a key removed beside one added sit at the added key, where the new
        # schema refuses what the witness sends (the old key is not in the new schema).
        w.sides.fork(at, w.sides.child(path, OLD, *steps[OLD]), w.sides.child(path, NEW, *steps[NEW]),
                     owner=NEW if added or not kept else OLD)
        start = len(w.changes)
        w.walk(held, now, at, depth + 1, w.split_trail(*steps))
        # Keys merged into one (``^a`` and ``^b`` into ``^[ab]``) each meet the new key's
        # schema: a finding one of them made already at that path is said once (hostile
        # trial, round 43: two identical "minLength added: 1").
        kept_changes = [change for change in w.changes[start:]
                        if not any(_one_finding(change, earlier) for earlier in w.changes[:start])]
        count -= len(w.changes) - start - len(kept_changes)  # a change said once is still no respelling
        w.changes[start:] = kept_changes
        walked = True
    if covered and walked and len(w.changes) == count:
        w.respelled(at, before.get(pattern), after.get(pattern), "names_respelled", {"pattern": pattern},
                    side=NEW if added else OLD)


def _one_finding(one: Change, other: Change) -> bool:
    """Whether two changes say the same thing at the same place: where each came from on the
    other side (``path_before``: ``^a`` or ``^b``) is not what they say."""
    def said(change: Change) -> dict:
        return {key: value for key, value in change.args.items() if key not in ("path_before", "path_after")}

    return (one.path, one.rule, one.variant, one.grade, one.absent) == \
        (other.path, other.rule, other.variant, other.grade, other.absent) \
        and same(one.before, other.before) and same(one.after, other.after) and same(said(one), said(other))
