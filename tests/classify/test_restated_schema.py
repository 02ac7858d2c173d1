"""A description or title added or removed whose words only restate what the schema says is
DOCUMENTATION (the contract, "Descriptions and titles"): once case, separators, plurals and
a few small words are set aside, every word is one of the name it describes, of its tool's
(or prompt's) name, of its JSON type, its optionality or its role. The four examples the
contract names are the issue's trial: airtable-mcp-server's `baseId` and `recordIds`, its
`create_table` description, and the root title older FastMCP releases of mcp-neo4j-cypher
write. Any other word (a verb the tool does not name, a format, a unit) keeps the text
POTENTIALLY_BREAKING, as does a text that changed rather than appeared or went."""

from __future__ import annotations

import pytest

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _diff(old_tool: dict, new_tool: dict):
    sides = [{"tools": [tool]} for tool in (old_tool, new_tool)]
    return api.diff(*(snapshot_from_value(side, name) for side, name in zip(sides, "on", strict=True)))


def _tool(name: str, prop: str, schema: dict, required: bool = False, **extra) -> dict:
    root = {"type": "object", "properties": {prop: schema}, **({"required": [prop]} if required else {})}
    return {"name": name, "inputSchema": root, **extra}


def _property_finding(name: str, prop: str, schema: dict, text: str, *, required: bool = False,
                      key: str = "description", removed: bool = False):
    with_text = _tool(name, prop, {**schema, key: text}, required)
    without = _tool(name, prop, schema, required)
    old, new = (with_text, without) if removed else (without, with_text)
    [finding] = [f for f in _diff(old, new).changes if f.rule == "tool.input.description.changed"]
    return finding


@pytest.mark.parametrize("tool,prop,schema,required,text", [
    ("list_records", "baseId", {"type": "string"}, True, "The ID of the base"),
    ("delete_records", "recordIds", {"type": "array", "items": {"type": "string"}}, True,
     "Array of record IDs to delete"),
    ("create_table", "description", {"type": "string"}, False, "Optional description for the table"),
    ("get_user", "userId", {"type": "string"}, True, "Required user id (string)"),
    ("search", "max_results", {"type": "integer"}, False, "Max results, a number"),
], ids=["baseId", "recordIds", "optional-description", "required-type", "integer-as-number"])
@pytest.mark.parametrize("removed", [False, True], ids=["added", "removed"])
def test_a_property_text_that_restates_the_schema_is_documentation(tool, prop, schema, required, text, removed):
    finding = _property_finding(tool, prop, schema, text, required=required, removed=removed)
    assert finding.severity.name == "DOCUMENTATION", finding.message
    assert finding.args["reason"] == "restated_schema"
    assert "only restates the name, the type or the optionality" in finding.message


@pytest.mark.parametrize("tool,prop,schema,required,text", [
    ("list_records", "baseId", {"type": "string"}, True, "The ID of the base to read from"),  # read: new
    ("list_records", "baseId", {"type": "string"}, True, "The ID of the base, e.g. app123"),  # an example
    ("delete_records", "recordIds", {"type": "string"}, True, "Array of record IDs to delete"),  # not an array
    ("create_table", "description", {"type": "string"}, True, "Optional description for the table"),  # required
    ("create_table", "description", {"type": "string"}, False, "Required description for the table"),  # optional
    ("list_records", "baseId", {"type": "string"}, True, "Not the ID of the base"),  # a negation
    ("list_records", "baseId", {"type": "string"}, True, "The ID of the base in seconds"),  # a unit
], ids=["verb", "example", "wrong-type", "says-optional", "says-required", "negation", "unit"])
def test_a_word_the_schema_does_not_say_keeps_the_text_potentially_breaking(tool, prop, schema, required, text):
    finding = _property_finding(tool, prop, schema, text, required=required)
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


@pytest.mark.parametrize("before,after,required_before,required_after,grade", [
    ("The name of the board", "(Optional) The name of the board", False, False, "DOCUMENTATION"),
    ("The name of the board", "(Required) The name of the board", False, False, "POTENTIALLY_BREAKING"),
    ("The name of the board", "(Required) The name of the board", False, True, "DOCUMENTATION"),
    ("Optional. The name of the board", "The name of the board", False, False, "DOCUMENTATION"),
    ("The name of the board", "The name of the board, fuzzy matched", False, False, "POTENTIALLY_BREAKING"),
    ("The name of the board", "The name of the board (Optional) or its id", False, False, "POTENTIALLY_BREAKING"),
], ids=["optional-said", "required-said-of-optional", "required-said-when-required", "optional-dropped",
        "new-words", "new-words-beside"])
