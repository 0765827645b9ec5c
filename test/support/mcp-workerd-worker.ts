// A Worker that runs the MCP layer inside workerd, the production runtime, where the SDK's default
// ajv validator fails ("Code generation from strings disallowed"). POST {"url", "calls": [{name,
// args}]} → {tools, warnings, results: [{status, content, progress}]}.
import type { SourcedEvent } from "../../src/agent/events";
import { ToolRegistry } from "../../src/agent/tools";
import { RunState } from "../../src/agent/run-state";
import { McpManager, parseMcpConfig } from "../../src/mcp/index";

interface Job {
  url: string;
  calls: { name: string; args: unknown }[];
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("ok");
    const job = (await request.json()) as Job;
    const manager = new McpManager(parseMcpConfig({ mcpServers: { ev: { url: job.url } } }));
    try {
      const { tools, warnings } = await manager.connectAll();
      const registry = new ToolRegistry(tools);
      const results = [];
      for (const [i, call] of job.calls.entries()) {
        const events: SourcedEvent[] = [];
        const prepared = registry.prepare({ id: `call_${i}`, name: call.name, args: JSON.stringify(call.args) });
        const result =
          "error" in prepared
            ? { status: "error", content: prepared.error }
            : await registry.run(prepared.tool, prepared.args, {
                runId: "run",
                sessionId: "session",
                callId: `call_${i}`,
                signal: request.signal,
                emit: (e) => events.push(e),
                runState: new RunState(),
              });
        results.push({ status: result.status, content: result.content, progress: events.filter((e) => e.type === "tool.progress").length });
      }
      return Response.json({ tools: tools.map((t) => t.name), warnings, results });
    } finally {
      await manager.close();
    }
  },
};
