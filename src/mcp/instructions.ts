// Server instructions go into the system prompt, each under a heading naming its server, so the
// model knows whose advice it is reading. They come from a third party: capped in length.
export interface ServerInstructions {
  server: string;
  text: string;
}

const MAX_INSTRUCTIONS_CHARS = 8_000;

/** The system prompt section for MCP servers' instructions; "" when no server gave any. */
export function mcpInstructionsSection(instructions: ServerInstructions[]): string {
  const sections = instructions
    .filter((i) => i.text.trim() !== "")
    .map(({ server, text }) => {
      const body =
        text.length > MAX_INSTRUCTIONS_CHARS
          ? `${text.slice(0, MAX_INSTRUCTIONS_CHARS)}\n[…instructions cut at ${MAX_INSTRUCTIONS_CHARS} characters]`
          : text.trim();
      // The tool names the text mentions reach the model prefixed; say so where the prefix is exact.
      const naming = /^[a-zA-Z0-9_-]+$/.test(server) ? `The tools it mentions are offered to you as mcp__${server}__<tool name>.\n\n` : "";
      return `## MCP server "${server}"\n${naming}${body}`;
    });
  if (sections.length === 0) return "";
  return ["# Instructions from MCP servers", ...sections].join("\n\n");
}
