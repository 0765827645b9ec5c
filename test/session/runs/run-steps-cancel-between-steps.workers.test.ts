// RUN_STEPS_PER_INVOCATION: a run cancelled between two of its invocations (it yielded, its alarm not yet
// run) ends cancelled at once, on its stream too, and the alarm that comes later runs nothing more.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { requests } from "../../support/model-control";
import { getRun, messages, trace } from "../../support/session-api";
import { untilIdle } from "../../support/session-executor";
import { runHeldAfterFirstStep } from "../../support/stepped-session";
import { waitFor } from "../../support/wait-for";
import { call } from "../../support/worker-http";

/** When the session object's alarm is set for; null when it is not set. */
const alarmOf = (sid: string) => runInDurableObject(env.SESSIONS.getByName(sid), (_o, state) => state.storage.getAlarm());

describe("a run driven step by step", () => {
  it("is cancelled between two steps: run.completed cancelled on its stream, and the alarm continues nothing", async () => {
    const { sid, runId, key, stream, alarms } = await runHeldAfterFirstStep("never asked for");
    // Held: the alarm that would continue the run has put itself an hour ahead, and nothing executes.
    await waitFor(async () => ((await alarmOf(sid)) ?? 0) > Date.now() + 60_000, "the held alarm to move an hour ahead");
    await untilIdle(sid);
    expect(await getRun(sid, runId)).toMatchObject({ status: "running", steps: 1 });
    expect((await requests(key)).requests).toHaveLength(1);

    const cancelled = await call(`/v1/sessions/${sid}/runs/${runId}/cancel`, { method: "POST" });
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", steps: 1 });
    const rest = await stream.rest();
    expect(rest.at(-1)).toMatchObject({ event: "run.completed", data: { status: "cancelled", steps: 1 } });

    // The held alarm runs now: the run stays cancelled, with no model call or tool run after the cancel.
    alarms.hold = false;
    expect(await runDurableObjectAlarm(env.SESSIONS.getByName(sid))).toBe(true);
    expect(alarms.found.at(-1)).toEqual({ status: "cancelled", steps: 1 });
    // Whatever that alarm started has stopped, and no alarm is set to continue the run now.
    await untilIdle(sid);
    expect((await alarmOf(sid)) ?? Infinity).toBeGreaterThan(Date.now() + 1_000);
    expect(await getRun(sid, runId)).toMatchObject({ status: "cancelled", steps: 1 });
    expect((await requests(key)).requests).toHaveLength(1);
    expect((await trace(sid)).filter((e) => e.type === "tool.started")).toHaveLength(1);
    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
  });
});