def test_a_changed_text_whose_edits_only_restate_the_schema(before, after, required_before, required_after, grade):
    """mcp-atlassian 0.23.1 put "(Optional)" before the descriptions of its optional arguments."""
    old = _tool("get_boards", "board_name", {"type": "string", "description": before}, required_before)
    new = _tool("get_boards", "board_name", {"type": "string", "description": after}, required_after)
    [finding] = [f for f in _diff(old, new).changes if f.rule == "tool.input.description.changed"]
    assert finding.severity.name == grade, finding.message


def test_the_root_title_older_fastmcp_writes_restates_the_tool_name():
    """mcp-neo4j-cypher 0.2.4 titled each tool's arguments "<tool>Arguments"; 0.6.0 dropped it."""
    old = {"name": "get_neo4j_schema", "inputSchema": {"type": "object", "properties": {},
                                                         "title": "get_neo4j_schemaArguments"}}
    new = {"name": "get_neo4j_schema", "inputSchema": {"type": "object", "properties": {}}}
    [finding] = _diff(old, new).changes
    assert (finding.rule, finding.path) == ("tool.input.description.changed", "inputSchema.title")
    assert finding.severity.name == "DOCUMENTATION", finding.message
    # Another tool's arguments title says something this schema does not.
    other = {**old, "inputSchema": {**old["inputSchema"], "title": "read_neo4j_cypherArguments"}}
    [finding] = _diff(other, new).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING"


def test_a_generated_root_title_respelled_restates_the_tool_name_on_both_sides():
    """mcp-server-git 2026.6.4 → 2026.10.19: FastMCP's ``GitAdd`` became ``addArguments``."""
    def tool(title):
        return {"name": "git_add", "inputSchema": {"type": "object", "properties": {}, "title": title}}

    [finding] = _diff(tool("GitAdd"), tool("addArguments")).changes
    assert finding.severity.name == "DOCUMENTATION", finding.message
    [finding] = _diff(tool("GitAdd"), tool("GitAddAll")).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING"


def test_the_output_title_pydantic_writes_restates_the_tool_name():
    """excel-mcp-server: FastMCP titles a tool's output model "<tool>Output", as its arguments
    "<tool>Arguments"; the output direction's role words are "output", "result", "response"."""
    def tool(title):
        output = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
        return {"name": "read_data", "inputSchema": {"type": "object"},
                "outputSchema": {**output, **({"title": title} if title else {})}}

    [finding] = _diff(tool(None), tool("read_dataOutput")).changes
    assert (finding.rule, finding.path) == ("tool.output.description.changed", "outputSchema.title")
    assert finding.severity.name == "DOCUMENTATION", finding.message
    [finding] = _diff(tool(None), tool("read_dataSummary")).changes  # a word the schema does not say
    assert finding.severity.name == "POTENTIALLY_BREAKING"
    # The output's role words are not an input's: "Output" titling arguments says something.
    inputs = [{"name": "read_data", "inputSchema": {"type": "object", **extra}}
              for extra in ({}, {"title": "read_dataOutput"})]
    [finding] = _diff(*inputs).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("key", ["inputSchema", "outputSchema"])
@pytest.mark.parametrize("definitions", ["$defs", "definitions"])
def test_a_definition_titled_with_its_own_name_restates_it(key, definitions):
    """pydantic titles each model's definition with its class name (excel-mcp-server's
    ``CellFormat``, ``SheetDetails``): the text says the name the schema gives the node."""
    def tool(title):
        definition = {"type": "object", "properties": {"bold": {"type": "boolean"}},
                      **({"title": title} if title else {})}
        schema = {"type": "object", "properties": {"style": {"$ref": f"#/{definitions}/CellFormat"}},
                  definitions: {"CellFormat": definition}}
        return {"name": "format_range", "inputSchema": {"type": "object"}, key: schema}

    direction = "input" if key == "inputSchema" else "output"
    for old, new in ((None, "CellFormat"), ("CellFormat", None)):
        [finding] = _diff(tool(old), tool(new)).changes
        assert (finding.rule, finding.path) == (f"tool.{direction}.description.changed",
                                                f"{key}.properties.style.title")
        assert finding.severity.name == "DOCUMENTATION", finding.message
    # Another definition's name, or words beside the class name, say something.
    for title in ("BorderSpec", "CellFormat applied before values"):
        [finding] = _diff(tool(None), tool(title)).changes
        assert finding.severity.name == "POTENTIALLY_BREAKING", title


