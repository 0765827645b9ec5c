// A run waiting for the answer to an MCP server's question holds that server's request open in its
// Session object; an object restarted meanwhile has lost it. The run does not hang: the question is
// settled as lost (a warning says so), the interrupted call is answered as interrupted (not re-run), and
// the run goes on, whether the alarm finds it first or a person's answer does (409 input_lost).
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyUsage } from "../../../src/agent/events";
import { newId, userMessage } from "../../../src/agent/messages";
import { OnDemandTables } from "../../../src/lib/on-demand-tables";
import { InputStore } from "../../../src/session/interactions/input-store";
import { RunLifecycle } from "../../../src/session/runs/run-lifecycle";
import { SESSION_ON_DEMAND_TABLES } from "../../../src/session/schema";
import { SessionStore } from "../../../src/session/session-store";
import { script } from "../../support/model-control";
import { getRun, messages, settledRun, trace } from "../../support/session-api";
import { call, uniqueId } from "../../support/worker-http";

const stubOf = (sid: string) => env.SESSIONS.getByName(sid);

/** A run that was awaiting_input, its question pending, when its object died: storage as the restart finds it. */
async function lostWhileWaiting(): Promise<{ sid: string; runId: string; inputId: string }> {
  const marker = await script(uniqueId("k"), [{ text: "Carried on without it." }]);
  const sid = uniqueId();
  const runId = newId("run");
  const inputId = newId("inp");
  await runInDurableObject(stubOf(sid), async (_o, state) => {
    const store = new SessionStore(state.storage.sql);
    store.create(sid);
    store.runs.insert(runId, `${marker} save my notes`, { stream: false, paradigm: "react", maxSteps: 5 });
    const lifecycle = new RunLifecycle(store);
    lifecycle.begin(store.runs.get(runId)!);
    store.appendMessage(userMessage(`${marker} save my notes`), runId);
    store.appendMessage(
      {
        role: "assistant",
        id: newId("msg"),
        createdAt: new Date().toISOString(),
        content: "",
        toolCalls: [{ id: "call_save", name: "save_document", args: JSON.stringify({ filename: "notes", content: "# Notes\n\nNot saved twice." }) }],
      },
      runId,
    );
    store.runs.checkpoint(runId, { steps: 1, usage: emptyUsage(), usageByModel: {} });
    lifecycle.awaitInput(runId);
    // Its own look at the tables: the object is evicted below, and its next life looks again.
    new InputStore(new OnDemandTables(state.storage.sql, SESSION_ON_DEMAND_TABLES)).insert({
      inputId,
      runId,
      server: "notes",
      message: "Which folder?",
      requestedSchema: { type: "object", properties: { folder: { type: "string" } } },
      createdAt: new Date().toISOString(),
      expiresAt: Date.now() + 600_000,
    });
    await state.storage.setAlarm(Date.now() + 30_000);
  });
  await evictDurableObject(stubOf(sid));
  return { sid, runId, inputId };
}

async function expectRecovered(sid: string, runId: string, inputId: string) {
  expect(await settledRun(sid, runId)).toMatchObject({ status: "completed", output: "Carried on without it." });
  const result = (await messages(sid)).find((m) => m.role === "tool" && m.toolCallId === "call_save");
  expect(result).toMatchObject({ status: "error" });
  expect(result!.content).toContain("interrupted by a restart");
  const events = await trace(sid);
  expect(events.find((e) => e.type === "input.answered")?.data).toEqual({ inputId, server: "notes", action: "cancel", by: "restart" });
  expect(events.find((e) => e.type === "warning")?.data).toMatchObject({ code: "mcp_input_lost" });
}

describe("a question lost to a restart of the Session object", () => {
  it("before the restart the run shows it pending; the alarm then settles it as lost and the run recovers", async () => {
    const { sid, runId, inputId } = await lostWhileWaiting();
    const paused = await getRun(sid, runId);
    expect(paused).toMatchObject({ status: "awaiting_input", pending: [{ kind: "input", inputId, server: "notes", message: "Which folder?" }] });
    expect(await runDurableObjectAlarm(stubOf(sid))).toBe(true);
    await expectRecovered(sid, runId, inputId);
  });

  it("an answer that comes first is told the question is lost (409 input_lost), and the run recovers", async () => {
    const { sid, runId, inputId } = await lostWhileWaiting();
    const res = await call(`/v1/sessions/${sid}/inputs/${inputId}`, { method: "POST", json: { action: "accept", content: { folder: "math" } } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("input_lost");
    await expectRecovered(sid, runId, inputId);
    const again = await call(`/v1/sessions/${sid}/inputs/${inputId}`, { method: "POST", json: { action: "decline" } });
    expect(again.status).toBe(409);
  });
});
