// For tests inside workerd that check nothing more was sent or asked after a chat's answer: waits until the chat's
// object has nothing left to do. Every delivery it took is finished (done or failed), none held (an album's
// photo), queued, running or awaiting a decision, and none in flight. A job finishes only after what it says was
// sent (src/channels/chat-object.ts), so whatever it would have sent has been sent by then: a signal, not a pause.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { waitFor } from "./wait-for";

interface ChatWork {
  taken: number;
  open: number;
  inFlight: number;
}

/** How many deliveries the chat's object took and how many of them are not finished. */
export function chatWork(objectName: string): Promise<ChatWork> {
  return runInDurableObject(env.CHATS.getByName(objectName), (instance, state) => {
    const jobs = state.storage.sql
      .exec<{ taken: number; open: number | null }>("SELECT COUNT(*) AS taken, SUM(state NOT IN ('done', 'failed')) AS open FROM jobs")
      .one();
    const inFlight = (instance as unknown as { inFlight: Set<number> }).inFlight.size;
    return { taken: jobs.taken, open: jobs.open ?? 0, inFlight };
  });
}

/**
 * Waits until the chat's object (`telegram:<chat id>`, `slack:<team>:<channel>`) took at least `deliveries`
 * deliveries and finished every one of them.
 */
export async function chatSettled(objectName: string, deliveries = 1): Promise<void> {
  await waitFor(async () => {
    const work = await chatWork(objectName);
    return work.taken >= deliveries && work.open === 0 && work.inFlight === 0;
  }, `the chat ${objectName} to finish its work`);
}
