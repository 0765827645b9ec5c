// Runs the Worker's scheduled handler (the cron tick) at a chosen time, the way the pool's scheduled
// controller does, and waits for what it handed to waitUntil.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../src/index";

export async function tick(at: string | Date): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(at), cron: "0 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}
