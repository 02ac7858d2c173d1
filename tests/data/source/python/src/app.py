from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("demo")


@mcp.tool()
def create_field(field: str, width: int = 10, ctx: Context | None = None) -> str:
    """Create a field."""
    return field


@mcp.tool(name="drop_field", description="Drop a field")
async def drop(field: str, cascade: bool = False) -> str:
    return field


@mcp.tool
def bare(value):
    return value


@mcp.prompt()
def summarise(topic: str) -> str:
    return topic


@mcp.resource("docs://readme")
def readme() -> str:
    return ""


@mcp.resource("fields://{id}")
def field(id: str) -> str:
    return id


def make(name):
    # A name built at run time: not seen, and no error.
    mcp.add_tool(lambda: None, name=f"dyn_{name}")
