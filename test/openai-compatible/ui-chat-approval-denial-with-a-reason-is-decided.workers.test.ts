// addToolApprovalResponse({id, approved: false, reason}) on /v1/ui/chat: the reason the AI SDK puts on the
// answered part does not make the request fail; the denial is decided (by "ui", in the trace), the call is not
// run, and the model reads that a person refused it. No channel's decision carries a reason, so it is not
// kept (docs/ui-chat.md).
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { messages, trace } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { sendUIChat as send, type UIPart as Part } from "../support/ui-chat-send";
import { uniqueId } from "../support/worker-http";

describe("an approval denied with a reason on /v1/ui/chat", () => {
  it("is decided: the call is refused and the model reads so", async () => {
    const chatId = uniqueId("ui-deny-reason");
    const marker = await script(chatId, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "I will not compute it." }]);
    const question: UIMessage = { id: "q", role: "user", parts: [{ type: "text", text: `${marker} Add them` }] };
    const paused = await send(chatId, [question]);
    const asked = paused.parts.find((p) => p.type === "dynamic-tool") as Extract<Part, { type: "dynamic-tool" }>;
    const denied = { ...asked, state: "approval-responded", approval: { id: asked.approval!.id, approved: false, reason: "Not on a school day." } } as Part;

    const resumed = await send(chatId, [question, { ...paused, parts: paused.parts.map((p) => (p === asked ? denied : p)) }]);
    expect(resumed.parts.find((p) => p.type === "dynamic-tool")).toMatchObject({ state: "output-error" });
    expect(resumed.parts.filter((p) => p.type === "text").map((p) => p.text)).toContain("I will not compute it.");

    expect((await trace(chatId)).find((e) => e.type === "approval.decided")!.data).toMatchObject({ decision: "deny", by: "ui" });
    expect((await messages(chatId)).find((m) => m.role === "tool")!.content).toContain("a person refused this call");
    expect((await requests(chatId)).requests[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: expect.stringContaining("Permission denied") });
  });
});
