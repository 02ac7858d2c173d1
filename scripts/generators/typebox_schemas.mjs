// Writes the tool list one side of the TypeBox catalogue gives: TypeBox builds JSON Schema
// values itself, so the schema is the value (its symbol-keyed bookkeeping does not
// survive JSON.stringify, as on the wire).
//   node typebox_schemas.mjs < job.json > tools.json
// job.json: {"tools": [{"name", "description", "source", "output"}]}, where source is a
// JavaScript expression of a TypeBox properties object ({field: Type.String(), ...}).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const { Type } = require("@sinclair/typebox");

const job = JSON.parse(readFileSync(0, "utf8"));
const tools = job.tools.map(({ name, description, source, output }) => {
  const properties = new Function("Type", `return (${source});`)(Type);
  const schema = JSON.parse(JSON.stringify(Type.Object(properties)));
  return output
    ? { name, description, inputSchema: { type: "object" }, outputSchema: schema }
    : { name, description, inputSchema: schema };
});
process.stdout.write(JSON.stringify({ tools }, null, 1) + "\n");
