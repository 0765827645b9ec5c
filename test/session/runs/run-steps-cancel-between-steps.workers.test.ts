// RUN_STEPS_PER_INVOCATION: a run cancelled between two of its invocations (it yielded, its alarm not yet
// run) ends cancelled at once, on its stream too, and the alarm that comes later runs nothing more.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { requests } from "../../support/model-control";
import { getRun, messages, trace } from "../../support/session-api";
import { runHeldAfterFirstStep } from "../../support/stepped-session";
import { call } from "../../support/worker-http";

describe("a run driven step by step", () => {
  it("is cancelled between two steps: run.completed cancelled on its stream, and the alarm continues nothing", async () => {
    const { sid, runId, key, stream, alarms } = await runHeldAfterFirstStep("never asked for");
    await new Promise((r) => setTimeout(r, 200));
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
    await new Promise((r) => setTimeout(r, 200));
    expect(await getRun(sid, runId)).toMatchObject({ status: "cancelled", steps: 1 });
    expect((await requests(key)).requests).toHaveLength(1);
    expect((await trace(sid)).filter((e) => e.type === "tool.started")).toHaveLength(1);
    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
  });
});
