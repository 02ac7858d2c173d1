// Writes the tool list one side of the Valibot catalogue gives, as @valibot/to-json-schema
// writes it.
//   node valibot_schemas.mjs < job.json > tools.json
// job.json: {"tools": [{"name", "description", "source", "output"}]}, where source is a
// JavaScript expression of a Valibot entries object ({field: v.string(), ...}).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const v = require("valibot");
const { toJsonSchema } = require("@valibot/to-json-schema");

const job = JSON.parse(readFileSync(0, "utf8"));
const tools = job.tools.map(({ name, description, source, output }) => {
  const entries = new Function("v", `return (${source});`)(v);
  const schema = toJsonSchema(v.object(entries));
  return output
    ? { name, description, inputSchema: { type: "object" }, outputSchema: schema }
    : { name, description, inputSchema: schema };
});
process.stdout.write(JSON.stringify({ tools }, null, 1) + "\n");
