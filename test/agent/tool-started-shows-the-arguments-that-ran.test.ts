// The trace is the audit record of what ran: when a beforeToolCall hook rewrites a call, `tool.started`
// carries the arguments the tool ran with (or a person is asked about), and the model's own as
// `modelArgs`; a call no hook rewrote carries `args` alone.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { Hooks } from "../../src/agent/hooks";
import { defineTool, ok } from "../../src/agent/tools";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();
const received: unknown[] = [];
const echo = defineTool({
  name: "echo",
  description: "says its word back",
  input: z.object({ word: z.string() }),
  run: (args) => (received.push(args), ok(`echo ${args.word}`)),
});
const softer: Hooks = {
  beforeToolCall: (call) => ((call.args as { word: string }).word === "LOUD" ? { action: "allow", args: { word: "quiet" } } : undefined),
};
const callEcho = (word: string) => ({ toolCalls: [{ name: "echo", args: { word } }] });
const started = (events: { type: string }[]) => events.filter((e) => e.type === "tool.started");

describe("tool.started", () => {
  it("shows the arguments a hook rewrote the call into, and the model's own beside them", async () => {
    received.length = 0;
    const { events } = await h.run([callEcho("LOUD"), { text: "done" }], { tools: [echo], hooks: [softer] });
    expect(received).toEqual([{ word: "quiet" }]);
    expect(started(events)).toEqual([{ type: "tool.started", callId: expect.any(String), name: "echo", args: { word: "quiet" }, modelArgs: { word: "LOUD" } }]);
  });

  it("shows the model's arguments alone when no hook rewrote them", async () => {
    const { events } = await h.run([callEcho("calm"), { text: "done" }], { tools: [echo], hooks: [softer] });
    expect(started(events)).toEqual([{ type: "tool.started", callId: expect.any(String), name: "echo", args: { word: "calm" } }]);
  });

  it("shows the rewritten call a person is asked about", async () => {
    const asks: Hooks = { beforeToolCall: () => ({ action: "ask" }) };
    const { events, result } = await h.run([callEcho("LOUD")], { tools: [echo], hooks: [softer, asks] });
    expect(result.pending).toEqual([{ callId: expect.any(String), name: "echo", args: { word: "quiet" } }]);
    expect(started(events)).toMatchObject([{ args: { word: "quiet" }, modelArgs: { word: "LOUD" } }]);
  });
});
