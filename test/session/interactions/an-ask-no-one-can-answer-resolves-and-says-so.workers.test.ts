// A call the policy asks about, in a run where no person can decide it, never waits for a decision that
// cannot come and never names an approval no one can use: a course's run (no one watches it) resolves it
// by UNATTENDED_ASK, and `allow` leaves a warning in the trace saying the call ran without approval; a
// stateless request (store: false: its session is deleted with the reply) refuses it, saying why.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startRun } from "../../../src/session/runs/start-run";
import { script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { messages, settledRun, trace } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const asked = { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] };

describe("an ask no one can answer", () => {
  it("in an unattended run with UNATTENDED_ASK=allow, runs the call and says so in the trace", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [asked, { text: "It is 1112." }]);
    const sid = uniqueId();
    await runInDurableObject(env.SESSIONS.getByName(sid), (instance) => {
      const object = instance as unknown as { env: Record<string, unknown> };
      object.env = { ...object.env, UNATTENDED_ASK: "allow" };
    });
    const started = await startRun(env, sid, `${marker} add`, { stream: false, paradigm: "react", maxSteps: 5, channel: "cron", unattended: true });
    if (!started.ok) throw new Error(started.message);
    expect(await settledRun(sid, started.runId)).toMatchObject({ status: "completed", output: "It is 1112." });

    expect((await messages(sid)).find((m) => m.role === "tool")).toMatchObject({ status: "success", content: expect.stringContaining("1112") });
    const events = await trace(sid);
    expect(events.map((e) => e.type)).not.toContain("approval.required");
    const warning = events.find((e) => e.type === "warning" && e.data.code === "approval_skipped");
    expect(String(warning?.data.message)).toMatch(/^calculate ran without approval: .*PERMISSIONS rule 1.*UNATTENDED_ASK is allow/);
  });

  it("in a stateless response (store: false), refuses the call saying why, and names no approval", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [asked, { text: "I could not add them." }]);
    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} add`, store: false });
    expect(response).toMatchObject({ status: "completed", output_text: "I could not add them." });
    const items = response.output as Array<{ type: string; status?: string; error?: unknown }>;
    expect(items.map((i) => i.type)).not.toContain("mcp_approval_request");
    const refused = items.find((i) => i.type === "mcp_call");
    expect(refused).toMatchObject({ status: "failed" });
    expect(JSON.stringify(refused!.error)).toMatch(/approval is unavailable: .*store: false/);
  });
});
