// Writes the tool list one side of the zod catalogue gives, as zod 3 (through
// zod-to-json-schema) or zod 4 (through its own z.toJSONSchema) writes it.
// Called by regenerate.py from a scratch folder that has the packages installed:
//   node zod_schemas.mjs zod3|zod4 < job.json > tools.json
// job.json: {"tools": [{"name", "description", "source", "output"}]}, where source is a
// JavaScript expression of a zod shape ({field: z.string(), ...}) and output says the
// shape is the tool's result rather than its arguments.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const flavour = process.argv[2];
const { z } = require("zod");
let toSchema;
if (flavour === "zod3") {
  const { zodToJsonSchema } = require("zod-to-json-schema");
  toSchema = (schema) => zodToJsonSchema(schema);
} else if (flavour === "zod4") {
  toSchema = (schema) => z.toJSONSchema(schema);
} else {
  throw new Error(`unknown flavour ${flavour}`);
}

const job = JSON.parse(readFileSync(0, "utf8"));
const tools = job.tools.map(({ name, description, source, output }) => {
  const shape = new Function("z", `return (${source});`)(z);
  const schema = toSchema(z.object(shape));
  return output
    ? { name, description, inputSchema: { type: "object" }, outputSchema: schema }
    : { name, description, inputSchema: schema };
});
process.stdout.write(JSON.stringify({ tools }, null, 1) + "\n");
