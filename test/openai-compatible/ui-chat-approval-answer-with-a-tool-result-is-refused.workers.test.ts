// An assistant message on /v1/ui/chat that answers tool approvals and also carries a result of the page's own
// tool: a run waits for one or the other, so the result would answer no waiting call. The request is a 400
// naming the result's part, and decides nothing: the approval stays open, and answering it alone resumes the run.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { sendUIChat as send, type UIPart as Part } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const runs = async (chatId: string) => ((await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ status: string }> }).runs;

describe("an approval answer that also carries a tool result on /v1/ui/chat", () => {
  it("is refused naming the result's part, and leaves the approval open", async () => {
    const chatId = uniqueId("ui-approval-and-result");
    const marker = await script(chatId, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "The sum is 1112." }]);
    const question: UIMessage = { id: "q", role: "user", parts: [{ type: "text", text: `${marker} Add them` }] };
    const paused = await send(chatId, [question]);
    const asked = paused.parts.find((p) => p.type === "dynamic-tool") as Extract<Part, { type: "dynamic-tool" }>;
    const approved = { ...asked, state: "approval-responded", approval: { id: asked.approval!.id, approved: true } } as Part;
    const withApproval = paused.parts.map((p) => (p === asked ? approved : p));
    const result = { type: "tool-get_weather", toolCallId: "call_page", state: "output-available", input: { city: "Paris" }, output: "sunny" } as Part;

    const res = await call("/v1/ui/chat", {
      method: "POST",
      json: { id: chatId, trigger: "submit-message", messageId: paused.id, messages: [question, { ...paused, parts: [...withApproval, result] }] },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(`messages[1].parts[${withApproval.length}]: a tool result cannot come with answers to tool approvals`);
    expect((await runs(chatId)).map((r) => r.status)).toEqual(["awaiting_approval"]);

    const resumed = await send(chatId, [question, { ...paused, parts: withApproval }]);
    expect(resumed.parts.filter((p) => p.type === "text").map((p) => p.text)).toContain("The sum is 1112.");
    expect((await runs(chatId)).map((r) => r.status)).toEqual(["completed"]);
  });
});
