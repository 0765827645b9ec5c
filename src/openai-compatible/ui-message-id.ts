// What a request's `messageId` may name on /v1/ui/chat (docs/ui-chat.md#request). The AI SDK sends it to say
// which message the reply is for: with "submit-message", the assistant message an automatic resend continues
// (its approvals answered, its tool outputs added: the last message), or the user message sendMessage edits;
// with "regenerate-message", the message regenerate() was given: the reply to redo, or the question whose
// reply to redo. A reply's message id is its run id (ui-chat.ts), so the session knows which reply a
// message is. Honoured: continuing the last message, regenerating the latest reply. Editing a sent message or
// regenerating an earlier reply would rewrite the history the session keeps, so it is refused by name.
import type { Env } from "../env";
import { badRequest } from "../http-kit/errors";
import type { Tenant } from "../lib/tenant";
import { reachableSession } from "../session/reachable-session";
import type { SessionView } from "../session/runs/run-views";

interface Named {
  trigger: "submit-message" | "regenerate-message";
  messageId?: string | undefined;
  messages: ReadonlyArray<{ id?: string | undefined; role: string }>;
}

/** The ids of the session's runs, oldest first; none when there is no session (404 for another tenant's). */
export async function runIds(env: Env, sessionId: string, tenant: Tenant): Promise<string[]> {
  const view = await (await reachableSession(env, sessionId, tenant)).view({ limit: 1 });
  return view ? (JSON.parse(view) as Pick<SessionView, "runs">).runs.map((r) => r.runId) : [];
}

/** 400 naming `messageId` when it names a message the route cannot act on as the AI SDK means it. */
export async function checkMessageId(runsOf: () => Promise<readonly string[]>, body: Named): Promise<void> {
  const id = body.messageId;
  if (id === undefined) return;
  const last = body.messages.at(-1)!;
  const named = id === last.id;
  if (body.trigger === "submit-message") {
    if (named && last.role === "assistant") return;
    if (named)
      throw badRequest(
        "invalid_request",
        `messageId ${id} names the user message sent: editing a sent message is not supported (the session keeps the history it was asked in); send a new message.`,
      );
    throw badRequest("invalid_request", `messageId ${id} is not the last message's id: a reply continues the last message only.`);
  }
  const runs = await runsOf();
  // The latest reply, or the question it answered: the body's last message, after the reply to the run before
  // the latest (or first, when the latest run is the first).
  const before = body.messages.at(-2);
  const latestReply = id === runs.at(-1);
  const latestQuestion = named && last.role === "user" && (before ? before.id !== undefined && before.id === runs.at(-2) : runs.length <= 1);
  if (!latestReply && !latestQuestion)
    throw badRequest(
      "invalid_request",
      `messageId ${id} names no latest reply of this chat: a Regenerate redoes the latest reply only (name it, by its id or its question's, or send no messageId).`,
    );
}
