// /v1/ui/chat holds a request's messages to its chat's session (docs/ui-chat.md#request): a reply's message id
// is its run id, so the replies among the earlier messages say which turns the client shows. A request that
// lacks turns the session holds — a new chat started under an id used before (the app cleared its messages and
// kept the id), or a turn the app deleted — is 409 history_mismatch naming `messages`, and nothing runs: the
// model never answers on turns its client does not show.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { postUIChat, sendUIChat as send, textOf } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });

const sent = (chatId: string, messages: UIMessage[]) => postUIChat({ id: chatId, messages, trigger: "submit-message" });

const runIds = async (chatId: string) => ((await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ runId: string }> }).runs.map((r) => r.runId);

describe("/v1/ui/chat messages without the session's turns", () => {
  it("refuses a new chat under a chat id used before: it would be answered on the old chat's history", async () => {
    const chatId = uniqueId("ui-new-chat-old-id");
    const marker = await script(chatId, [{ text: "Noted: your secret is PLUM." }, { text: "Never run." }]);
    const first = await send(chatId, [user(`${marker} My secret word is PLUM.`)]);
    expect(textOf(first)).toBe("Noted: your secret is PLUM.");

    // The app clears the chat (setMessages([])) and sends a first message under the same id.
    const { status, code, message } = await sent(chatId, [user("New chat: what do you know about me?")]);
    expect({ status, code }).toEqual({ status: 409, code: "history_mismatch" });
    expect(message).toContain(`messages hold 0 of the 1 replies of chat ${chatId}: its reply ${first.id}`);
    expect(message).toContain("start a new chat under a new id");

    expect((await requests(chatId)).requests).toHaveLength(1);
    expect(await runIds(chatId)).toEqual([first.id]);
  });

  it("refuses a history whose turn the app deleted: the model would still see it", async () => {
    const chatId = uniqueId("ui-deleted-turn");
    const marker = await script(chatId, [{ text: "Answer 1." }, { text: "Answer 2 about WRONG-TOPIC." }, { text: "Never run." }]);
    const q1 = user(`${marker} Question 1`);
    const a1 = await send(chatId, [q1]);
    const a2 = await send(chatId, [q1, a1, user("Question 2 about WRONG-TOPIC")]);
    expect(textOf(a2)).toBe("Answer 2 about WRONG-TOPIC.");

    // setMessages(messages.slice(0, -2)), then another question.
    const { status, code, message } = await sent(chatId, [q1, a1, user("Question 3")]);
    expect({ status, code }).toEqual({ status: 409, code: "history_mismatch" });
    expect(message).toContain(`messages hold 1 of the 2 replies of chat ${chatId}: its reply ${a2.id}`);

    expect((await requests(chatId)).requests).toHaveLength(2);
    expect(await runIds(chatId)).toEqual([a1.id, a2.id]);
  });
});
