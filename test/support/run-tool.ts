// Calls a tool the way the agent loop does: arguments as JSON text, validated by the registry,
// run with a ToolContext whose runState the test can share between calls (one run).
import type { SourcedEvent } from "../../src/agent/events";
import { type Tool, type ToolContext, type ToolResult, ToolRegistry } from "../../src/agent/tools";
import { RunState } from "../../src/agent/run-state";

export function toolContext(overrides: Partial<ToolContext> = {}): ToolContext & { events: SourcedEvent[] } {
  const events: SourcedEvent[] = [];
  return {
    runId: "run_test",
    sessionId: "sess_test",
    callId: "call_test",
    signal: new AbortController().signal,
    emit: (e) => events.push(e),
    runState: new RunState(),
    events,
    ...overrides,
  };
}

export async function callTool(tool: Tool, args: unknown, ctx: ToolContext = toolContext()): Promise<ToolResult> {
  const registry = new ToolRegistry([tool]);
  const prepared = registry.prepare({ id: ctx.callId, name: tool.name, args: JSON.stringify(args) });
  if ("error" in prepared) return { status: "error", content: prepared.error };
  return registry.run(prepared.tool, prepared.args, ctx);
}
