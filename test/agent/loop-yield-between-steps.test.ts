// LoopOptions.yieldAtStep: the loop stops between steps (status `running`, the step's tool results
// stored) and a later execution over the stored history goes on where it stopped. Driven one step per
// execution, each paradigm ends exactly as in one execution: same messages, result, events and model requests.
import { describe, expect, it } from "vitest";
import { emptyUsage, type SourcedEvent } from "../../src/agent/events";
import type { Message } from "../../src/agent/messages";
import { runParadigm, type Paradigm } from "../../src/agent/paradigms";
import { MemoryTodoStore } from "../../src/agent/todo";
import { ToolRegistry } from "../../src/agent/tools";
import { calculateTool } from "../../src/tools/calculate";
import { testParadigmSettings } from "../support/agent-run";
import { LoopHarness } from "../support/loop-harness";
import type { FakeReply } from "../support/fake-model";

const h = new LoopHarness();
/** A message without what differs between two runs of the same script: its id and time. */
const unstamped = (m: Message) => ({ ...m, id: undefined, createdAt: undefined });

let n = 0;

/** Runs `replies` under `paradigm` in executions of `perExecution` steps (0: one execution), each over the history stored so far. */
async function drive(paradigm: Paradigm, replies: FakeReply[], perExecution: number) {
  const key = `yield-${paradigm}-${perExecution}-${++n}`;
  const { events, messages, base } = h.prepare(key, replies, { input: "Work it out." });
  const todos = new MemoryTodoStore();
  const tools = new ToolRegistry([calculateTool]);
  let progress = { steps: 0, usage: emptyUsage() };
  for (let executions = 1; ; executions++) {
    const result = await runParadigm(paradigm, {
      ...base,
      history: messages.slice(),
      tools,
      todos,
      settings: testParadigmSettings(),
      stepsSoFar: progress.steps,
      usageSoFar: progress.usage,
      ...(perExecution ? { yieldAtStep: progress.steps + perExecution } : {}),
    });
    if (result.status === "running") {
      // It stopped between steps: nothing is left half done.
      const last = messages.at(-1)!;
      expect(last.role === "tool" || last.role === "user").toBe(true);
      progress = result;
      continue;
    }
    const marker = `[[script:${key}]]`;
    const unmark = (v: unknown) =>
      JSON.stringify(v)
        .replaceAll(marker, "MARKER")
        .replace(/call_[\w-]+/g, "CALL");
    return {
      executions,
      result: { status: result.status, output: result.output, steps: result.steps, usage: result.usage },
      messages: messages.map((m) => unmark(unstamped(m))),
      events: events.map((e: SourcedEvent) => unmark({ ...e, latencyMs: undefined, durationMs: undefined, callId: undefined })),
      requests: h.model.requests(key).map((r) => unmark({ messages: r.messages.map(unstamped), tools: r.tools, toolChoice: r.toolChoice })),
    };
  }
}

const SCENARIOS: Array<[Paradigm, FakeReply[], number]> = [
  [
    "react",
    [
      { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
      {
        toolCalls: [
          { name: "calculate", args: { expression: "42+1" } },
          { name: "calculate", args: { expression: "2*3" } },
        ],
      },
      { text: "43 and 6." },
    ],
    3,
  ],
  [
    "plan-solve",
    [
      { toolCalls: [{ name: "plan", args: { steps: ["Area", "Cost"] } }] },
      { toolCalls: [{ name: "calculate", args: { expression: "4*5" } }] },
      { text: "20 m2." },
      { text: "200 EUR." },
      { text: "20 m2, 200 EUR." },
    ],
    5,
  ],
  [
    "reflection",
    [
      { text: "About 40." },
      { toolCalls: [{ name: "revise", args: { reasons: ["Compute it exactly."] } }] },
      { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
      { text: "Exactly 42." },
      { toolCalls: [{ name: "approve", args: {} }] },
    ],
    // The critic's calls run in the execution of the answer they review.
    3,
  ],
];

describe("the loop's yieldAtStep", () => {
  it.each(SCENARIOS)("drives %s one step per execution to the same end as one execution", async (paradigm, replies, executions) => {
    const whole = await drive(paradigm, replies, 0);
    const stepped = await drive(paradigm, replies, 1);
    expect(whole.executions).toBe(1);
    expect(whole.result.status).toBe("completed");
    expect(stepped.executions).toBe(executions);
    expect(stepped.result).toEqual(whole.result);
    expect(stepped.messages).toEqual(whole.messages);
    expect(stepped.requests).toEqual(whole.requests);
    expect(stepped.events).toEqual(whole.events);
  });

  it("yields only between steps: a budget reached at the run's last step ends the run, not a yield", async () => {
    const run = await h.run([{ toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] }, { text: "2." }], { tools: [calculateTool], yieldAtStep: 2 });
    expect(run.result).toMatchObject({ status: "completed", steps: 2, output: "2." });
    const capped = await h.run([{ toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] }], { tools: [calculateTool], yieldAtStep: 1, maxSteps: 1 });
    expect(capped.result.status).toBe("max_steps");
  });
});
