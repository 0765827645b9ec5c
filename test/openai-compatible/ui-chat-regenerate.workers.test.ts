// useChat's Regenerate on /v1/ui/chat: the chat id is the session, and the request carries the history
// without the last answer and trigger "regenerate-message". The latest turn is replaced: the model sees the
// question once, and the session keeps one run and one answer for it.
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { BASE, call, uniqueId, workerFetch } from "../support/worker-http";

const transport = new DefaultChatTransport<UIMessage>({ api: `${BASE}/v1/ui/chat`, fetch: workerFetch });
const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });

async function send(chatId: string, messages: UIMessage[], trigger: "submit-message" | "regenerate-message"): Promise<string> {
  const stream = await transport.sendMessages({ chatId, messages, trigger, messageId: undefined, abortSignal: undefined });
  let text = "";
  for await (const m of readUIMessageStream<UIMessage>({ stream })) text = m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
  return text;
}

describe("useChat's Regenerate on /v1/ui/chat", () => {
  it("replaces the latest turn: the question once, one answer kept", async () => {
    const chatId = uniqueId("ui-regenerate");
    const marker = await script(chatId, [{ text: "First answer." }, { text: "Second answer." }]);
    const question = user(`${marker} What is a limit?`);
    expect(await send(chatId, [question], "submit-message")).toBe("First answer.");
    expect(await send(chatId, [question], "regenerate-message")).toBe("Second answer.");

    const seen = (await requests(chatId)).requests[1]!.messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);
    expect(seen).toEqual([["user", `${marker} What is a limit?`]]);
    const session = (await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: unknown[]; messages: Array<{ role: string; content: string }> };
    expect(session.runs).toHaveLength(1);
    expect(session.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", `${marker} What is a limit?`],
      ["assistant", "Second answer."],
    ]);
  });

  it("replaces a turn that stopped at its step limit too", async () => {
    const chatId = uniqueId("ui-regenerate-limit");
    const MAX_STEPS = 25; // the test env's (runSettings' default)
    const tooMany = Array.from({ length: MAX_STEPS }, () => ({ toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] }));
    const marker = await script(chatId, [...tooMany, { text: "Within the limit." }]);
    const question = user(`${marker} What is a limit?`);
    await send(chatId, [question], "submit-message");
    expect(await send(chatId, [question], "regenerate-message")).toBe("Within the limit.");
    const session = (await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ status: string }>; messages: Array<{ role: string }> };
    expect(session.runs.map((r) => r.status)).toEqual(["completed"]);
    expect(session.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });
});
