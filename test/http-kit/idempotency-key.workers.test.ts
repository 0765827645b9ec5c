// Idempotency-Key: the same key within IDEMPOTENCY_TTL_MS returns the same run (or course) and starts
// nothing new; the same key with another body is 422 idempotency_key_reused.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { call, readSse, uniqueId } from "../support/worker-http";

const post = (path: string, json: unknown, key?: string, headers: Record<string, string> = {}) =>
  call(path, { method: "POST", json, headers: { ...(key ? { "idempotency-key": key } : {}), ...headers } });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("Idempotency-Key", () => {
  it("POST /v1/sessions/:id/runs: the same key returns the same run, its stream replayed; another body is 422", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Once." }]);
    const session = uniqueId();
    const body = { input: `${marker} answer once` };
    const ikey = uniqueId("idem");
    const first = await post(`/v1/sessions/${session}/runs`, body, ikey);
    const run = (await first.json()) as { runId: string; output: string };
    expect(run.output).toBe("Once.");
    const again = await post(`/v1/sessions/${session}/runs`, body, ikey);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toMatchObject({ runId: run.runId, output: "Once." });
    const streamed = await post(`/v1/sessions/${session}/runs`, { ...body }, ikey, { accept: "text/event-stream" });
    const events = await readSse(streamed);
    expect(events[0]).toMatchObject({ event: "run.started", data: { runId: run.runId } });
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { runId: run.runId, output: "Once." } });

    const reused = await post(`/v1/sessions/${session}/runs`, { input: `${marker} something else` }, ikey);
    expect(reused.status).toBe(422);
    expect(await errorCode(reused)).toBe("idempotency_key_reused");
    // One model call, one run, one user message.
    expect((await requests(key)).requests).toHaveLength(1);
    const view = (await (await call(`/v1/sessions/${session}`)).json()) as { runs: unknown[]; messages: Array<{ role: string }> };
    expect(view.runs).toHaveLength(1);
    expect(view.messages.filter((m) => m.role === "user")).toHaveLength(1);
    // Without a key, the same body is a new run.
    expect((await post(`/v1/sessions/${session}/runs`, body)).status).toBe(200);
    expect((await requests(key)).requests).toHaveLength(2);
  });

  it("POST /v1/chat/completions, stateless and in a session: the same key is one run", async () => {
    for (const headers of [{}, { "x-session-id": uniqueId("chat") }] as Array<Record<string, string>>) {
      const key = uniqueId("k");
      const marker = await script(key, [{ text: "Chat once." }]);
      const body = { model: "study-agent", messages: [{ role: "user", content: `${marker} hello` }] };
      const ikey = uniqueId("idem");
      const first = (await (await post("/v1/chat/completions", body, ikey, headers)).json()) as { choices: Array<{ message: { content: string } }> };
      expect(first.choices[0]!.message.content).toContain("Chat once.");
      const again = await post("/v1/chat/completions", body, ikey, headers);
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(((await again.json()) as typeof first).choices[0]!.message.content).toContain("Chat once.");
      const reused = await post("/v1/chat/completions", { ...body, messages: [{ role: "user", content: `${marker} bye` }] }, ikey, headers);
      expect(reused.status).toBe(422);
      expect((await requests(key)).requests).toHaveLength(1);
    }
  });

  it("POST /v1/courses: the same key is the same course", async () => {
    const ikey = uniqueId("idem");
    const body = { topic: `${await script(uniqueId("k"), [{ text: "1. One" }])} Vectors` };
    const first = await post("/v1/courses", body, ikey);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const again = await post("/v1/courses", body, ikey);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual({ id });
    expect((await post("/v1/courses", { topic: "Matrices" }, ikey)).status).toBe(422);
    const list = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
    expect(list.courses.filter((c) => c.topic === body.topic)).toHaveLength(1);
    expect((await call(`/v1/courses/${id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("refuses a malformed key with 400", async () => {
    const res = await post(`/v1/sessions/${uniqueId()}/runs`, { input: "x" }, "has spaces in it");
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("invalid_idempotency_key");
  });
});

describe("a client's automatic retry without a key", () => {
  it("without a key, a retry after a failure runs again in the failed run's place, in a session and without one", async () => {
    for (const headers of [{}, { "x-session-id": uniqueId("retry") }] as Array<Record<string, string>>) {
      const key = uniqueId("k");
      const marker = await script(key, [{ status: 400 }, { text: "Now it works." }]);
      const body = { model: "study-agent", messages: [{ role: "user", content: `${marker} fail once` }] };
      const first = await post("/v1/chat/completions", body, undefined, headers);
      expect(first.status).toBeGreaterThanOrEqual(500);
      const retry = await post("/v1/chat/completions", body, undefined, headers);
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toContain("Now it works.");
      expect(retry.headers.get("x-session-id")).toBe(first.headers.get("x-session-id"));
      expect((await requests(key)).requests).toHaveLength(2);
      const session = (await (await call(`/v1/sessions/${retry.headers.get("x-session-id")}`)).json()) as {
        runs: Array<{ status: string }>;
        messages: unknown[];
      };
      expect(session.runs.map((r) => r.status)).toEqual(["completed"]);
      expect(session.messages).toHaveLength(2);
    }
  });
});
