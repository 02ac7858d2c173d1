"""What the HTML report's tests share: a surface pair whose server text is hostile, and a
reading of an HTML page into its elements and its text (the standard library's parser)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

#: Each would run script, load something or make a link if it reached the page as markup.
PAYLOADS = (
    "<script>document.title='pwned'</script>",
    "<img src=x onerror=\"document.title='pwned'\">",
    "[click](javascript:alert(1))",
    "<a href=\"javascript:alert(1)\">x</a>",
    "\"><svg onload=\"document.title='pwned'\">",
)
#: Every element the template itself writes; anything else on the page came from input.
TEMPLATE_TAGS = frozenset({
    "html", "head", "meta", "title", "style", "body", "main", "div", "section", "h1", "h2", "h3", "span", "b",
    "p", "ul", "li", "a", "details", "summary", "del", "ins", "table", "thead", "tbody", "tr", "th", "td", "footer",
    "dl", "dt", "dd",
})


def hostile_pair(folder: Path) -> tuple[str, str]:
    """Two surfaces whose names, titles, descriptions, schema text and URIs carry the payloads:
    a description gains all of them (the word diff shows each whole), a tool named with one is
    renamed to another, and a resource whose URI is a ``javascript:`` link appears."""
    script, image, markdown_link, html_link, svg = PAYLOADS

    def tool(name: str, description: str) -> dict:
        return {"name": name, "title": svg, "description": description,
                "inputSchema": {"type": "object", "properties": {
                    "q": {"type": "string", "title": script, "description": image}}}}

    old = {"tools": [tool("search", "Searches."), tool(svg, markdown_link)], "resources": []}
    new = {"tools": [tool("search", "Searches. " + " ".join(PAYLOADS)), tool("fetch" + script, html_link)],
           "resources": [{"uri": "javascript:alert(1)", "name": image, "description": html_link}]}
    paths = folder / "old.json", folder / "new.json"
    for path, surface in zip(paths, (old, new), strict=True):
        path.write_text(json.dumps(surface), encoding="utf-8")
    return str(paths[0]), str(paths[1])


class Page(HTMLParser):
    """A page read into its elements (tag and attributes, in order) and its visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[str] = []
        self.title = ""
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag not in ("meta",):
            self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._in:
            while self._in and self._in.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] == "title":
            self.title += data
        elif not self._in or self._in[-1] != "style":
            self.texts.append(data)

    @property
    def text(self) -> str:
        return "".join(self.texts)

    def tags(self) -> set[str]:
        return {tag for tag, _ in self.elements}


def read_page(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def inert_problems(page: Page) -> list[str]:
    """Everything on the page that could run, load or link somewhere: an element the template
    does not write, an event-handler attribute, a link off the page, a source to fetch."""
    problems = [f"element <{tag}>" for tag in sorted(page.tags() - TEMPLATE_TAGS)]
    for tag, attrs in page.elements:
        for name, value in attrs.items():
            if name.startswith("on"):
                problems.append(f"<{tag} {name}=...>")
            if name in ("src", "srcset", "action", "formaction", "background", "poster", "data"):
                problems.append(f"<{tag} {name}={value!r}>")
            if name == "href" and not (value or "").startswith("#"):
                problems.append(f"<{tag} href={value!r}>")
    return problems
