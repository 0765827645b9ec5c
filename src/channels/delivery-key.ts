// The Idempotency-Key of the work one delivery does (a chat message's run, a /course's course): the watchdog
// takes up a job a restart interrupted (chat-object.ts), and without a key a job cut off after its run or
// course was made but before it was marked made a second one. With the key, the session or course registry
// hands the first one back. Named by the conversation and the delivery (a Telegram update_id, a Slack
// event_id), which the platform never sends twice for other work.
import type { IdempotencyKey } from "../lib/idempotency-key";
import { sha256Hex } from "../lib/sha256-hex";

export async function deliveryKey(conversation: string, deliveryId: string, request: unknown): Promise<IdempotencyKey> {
  return { key: `chat:${conversation}:${deliveryId}`, fingerprint: await sha256Hex(JSON.stringify(request)) };
}
