import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { settledRun } from "../../support/session-api";
import { waitFor } from "../../support/wait-for";
import { call, readSse, uniqueId } from "../../support/worker-http";

describe("a run's lifecycle over HTTP", () => {
  it("is readable by id, and its trace lists model and tool events", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] }, { text: "42" }]);
    const sid = uniqueId();
    const done = (await (await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} 6*7?` } })).json()) as { runId: string };
    const run = (await (await call(`/v1/sessions/${sid}/runs/${done.runId}`)).json()) as Record<string, unknown>;
    expect(run).toMatchObject({ runId: done.runId, status: "completed", output: "42", steps: 2 });
    const { events } = (await (await call(`/v1/sessions/${sid}/events`)).json()) as { events: Array<{ seq: number; type: string; at: string }> };
    const types = events.map((e) => e.type);
    expect(types).toEqual([
      "run.started",
      "model.request",
      "model.response",
      "tool.started",
      "tool.finished",
      "model.request",
      "model.response",
      "text.delta",
      "run.completed",
    ]);
    expect(events.map((e) => e.seq)).toEqual([...events.map((e) => e.seq)].sort((a, b) => a - b));
    const page = (await (await call(`/v1/sessions/${sid}/events?after=${events[2]!.seq}&limit=2`)).json()) as { events: Array<{ type: string }> };
    expect(page.events.map((e) => e.type)).toEqual(["tool.started", "tool.finished"]);
  });

  it("is cancelled at its next safe point", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "never", delayMs: 3_000 }]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} slow`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    await waitFor(async () => (await requests(key)).requests.length === 1, "the run's first model call");
    expect((await call(`/v1/sessions/${sid}/runs/${runId}/cancel`, { method: "POST" })).status).toBe(202);
    const events = await readSse(res);
    // Cancelled during its first model call: no model call answered, so no step was made.
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { status: "cancelled", steps: 0 } });
    expect(await (await call(`/v1/sessions/${sid}/runs/${runId}`)).json()).toMatchObject({ status: "cancelled", steps: 0 });
  });

  it("keeps going when the client disconnects, and the stream can be replayed", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "1+1" } }], delayMs: 200 }, { text: "two" }]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} 1+1`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    await res.body!.cancel();
    expect((await settledRun(sid, runId)).status).toBe("completed");
    const replay = await readSse(await call(`/v1/sessions/${sid}/runs/${runId}/stream`));
    expect(replay.map((e) => e.event)).toEqual(["run.started", "tool.started", "tool.finished", "text.delta", "run.completed"]);
    const after = replay[1]!.id!;
    const rest = await readSse(await call(`/v1/sessions/${sid}/runs/${runId}/stream?after=${after}`));
    expect(rest.map((e) => e.event)).toEqual(["tool.finished", "text.delta", "run.completed"]);
  });

  it("answers 200 with status failed when the model keeps failing", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ status: 500 }, { status: 500 }]);
    const res = await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} hi` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "failed", error: { code: "model_unavailable" } });
  });
});
