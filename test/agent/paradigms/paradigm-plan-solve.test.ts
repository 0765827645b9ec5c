import { describe, expect, it } from "vitest";
import { calculateTool } from "../../../src/tools/calculate";
import { runAgent } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";
import type { Hooks } from "../../../src/agent/hooks";

const h = new LoopHarness();

describe("the plan-solve paradigm", () => {
  it("forces a plan call, turns the steps into the todo list, runs each step with the plan and earlier results in context, then synthesizes", async () => {
    const { result, key, todos, events, messages } = await runAgent(
      h,
      [
        { toolCalls: [{ name: "plan", args: { steps: ["Compute the area", "Compute the cost"] } }] },
        { toolCalls: [{ name: "calculate", args: { expression: "4*5" } }] },
        { text: "The area is 20 m2." },
        { text: "The cost is 200 EUR." },
        { text: "Area 20 m2, cost 200 EUR." },
      ],
      { paradigm: "plan-solve", input: "Floor of 4 by 5 m at 10 EUR/m2: area and cost?", tools: [calculateTool] },
    );
    expect(result).toMatchObject({ status: "completed", output: "Area 20 m2, cost 200 EUR.", steps: 5 });
    const [planning, step1, step1b, step2, synthesis] = h.model.requests(key);
    // The plan call is forced, with only the plan tool on offer.
    expect(planning!.toolChoice).toEqual({ name: "plan" });
    expect(planning!.tools.map((t) => t.name)).toEqual(["plan"]);
    expect(planning!.system).toContain("plan, then solve");
    // Each step is a user turn after the plan; the second step sees the first one's result.
    expect(step1!.messages.at(-1)!.content).toMatch(/^\[Plan step 1\/2\] Compute the area/);
    expect(step1!.toolChoice).toBeUndefined();
    expect(step1!.tools.map((t) => t.name)).not.toContain("plan");
    expect(step1b!.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(step2!.messages.at(-1)!.content).toMatch(/^\[Plan step 2\/2\] Compute the cost/);
    expect(step2!.messages.some((m) => m.content === "The area is 20 m2.")).toBe(true);
    expect(step2!.messages.some((m) => String(m.content).includes("[ ] 1. Compute the area"))).toBe(true);
    expect(synthesis!.messages.at(-1)!.content).toMatch(/^\[Synthesis\] All 2 steps are done/);
    expect(synthesis!.toolChoice).toBe("none");

    expect(todos.load()).toEqual([
      { id: "1", text: "Compute the area", status: "completed" },
      { id: "2", text: "Compute the cost", status: "completed" },
    ]);
    const progress = events.filter((e) => e.type === "todo.updated").map((e) => (e.type === "todo.updated" ? e.todos.map((t) => t.status).join(",") : ""));
    expect(progress).toEqual(["pending,pending", "in_progress,pending", "completed,pending", "completed,in_progress", "completed,completed"]);
    expect(messages.filter((m) => m.role === "user")).toHaveLength(4);
  });

  it("the plan call skips a hook's beforeToolCall only: its other points see the plan call too", async () => {
    const seen: number[] = [];
    const audit: Hooks = { name: "audit", afterModel: (step) => void seen.push(step.step), beforeToolCall: () => undefined };
    const { result } = await runAgent(h, [{ toolCalls: [{ name: "plan", args: { steps: ["one"] } }] }, { text: "step one done" }, { text: "final" }], {
      paradigm: "plan-solve",
      subagents: false,
      context: false,
      loop: { hooks: [audit] },
    });
    expect(result.status).toBe("completed");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("resumes a run that already planned: no second plan, finished steps skipped, a turn already asked not repeated", async () => {
    const first = await runAgent(h, [{ toolCalls: [{ name: "plan", args: { steps: ["A", "B"] } }] }, { text: "A done" }, { error: "model_unavailable" }], {
      paradigm: "plan-solve",
      key: "plan-resume",
    });
    expect(first.result.status).toBe("failed");
    expect(first.todos.load().map((t) => t.status)).toEqual(["completed", "in_progress"]);
    const resumed = await runAgent(h, [{ text: "B done" }, { text: "A and B done" }], {
      paradigm: "plan-solve",
      key: "plan-resume",
      history: first.messages,
      todos: first.todos,
    });
    expect(resumed.result).toMatchObject({ status: "completed", output: "A and B done" });
    const [again] = h.model.requests("plan-resume");
    expect(again!.tools.map((t) => t.name)).not.toContain("plan");
    expect(again!.messages.filter((m) => String(m.content).startsWith("[Plan step 2/2]"))).toHaveLength(1);
    expect(resumed.todos.load().map((t) => t.status)).toEqual(["completed", "completed"]);
  });
});
