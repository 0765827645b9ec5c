// Calls a tool the way a run does (the harness ToolRegistry: parse, validate, run with timeout)
// and records the events it emits.
import type { SourcedEvent } from "../../src/agent/events";
import { ToolRegistry, type Tool, type ToolResult } from "../../src/agent/tools";
import { RunState } from "../../src/agent/run-state";

let callCounter = 0;

export interface ToolRun {
  result: ToolResult;
  events: SourcedEvent[];
}

export async function runTool(tools: Tool[], name: string, args: unknown, signal = new AbortController().signal): Promise<ToolRun> {
  const registry = new ToolRegistry(tools);
  const events: SourcedEvent[] = [];
  const callId = `call_${++callCounter}`;
  const prepared = registry.prepare({ id: callId, name, args: JSON.stringify(args) });
  if ("error" in prepared) return { result: { status: "error", content: prepared.error }, events };
  const result = await registry.run(prepared.tool, prepared.args, {
    runId: "run_test",
    sessionId: "session_test",
    callId,
    signal,
    emit: (e) => events.push(e),
    runState: new RunState(),
  });
  return { result, events };
}
