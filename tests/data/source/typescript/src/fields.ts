import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "fields", version: "1.0.0" });

server.tool(
  "create_field",
  "Create a field",
  { field: z.string(), width: z.number().optional() },
  async ({ field }) => ({ content: [{ type: "text", text: field }] }),
);

server.registerTool("rename_field", {
  description: "Rename a field",
  inputSchema: { from: z.string(), to: z.string() },
}, async () => ({ content: [] }));

const DropArgs = z.object({
  field: z.string(),
  cascade: z.boolean(),
});

server.registerTool("drop_field", {
  description: "Drop a field",
  inputSchema: DropArgs.shape,
}, async () => ({ content: [] }));

server.registerPrompt("summarise", { argsSchema: { topic: z.string() } }, async () => ({ messages: [] }));
server.resource("readme", "docs://readme", async () => ({ contents: [] }));
server.resource("field", new ResourceTemplate("fields://{id}", { list: undefined }), async () => ({ contents: [] }));

// A name built at run time: the locator cannot see it, and says nothing.
for (const kind of ["a", "b"]) {
  server.tool(`export_${kind}`, "Export", {}, async () => ({ content: [] }));
}

// Registered twice (two servers in one repository): ambiguous, never guessed.
server.tool("ping", "Ping", {}, async () => ({ content: [] }));
