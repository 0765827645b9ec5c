import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyUsage } from "../../../src/agent/events";
import { newId, userMessage } from "../../../src/agent/messages";
import { RunLifecycle } from "../../../src/session/runs/run-lifecycle";
import { SessionStore } from "../../../src/session/session-store";
import { requests, script } from "../../support/model-control";
import { decide, getRun, messages, settledRun, startRun, trace } from "../../support/session-api";
import { SseReader } from "../../support/sse-reader";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { waitFor } from "../../support/wait-for";
import { call, uniqueId } from "../../support/worker-http";

const stubOf = (sid: string) => env.SESSIONS.getByName(sid);

/** Kills the object the way a crash or a forced restart does: in-flight work is dropped, storage stays. */
const crash = (sid: string) => runInDurableObject(stubOf(sid), (_o, state) => state.abort("simulated crash")).catch(() => {});

const counts = async (sid: string) => {
  const types = (await trace(sid)).map((e) => e.type);
  const n = (t: string) => types.filter((x) => x === t).length;
  return { started: n("run.started"), completed: n("run.completed"), toolRuns: n("tool.finished") };
};

describe("a run survives its Durable Object restarting mid-run", () => {
  it("is resumed by the alarm from its last checkpoint and finishes exactly once; the stream reconnects with ?after=", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
      // The object dies while this reply is on its way: it never lands.
      { text: "lost with the old instance", delayMs: 10_000 },
      { text: "The answer is 42." },
    ]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} 6*7?`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    const stream = new SseReader(res);
    expect(await stream.until((e) => e.event === "tool.finished")).toBeDefined();
    await waitFor(async () => (await requests(key)).requests.length === 2, "the second model call", 10_000);

    await crash(sid);
    // The broken stream ends; the run is still on record as running, checkpointed at step 1.
    await stream.rest();
    expect(await getRun(sid, runId)).toMatchObject({ status: "running", steps: 1 });
    expect(await runDurableObjectAlarm(stubOf(sid))).toBe(true);

    // A client reconnecting from the last event it saw gets the rest, once.
    const rest = await new SseReader(await call(`/v1/sessions/${sid}/runs/${runId}/stream?after=${stream.lastSeq()}`)).rest();
    expect(rest.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed", output: "The answer is 42." } });
    expect(
      rest
        .filter((e) => e.event === "text.delta")
        .map((e) => e.data.delta)
        .join(""),
    ).toBe("The answer is 42.");
    const seqs = [...stream.seen, ...rest].flatMap((e) => (e.id === undefined ? [] : [e.id]));
    expect(new Set(seqs).size).toBe(seqs.length);

    expect(await settledRun(sid, runId)).toMatchObject({ status: "completed", output: "The answer is 42.", steps: 2 });
    const history = await messages(sid);
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(history.map((m) => m.content)).not.toContain("lost with the old instance");
    const once = await counts(sid);
    expect(once).toEqual({ started: 1, completed: 1, toolRuns: 1 });
    expect((await requests(key)).requests).toHaveLength(3);
    console.log(
      `durability: a run killed mid-step resumed from its checkpoint: ${history.length} messages (${history.filter((m) => m.role === "assistant").length} assistant, none duplicated), ${once.toolRuns} tool execution, ${once.completed} run.completed, stream resumed after seq ${stream.lastSeq()} with ${rest.length} events`,
    );
  });

  it("re-runs an interrupted tool call only when the tool is replay-safe", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Recovered." }]);
    const sid = uniqueId();
    const runId = newId("run");
    // The object died after the model's reply was saved and before its calls' results were.
    await runInDurableObject(stubOf(sid), async (_o, state) => {
      const store = new SessionStore(state.storage.sql);
      store.create(sid);
      store.runs.insert(runId, `${marker} go`, { stream: false, paradigm: "react", maxSteps: 5 });
      new RunLifecycle(store).begin(store.runs.get(runId)!);
      store.appendMessage(userMessage(`${marker} go`), runId);
      store.appendMessage(
        {
          role: "assistant",
          id: newId("msg"),
          createdAt: new Date().toISOString(),
          content: "",
          toolCalls: [
            { id: "call_save", name: "save_document", args: JSON.stringify({ filename: "limits", content: "# Limits\n\nNot saved twice." }) },
            { id: "call_todo", name: "todo_write", args: JSON.stringify({ todos: [{ id: "1", text: "revise limits", status: "in_progress" }] }) },
          ],
        },
        runId,
      );
      store.runs.checkpoint(runId, { steps: 1, usage: emptyUsage(), usageByModel: {} });
      await state.storage.setAlarm(Date.now() + 30_000);
    });
    await evictDurableObject(stubOf(sid));
    expect(await runDurableObjectAlarm(stubOf(sid))).toBe(true);

    expect(await settledRun(sid, runId)).toMatchObject({ status: "completed", output: "Recovered.", steps: 2 });
    const results = Object.fromEntries((await messages(sid)).filter((m) => m.role === "tool").map((m) => [m.toolCallId, m]));
    // save_document writes to the lesson store: it may have completed before the crash.
    expect(results.call_save).toMatchObject({ status: "error" });
    expect(results.call_save!.content).toContain("interrupted by a restart and was not run again");
    expect(results.call_todo).toMatchObject({ status: "success" });
    expect(((await (await call(`/v1/sessions/${sid}`)).json()) as { todos: unknown[] }).todos).toEqual([
      { id: "1", text: "revise limits", status: "in_progress" },
    ]);
  });

  it("keeps a run waiting for approval across an eviction, and the decision resumes it", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}9` } }] }, { text: "1120" }]);
    const sid = uniqueId();
    const paused = await startRun(sid, `${marker} add`);
    await evictDurableObject(stubOf(sid));
    expect((await decide(sid, paused.pending![0]!.approvalId, { decision: "allow" })).status).toBe(200);
    expect(await settledRun(sid, paused.runId)).toMatchObject({ status: "completed", output: "1120" });
    expect(await counts(sid)).toEqual({ started: 1, completed: 1, toolRuns: 1 });
  });
});
