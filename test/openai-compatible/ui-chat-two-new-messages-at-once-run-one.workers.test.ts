// Two new messages sent to one chat at the same moment (two tabs on the same chat): both histories were the
// chat's when checked, but only one may run on it. The session starts a run only while the reply its request's
// history ends with is still its latest, in the step that starts it, so the other is 409 history_mismatch
// naming `messages`, and runs nothing. The requests are held until both have reached the session object, so
// both checks come before either run starts (the race the check must survive).
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { postUIChatsAtOnce as atOnce, sendUIChat as send } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });

const runsOf = async (chatId: string) => ((await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ runId: string }> }).runs.map((r) => r.runId);

describe("/v1/ui/chat: two new messages to one chat at once", () => {
  it("runs one; the other is 409 history_mismatch naming messages, and runs nothing", async () => {
    const chatId = uniqueId("ui-two-tabs");
    const marker = await script(chatId, [{ text: "Let's study." }, { text: "Noted." }, { text: "Noted, again." }]);
    const q1 = user(`${marker} Start`);
    const a1 = await send(chatId, [q1]);

    const inputs = ["TAB-A: my exam is on Friday", "TAB-B: what did I tell you?"];
    const answers = await atOnce(inputs.map((text) => ({ id: chatId, messages: [q1, a1, user(text)], trigger: "submit-message" })));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    const { error } = JSON.parse(refused.text) as { error: { code: string; message: string } };
    expect(error.code).toBe("history_mismatch");
    expect(error.message).toContain(`messages were this chat's history when the request arrived (their last reply ${a1.id} was chat ${chatId}'s latest)`);
    expect(error.message).toContain("the chat moved on meanwhile");

    // One turn after the first, on the first alone.
    const runs = await runsOf(chatId);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toBe(a1.id);
    const calls = (await requests(chatId)).requests;
    expect(calls).toHaveLength(2);
    const ran = inputs[answers.findIndex((a) => a.status === 200)]!;
    expect(calls[1]!.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual([`${marker} Start`, ran]);
  });

  it("runs one of two first messages to a new chat; the other is 409 history_mismatch", async () => {
    const chatId = uniqueId("ui-two-tabs-new");
    const marker = await script(chatId, [{ text: "Hello." }, { text: "Hello again." }]);
    const answers = await atOnce(["TAB-A", "TAB-B"].map((tab) => ({ id: chatId, messages: [user(`${marker} ${tab}: hi`)], trigger: "submit-message" })));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { error } = JSON.parse(answers.find((a) => a.status === 409)!.text) as { error: { code: string; message: string } };
    expect(error.code).toBe("history_mismatch");
    expect(error.message).toContain(`(chat ${chatId} had no turn), but the chat moved on meanwhile`);
    expect(await runsOf(chatId)).toHaveLength(1);
    expect((await requests(chatId)).requests).toHaveLength(1);
  });
});
