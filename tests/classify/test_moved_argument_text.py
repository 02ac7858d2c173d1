"""Argument text moved between a tool's ``Args:`` lines and the argument's own description
(classify/prose/docstrings.py). New-user trial, round 16: office-word-mcp-server 1.0.0 → 1.1.11
moved "filename: Path to the Word document" from each FastMCP docstring into
``Field(description="Path to Word document")``, and every such description added read as
POTENTIALLY_BREAKING "the text was added", though a model reads the same words."""

from __future__ import annotations

from mcp_inspect import diff
from mcp_inspect.classify.prose import argument_lines
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


def test_a_line_of_white_space_is_read_in_linear_time():
    """Hostile trial, round 17: a block line of 20,000 spaces with no colon took 4 s in a diff
    of one tool, two runs of white space with an optional part between them backtracking
    quadratically (and a lazy group before ``\\s*$`` on a line with a colon); possessive runs
    read it at once. A guard against a hang, not a speed claim: twelve tools whose old and
    new descriptions are such lines take seconds each way before, milliseconds now."""
    import time

    lines = ["  a" + " " * 19_970, "  a:" + " " * 19_960 + "x", "Args" + " " * 19_970 + "x"]
    old = [{"name": f"t{i}", "description": "Args:\n" + lines[i % 3], "inputSchema": {"type": "object"}}
           for i in range(12)]
    new = [dict(t, description=t["description"] + "y") for t in old]
    start = time.perf_counter()
    diff(snapshot_from_value({"tools": old}, "old.json"), snapshot_from_value({"tools": new}, "new.json"))
    assert time.perf_counter() - start < 3
