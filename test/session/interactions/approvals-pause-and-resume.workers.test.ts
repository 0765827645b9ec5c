import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, trace } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { call, readSse, uniqueId } from "../../support/worker-http";

describe("a call the policy asks about waits for a person", () => {
  it("pauses the run with the call persisted, and allow resumes it to the end", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1111` } }] }, { text: "It is 2222." }]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add them`);
    expect(paused.status).toBe("awaiting_approval");
    expect(paused.pending).toHaveLength(1);
    const [pending] = paused.pending!;
    expect(pending).toMatchObject({ name: "calculate", args: { expression: `${ASK_PREFIX}1111` } });
    expect(Date.parse(pending!.expiresAt)).toBeGreaterThan(Date.now());
    // The call is in the history without a result, and the model was asked once.
    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect((await requests(key)).requests).toHaveLength(1);

    const res = await decide(sid, pending!.approvalId, { decision: "allow" });
    expect(res.status).toBe(200);
    const decided = (await res.json()) as { runId: string; status: string; pendingApprovals: number; seq: number };
    expect(decided).toMatchObject({ runId: paused.runId, status: "running", pendingApprovals: 0 });

    // The resumed run streams on from the decision.
    const events = await readSse(await call(`/v1/sessions/${sid}/runs/${paused.runId}/stream?after=${decided.seq}`));
    expect(events.map((e) => e.event)).toEqual(["tool.started", "tool.finished", "text.delta", "run.completed"]);
    expect(events[1]!.data).toMatchObject({ name: "calculate", status: "success" });
    expect(String(events[1]!.data.output)).toContain("2222");

    expect(await settledRun(sid, paused.runId)).toMatchObject({ status: "completed", output: "It is 2222.", steps: 2 });
    const history = await messages(sid);
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(history[2]).toMatchObject({ toolCallId: pending!.callId, status: "success" });
    const types = (await trace(sid)).map((e) => e.type);
    expect(types.filter((t) => t.startsWith("approval."))).toEqual(["approval.required", "approval.decided"]);
    expect(types.filter((t) => t === "run.started" || t === "run.completed")).toEqual(["run.started", "run.completed"]);
  });

  it("ends the stream after the last approval.required of a round, and resumes only when every call is decided", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      {
        toolCalls: [
          { name: "calculate", args: { expression: "2+2" } },
          { name: "calculate", args: { expression: `${ASK_PREFIX}1` } },
          { name: "calculate", args: { expression: `${ASK_PREFIX}2` } },
        ],
      },
      { text: "done" },
    ]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} three sums`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    const events = await readSse(res);
    const required = events.filter((e) => e.event === "approval.required");
    expect(required).toHaveLength(2);
    expect(events.at(-1)!.event).toBe("approval.required");
    // The call the policy allows ran at once.
    expect(events.filter((e) => e.event === "tool.finished").map((e) => e.data.output)).toEqual(["2+2 = 4"]);

    const first = (await (await decide(sid, String(required[0]!.data.approvalId), { decision: "allow" })).json()) as {
      status: string;
      pendingApprovals: number;
    };
    expect(first).toMatchObject({ status: "awaiting_approval", pendingApprovals: 1 });
    expect((await settledRun(sid, runId)).status).toBe("awaiting_approval");
    expect((await requests(key)).requests).toHaveLength(1);

    expect((await decide(sid, String(required[1]!.data.approvalId), { decision: "allow" })).status).toBe(200);
    expect(await settledRun(sid, runId)).toMatchObject({ status: "completed", output: "done" });
    const tools = (await messages(sid)).filter((m) => m.role === "tool");
    expect(tools.map((m) => m.content)).toEqual(["2+2 = 4", `${ASK_PREFIX}1 = 1112`, `${ASK_PREFIX}2 = 1113`]);
  });

  it("lets a client that reconnects from the start follow the resumed run to its end", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}3` } }] }, { text: "1114", delayMs: 400 }]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add`);
    await decide(sid, paused.pending![0]!.approvalId, { decision: "allow" });
    const events = await readSse(await call(`/v1/sessions/${sid}/runs/${paused.runId}/stream?after=0`));
    expect(events.map((e) => e.event)).toContain("approval.required");
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { output: "1114" } });
  });
});
