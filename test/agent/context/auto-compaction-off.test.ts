// AUTO_COMPACTION=false: a run past the compaction threshold is not compacted (no summarizer call, no
// context.compacted event), while compactNow still compacts on request.
import { describe, expect, it } from "vitest";
import { MemoryCompactionStore } from "../../../src/agent/context/compaction";
import { ContextManager } from "../../../src/agent/context/context-manager";
import { RunState } from "../../../src/agent/run-state";
import { MemoryTodoStore } from "../../../src/agent/todo";
import { calculateTool } from "../../../src/tools/calculate";
import { MemoryToolOutputStore, runAgent, testContextSettings } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";

const h = new LoopHarness();

const calc = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };

describe("auto-compaction switched off", () => {
  it("leaves an over-budget context alone; compactNow still compacts it", async () => {
    const key = "compaction-off";
    const { result, events, messages } = await runAgent(
      h,
      [calc, calc, { ...calc, usage: { promptTokens: 3900, completionTokens: 5 } }, calc, { text: "done" }],
      { key, tools: [calculateTool], context: { contextWindow: 4000, keepRounds: 2, autoCompaction: false }, settings: { todoReminderTurns: 100 } },
    );
    expect(result.status).toBe("completed");
    expect(h.model.requests(key)).toHaveLength(5);
    expect(events.some((e) => e.type === "context.compacted")).toBe(false);

    h.model.script(key, [{ text: "SUMMARY: four sums." }]);
    const compactions = new MemoryCompactionStore();
    const context = new ContextManager({
      model: h.model,
      outputs: new MemoryToolOutputStore(),
      compactions,
      todos: new MemoryTodoStore(),
      runState: new RunState(),
      settings: testContextSettings({ keepRounds: 2, autoCompaction: false }),
    });
    const outcome = await context.compactNow({ system: "s", messages, tools: [], signal: new AbortController().signal, emit: () => {} });
    expect(outcome).toMatchObject({ compacted: true, replacedMessages: expect.any(Number) });
    expect((await compactions.latest())?.summary).toBe("SUMMARY: four sums.");
  });
});
