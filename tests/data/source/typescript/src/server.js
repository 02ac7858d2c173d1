// Built JavaScript, as npm packages ship it.
const { z } = require("zod");

function register(server) {
  server.tool("js_tool", "From JavaScript", { query: z.string() }, async () => ({ content: [] }));
}
module.exports = { register };
