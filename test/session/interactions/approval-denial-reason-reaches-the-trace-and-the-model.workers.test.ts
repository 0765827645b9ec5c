// The reason a person gives with a denial, on both ways to decide over HTTP (the native approvals route's
// `reason`, and the AI SDK's addToolApprovalResponse({id, approved: false, reason}) on /v1/ui/chat): it is kept
// in the trace's approval.decided, and the model reads it in the refused call's result, so it can act on it.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, trace } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { sendUIChat as send, type UIPart as Part } from "../../support/ui-chat-send";
import { uniqueId } from "../../support/worker-http";

const reason = 'Not on a school day; use "2+2" instead.';
const askThenAnswer = [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "Then I will compute 2+2." }];

/** The refused call's result as stored and as the model read it, and the decision's trace event. */
async function whatFollowed(sessionId: string, scriptKey: string) {
  const tool = (await messages(sessionId)).find((m) => m.role === "tool")!;
  const read = (await requests(scriptKey)).requests[1]!.messages.at(-1)!;
  const decided = (await trace(sessionId)).find((e) => e.type === "approval.decided")!.data;
  return { tool, read, decided };
}

describe("the reason given with a denial", () => {
  it("POST /v1/sessions/:id/approvals/:approvalId: kept in the trace, read by the model", async () => {
    const key = uniqueId("k");
    const marker = await script(key, askThenAnswer);
    const sid = uniqueId("deny-reason");
    const paused = await startRun(sid, `${marker} add`);
    expect((await decide(sid, paused.pending![0]!.approvalId, { decision: "deny", reason })).status).toBe(200);
    expect(await settledRun(sid, paused.runId)).toMatchObject({ status: "completed", output: "Then I will compute 2+2." });

    const { tool, read, decided } = await whatFollowed(sid, key);
    expect(tool).toMatchObject({ status: "error" });
    expect(tool.content).toContain(`a person refused this call, giving this reason: ${JSON.stringify(reason)}`);
    expect(read).toMatchObject({
      role: "tool",
      content: expect.stringContaining(`Permission denied: a person refused this call, giving this reason: ${JSON.stringify(reason)}`),
    });
    expect(decided).toMatchObject({ decision: "deny", by: "api", reason });
  });

  it("POST /v1/ui/chat (addToolApprovalResponse): kept in the trace, read by the model", async () => {
    const chatId = uniqueId("ui-deny-reason");
    const marker = await script(chatId, askThenAnswer);
    const question: UIMessage = { id: "q", role: "user", parts: [{ type: "text", text: `${marker} Add them` }] };
    const paused = await send(chatId, [question]);
    const asked = paused.parts.find((p) => p.type === "dynamic-tool") as Extract<Part, { type: "dynamic-tool" }>;
    const denied = { ...asked, state: "approval-responded", approval: { id: asked.approval!.id, approved: false, reason } } as Part;

    const resumed = await send(chatId, [question, { ...paused, parts: paused.parts.map((p) => (p === asked ? denied : p)) }]);
    expect(resumed.parts.find((p) => p.type === "dynamic-tool")).toMatchObject({ state: "output-error" });
    expect(resumed.parts.filter((p) => p.type === "text").map((p) => p.text)).toContain("Then I will compute 2+2.");

    const { tool, read, decided } = await whatFollowed(chatId, chatId);
    expect(tool.content).toContain(`a person refused this call, giving this reason: ${JSON.stringify(reason)}`);
    expect(read).toMatchObject({ role: "tool", content: expect.stringContaining(JSON.stringify(reason)) });
    expect(decided).toMatchObject({ decision: "deny", by: "ui", reason });
  });

  it("without one, the model reads the plain refusal and the trace has no reason", async () => {
    const key = uniqueId("k");
    const marker = await script(key, askThenAnswer);
    const sid = uniqueId("deny-no-reason");
    const paused = await startRun(sid, `${marker} add`);
    expect((await decide(sid, paused.pending![0]!.approvalId, { decision: "deny" })).status).toBe(200);
    await settledRun(sid, paused.runId);

    const { tool, decided } = await whatFollowed(sid, key);
    expect(tool.content).toContain("a person refused this call. Do not try it again");
    expect(decided).not.toHaveProperty("reason");
  });
});
