"""Argument text moved between a tool's ``Args:`` lines and the argument's own description
(classify/docstrings.py). New-user trial, round 16: office-word-mcp-server 1.0.0 → 1.1.11
moved "filename: Path to the Word document" from each FastMCP docstring into
``Field(description="Path to Word document")``, and every such description added read as
POTENTIALLY_BREAKING "the text was added", though a model reads the same words."""

from __future__ import annotations

from mcp_inspect import diff
from mcp_inspect.classify.docstrings import argument_lines
from mcp_inspect.snapshot.shapes import snapshot_from_value

DOC, PB = "DOCUMENTATION", "POTENTIALLY_BREAKING"
OLD_TEXT = ("Add a paragraph to a Word document.\n    \n    Args:\n        filename: Path to the Word document\n"
            "        text: Paragraph text\n        style: Optional paragraph style name\n    ")


def tool(description, **descriptions):
    properties = {name: {"type": "string"} for name in ("filename", "text", "style")}
    for name, text in descriptions.items():
        properties[name]["description"] = text
    return {"name": "add_paragraph", "description": description,
            "inputSchema": {"type": "object", "properties": properties, "required": ["filename", "text"]}}


def grades(old, new):
    report = diff(snapshot_from_value({"tools": [old]}, "old.json"), snapshot_from_value({"tools": [new]}, "new.json"))
    return {f.path: (f.severity.name, f.args.get("reason")) for f in report.findings}


def test_the_lines_of_an_args_block_are_read_with_their_continuations():
    lines, rest = argument_lines("Reads.\n\nArgs:\n    path (str): The file\n        to read.\n    n: Count\n\n"
                                 "Returns:\n    The text.")
    assert lines == {"path": "The file to read.", "n": "Count"}
    assert rest == "Reads.\n\nReturns:\n    The text."
    assert argument_lines("No block here: just prose.") is None
    assert argument_lines("Args:\n  a: one\n  a: two") is None  # a name twice: not one line per argument


def test_a_description_moved_from_the_args_block_is_documentation():
    new = tool("Add a paragraph to a Word document.", filename="Path to Word document",
               style="Optional paragraph style name", text="Paragraph text content")
    found = grades(tool(OLD_TEXT), new)
    assert found["inputSchema.properties.filename.description"] == (DOC, "moved_argument_text")
    assert found["inputSchema.properties.style.description"] == (DOC, "moved_argument_text")
    # another word ("content") is new text a model reads: the prose grade stands
    assert found["inputSchema.properties.text.description"][0] == PB


def test_a_tool_description_that_only_lost_its_moved_block_is_documentation_and_the_reverse_too():
    new = tool("Add a paragraph to a Word document.", filename="Path to the Word document", text="Paragraph text",
               style="Optional paragraph style name")
    assert grades(tool(OLD_TEXT), new)["description"] == (DOC, "moved_argument_text")
    back = grades(new, tool(OLD_TEXT))
    assert back["description"] == (DOC, "moved_argument_text")
    assert back["inputSchema.properties.filename.description"] == (DOC, "moved_argument_text")


def test_text_lost_on_the_way_or_a_changed_sentence_keeps_the_prose_grade():
    # 'text' is not described on the new side: its line was dropped, not moved
    dropped = tool("Add a paragraph to a Word document.", filename="Path to the Word document",
                   style="Optional paragraph style name")
    assert grades(tool(OLD_TEXT), dropped)["description"][0] == PB
    # the sentence above the block changed too
    reworded = tool("Add a paragraph to a Word document, replacing its text.", filename="Path to the Word document",
                    text="Paragraph text", style="Optional paragraph style name")
    assert grades(tool(OLD_TEXT), reworded)["description"][0] == PB
    # a line that moved with a number lost: "(1-9, where 1 is the highest level)" → "(1-9)"
    old = tool("Add a heading.\n\nArgs:\n    style: Heading level (1-9, where 1 is the highest level)")
    new = tool("Add a heading.", style="Heading level (1-9)")
    assert grades(old, new)["inputSchema.properties.style.description"][0] == PB
    # no block on either side: a description added is graded as before
    assert grades(tool("Adds."), tool("Adds.", style="Optional paragraph style name"))[
        "inputSchema.properties.style.description"][0] == PB
