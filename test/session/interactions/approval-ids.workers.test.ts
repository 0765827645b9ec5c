import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { decide, settledRun, startRun } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("an approval id is good once, and only in its own session", () => {
  it("answers 409 the second time, 404 from another session or for an unknown id, 400 for a bad body", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}8` } }] }, { text: "ok" }]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} go`);
    const approvalId = run.pending![0]!.approvalId;

    const other = uniqueId();
    await startRun(other, (await script(uniqueId("k"), [{ text: "hello" }])) + " hi");
    const foreign = await decide(other, approvalId, { decision: "allow" });
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toBe("not_found");
    expect((await decide(uniqueId(), approvalId, { decision: "allow" })).status).toBe(404);
    expect((await decide(sid, "appr_nope", { decision: "allow" })).status).toBe(404);
    for (const bad of [{}, { decision: "maybe" }, { decision: "allow", remember: "yes" }, { decision: "allow", extra: 1 }]) {
      const res = await decide(sid, approvalId, bad);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe("invalid_request");
    }
    expect((await settledRun(sid, run.runId)).status).toBe("awaiting_approval");

    expect((await decide(sid, approvalId, { decision: "allow" })).status).toBe(200);
    const again = await decide(sid, approvalId, { decision: "deny" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe("conflict");
    expect(await settledRun(sid, run.runId)).toMatchObject({ status: "completed", output: "ok" });
  });
});
