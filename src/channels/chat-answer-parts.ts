// A chat job's answer goes out in parts (a long one is several messages), and the job is marked done only after
// the last. A restart between parts (an eviction, a deploy) takes the job up again; the platforms take no
// idempotency key, so each part sent is recorded as it goes out (the job's row, chat-store.ts), and the job
// taken up again sends only the parts left, of the same text: the one recorded before the first part went out.
import type { ChatSender } from "../delivery/chat-sender";
import type { ChatShapes } from "../platforms/registry";
import type { ChatStore } from "./chat-store";

type Target = ChatShapes["target"];

/**
 * Sends the job's answer `text` (or, taken up again, the text it began sending) from its first part not sent, then
 * the lessons; returns where follow-ups go (Slack: the thread of its first part, even when that went out before).
 */
export async function sendAnswerParts(
  store: ChatStore,
  seq: number,
  sender: ChatSender<ChatShapes>,
  to: Target,
  text: string,
  lessonKeys: readonly string[],
  language?: string,
): Promise<Target> {
  const before = store.answerSent(seq);
  if (!before) store.beginAnswer(seq, text);
  const parts = { from: before?.parts ?? 0, sent: (n: number, next: Target) => store.markAnswerParts(seq, n, JSON.stringify(next)) };
  const next = await sender.answer(to, before?.text ?? text, lessonKeys, language, parts);
  // Where the first part went (a Slack thread it began) is the answer's, not where this call's first part went.
  return before?.next ? (JSON.parse(before.next) as Target) : next;
}
