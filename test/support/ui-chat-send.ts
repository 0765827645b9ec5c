// Sends a chat to /v1/ui/chat in the Worker under test the way the AI SDK's chat engine does (its
// DefaultChatTransport), and rebuilds the assistant message of the reply with the SDK's readUIMessageStream;
// posts raw requests too, alone or several at once (two tabs).
import { createExecutionContext, env } from "cloudflare:test";
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from "ai";
import { createApp } from "../../src/http/app";
import { startsHeldTogether } from "./starts-held-together";
import { BASE, call, fromThisMachine, workerFetch } from "./worker-http";

const transport = new DefaultChatTransport<UIMessage>({ api: `${BASE}/v1/ui/chat`, fetch: workerFetch });

export type UIPart = UIMessage["parts"][number];

/**
 * The reply to `messages`. With no `messageId` given it is the engine's: a resend answering an assistant
 * message names it (and the reply continues it), a new question names nothing.
 */
export async function sendUIChat(
  chatId: string,
  messages: UIMessage[],
  trigger: "submit-message" | "regenerate-message" = "submit-message",
  messageId: string | undefined = messages.at(-1)!.role === "assistant" ? messages.at(-1)!.id : undefined,
): Promise<UIMessage> {
  const last = messages.at(-1)!;
  const stream = await transport.sendMessages({ chatId, messages, trigger, messageId, abortSignal: undefined });
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream<UIMessage>({ stream, ...(last.role === "assistant" ? { message: last } : {}) })) message = m;
  return message!;
}

/** The text of a message's text parts. */
export const textOf = (m: UIMessage): string => m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");

/** A raw request to /v1/ui/chat, for one that should be refused: its status and error (a streamed reply is read to its end and has none). */
export async function postUIChat(body: object): Promise<{ status: number; code?: string; message?: string }> {
  const res = await call("/v1/ui/chat", { method: "POST", json: body });
  const text = await res.text();
  if (res.ok) return { status: res.status };
  const { error } = JSON.parse(text) as { error: { code: string; message: string } };
  return { status: res.status, code: error.code, message: error.message };
}

/** Posts each body to /v1/ui/chat at once, through a session binding that holds their starts together (starts-held-together.ts). */
export async function postUIChatsAtOnce(bodies: object[]): Promise<Array<{ status: number; text: string }>> {
  const app = createApp();
  const laid = { ...env, ...startsHeldTogether(bodies.length) };
  const post = (body: object) =>
    app.fetch(
      fromThisMachine(new Request(`${BASE}/v1/ui/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })),
      laid,
      createExecutionContext(),
    );
  return Promise.all(
    bodies.map(async (body) => {
      const res = await post(body);
      return { status: res.status, text: await res.text() };
    }),
  );
}
