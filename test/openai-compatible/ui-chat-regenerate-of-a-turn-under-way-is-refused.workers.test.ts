// useChat's Regenerate on /v1/ui/chat replaces the latest turn once it has ended. While it is still under way
// (here: waiting for a person's approval) a Regenerate is 409 run_active, saying how to end it, instead of
// starting a second turn beside it that the chat would then not show: nothing runs, and the turn still waits.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { postUIChat, sendUIChat as send } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });

describe("a Regenerate of a turn under way on /v1/ui/chat", () => {
  it("is refused with run_active, and the turn still waits for its approval", async () => {
    const chatId = uniqueId("ui-regenerate-paused");
    const marker = await script(chatId, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "Never run." }]);
    const question = user(`${marker} Add them`);
    const paused = await send(chatId, [question]);

    const { status, code, message } = await postUIChat({ id: chatId, messages: [question], trigger: "regenerate-message" });
    expect({ status, code }).toEqual({ status: 409, code: "run_active" });
    expect(message).toContain(`POST /v1/sessions/${chatId}/runs/${paused.id}/cancel`);

    expect((await requests(chatId)).requests).toHaveLength(1);
    const session = (await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ runId: string; status: string }> };
    expect(session.runs).toEqual([expect.objectContaining({ runId: paused.id, status: "awaiting_approval" })]);
  });
});
