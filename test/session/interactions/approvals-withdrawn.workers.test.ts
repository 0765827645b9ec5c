import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { decide, getRun, messages, startRun } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { call, uniqueId } from "../../support/worker-http";

const askCall = { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}7` } }] };

describe("a waiting run that will not resume withdraws its approvals and answers its calls", () => {
  it("cancel: the run ends cancelled, the call is answered, the approval is closed", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [askCall]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} go`);
    expect((await call(`/v1/sessions/${sid}/runs/${run.runId}/cancel`, { method: "POST" })).status).toBe(202);
    expect((await getRun(sid, run.runId)).status).toBe("cancelled");
    const tool = (await messages(sid)).find((m) => m.role === "tool")!;
    expect(tool.content).toContain("the run was cancelled first");
    expect((await decide(sid, run.pending![0]!.approvalId, { decision: "allow" })).status).toBe(409);
  });

  it("a newer message supersedes the waiting run, and the model sees a well-formed history", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [askCall, { text: "Fine, something else then." }]);
    const sid = uniqueId();
    const waiting = await startRun(sid, `${marker} go`);
    const next = await startRun(sid, "never mind that");
    expect(next).toMatchObject({ status: "completed", output: "Fine, something else then." });
    expect((await getRun(sid, waiting.runId)).status).toBe("cancelled");
    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant"]);
    const seen = (await requests(key)).requests[1]!.messages.map((m) => m.role);
    expect(seen).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect((await decide(sid, waiting.pending![0]!.approvalId, { decision: "allow" })).status).toBe(409);
  });
});
