// RUN_STEPS_PER_INVOCATION: a run driven one model step per invocation of its Session object (the alarm
// continues it) ends exactly as the same run in one invocation: same messages, result, model requests and
// stream, each tool call run once.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { messages, settledRun, trace } from "../../support/session-api";
import { steppedSession } from "../../support/stepped-session";
import type { Reply } from "../../support/scripted-model";
import { call, readSse, uniqueId } from "../../support/worker-http";

const REPLIES: Reply[] = [
  { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
  { toolCalls: [{ name: "calculate", args: { expression: "42+1" } }] },
  { toolCalls: [{ name: "calculate", args: { expression: "43*2" } }] },
  { text: "The answer is 86.", pieces: 3 },
];

/** One run of REPLIES over a streaming POST; everything a client or the model could tell apart, with ids and timings left out. */
async function runOnce(sessionId: string) {
  const key = uniqueId("k");
  const marker = await script(key, REPLIES);
  const res = await call(`/v1/sessions/${sessionId}/runs`, { method: "POST", json: { input: `${marker} Work it out step by step.`, stream: true } });
  expect(res.status).toBe(200);
  const runId = res.headers.get("x-run-id")!;
  const stream = await readSse(res);
  const run = await settledRun(sessionId, runId);
  const unmark = (v: unknown) => JSON.stringify(v).replaceAll(marker, "MARKER");
  return {
    stream: stream.map((e) => {
      const { runId: _r, durationMs: _d, callId: _c, ...data } = e.data as Record<string, unknown>;
      return { event: e.event, data };
    }),
    seqs: stream.flatMap((e) => (e.id === undefined ? [] : [e.id])),
    run: { status: run.status, output: run.output, steps: run.steps, usage: (run as unknown as { usage: unknown }).usage },
    messages: (await messages(sessionId)).map((m) => ({
      role: m.role,
      content: unmark(m.content),
      calls: m.toolCalls?.map((c) => [c.name, c.args]),
      status: m.status,
    })),
    modelRequests: (await requests(key)).requests.map((r) =>
      unmark(r.messages.map((m) => ({ role: m.role, content: m.content, calls: m.tool_calls }))).replace(/call_[\w-]+/g, "CALL"),
    ),
    toolRuns: (await trace(sessionId)).filter((e) => e.type === "tool.started").map((e) => e.data.args),
  };
}

describe("RUN_STEPS_PER_INVOCATION", () => {
  it("runs one step per invocation, the alarm continuing the run, with the same stream, messages, result and model requests as one invocation", async () => {
    const whole = await runOnce(uniqueId());

    const sid = uniqueId();
    const alarms = await steppedSession(sid, 1);
    const stepped = await runOnce(sid);

    expect(whole.run).toMatchObject({ status: "completed", output: "The answer is 86.", steps: 4 });
    expect(stepped.run).toEqual(whole.run);
    expect(stepped.messages).toEqual(whole.messages);
    expect(stepped.modelRequests).toEqual(whole.modelRequests);
    // The stream carried every step's events, in order, to run.completed, across the invocations.
    expect(stepped.stream).toEqual(whole.stream);
    expect(stepped.stream.filter((e) => e.event === "tool.finished")).toHaveLength(3);
    expect(stepped.stream.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed", steps: 4 } });
    expect(new Set(stepped.seqs).size).toBe(stepped.seqs.length);
    // Each tool call ran once.
    expect(stepped.toolRuns).toEqual([{ expression: "6*7" }, { expression: "42+1" }, { expression: "43*2" }]);
    // The request's invocation queued the run; each step was an alarm's: the first found it queued, each
    // later one still running, one step further each time.
    expect(alarms.found).toEqual([
      { status: "queued", steps: 0 },
      { status: "running", steps: 1 },
      { status: "running", steps: 2 },
      { status: "running", steps: 3 },
    ]);
  });

  it("streams a chat completion to the openai client across the invocations", async () => {
    const sid = uniqueId();
    const alarms = await steppedSession(sid, 2);
    const marker = await script(uniqueId("k"), REPLIES);
    const stream = await agentClient({ headers: { "x-session-id": sid, "x-agent-progress": "none" } }).chat.completions.create({
      model: "study-agent",
      stream: true,
      messages: [{ role: "user", content: `${marker} Work it out step by step.` }],
    });
    let text = "";
    let finish: string | null | undefined;
    for await (const c of stream) {
      text += c.choices[0]?.delta.content ?? "";
      finish ??= c.choices[0]?.finish_reason;
    }
    expect(text).toBe("The answer is 86.");
    expect(finish).toBe("stop");
    // Two steps per invocation: the request queued the run, the first alarm made steps 1–2, the next 3–4.
    expect(alarms.found).toEqual([
      { status: "queued", steps: 0 },
      { status: "running", steps: 2 },
    ]);
  });
});
