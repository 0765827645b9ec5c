// useChat's Regenerate on /v1/ui/chat redoes the latest turn: the history without the latest reply, and that
// turn's question again. A Regenerate whose question is not the one the latest turn asked (edited in the app)
// is 409 history_mismatch naming that message, instead of running as a new turn beside the one it meant to
// replace: nothing runs, and the turn stays as it was.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { postUIChat, sendUIChat as send, textOf } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });

describe("a Regenerate of another question on /v1/ui/chat", () => {
  it("is refused naming the message, and the latest turn stays", async () => {
    const chatId = uniqueId("ui-regenerate-other");
    const marker = await script(chatId, [{ text: "Answer 1." }, { text: "Never run." }]);
    const first = await send(chatId, [user(`${marker} Question 1`)]);
    expect(textOf(first)).toBe("Answer 1.");

    const { status, code, message } = await postUIChat({ id: chatId, messages: [user(`${marker} Question 1 EDITED`)], trigger: "regenerate-message" });
    expect({ status, code }).toEqual({ status: 409, code: "history_mismatch" });
    expect(message).toContain(`messages[0] is not the question of chat ${chatId}'s latest turn`);

    expect((await requests(chatId)).requests).toHaveLength(1);
    const session = (await (await call(`/v1/sessions/${chatId}`)).json()) as {
      runs: Array<{ runId: string }>;
      messages: Array<{ role: string; content: string }>;
    };
    expect(session.runs.map((r) => r.runId)).toEqual([first.id]);
    expect(session.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", `${marker} Question 1`],
      ["assistant", "Answer 1."],
    ]);
  });
});
