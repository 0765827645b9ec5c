import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, trace } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const calc = (...exprs: string[]) => ({ toolCalls: exprs.map((expression) => ({ name: "calculate", args: { expression } })) });

describe("remember turns a decision into a rule for the rest of the session", () => {
  it("allow + remember settles the run's other calls of the tool and stops asking in later runs", async () => {
    const key = uniqueId("k");
    // One script serves the whole session: its marker is in the first user message.
    const marker = await script(key, [
      calc(`${ASK_PREFIX}1`, `${ASK_PREFIX}2`),
      calc(`${ASK_PREFIX}3`),
      { text: "first done" },
      calc(`${ASK_PREFIX}4`),
      { text: "second done" },
    ]);
    const sid = uniqueId();
    const first = await startRun(sid, `${marker} go`);
    expect(first.pending).toHaveLength(2);
    const res = (await (await decide(sid, first.pending![0]!.approvalId, { decision: "allow", remember: true })).json()) as Record<string, unknown>;
    expect(res).toMatchObject({ remembered: true, pendingApprovals: 0, status: "running" });
    expect(await settledRun(sid, first.runId)).toMatchObject({ status: "completed", output: "first done" });
    // The second pending call was settled by the remembered choice: deciding it is a conflict.
    expect((await decide(sid, first.pending![1]!.approvalId, { decision: "deny" })).status).toBe(409);

    const second = await startRun(sid, "again");
    expect(second).toMatchObject({ status: "completed", output: "second done" });
    const results = (await messages(sid)).filter((m) => m.role === "tool").map((m) => m.status);
    expect(results).toEqual(["success", "success", "success", "success"]);
    expect((await trace(sid)).filter((e) => e.type === "approval.required")).toHaveLength(2);
  });

  it("deny + remember refuses the tool's later calls in the session without asking", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [calc(`${ASK_PREFIX}5`), calc(`${ASK_PREFIX}6`), { text: "gave up" }]);
    const sid = uniqueId();
    const run = await startRun(sid, `${marker} go`);
    await decide(sid, run.pending![0]!.approvalId, { decision: "deny", remember: true });
    expect(await settledRun(sid, run.runId)).toMatchObject({ status: "completed", output: "gave up" });
    const tools = (await messages(sid)).filter((m) => m.role === "tool");
    expect(tools.map((m) => m.status)).toEqual(["error", "error"]);
    expect(tools[1]!.content).toContain("a person refused calculate for the rest of this session");
  });
});
