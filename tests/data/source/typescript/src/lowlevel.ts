import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod";

enum ToolName {
  ECHO = "echo",
}

const ReadArgs = z.object({
  path: z.string(),
});

const server = new Server({ name: "low", version: "1" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: ToolName.ECHO,
      description: "Echo",
      inputSchema: { type: "object", properties: { message: { type: "string" } } },
    },
    {
      name: "read_file",
      description: "Read",
      inputSchema: zodToJsonSchema(ReadArgs) as ToolInput,
    },
    {
      name: "ping",
      inputSchema: { type: "object" },
    },
  ],
}));
