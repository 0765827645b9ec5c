// Tools that only say they ran, for tests of which tools a run offers the model: the agent's own stay inline,
// MCP-like ones (`mcp__s__t<i>`) are deferrable, as MCP tools are.
import * as z from "zod";
import { defineTool, ok, type Tool } from "../../src/agent";

export const stubTool = (name: string, description: string, deferrable: boolean): Tool =>
  ({ ...defineTool({ name, description, input: z.object({}), run: () => ok(`${name} ran`) }), deferrable }) as Tool;

/** `n` deferrable tools `mcp__s__t0` … of one server, "Tool number <i> of the server". */
export const mcpStubs = (n: number): Tool[] => Array.from({ length: n }, (_, i) => stubTool(`mcp__s__t${i}`, `Tool number ${i} of the server`, true));