def test_a_definition_renamed_beside_its_title_is_not_a_restatement():
    """Hostile trial: the ``$defs`` entry renamed with its title (``ArchiveOptions`` become
    ``DeleteOptions``) restated each side's own name, so any rewrite passed as one. Only a
    name both sides give the definition alike may be restated."""
    def tool(name, title):
        schema = {"type": "object", "properties": {"opts": {"$ref": f"#/$defs/{name}"}},
                  "$defs": {name: {"type": "object", **({"title": title} if title else {})}}}
        return {"name": "cleanup", "inputSchema": schema}

    renamed = _diff(tool("ArchiveOptions", "ArchiveOptions"), tool("DeleteOptions", "DeleteOptions"))
    changed = [f for f in renamed.changes if f.rule == "tool.input.description.changed"]
    assert [f.severity.name for f in changed] == ["POTENTIALLY_BREAKING"]
    # Respelled alike (pydantic's class name and a hand-written one) still restates it.
    [finding] = [f for f in _diff(tool("CellFormat", None), tool("cell_format", "CellFormat")).changes
                 if f.rule == "tool.input.description.changed"]
    assert finding.severity.name == "DOCUMENTATION", finding.message


@pytest.mark.parametrize("prop,before,after", [
    ("withoutConfirmation", "Delete with confirmation", "Delete without confirmation"),
    ("doNotDelete", "Delete the file", "Do not delete the file"),
    ("noCache", None, "No cache"),
    ("neverRetry", "Never retry", None),
])
def test_a_negation_restates_nothing_even_when_the_name_holds_it(prop, before, after):
    """Hostile trial: the property's name held the negation the text gained, so "with" →
    "without confirmation" passed as a restatement; a negation always keeps the prose grade."""
    def tool(text):
        return _tool("remove_file", prop, {"type": "boolean", **({"description": text} if text else {})})

    [finding] = [f for f in _diff(tool(before), tool(after)).changes if f.rule == "tool.input.description.changed"]
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


def test_a_text_inside_a_definition_may_not_restate_the_definition_name():
    """Only the definition's own text restates its name: a property inside it is not the model."""
    def tool(text):
        bold = {"type": "boolean", **({"description": text} if text else {})}
        schema = {"type": "object", "properties": {"style": {"$ref": "#/$defs/CellFormat"}},
                  "$defs": {"CellFormat": {"type": "object", "properties": {"bold": bold}}}}
        return {"name": "format_range", "inputSchema": schema}

    [finding] = _diff(tool(None), tool("Cell format")).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


def test_text_under_a_property_may_restate_the_property_name():
    """The items of `recordIds` are record IDs: their text may say so, but not their optionality."""
    items = {"type": "string"}
    old = _tool("delete_records", "recordIds", {"type": "array", "items": items}, True)
    new = _tool("delete_records", "recordIds", {"type": "array", "items": {**items, "description": "Record ID"}}, True)
    [finding] = [f for f in _diff(old, new).changes if f.rule == "tool.input.description.changed"]
    assert finding.path == "inputSchema.properties.recordIds.items.description"
    assert finding.severity.name == "DOCUMENTATION"
    new["inputSchema"]["properties"]["recordIds"]["items"]["description"] = "Required record ID"
    [finding] = [f for f in _diff(old, new).changes if f.rule == "tool.input.description.changed"]
    assert finding.severity.name == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("key,text,grade", [
    ("description", "Get the neo4j schema", "DOCUMENTATION"),
    ("title", "Neo4j schema", "DOCUMENTATION"),
    ("description", "Get the neo4j schema of the database", "POTENTIALLY_BREAKING"),
])
def test_a_tool_text_that_only_restates_its_name(key, text, grade):
    bare = {"name": "get_neo4j_schema", "inputSchema": {"type": "object"}}
    for old, new in ((bare, {**bare, key: text}), ({**bare, key: text}, bare)):
        [finding] = [f for f in _diff(old, new).changes if f.rule == f"tool.{key}.changed"]
        assert finding.severity.name == grade, finding.message


