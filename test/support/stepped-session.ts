// For workers tests of RUN_STEPS_PER_INVOCATION: gives one session's Durable Object that setting and
// watches its alarm, the invocation that starts a run (the request only queues it) and continues it after
// each yield between steps. Each time the alarm fires, the run's status and steps as the alarm found them
// are recorded; while `hold` is set an alarm that would continue a running run continues nothing (it is
// set an hour ahead instead; one that starts a queued run still starts it), so a test can act between two
// steps and then let the run go on with runDurableObjectAlarm. Both live in the object's memory: an eviction ends them.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import { SessionStore } from "../../src/session/session-store";
import { script } from "./model-control";
import { SseReader } from "./sse-reader";
import { call, uniqueId } from "./worker-http";

export interface AlarmWatch {
  /** The newest run as each alarm found it, in order. */
  readonly found: Array<{ status: string; steps: number }>;
  hold: boolean;
}

export async function steppedSession(sessionId: string, stepsPerInvocation: number): Promise<AlarmWatch> {
  const watch: AlarmWatch = { found: [], hold: false };
  await runInDurableObject(env.SESSIONS.getByName(sessionId), (instance, state) => {
    const object = instance as unknown as { env: Record<string, unknown>; alarm(): Promise<void> };
    object.env = { ...object.env, RUN_STEPS_PER_INVOCATION: String(stepsPerInvocation) };
    const alarm = object.alarm.bind(object);
    object.alarm = async () => {
      const run = new SessionStore(state.storage.sql).runs.last();
      if (run) watch.found.push({ status: run.status, steps: run.steps });
      if (!watch.hold || run?.status === "queued") return alarm();
      await state.storage.setAlarm(Date.now() + 3_600_000);
    };
  });
  return watch;
}

export interface HeldBetweenSteps {
  sid: string;
  runId: string;
  /** The scripted model's key: its requests so far. */
  key: string;
  stream: SseReader;
  alarms: AlarmWatch;
}

/**
 * A streamed run of two calculator steps and then `finalText`, one step per invocation, stopped between
 * its first and second step: the first alarm started it and it yielded, and the next alarm was held.
 */
export async function runHeldAfterFirstStep(finalText: string): Promise<HeldBetweenSteps> {
  const key = uniqueId("k");
  const marker = await script(key, [
    { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
    { toolCalls: [{ name: "calculate", args: { expression: "42+1" } }] },
    { text: finalText },
  ]);
  const sid = uniqueId();
  const alarms = await steppedSession(sid, 1);
  alarms.hold = true;
  const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} Work it out.`, stream: true } });
  const runId = res.headers.get("x-run-id")!;
  const stream = new SseReader(res);
  expect(await stream.until((e) => e.event === "tool.finished")).toBeDefined();
  const until = Date.now() + 10_000;
  while (alarms.found.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  expect(alarms.found).toEqual([
    { status: "queued", steps: 0 },
    { status: "running", steps: 1 },
  ]);
  return { sid, runId, key, stream, alarms };
}
