// `messageId` on /v1/ui/chat, as the AI SDK's chat engine sends it: the reply's message id is its run id, so
// regenerate({messageId}) naming the latest reply (or the question it answered) replaces that turn; naming an
// earlier reply or question, editing a sent message (sendMessage with a messageId), or naming a message that
// is not the last one is a 400 naming messageId, and starts nothing.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { sendUIChat as send, textOf } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });
type Trigger = "submit-message" | "regenerate-message";

async function session(chatId: string) {
  return (await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ runId: string }>; messages: Array<{ role: string; content: string }> };
}

async function refused(chatId: string, messages: UIMessage[], trigger: Trigger, messageId: string) {
  const res = await call("/v1/ui/chat", { method: "POST", json: { id: chatId, messages, trigger, messageId } });
  return { status: res.status, error: ((await res.json()) as { error: { code: string; message: string } }).error };
}

describe("messageId on /v1/ui/chat", () => {
  it("a Regenerate naming the latest reply, or its question, replaces that turn", async () => {
    const chatId = uniqueId("ui-message-id");
    const marker = await script(chatId, [{ text: "First answer." }, { text: "Second answer." }, { text: "Third answer." }]);
    const question = user(`${marker} What is a limit?`);
    const first = await send(chatId, [question], "submit-message");
    expect(textOf(first)).toBe("First answer.");
    expect(first.id).toBe((await session(chatId)).runs[0]!.runId);

    // regenerate({messageId: <the reply>}): the engine drops the reply and names it.
    const second = await send(chatId, [question], "regenerate-message", first.id);
    expect(textOf(second)).toBe("Second answer.");
    // regenerate({messageId: <the question>}): the engine keeps the question and names it.
    const third = await send(chatId, [question], "regenerate-message", question.id);
    expect(textOf(third)).toBe("Third answer.");

    const { runs, messages } = await session(chatId);
    expect(runs.map((r) => r.runId)).toEqual([third.id]);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", `${marker} What is a limit?`],
      ["assistant", "Third answer."],
    ]);
  });

  it("refuses naming an earlier reply or question, an edit of a sent message, and a message not the last, starting nothing", async () => {
    const chatId = uniqueId("ui-message-id-refused");
    const marker = await script(chatId, [{ text: "One." }, { text: "Two." }]);
    const q1 = user(`${marker} First question`);
    const a1 = await send(chatId, [q1], "submit-message");
    const q2 = user("Second question");
    const a2 = await send(chatId, [q1, a1, q2], "submit-message");
    expect(textOf(a2)).toBe("Two.");

    const cases: Array<[UIMessage[], Trigger, string, string]> = [
      // regenerate({messageId: a1.id}) and regenerate({messageId: q1.id}): the history cut back to q1.
      [[q1], "regenerate-message", a1.id, "a Regenerate redoes the latest reply only"],
      [[q1], "regenerate-message", q1.id, "a Regenerate redoes the latest reply only"],
      // sendMessage({text, messageId: q2.id}): q2 replaced by the edit.
      [[q1, a1, { ...q2, parts: [{ type: "text", text: "Edited question" }] }], "submit-message", q2.id, "editing a sent message is not supported"],
      [[q1, a1, user("Third question")], "submit-message", a1.id, "is not the last message's id"],
    ];
    for (const [messages, trigger, messageId, why] of cases) {
      const { status, error } = await refused(chatId, messages, trigger, messageId);
      expect({ status, code: error.code }, `${trigger} ${messageId}`).toEqual({ status: 400, code: "invalid_request" });
      expect(error.message).toContain(`messageId ${messageId}`);
      expect(error.message).toContain(why);
    }
    expect((await session(chatId)).runs.map((r) => r.runId)).toEqual([a1.id, a2.id]);
    expect((await requests(chatId)).requests).toHaveLength(2);
  });
});