def test_a_prompt_argument_text_may_restate_the_argument_the_prompt_and_its_optionality():
    def prompt(description=None, required=True):
        argument = {"name": "repoName", "required": required, **({"description": description} if description else {})}
        return {"name": "review_repo", "arguments": [argument]}

    def graded(old, new):
        sides = [{"prompts": [p]} for p in (old, new)]
        report = api.diff(*(snapshot_from_value(side, name) for side, name in zip(sides, "on", strict=True)))
        [finding] = [f for f in report.changes if f.rule == "prompt.argument.description.changed"]
        return finding.severity.name

    assert graded(prompt(), prompt("Required repo name to review")) == "DOCUMENTATION"
    assert graded(prompt("Repo name, a string"), prompt()) == "DOCUMENTATION"
    assert graded(prompt(required=False), prompt("Required repo name", required=False)) == "POTENTIALLY_BREAKING"
    assert graded(prompt(), prompt("The GitHub repo name")) == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("title,grade,reason", [
    ("Close browser", "DOCUMENTATION", "restated_schema"),  # the name's words in another order
    ("Get console messages", "DOCUMENTATION", "plain_title"),
    ("Read File (Deprecated)", "POTENTIALLY_BREAKING", None),  # a directive word
    ("Read File or URL", "POTENTIALLY_BREAKING", None),  # an identifier: it reads URLs too
    ("Delete at most 10 files", "POTENTIALLY_BREAKING", None),
    ("Never run this on production data", "POTENTIALLY_BREAKING", None),
    ("One two three four five six seven eight nine", "POTENTIALLY_BREAKING", None),  # not a label
], ids=["reordered", "plain", "deprecated", "identifier", "number", "negation", "long"])
@pytest.mark.parametrize("field", ["title", "annotations"])
def test_a_first_display_title_in_plain_words(title, grade, reason, field):
    bare = {"name": "browser_close", "inputSchema": {"type": "object"}}
    titled = {**bare, **({"title": title} if field == "title" else {"annotations": {"title": title}})}
    [finding] = [f for f in _diff(bare, titled).changes if f.rule == "tool.title.changed"]
    assert finding.severity.name == grade, finding.message
    if reason:
        assert finding.args["reason"] == reason
    # Removed, or changed from another title, it is graded as prose.
    [finding] = [f for f in _diff(titled, bare).changes if f.rule == "tool.title.changed"]
    assert (finding.severity.name, reason) != ("DOCUMENTATION", "plain_title")


def test_a_tag_naming_the_server_restates_who_serves_the_tool():
    """@notionhq/notion-mcp-server 1.9.0 put "Notion |" before every description ("Notion API")."""
    def side(description, server="Notion API"):
        return snapshot_from_value({"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                                   "serverInfo": {"name": server, "version": "1"}},
                                    "tools": [{"name": "API-post-page", "description": description,
                                               "inputSchema": {"type": "object"}}]}, "s")

    def grade(before, after, server="Notion API"):
        [finding] = [f for f in api.diff(side(before, server), side(after, server)).changes
                     if f.rule == "tool.description.changed"]
        return finding.severity.name

    assert grade("Create a page", "Notion | Create a page") == "DOCUMENTATION"
    assert grade("Create a page", "Notion | Create a page", server="Pages") == "POTENTIALLY_BREAKING"
    assert grade("Create a page", "Notion | Create a private page") == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("kind", ["resources", "resourceTemplates"])
