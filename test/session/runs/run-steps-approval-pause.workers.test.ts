// RUN_STEPS_PER_INVOCATION: a run driven step by step that asks a person about a call pauses as any run
// does; the decision resumes it, and it goes on step by step to the same end as in one invocation.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, trace } from "../../support/session-api";
import type { Reply } from "../../support/scripted-model";
import { steppedSession } from "../../support/stepped-session";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const REPLIES: Reply[] = [
  { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
  { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] },
  { toolCalls: [{ name: "calculate", args: { expression: "2+2" } }] },
  { text: "Done: 42, 1112 and 4." },
];

/** Runs REPLIES, allowing the call the policy asks about; what the run left behind, ids aside. */
async function runWithApproval(sessionId: string) {
  const key = uniqueId("k");
  const marker = await script(key, REPLIES);
  const paused = await startRun(sessionId, `${marker} three sums`);
  expect(paused).toMatchObject({ status: "awaiting_approval", steps: 2 });
  expect((await decide(sessionId, paused.pending![0]!.approvalId, { decision: "allow" })).status).toBe(200);
  const run = await settledRun(sessionId, paused.runId);
  return {
    run: { status: run.status, output: run.output, steps: run.steps },
    messages: (await messages(sessionId)).map((m) => [m.role, m.role === "user" ? "" : m.content, m.toolCalls?.map((c) => c.args), m.status]),
    toolRuns: (await trace(sessionId)).filter((e) => e.type === "tool.finished").map((e) => e.data.output),
    modelCalls: (await requests(key)).requests.length,
  };
}

describe("a run driven step by step", () => {
  it("pauses for an approval and, once allowed, goes on step by step to the same end as in one invocation", async () => {
    const whole = await runWithApproval(uniqueId());
    const sid = uniqueId();
    const continued = await steppedSession(sid, 1);
    const stepped = await runWithApproval(sid);

    expect(whole.run).toEqual({ status: "completed", output: "Done: 42, 1112 and 4.", steps: 4 });
    expect(stepped).toEqual(whole);
    // Each call ran once (the asked one when it was allowed).
    expect(stepped.toolRuns).toHaveLength(3);
    expect(stepped.toolRuns.join(" ")).toMatch(/42.*1112.*4/s);
    // Step 1 in the first alarm's invocation (the request only queued the run), step 2 in the next one's
    // (it asked); the decision's invocation ran the allowed call and step 3; the alarm's, step 4.
    expect(continued.found).toEqual([
      { status: "queued", steps: 0 },
      { status: "running", steps: 1 },
      { status: "running", steps: 3 },
    ]);
  });
});
