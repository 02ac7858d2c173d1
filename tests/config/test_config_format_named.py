"""A configuration file's parse error names the format the file is read in.

Hostile trial, round 36 (issue 34): ``-c c13.yml`` holding ``[1,2`` failed with "invalid JSON
at line 1 column 5" for a YAML file: the loader meant to read every configuration as YAML, but
gave the hint ``.yaml``, whose ``Path(...).suffix`` is empty (a dot file's name), so any text
opening with ``[`` or ``{`` was read as JSON. A configuration is now read as YAML, as meant,
unless the file is named ``.json``.
"""

from __future__ import annotations

import pytest

from mcp_inspect.config.load import load_config
from mcp_inspect.errors import InputError


@pytest.mark.parametrize("name", ["c13.yml", ".mcp-inspect.yaml"])
def test_a_yaml_file_that_opens_like_json_is_refused_as_yaml(tmp_path, name):
    path = tmp_path / name
    path.write_text("[1,2", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_config(path)
    message = str(raised.value)
    assert "invalid YAML" in message and "JSON" not in message, message


def test_a_json_configuration_is_still_read_as_json(tmp_path):
    """A configuration named .json keeps the JSON reader (and its wording)."""
    path = tmp_path / "c.json"
    path.write_text('{"fail_on": "BREAKING"', encoding="utf-8")
    with pytest.raises(InputError, match="invalid JSON at line 1"):
        load_config(path)
    path.write_text('{"fail_on": "NON_BREAKING"}', encoding="utf-8")
    assert load_config(path).fail_on.name == "NON_BREAKING"


def test_a_yaml_file_written_as_json_still_loads(tmp_path):
    """JSON is YAML: a .mcp-inspect.yml holding a JSON object is read as before."""
    path = tmp_path / ".mcp-inspect.yml"
    path.write_text('{"fail_on": "NON_BREAKING", "lint": {"rules": {"SEC-001": "off"}}}', encoding="utf-8")
    assert load_config(path).fail_on.name == "NON_BREAKING"
