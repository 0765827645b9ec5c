// RUN_STEPS_PER_INVOCATION: a run whose Session object is evicted (or restarted) between two of its invocations (it
// yielded, its alarm not yet run) continues from its stored history when the alarm comes to the fresh
// instance: it resumes (no tool call repeated), and a client reconnecting with ?after= gets the rest.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { requests } from "../../support/model-control";
import { getRun, messages, settledRun, trace } from "../../support/session-api";
import { SseReader } from "../../support/sse-reader";
import { runHeldAfterFirstStep } from "../../support/stepped-session";
import { call } from "../../support/worker-http";

// A stub to an aborted instance stays broken: each call gets a fresh one.
const stubOf = (sid: string) => env.SESSIONS.getByName(sid);

describe("a run driven step by step", () => {
  it("continues after its object is evicted between two steps, each tool call run once", async () => {
    const { sid, runId, key, stream } = await runHeldAfterFirstStep("The answer is 43.");

    // Evicted the way a deploy or a crash does it: the instance is gone, storage (and the alarm) stay.
    await runInDurableObject(stubOf(sid), (_o, state) => state.abort("evicted between steps")).catch(() => {});
    await stream.rest();
    expect(await getRun(sid, runId)).toMatchObject({ status: "running", steps: 1 });
    // The fresh instance has the held alarm (and the pool's setting: the rest runs in this invocation).
    expect(await runDurableObjectAlarm(stubOf(sid))).toBe(true);

    const rest = await new SseReader(await call(`/v1/sessions/${sid}/runs/${runId}/stream?after=${stream.lastSeq()}`)).rest();
    expect(rest.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed", output: "The answer is 43.", steps: 3 } });
    expect(await settledRun(sid, runId)).toMatchObject({ status: "completed", output: "The answer is 43.", steps: 3 });
    expect((await trace(sid)).filter((e) => e.type === "tool.started").map((e) => e.data.args)).toEqual([{ expression: "6*7" }, { expression: "42+1" }]);
    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
    expect((await requests(key)).requests).toHaveLength(3);
    const seqs = [...stream.seen, ...rest].flatMap((e) => (e.id === undefined ? [] : [e.id]));
    expect(new Set(seqs).size).toBe(seqs.length);
  });
});