def test_a_resource_text_that_only_restates_its_name(kind):
    key = "uri" if kind == "resources" else "uriTemplate"

    def side(description=None):
        entity = {key: "file:///logs/{day}", "name": "app_logs"}
        if description:
            entity["description"] = description
        return snapshot_from_value({kind: [entity]}, "s")

    def grade(before, after):
        [finding] = [f for f in api.diff(side(before), side(after)).changes if f.rule.endswith("description.changed")]
        return finding.severity.name

    assert grade(None, "App logs") == "DOCUMENTATION"
    assert grade("App logs", None) == "DOCUMENTATION"
    assert grade(None, "App logs of the last 7 days") == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("tool,prop,schema,text", [
    ("firecrawl_scrape", "location", {"type": "object"}, "Location settings for scraping"),
    ("firecrawl_extract", "urls", {"type": "array", "items": {"type": "string"}},
     "List of URLs to extract information from"),
    ("create_issue", "labels", {"type": "array", "items": {"type": "string"}}, "Array of label names"),
    ("firecrawl_scrape", "actions", {"type": "array"}, "List of actions to perform before scraping"),
], ids=["settings", "information", "names", "perform-before"])
def test_a_property_description_removed_that_only_said_its_name_in_words_of_low_meaning(tool, prop, schema, text):
    """firecrawl-mcp 3.26.0 and github 2025.1.23 dropped their argument descriptions; those that
    said only the name again, in function words and generic ones (name, settings, perform), lost
    the model nothing it does not still read in the name, the type and the tool's description."""
    finding = _property_finding(tool, prop, schema, text, removed=True)
    assert finding.severity.name == "DOCUMENTATION", finding.message
    assert finding.args["reason"] == "paraphrase_removed"
    assert "only said the name again, in common words" in finding.message
    # Added, the same words are new text a model reads: the prose grade as before.
    assert _property_finding(tool, prop, schema, text).severity.name == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("prop,text", [
    ("country", "Country code for geolocation"),  # a word of its own: the value is a code
    ("includePaths", "Only crawl these URL paths"),  # a directive word
    ("milliseconds", "Time to wait in milliseconds"),  # a unit
    ("selector", "CSS selector for the target element"),  # an identifier
    ("limit", "Maximum number of results to return (default: 5)"),  # a number
    ("tableId", "The ID or name of the table"),  # "or": another kind of value is accepted
    ("mode", "Settings are not used"),  # a negation
], ids=["own-word", "directive", "unit", "identifier", "number", "alternative", "negation"])
def test_a_removed_property_description_that_said_more_than_its_name_keeps_the_prose_grade(prop, text):
    finding = _property_finding("firecrawl_scrape", prop, {"type": "string"}, text, removed=True)
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


def test_a_tool_description_removed_is_not_excused_as_a_paraphrase():
    """A tool's description is all the prose a model reads about the tool: losing it is not
    losing a paraphrase of a name it still sees beside its type."""
    tool = {"name": "read_config", "inputSchema": {"type": "object"}}
    [finding] = _diff({**tool, "description": "Read the config settings"}, tool).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


def test_the_words_of_low_meaning_touch_nothing_the_contract_names():
    """None of them is a negation, number, JSON literal, unit, operator, directive word or
    identifier: the contract grades a change touching those POTENTIALLY_BREAKING."""
    from mcp_inspect.catalogue import default_catalogue
    from mcp_inspect.classify.prose.words import _categories, _clean, _tokens

    words = default_catalogue().phrases["restated"]["light"].split()
    assert words and "or" not in words and "and" not in words
    assert [w for w in words for t in _tokens(_clean(w)) if _categories(t)] == []


def test_a_nested_property_text_may_restate_the_properties_it_sits_in():
    """airtable-mcp-server 1.9.4 dropped "Field name to sort by" from `sort[].field` of
    `list_records`: read under `sort`, the text said nothing the schema does not. A sibling's
    name is not the property's own, so a text borrowing one keeps the prose grade."""
    def side(field_text=None, direction_text=None):
        item = {"type": "object", "properties": {
            "field": {"type": "string", **({"description": field_text} if field_text else {})},
            "direction": {"type": "string", **({"description": direction_text} if direction_text else {})}}}
        return _tool("list_records", "sort", {"type": "array", "items": item})

    def graded(old, new):
        [finding] = [f for f in _diff(old, new).changes if f.rule == "tool.input.description.changed"]
        return finding.severity.name, finding.args["reason"]

    assert graded(side("Field name to sort by"), side()) == ("DOCUMENTATION", "paraphrase_removed")
    assert graded(side(), side("Sort field")) == ("DOCUMENTATION", "restated_schema")
    assert graded(side(), side(direction_text="Sort field"))[0] == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("removed", [False, True], ids=["added", "removed"])
def test_the_noun_a_name_verb_makes_restates_it(removed):
    """firecrawl-mcp's `firecrawl_extract` said "Allow extraction from external links" of
    `allowExternalLinks`: *extraction* is the tool's *extract*, as *crawling* is *crawl*."""
    schema = {"type": "boolean"}
    finding = _property_finding("firecrawl_extract", "allowExternalLinks", schema,
                                "Allow extraction from external links", removed=removed)
    assert (finding.severity.name, finding.args["reason"]) == ("DOCUMENTATION", "restated_schema")
    finding = _property_finding("firecrawl_extract", "allowExternalLinks", schema,
                                "Allow deletion of external links", removed=removed)
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


