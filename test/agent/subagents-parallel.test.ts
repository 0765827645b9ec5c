import { describe, expect, it } from "vitest";
import { calculateTool } from "../../src/tools/calculate";
import { requestText, runAgent } from "../support/agent-run";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

describe("subagents (the task tool)", () => {
  it("run side by side on fresh contexts: a child sees only its prompt, the parent only the child's answer", async () => {
    const a = h.model.script("child-a", [
      { toolCalls: [{ name: "calculate", args: { expression: "123456*7" } }], delayMs: 150 },
      { text: "Chapter A is about photosynthesis." },
    ]);
    const b = h.model.script("child-b", [{ text: "Chapter B is about respiration.", delayMs: 150 }]);
    const { result, key, events, messages } = await runAgent(
      h,
      [
        {
          toolCalls: [
            { name: "task", args: { prompt: `${a} Research topic A.` } },
            { name: "task", args: { prompt: `${b} Research topic B.` } },
          ],
        },
        { text: "Both chapters are ready." },
      ],
      { input: "PARENT-SECRET plan a biology lesson", tools: [calculateTool] },
    );
    expect(result).toMatchObject({ status: "completed", output: "Both chapters are ready." });

    // Each child's request: its own system prompt and its prompt, nothing of the parent.
    for (const [childKey, topic] of [
      ["child-a", "Research topic A."],
      ["child-b", "Research topic B."],
    ] as const) {
      const first = h.model.requests(childKey)[0]!;
      expect(first.system).toBe("You are a test subagent.");
      expect(first.messages.map((m) => m.role)).toEqual(["user"]);
      expect(first.messages[0]!.content).toContain(topic);
      expect(requestText(first)).not.toContain("PARENT-SECRET");
      expect(first.tools.map((t) => t.name)).not.toContain("task");
    }
    // The parent's next request holds each child's final answer and nothing of the children's work.
    const parentSecond = h.model.requests(key)[1]!;
    const results = parentSecond.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
    expect(results[0]).toMatch(/^Chapter A is about photosynthesis\.\n\n\[subagent \{"steps":2,/);
    expect(results[0]).toContain('"toolsUsed":["calculate"]');
    expect(results[1]).toMatch(/^Chapter B is about respiration\./);
    expect(requestText(h.model.requests("child-a")[1]!)).toContain("864192");
    expect(requestText(parentSecond)).not.toContain("864192");
    expect(requestText(parentSecond)).not.toContain("You are a test subagent.");
    expect(messages.filter((m) => m.role === "tool").map((m) => m.status)).toEqual(["success", "success"]);

    // Concurrent: both children started before either finished.
    const lifecycle = events.filter((e) => e.type === "subagent.started" || e.type === "subagent.finished").map((e) => e.type);
    expect(lifecycle).toEqual(["subagent.started", "subagent.started", "subagent.finished", "subagent.finished"]);

    // Child events reach the parent's stream marked with the child's id.
    const started = events.filter((e) => e.type === "subagent.started");
    const ids = started.map((e) => e.agent);
    expect(new Set(ids).size).toBe(2);
    const childToolEvents = events.filter((e) => e.type === "tool.finished" && e.name === "calculate");
    expect(childToolEvents).toHaveLength(1);
    expect(ids).toContain(childToolEvents[0]!.agent);

    // The children's model usage counts in the parent run's usage.
    const spent = events.filter((e) => e.type === "model.response").reduce((sum, e) => sum + (e.type === "model.response" ? e.usage.totalTokens : 0), 0);
    const parentOnly = events
      .filter((e) => e.type === "model.response" && !e.agent)
      .reduce((sum, e) => sum + (e.type === "model.response" ? e.usage.totalTokens : 0), 0);
    expect(spent).toBeGreaterThan(parentOnly);
    expect(result.usage.totalTokens).toBe(spent);
  });

  it("wait for a free slot beyond the concurrency bound", async () => {
    const prompts = ["one", "two", "three"].map((t) => `${h.model.script(`slot-${t}`, [{ text: `did ${t}`, delayMs: 50 }])} ${t}`);
    const { events } = await runAgent(h, [{ toolCalls: prompts.map((prompt) => ({ name: "task", args: { prompt } })) }, { text: "ok" }], {
      subagents: { maxConcurrent: 1 },
    });
    const lifecycle = events.filter((e) => e.type === "subagent.started" || e.type === "subagent.finished").map((e) => e.type.split(".")[1]);
    expect(lifecycle).toEqual(["started", "finished", "started", "finished", "started", "finished"]);
  });
});
