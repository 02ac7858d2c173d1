from enum import Enum

from mcp import types
from pydantic import BaseModel


class GitTools(str, Enum):  # noqa: UP042 - as the reference git server spells it
    STATUS = "git_status"


class GitStatus(BaseModel):
    repo_path: str
    verbose: bool = False


LOG = "git_log"


async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name=GitTools.STATUS, description="Status", inputSchema=GitStatus.model_json_schema()),
        types.Tool(
            name=LOG,
            description="Log",
            inputSchema={"type": "object", "properties": {"max_count": {"type": "integer"}}},
        ),
    ]
