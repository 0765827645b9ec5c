// DELETE /v1/sessions/:id while a run streams and others wait their turn: every stream ends with
// run.failed {code: "session_deleted"}, every waiting request is answered, and nothing of the session
// comes back afterwards.
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { executorOf, untilIdle } from "../support/session-executor";
import { waitFor } from "../support/wait-for";
import { call, readSse, uniqueId } from "../support/worker-http";

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))]);

describe("deleting a session during its runs", () => {
  it("ends every stream with run.failed session_deleted and answers every waiter", async () => {
    const marker = await script(uniqueId("k"), [{ text: "a slow answer that never arrives", delayMs: 5_000 }]);
    const sid = uniqueId("del");
    const run = (stream: boolean) => call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} go`, stream } });

    const streaming = await run(true);
    expect(streaming.status).toBe(200);
    const queuedStream = await run(true);
    const queuedPost = run(false);
    await waitFor(async () => ((await (await call(`/v1/sessions/${sid}`)).json()) as { runs: unknown[] }).runs.length === 3, "both runs queued");
    // The executor of the life the delete ends: the object gets a new one.
    const executor = await executorOf(sid);

    expect((await call(`/v1/sessions/${sid}`, { method: "DELETE" })).status).toBe(204);

    for (const res of [streaming, queuedStream]) {
      const events = await within(readSse(res), 5_000, "a stream");
      expect(events.at(-1)).toMatchObject({ event: "run.failed", data: { error: { code: "session_deleted" } } });
    }
    const answered = await within(queuedPost, 5_000, "the queued POST");
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ status: "failed", error: { code: "session_deleted" } });

    // The stopped run writes nothing into the deleted session, even once its execution has wound down.
    await untilIdle(executor, "the deleted session's runs to stop executing");
    expect((await call(`/v1/sessions/${sid}`)).status).toBe(404);
    expect((await call(`/v1/sessions`, { method: "POST", json: { id: sid } })).status).toBe(201);
    const fresh = (await (await call(`/v1/sessions/${sid}`)).json()) as { messages: unknown[]; runs: unknown[] };
    expect(fresh).toMatchObject({ messages: [], runs: [] });
  });
});