@pytest.mark.parametrize("name,before,after", [
    ("create_or_delete_user", "Creates a user.", "Deletes a user."),
    ("read_write_file", "Reads the file.", "Writes the file."),
    ("enable_disable_alarm", "Enable the alarm.", "Disable the alarm."),
    ("archive_or_delete_file", "Archive the file. Delete it or not.", "Delete the file. Archive it or not."),
    # Hostile trial, round two: the words of the name in another order, or one of its actions added.
    ("copy_from_source_to_dest", "Copies from source to dest.", "Copies from dest to source."),
    ("move_source_target", "Move source target", "Move target source"),
    ("grant_user_admin", "Grant user admin", "Grant admin user"),
    ("get_or_delete_user", "Gets the user.", "Gets, deletes the user."),
    ("read_then_delete_file", "Reads the file.", "Reads the file, then deletes."),  # round three
], ids=["create-delete", "read-write", "enable-disable", "order-swapped", "reordered", "reordered-bare",
        "reordered-roles", "an-action-added", "an-action-added-then"])
def test_a_word_of_the_name_swapped_for_another_word_of_it_is_a_meaning_change(name, before, after):
    """Both words restate the tool's name, yet the text now says the other thing it does
    (hostile trial): only a word dropped or added restates, not one exchanged for another."""
    schema = {"type": "object"}
    [finding] = _diff({"name": name, "description": before, "inputSchema": schema},
                      {"name": name, "description": after, "inputSchema": schema}).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


def test_a_property_text_swapping_the_two_words_of_its_name_is_a_meaning_change():
    old = _tool("filter", "include_exclude", {"type": "string", "description": "Paths to include"})
    new = _tool("filter", "include_exclude", {"type": "string", "description": "Paths to exclude"})
    [finding] = _diff(old, new).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


@pytest.mark.parametrize("prop,before,after", [
    ("withoutConfirmation", "Delete with confirmation", "Delete withoutConfirmation"),
    ("without_confirmation", "Delete with confirmation", "Delete without_confirmation"),
    ("noConfirm", "confirm before deleting", "noConfirm before deleting"),
], ids=["camel", "snake", "no-prefix"])
def test_a_negation_inside_an_identifier_written_into_the_text_restates_nothing(prop, before, after):
    old = _tool("delete_file", prop, {"type": "boolean", "description": before})
    new = _tool("delete_file", prop, {"type": "boolean", "description": after})
    [finding] = _diff(old, new).changes
    assert finding.severity.name == "POTENTIALLY_BREAKING", finding.message


def test_a_title_respelled_with_a_role_word_still_restates():
    """The other side of the swap rule: ``GitAdd`` → ``addArguments`` drops a word of the name
    and adds a role word; nothing of the name was exchanged for another of its words."""
    schema = {"type": "object"}
    [finding] = _diff({"name": "git_add", "inputSchema": {**schema, "title": "GitAdd"}},
                      {"name": "git_add", "inputSchema": {**schema, "title": "addArguments"}}).changes
    assert finding.severity.name == "DOCUMENTATION", finding.message


def test_a_restating_prefix_added_to_a_description_says_its_reason_once():
    """New-user trial (@mastra/mcp-docs-server): "[🎓 COURSE] " put before getCourseStatus's
    description was graded a restatement, and the message said the reason twice, the second
    time as the note of the grade it replaced ("… already gives (the text only restates …)")."""
    text = "Gets the current status of the Mastra Course, including which lessons and steps have been completed"
    old = {"name": "getCourseStatus", "description": text, "inputSchema": {"type": "object"}}
    new = {**old, "description": "[🎓 COURSE] " + text}
    [finding] = _diff(old, new).changes
    assert finding.severity.name == "DOCUMENTATION"
    assert finding.message.count("restates") == 1, finding.message


