"""Write the tool list one side of the Python catalogue gives, as pydantic v2's
``model_json_schema()`` writes it (the arguments as a model named ``Args``; an output case's
fields as a model named ``Result``, in serialization mode, as a result is written).

    python pydantic_schemas.py < job.json > tools.json

job.json: {"tools": [{"name", "description", "defs", "fields", "output"}]}.
"""

from __future__ import annotations

import json
import sys

from python_sources import model


def main() -> None:
    job = json.load(sys.stdin)
    tools = []
    for case in job["tools"]:
        tool = {"name": case["name"], "description": case["description"]}
        if case["output"]:
            result = model("Result", case["defs"], case["fields"])
            tool["inputSchema"] = {"type": "object"}
            tool["outputSchema"] = result.model_json_schema(mode="serialization")
        else:
            tool["inputSchema"] = model("Args", case["defs"], case["fields"]).model_json_schema()
        tools.append(tool)
    json.dump({"tools": tools}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
