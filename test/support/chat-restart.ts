// A chat job cut off by a restart (a deploy resets the ChatObject mid-job), for tests inside workerd: the job is put
// back as the interruption leaves it (queued, no run recorded), and the chat's watchdog takes it up again in an
// instance that knows no job in flight.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ChatObject } from "../../src/channels/chat-object";

/** `objectName`: the chat's (`telegram:<chat id>`); `deliveryId`: the job's (`update:<update_id>`). */
export async function takeUpAgainAfterRestart(objectName: string, deliveryId: string): Promise<void> {
  await runInDurableObject(env.CHATS.getByName(objectName), async (instance: ChatObject, state) => {
    state.storage.sql.exec("UPDATE jobs SET state = 'queued', session_id = NULL, run_id = NULL WHERE delivery_id = ?", deliveryId);
    (instance as unknown as { inFlight: Set<number> }).inFlight.clear();
    await instance.alarm();
  });
}