@pytest.mark.parametrize(("before", "after"), [
    ("check_temp_directoryOutput", "check_temp_directoryDictOutput"),
    ("check_temp_directoryDictOutput", "check_temp_directoryOutput"),
])
def test_fastmcp_s_model_name_of_the_tool_changed_for_another_is_documentation(before, after):
    """New-user trial, round 14: code-index-mcp 2.9.4 → 2.17.1 renamed six output models
    ``<tool>Output`` → ``<tool>DictOutput`` when their functions began returning dicts, and each
    was a POTENTIALLY_BREAKING "an identifier changed". The name FastMCP makes of the tool's
    own name says nothing the schema does not; another tool's name, or words, still say
    something."""
    def tool(title):
        return {"name": "check_temp_directory", "inputSchema": {"type": "object"},
                "outputSchema": {"type": "object", "title": title, "properties": {"result": {"type": "string"}}}}

    [finding] = _diff(tool(before), tool(after)).changes
    assert (finding.path, finding.severity.name) == ("outputSchema.title", "DOCUMENTATION"), finding.message
    for other in ("list_filesOutput", "Deletes the temporary folder"):
        [finding] = _diff(tool(before), tool(other)).changes
        assert finding.severity.name == "POTENTIALLY_BREAKING", other


@pytest.mark.parametrize("tool,text,grade", [
    ("IndexMappingTool", "Arguments for the GetIndexMappingTool.", "DOCUMENTATION"),
    ("get_shards", "Arguments for the GetShardsArgs.", "DOCUMENTATION"),
    ("IndexMappingTool", "Input parameters for index_mapping_tool_args.", "DOCUMENTATION"),
    ("IndexMappingTool", "GetIndexMappingTool", "POTENTIALLY_BREAKING"),
    # New-user trial, round 31 (awslabs.ecs-mcp-server): FastMCP's root title for the
    # function mcp_containerize_app registered as containerize_app; the identifier says
    # what it is (arguments), a title of one identifier that does not stays graded.
    ("containerize_app", "mcp_containerize_appArguments", "DOCUMENTATION"),
    ("containerize_app", "mcp_containerize_appSummary", "POTENTIALLY_BREAKING"),
    # A free word beside the identifier, an identifier that holds too much more, or one that
    # does not hold the whole name, is not only a name.
    ("IndexMappingTool", "Arguments for the GetIndexMappingTool, read-only.", "POTENTIALLY_BREAKING"),
    ("IndexMappingTool", "Arguments for the DeleteAllIndexMappingToolRecords.", "POTENTIALLY_BREAKING"),
    ("IndexMappingTool", "Arguments for the GetMappingTool.", "POTENTIALLY_BREAKING"),
])
def test_a_root_text_that_names_a_class_named_after_the_tool_restates_it(tool, text, grade):
    """New-user trial, round 30 (opensearch-mcp-server-py 0.4.0 → 0.12.0): pydantic writes a
    model's docstring as the root description; "Arguments for the GetIndexMappingTool." added
    to ``IndexMappingTool`` was POTENTIALLY_BREAKING while "Arguments for the GetShardsTool."
    on ``GetShardsTool`` was DOCUMENTATION. An identifier holding the tool's name words, and at
    most two more, names the tool's own class."""
    bare = {"name": tool, "inputSchema": {"type": "object", "properties": {"index": {"type": "string"}}}}
    # A title of one identifier is also read by the generated-title rules (titles.py), which
    # take "GetIndexMappingTool" for the tool's own class: such a text is tested as a description.
    for key in ("description", "title") if " " in text or text.endswith("Arguments") else ("description",):
        described = {**bare, "inputSchema": {**bare["inputSchema"], key: text}}
        for old, new in ((bare, described), (described, bare)):
            [finding] = [f for f in _diff(old, new).changes if f.rule == "tool.input.description.changed"]
            assert finding.severity.name == grade, (key, finding.message)


def test_a_word_the_name_writes_whole_and_the_title_in_camel_case_restates_it():
    """New-user trial, round 32 (@danielsogl/lighthouse-mcp 1.3.0 → 2.0.1): the title "Find
    Unused JavaScript" added to ``find_unused_javascript`` was POTENTIALLY_BREAKING, "JavaScript"
    read as the words "java script", while "Get SEO Analysis" on ``get_seo_analysis`` was
    DOCUMENTATION."""
    bare = {"name": "find_unused_javascript", "inputSchema": {"type": "object"}}
    [finding] = [f for f in _diff(bare, {**bare, "title": "Find Unused JavaScript"}).changes
                 if f.rule == "tool.title.changed"]
    assert finding.severity.name == "DOCUMENTATION", finding.message
    [finding] = [f for f in _diff(bare, {**bare, "title": "Find Unused TypeScript"}).changes
                 if f.rule == "tool.title.changed"]
    assert finding.severity.name == "POTENTIALLY_BREAKING"
