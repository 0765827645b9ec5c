// A decision's reason longer than APPROVAL_REASON_MAX_CHARS (1000 by default) is a 400 naming the field, on the
// native approvals route and on /v1/ui/chat, and decides nothing: the approval stays open.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { decide, startRun } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { sendUIChat as send, type UIPart as Part } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

const tooLong = "x".repeat(1001);
const askCall = [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }];

const refusal = async (res: Response) => {
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: { code: string; message: string } }).error;
};
const runStatuses = async (sessionId: string) =>
  ((await (await call(`/v1/sessions/${sessionId}`)).json()) as { runs: Array<{ status: string }> }).runs.map((r) => r.status);

describe("a decision's reason over APPROVAL_REASON_MAX_CHARS", () => {
  it("POST /v1/sessions/:id/approvals/:approvalId: 400 naming `reason`, the approval still open", async () => {
    const marker = await script(uniqueId("k"), askCall);
    const sid = uniqueId("long-reason");
    const paused = await startRun(sid, `${marker} add`);
    const error = await refusal(await decide(sid, paused.pending![0]!.approvalId, { decision: "deny", reason: tooLong }));
    expect(error).toEqual({ code: "invalid_request", message: "reason is longer than APPROVAL_REASON_MAX_CHARS (1000)" });
    expect(await runStatuses(sid)).toEqual(["awaiting_approval"]);
    expect((await decide(sid, paused.pending![0]!.approvalId, { decision: "deny", reason: "x".repeat(1000) })).status).toBe(200);
  });

  it("POST /v1/ui/chat: 400 naming the part's approval.reason, the approval still open", async () => {
    const chatId = uniqueId("ui-long-reason");
    const marker = await script(chatId, askCall);
    const question: UIMessage = { id: "q", role: "user", parts: [{ type: "text", text: `${marker} Add them` }] };
    const paused = await send(chatId, [question]);
    const at = paused.parts.findIndex((p) => p.type === "dynamic-tool");
    const asked = paused.parts[at] as Extract<Part, { type: "dynamic-tool" }>;
    const denied = { ...asked, state: "approval-responded", approval: { id: asked.approval!.id, approved: false, reason: tooLong } };

    const res = await call("/v1/ui/chat", {
      method: "POST",
      json: { id: chatId, messages: [question, { ...paused, parts: paused.parts.with(at, denied as Part) }] },
    });
    const error = await refusal(res);
    expect(error.code).toBe("invalid_request");
    expect(error.message).toBe(`messages[1].parts[${at}].approval.reason is longer than APPROVAL_REASON_MAX_CHARS (1000)`);
    expect(await runStatuses(chatId)).toEqual(["awaiting_approval"]);
  });
});
