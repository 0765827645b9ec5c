// A decision whose answer was lost is sent again with its Idempotency-Key: the retry gets the first answer
// (same body, idempotent-replayed: true), not 409 conflict, and the run resumes once. The same key with
// another decision is 422 idempotency_key_reused; another key, or none, is the 409 of a settled approval.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { settledRun, startRun } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { call, uniqueId } from "../support/worker-http";

describe("POST /v1/sessions/:id/approvals/:approvalId with an Idempotency-Key", () => {
  it("answers a retry with the first answer, and refuses the key with another decision", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "Refused." }]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add them`);
    const approvalId = paused.pending![0]!.approvalId;
    const idem = uniqueId("idem");
    const decide = (json: unknown, headers: Record<string, string> = { "idempotency-key": idem }) =>
      call(`/v1/sessions/${sid}/approvals/${approvalId}`, { method: "POST", json, headers });
    const body = { decision: "deny", reason: "Not now." };

    const first = await decide(body);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const answer = await first.json();
    expect(answer).toMatchObject({ approvalId, decision: "deny", pendingApprovals: 0, status: "running" });
    expect(await settledRun(sid, paused.runId)).toMatchObject({ status: "completed", output: "Refused." });

    const again = await decide(body);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);

    const reused = await decide({ decision: "allow" });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_reused");
    for (const headers of [{ "idempotency-key": uniqueId("other") }, {}] as Array<Record<string, string>>)
      expect((await decide(body, headers)).status).toBe(409);
    // The run resumed once: the paused call, then the one answer after the denial.
    expect((await requests(key)).requests).toHaveLength(2);
  });
});
