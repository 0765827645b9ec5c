// The client under test for the MCP conformance suite (@modelcontextprotocol/conformance, client
// mode): our McpManager, exactly as a run uses it. The suite starts a scenario's server, runs this
// with the server URL as last argument and the scenario in MCP_CONFORMANCE_SCENARIO, then checks
// what it saw. Bundled and driven by scripts/mcp-conformance.mjs.
import { parseMcpConfig } from "../src/tools/mcp/config";
import { McpManager } from "../src/tools/mcp/manager";
import { RunState } from "../src/agent/run-state";

/** The tool each scenario expects to be called, with its arguments. */
const CALLS: Record<string, { tool: string; args: Record<string, unknown> } | undefined> = {
  initialize: undefined,
  tools_call: { tool: "add_numbers", args: { a: 5, b: 3 } },
  "sse-retry": { tool: "test_reconnection", args: {} },
};

async function main(): Promise<number> {
  const url = process.argv.at(-1) ?? "";
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  if (!(scenario in CALLS)) {
    console.error(`unsupported scenario ${scenario}`);
    return 2;
  }
  const manager = new McpManager(parseMcpConfig({ mcpServers: { conformance: { url } } }));
  try {
    const { tools, warnings } = await manager.connectAll();
    if (warnings.length > 0) {
      console.error(warnings.map((w) => w.message).join("\n"));
      return 1;
    }
    console.log(`tools: ${tools.map((t) => t.name).join(", ")}`);
    const call = CALLS[scenario];
    if (!call) return 0;
    const tool = tools.find((t) => t.name === `mcp__conformance__${call.tool}`);
    if (!tool) {
      console.error(`tool ${call.tool} not offered`);
      return 1;
    }
    const result = await tool.run(call.args, {
      runId: "conformance",
      sessionId: "conformance",
      callId: "call_1",
      signal: AbortSignal.timeout(20_000),
      emit: (event) => console.log(JSON.stringify(event)),
      runState: new RunState(),
    });
    console.log(`${result.status}: ${result.content}`);
    return result.status === "success" ? 0 : 1;
  } finally {
    await manager.close();
  }
}

process.exit(await main());
