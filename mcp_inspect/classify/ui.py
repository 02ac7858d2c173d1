"""MCP Apps (``_meta.ui``) and OpenAI Apps (``_meta["openai/..."]``) keys read by the ui rules.

These rules sit beside ``*.meta.changed``, which is reported for every ``_meta``
change: they say what the change means to a host that renders the UI.
"""

from __future__ import annotations

from typing import Any

from .changes import Change, join, same
from .fields import plain_change, prose_change

_ALL_AUDIENCES = ("app", "model")
#: MCP Apps ``_meta.ui.csp`` lists, and OpenAI's snake_case ``openai/widgetCSP`` lists.
_CSP_LISTS = ("connectDomains", "resourceDomains", "frameDomains", "baseUriDomains")
_OPENAI_CSP_LISTS = ("connect_domains", "resource_domains", "frame_domains", "redirect_domains")


def _ui(meta: Any) -> dict[str, Any]:
    ui = meta.get("ui") if isinstance(meta, dict) else None
    return ui if isinstance(ui, dict) else {}


def _resource_uri(meta: Any) -> Any:
    if not isinstance(meta, dict):
        return None
    return _ui(meta).get("resourceUri", meta.get("ui/resourceUri"))


def _audiences(meta: Any) -> set[str]:
    visibility = _ui(meta).get("visibility")
    if not isinstance(visibility, list):
        return set(_ALL_AUDIENCES)  # absent means both audiences
    return {v for v in visibility if isinstance(v, str)}


def tool_ui_changes(old_meta: Any, new_meta: Any) -> list[Change]:
    out: list[Change] = []
    before, after = _resource_uri(old_meta), _resource_uri(new_meta)
    path = "_meta.ui.resourceUri"
    if before is None and after is not None:
        out.append(Change("tool.ui.resourceUri.added", path, None, after, "default", {"value": after}))
    elif before is not None and after is None:
        out.append(Change("tool.ui.resourceUri.removed", path, before, None, "default", {"value": before}))
    elif not same(before, after):
        out.append(Change("tool.ui.resourceUri.changed", path, before, after, "default",
                          {"value_before": before, "value_after": after}))
    old_aud, new_aud = _audiences(old_meta), _audiences(new_meta)
    lost, gained = sorted(old_aud - new_aud), sorted(new_aud - old_aud)
    if lost:
        out.append(Change("tool.ui.visibility.narrowed", "_meta.ui.visibility", sorted(old_aud),
                          sorted(new_aud), "default", {"audiences_removed": lost}))
    if gained:
        out.append(Change("tool.ui.visibility.widened", "_meta.ui.visibility", sorted(old_aud),
                          sorted(new_aud), "default", {"audiences_added": gained}))
    return out


def _origins(container: Any, key: str) -> set[str]:
    values = container.get(key) if isinstance(container, dict) else None
    return {v for v in values if isinstance(v, str)} if isinstance(values, list) else set()


def _csp_changes(old_csp: Any, new_csp: Any, keys: tuple[str, ...], base: str) -> list[Change]:
    out = []
    for key in keys:
        before, after = _origins(old_csp, key), _origins(new_csp, key)
        removed, added = sorted(before - after), sorted(after - before)
        path = join(base, key)
        if removed:
            out.append(Change("resource.ui.csp.narrowed", path, removed, None, "default",
                              {"field": key, "domains_removed": removed}))
        if added:
            out.append(Change("resource.ui.csp.widened", path, None, added, "default",
                              {"field": key, "domains_added": added}))
    return out


def _permissions(meta: Any) -> set[str]:
    granted = _ui(meta).get("permissions")
    if isinstance(granted, dict):
        return {k for k, v in granted.items() if v not in (False, None)}
    if isinstance(granted, list):
        return {v for v in granted if isinstance(v, str)}
    return set()


def resource_ui_changes(old_meta: Any, new_meta: Any) -> list[Change]:
    old_ui, new_ui = _ui(old_meta), _ui(new_meta)
    out = _csp_changes(old_ui.get("csp"), new_ui.get("csp"), _CSP_LISTS, "_meta.ui.csp")
    old_openai = old_meta.get("openai/widgetCSP") if isinstance(old_meta, dict) else None
    new_openai = new_meta.get("openai/widgetCSP") if isinstance(new_meta, dict) else None
    out += _csp_changes(old_openai, new_openai, _OPENAI_CSP_LISTS, "_meta.openai/widgetCSP")
    for key, path in (("domain", "_meta.ui.domain"),):
        change = plain_change("resource.ui.domain.changed", path, old_ui.get(key), new_ui.get(key))
        if change:
            out.append(change)
    old_domain = old_meta.get("openai/widgetDomain") if isinstance(old_meta, dict) else None
    new_domain = new_meta.get("openai/widgetDomain") if isinstance(new_meta, dict) else None
    change = plain_change("resource.ui.domain.changed", "_meta.openai/widgetDomain", old_domain,
                          new_domain, variants=("widget_added", "widget_removed", "widget_changed"))
    if change:
        out.append(change)
    granted_before, granted_after = _permissions(old_meta), _permissions(new_meta)
    for name in sorted(granted_after - granted_before):
        out.append(Change("resource.ui.permissions.added", f"_meta.ui.permissions.{name}", None, name,
                          "default", {"permission": name}))
    for name in sorted(granted_before - granted_after):
        out.append(Change("resource.ui.permissions.removed", f"_meta.ui.permissions.{name}", name, None,
                          "default", {"permission": name}))
    change = plain_change("resource.ui.prefersBorder.changed", "_meta.ui.prefersBorder",
                          old_ui.get("prefersBorder"), new_ui.get("prefersBorder"))
    if change:
        out.append(change)
    old_desc = old_meta.get("openai/widgetDescription") if isinstance(old_meta, dict) else None
    new_desc = new_meta.get("openai/widgetDescription") if isinstance(new_meta, dict) else None
    change = prose_change("resource.ui.widgetDescription.changed", "_meta.openai/widgetDescription",
                          old_desc, new_desc)
    if change:
        out.append(change)
    return out
