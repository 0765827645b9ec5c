import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, trace } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const askCall = (n: number) => ({ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}${n}` } }] });

describe("a refused or unanswered approval becomes a refusal the model reads", () => {
  it("deny: the call is not run and the model is told a person refused it", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [askCall(1), { text: "Understood, I will not compute it." }]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add`);
    expect((await decide(sid, paused.pending![0]!.approvalId, { decision: "deny" })).status).toBe(200);
    expect(await settledRun(sid, paused.runId)).toMatchObject({ status: "completed", output: "Understood, I will not compute it." });

    const tool = (await messages(sid)).find((m) => m.role === "tool")!;
    expect(tool.status).toBe("error");
    expect(tool.content).toContain("a person refused this call");
    expect(tool.content).not.toContain("1112");
    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(2);
    expect(seen[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: expect.stringContaining("Permission denied") });
    expect((await trace(sid)).find((e) => e.type === "approval.decided")!.data).toMatchObject({ decision: "deny", by: "api" });
  });

  it("expiry: an approval no one decides is denied by the alarm, and cannot be decided afterwards", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [askCall(2), { text: "No approval came, so I stopped." }]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add`);
    const stub = env.SESSIONS.getByName(sid);
    // The approval's time runs out (APPROVAL_TTL_MS), and the alarm fires.
    await runInDurableObject(stub, (_o, state) => void state.storage.sql.exec("UPDATE approvals SET expires_at = ?", Date.now() - 1));
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    expect(await settledRun(sid, paused.runId)).toMatchObject({ status: "completed", output: "No approval came, so I stopped." });
    const tool = (await messages(sid)).find((m) => m.role === "tool")!;
    expect(tool).toMatchObject({ status: "error" });
    expect(tool.content).toContain("no one approved this call in time");
    expect((await trace(sid)).find((e) => e.type === "approval.decided")!.data).toMatchObject({ decision: "deny", by: "expiry" });
    const late = await decide(sid, paused.pending![0]!.approvalId, { decision: "allow" });
    expect(late.status).toBe(409);
  });

  it("sets the alarm for the expiry while a run waits", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [askCall(3)]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add`);
    // While the approval.required webhook is being delivered, the alarm may be its retry lease; then the expiry.
    const expiry = Date.parse(paused.pending![0]!.expiresAt);
    const alarm = () => runInDurableObject(env.SESSIONS.getByName(sid), (_o, state) => state.storage.getAlarm());
    await expect.poll(alarm, { timeout: 3_000 }).toBe(expiry);
  });
});
