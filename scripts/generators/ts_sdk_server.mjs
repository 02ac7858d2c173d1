// A stdio MCP server on the TypeScript SDK whose tools are one side of the zod catalogue,
// each registered with registerTool and a zod shape, as a maintainer writes them.
//   node ts_sdk_server.mjs job.json
// job.json as for zod_schemas.mjs. regenerate.py captures its tools/list with
// `mcp-inspect snapshot --server`.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const server = new McpServer({ name: "generator-cases", version: "1.0.0" });
for (const { name, description, source, output } of job.tools) {
  const shape = new Function("z", `return (${source});`)(z);
  const config = output ? { description, inputSchema: {}, outputSchema: shape } : { description, inputSchema: shape };
  server.registerTool(name, config, async () => ({ content: [{ type: "text", text: "" }] }));
}
await server.connect(new StdioServerTransport());
