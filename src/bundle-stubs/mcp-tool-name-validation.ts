// Stands in for the MCP SDK's tool name check in the Worker bundle (wrangler.toml [alias] maps McpServer's
// import of shared/toolNameValidation.js here). McpServer checks each name it registers against the spec's
// format (SEP-986) and prints paragraphs of advice for one that does not conform; the Worker registers a
// fixed set of conforming names (src/mcp-server/study-server.ts, held to the SDK's own check by
// test/project/bundle-stubs.test.ts), so the check stays and the advice goes.
const TOOL_NAME = /^[A-Za-z0-9._-]{1,128}$/;

/** Whether `name` has the spec's tool name format; a name that does not is still registered, as the SDK does. */
export function validateAndWarnToolName(name: string): boolean {
  const valid = TOOL_NAME.test(name);
  if (!valid) console.warn(`Tool name "${name}" does not conform to the MCP tool name format (SEP-986).`);
  return valid;
}
