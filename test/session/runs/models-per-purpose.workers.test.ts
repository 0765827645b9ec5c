// MODEL_FAST and its per-purpose overrides (the pool sets MODEL_FAST=scripted-fast, MODEL_SUBAGENT=
// scripted-subagent): writing stays on MODEL, a subagent runs on its model, a summary on the fast one; the
// trace names each call's purpose and model, and the session's usage is split by model.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

interface TraceEvent {
  type: string;
  data: { purpose?: string; model?: string; agent?: string };
}
type Usage = { promptTokens: number; completionTokens: number; totalTokens: number };

describe("a model per purpose", () => {
  it("writes on MODEL, runs subagents on MODEL_SUBAGENT and summarizes on MODEL_FAST; the trace and usageByModel say so", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = `[[script:${key}]]`;
    await script(key, [
      { toolCalls: [{ name: "task", args: { prompt: `${marker} Read the notes and report.` } }], usage: { prompt_tokens: 50, completion_tokens: 10 } },
      { text: "Report: the notes are fine.", usage: { prompt_tokens: 20, completion_tokens: 6 } },
      { text: "First answer.", usage: { prompt_tokens: 60, completion_tokens: 4 } },
      { text: "Second answer." },
      { text: "Third answer." },
      { text: `${marker} SUMMARY: three questions were answered.` },
    ]);
    const run = (input: string) => call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} ${input}` } }).then((r) => r.json());
    for (const q of ["first, with a helper", "second", "third"]) expect(await run(q)).toMatchObject({ status: "completed" });
    expect((await call(`/v1/sessions/${sid}/compact`, { method: "POST" })).status).toBe(200);

    expect((await requests(key)).requests.map((r) => r.model)).toEqual([
      "scripted-model",
      "scripted-subagent",
      "scripted-model",
      "scripted-model",
      "scripted-model",
      "scripted-fast",
    ]);

    const { events } = (await (await call(`/v1/sessions/${sid}/events?limit=1000`)).json()) as { events: TraceEvent[] };
    const calls = events.filter((e) => e.type === "model.request").map((e) => [e.data.purpose, e.data.model, e.data.agent ? "child" : "top"]);
    expect(calls).toEqual([
      ["writing", "scripted-model", "top"],
      ["subagent", "scripted-subagent", "child"],
      ["writing", "scripted-model", "top"],
      ["writing", "scripted-model", "top"],
      ["writing", "scripted-model", "top"],
      // The manual compaction's summary, traced with no run.
      ["summary", "scripted-fast", "top"],
    ]);

    const view = (await (await call(`/v1/sessions/${sid}`)).json()) as { usage: Usage; usageByModel: Record<string, Usage> };
    expect(Object.keys(view.usageByModel).sort()).toEqual(["scripted-model", "scripted-subagent"]);
    expect(view.usageByModel["scripted-subagent"]).toEqual({ promptTokens: 20, completionTokens: 6, totalTokens: 26 });
    const sum = Object.values(view.usageByModel).reduce((a, u) => a + u.totalTokens, 0);
    expect(sum).toBe(view.usage.totalTokens);
  });
});
