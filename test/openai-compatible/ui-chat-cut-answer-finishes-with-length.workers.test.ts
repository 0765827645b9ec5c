// An answer the model cut at its output limit ends /v1/ui/chat's message with finishReason "length", as the
// AI SDK's own streamText would, through the real `ai` transport; an answer not cut finishes with "stop".
import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { BASE, uniqueId, workerFetch } from "../support/worker-http";

const transport = new DefaultChatTransport<UIMessage>({ api: `${BASE}/v1/ui/chat`, fetch: workerFetch });

async function finishOf(chatId: string, text: string): Promise<UIMessageChunk | undefined> {
  const messages: UIMessage[] = [{ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] }];
  const stream = await transport.sendMessages({ chatId, messages, trigger: "submit-message", messageId: undefined, abortSignal: undefined });
  let last: UIMessageChunk | undefined;
  for await (const chunk of stream) last = chunk;
  return last;
}

describe("/v1/ui/chat: an answer cut at the model's output limit", () => {
  it("finishes with length; one not cut with stop", async () => {
    const chatId = uniqueId("ui-cut");
    const marker = await script(chatId, [{ text: "The derivative of x² is", finishReason: "length" }, { text: "2x." }]);
    expect(await finishOf(chatId, `${marker} d/dx x²?`)).toMatchObject({ type: "finish", finishReason: "length" });
    expect(await finishOf(chatId, `${marker} again`)).toMatchObject({ type: "finish", finishReason: "stop" });
  });
});
