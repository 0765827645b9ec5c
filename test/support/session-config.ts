// Gives one session's Durable Object its own settings for a test (a short RUN_TIMEOUT_MS, a small
// TRACE_MAX_EVENTS, …) without touching the pool's bindings, which every other test shares. The
// override lives in that object's memory: it ends when the object is evicted.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";

export async function overrideSessionConfig(sessionId: string, vars: Record<string, string>): Promise<void> {
  const stub = env.SESSIONS.getByName(sessionId);
  await runInDurableObject(stub, (instance) => {
    const object = instance as unknown as { env: Record<string, unknown> };
    object.env = { ...object.env, ...vars };
  });
}
