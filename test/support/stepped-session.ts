// For workers tests of RUN_STEPS_PER_INVOCATION: gives one session's Durable Object that setting and
// watches its alarm, the invocation that starts a run (the request only queues it) and continues it after
// each yield between steps. Each time the alarm fires, the run's status and steps as the alarm found them
// are recorded; while `hold` is set an alarm that would continue a running run continues nothing (it is
// set an hour ahead instead; one that starts a queued run still starts it), so a test can act between two
// steps and then let the run go on with runDurableObjectAlarm. Both live in the object's memory: an eviction ends them.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { SessionStore } from "../../src/session/session-store";

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
      const run = new SessionStore(state.storage.sql).lastRun();
      if (run) watch.found.push({ status: run.status, steps: run.steps });
      if (!watch.hold || run?.status === "queued") return alarm();
      await state.storage.setAlarm(Date.now() + 3_600_000);
    };
  });
  return watch;
}
