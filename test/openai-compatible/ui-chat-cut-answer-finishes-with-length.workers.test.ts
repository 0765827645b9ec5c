// An answer the model cut at its output limit ends /v1/ui/chat's message with finishReason "length", as the
// AI SDK's own streamText would, through the real `ai` transport, with a data-warning part saying why (warnings
// were dropped on this wire); an answer not cut finishes with "stop".
import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { BASE, uniqueId, workerFetch } from "../support/worker-http";

const transport = new DefaultChatTransport<UIMessage>({ api: `${BASE}/v1/ui/chat`, fetch: workerFetch });

/** The reply's chunks to `text`, after the chat's `earlier` messages. */
async function chunksOf(chatId: string, text: string, earlier: UIMessage[] = []): Promise<UIMessageChunk[]> {
  const messages: UIMessage[] = [...earlier, { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] }];
  const stream = await transport.sendMessages({ chatId, messages, trigger: "submit-message", messageId: undefined, abortSignal: undefined });
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("/v1/ui/chat: an answer cut at the model's output limit", () => {
  it("finishes with length, and says why in a data-warning part; one not cut with stop", async () => {
    const chatId = uniqueId("ui-cut");
    const marker = await script(chatId, [{ text: "The derivative of x² is", finishReason: "length" }, { text: "2x." }]);
    const cut = await chunksOf(chatId, `${marker} d/dx x²?`);
    expect(cut.at(-1)).toMatchObject({ type: "finish", finishReason: "length" });
    expect(cut.find((c) => c.type === "data-warning")).toMatchObject({ data: { code: "output_truncated" } });
    // The next turn re-sends the chat, the cut reply under the id it was streamed with.
    const replyId = (cut[0] as { messageId: string }).messageId;
    const whole = await chunksOf(chatId, `${marker} again`, [
      { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: `${marker} d/dx x²?` }] },
      { id: replyId, role: "assistant", parts: [{ type: "text", text: "The derivative of x² is" }] },
    ]);
    expect(whole.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    expect(whole.some((c) => c.type === "data-warning")).toBe(false);
  });
});
