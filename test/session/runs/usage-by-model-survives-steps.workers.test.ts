// A run's usage by model is kept in its row, written by each step's checkpoint (and by a subagent's call
// as it ends): driven one step per invocation, a run that calls a subagent counts every call toward its
// model exactly as the same run in one invocation does, and the session sums its runs'.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import type { Reply } from "../../support/scripted-model";
import { settledRun } from "../../support/session-api";
import { steppedSession } from "../../support/stepped-session";
import { call, uniqueId } from "../../support/worker-http";

type Usage = { promptTokens: number; completionTokens: number; totalTokens: number };

/** A run's replies: a subagent's report (its prompt carries the marker, so its call is answered from the same script), a calculation, an answer. */
const helperRun = (marker: string): Reply[] => [
  { toolCalls: [{ name: "task", args: { prompt: `${marker} Read the notes and report.` } }], usage: { prompt_tokens: 50, completion_tokens: 10 } },
  { text: "Report: the notes are fine.", usage: { prompt_tokens: 20, completion_tokens: 6 } },
  { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }], usage: { prompt_tokens: 70, completion_tokens: 5 } },
  { text: "It is 42.", usage: { prompt_tokens: 80, completion_tokens: 3 } },
];

/** Scripts `runs` such runs, makes them one after another in the session, and reads the session. */
async function runsWithHelper(sessionId: string, runs = 1) {
  const key = uniqueId("k");
  const marker = `[[script:${key}]]`;
  await script(key, Array.from({ length: runs }, () => helperRun(marker)).flat());
  const statuses = [];
  for (let i = 0; i < runs; i++) {
    const res = await call(`/v1/sessions/${sessionId}/runs`, {
      method: "POST",
      json: { input: `${marker} Check the notes, then work it out (${i}).`, stream: true },
    });
    const runId = res.headers.get("x-run-id")!;
    await res.text();
    const run = await settledRun(sessionId, runId);
    statuses.push({ status: run.status, steps: run.steps });
  }
  const view = (await (await call(`/v1/sessions/${sessionId}`)).json()) as { usage: Usage; usageByModel: Record<string, Usage> };
  return { runs: statuses, usage: view.usage, usageByModel: view.usageByModel };
}

describe("a run's usage by model", () => {
  it("counts every model call of a run driven step by step as it does in one invocation", async () => {
    const whole = await runsWithHelper(uniqueId());
    const sid = uniqueId();
    const alarms = await steppedSession(sid, 1);
    const stepped = await runsWithHelper(sid);

    expect(whole.runs).toEqual([{ status: "completed", steps: 3 }]);
    expect(whole.usageByModel).toEqual({
      "scripted-model": { promptTokens: 200, completionTokens: 18, totalTokens: 218 },
      "scripted-subagent": { promptTokens: 20, completionTokens: 6, totalTokens: 26 },
    });
    // The run's usage counts its subagent's: the models' together.
    expect(whole.usage).toEqual({ promptTokens: 220, completionTokens: 24, totalTokens: 244 });
    // Three invocations (each alarm found the run one step further), and the same counts.
    expect(alarms.found.map((f) => f.steps)).toEqual([0, 1, 2]);
    expect(stepped).toEqual(whole);
  });

  it("sums a session's runs", async () => {
    const two = await runsWithHelper(uniqueId(), 2);
    expect(two.runs).toEqual([
      { status: "completed", steps: 3 },
      { status: "completed", steps: 3 },
    ]);
    expect(two.usageByModel).toEqual({
      "scripted-model": { promptTokens: 400, completionTokens: 36, totalTokens: 436 },
      "scripted-subagent": { promptTokens: 40, completionTokens: 12, totalTokens: 52 },
    });
  });
});
