// An OpenAI SDK's retry (X-Stainless-Retry-Count ≥ 1, no Idempotency-Key) of a stored response whose run has
// already completed: the reply never reached the client (its try timed out, its connection dropped), so the retry
// gets that response, as JSON or as the SSE stream it asks for, and the question is answered once. It used to start
// a new conversation, a second run (a continuation's: a fork, or a second turn in its conversation). Never for a
// first try, another tenant, another body, or a run that began before the retry's first try could have been sent.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { atTime } from "../../support/clock-moved-on";
import { requests, script } from "../../support/model-control";
import { tenantApp } from "../../support/tenant-app";
import { BASE, call, readSse, uniqueId, workerFetch } from "../../support/worker-http";

type Created = { id: string; output: Array<{ content?: Array<{ text: string }> }> };
const textOf = (r: Created) =>
  r.output
    .flatMap((o) => o.content ?? [])
    .map((c) => c.text)
    .join("");
const retry = (n: number, timeoutS = 600) => ({ "x-stainless-retry-count": String(n), "x-stainless-timeout": String(timeoutS) });
const create = (body: unknown, headers: Record<string, string> = {}) => call("/v1/responses", { method: "POST", json: body, headers });
const created = async (res: Response) => (await res.json()) as Created;

describe("an SDK's retry of a new response whose run completed", () => {
  it("gets that response, and a first try of the same request is a new conversation", async () => {
    const key = uniqueId("lost-reply");
    const marker = await script(key, [{ text: "A limit is where a function heads." }, { text: "A second conversation." }]);
    const body = { model: "study-agent", input: `${marker} What is a limit?` };
    // The first try's reply is lost on the way: nothing reads it.
    const lost = await created(await create(body, retry(0)));

    const res = await create(body, retry(1));
    const again = await created(res);
    expect(again.id).toBe(lost.id);
    expect(textOf(again)).toBe("A limit is where a function heads.");
    expect(res.headers.get("idempotent-replayed")).toBe("true");
    expect((await requests(key)).requests).toHaveLength(1);

    // The same request as a call of its own (retry count 0) is a new conversation, as without the header.
    const fresh = await created(await create(body, retry(0)));
    expect(fresh.id).not.toBe(lost.id);
    expect(textOf(fresh)).toBe("A second conversation.");
    expect((await requests(key)).requests).toHaveLength(2);
  });

  it("streams it when the retry asks for a stream", async () => {
    const key = uniqueId("lost-reply-sse");
    const marker = await script(key, [{ text: "Vectors have a size and a direction." }, { text: "A second run." }]);
    const input = `${marker} What is a vector?`;
    const lost = await created(await create({ model: "study-agent", input }));

    const res = await create({ model: "study-agent", input, stream: true }, retry(2));
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const done = (await readSse(res)).find((e) => e.event === "response.completed");
    const { response } = done!.data as { response: Created & { status: string } };
    expect(response.id).toBe(lost.id);
    expect(response.status).toBe("completed");
    expect(textOf(response)).toBe("Vectors have a size and a direction.");
    expect((await requests(key)).requests).toHaveLength(1);
  });

  it("a continuation's retry, by previous_response_id or in a named conversation, gets its completed response", async () => {
    const key = uniqueId("lost-reply-next");
    const marker = await script(key, [{ text: "First." }, { text: "Second." }, { text: "Third." }, { text: "Fourth." }, { text: "Twice?" }]);
    const first = await created(await create({ model: "study-agent", input: `${marker} one` }));
    const next = { model: "study-agent", previous_response_id: first.id, input: `${marker} two` };
    const lost = await created(await create(next));
    const again = await created(await create(next, retry(1)));
    expect([again.id, textOf(again)]).toEqual([lost.id, "Second."]);

    const conversation = uniqueId("conv");
    await create({ model: "study-agent", conversation, input: `${marker} three` });
    const turn = { model: "study-agent", conversation, input: `${marker} four` };
    const lostTurn = await created(await create(turn));
    const turnAgain = await created(await create(turn, retry(1)));
    expect([turnAgain.id, textOf(turnAgain)]).toEqual([lostTurn.id, "Fourth."]);
    expect((await requests(key)).requests).toHaveLength(4);
  });

  it("is never another tenant's, another body's, or a run older than the retry's first try", async () => {
    const key = uniqueId("lost-reply-not");
    const marker = await script(key, [{ text: "Tenant a's answer." }, { text: "Tenant b's answer." }, { text: "Another body." }, { text: "Too old." }]);
    const as = tenantApp({ a: uniqueId("ta"), b: uniqueId("tb") });
    const body = { model: "study-agent", input: `${marker} What is a derivative?` };
    const began = Date.now();
    const first = await created(await as("a", "POST", "/v1/responses", body));
    expect(textOf(first)).toBe("Tenant a's answer.");

    const other = await created(await as("b", "POST", "/v1/responses", body, retry(1)));
    expect(other.id).not.toBe(first.id);
    expect(textOf(other)).toBe("Tenant b's answer.");

    const changed = await created(await as("a", "POST", "/v1/responses", { ...body, metadata: { try: "2" } }, retry(1)));
    expect(textOf(changed)).toBe("Another body.");

    // A 0 s timeout: the retry's first try was sent at most one try's slack (10 s) before it. The clock is moved on,
    // not waited out: 9 s after the run began it is still this call's, 11 s after it began before the first try.
    const inside = await atTime(began + 9_000, async () => created(await as("a", "POST", "/v1/responses", body, retry(1, 0))));
    expect(inside.id).toBe(first.id);
    const stale = await atTime(Date.now() + 11_000, async () => created(await as("a", "POST", "/v1/responses", body, retry(1, 0))));
    expect(stale.id).not.toBe(first.id);
    expect(textOf(stale)).toBe("Too old.");
    expect((await requests(key)).requests).toHaveLength(4);
  });

  it("the openai client's retry after its timeout gets the run that completed meanwhile", { timeout: 30_000 }, async () => {
    const key = uniqueId("lost-reply-sdk");
    const marker = await script(key, [{ text: "Warm." }, { text: "An integral sums up a quantity.", delayMs: 1100 }, { text: "A second run." }]);
    let attempts = 0;
    let firstAnswered: Promise<unknown> | undefined;
    const client = new OpenAI({
      apiKey: "unused",
      baseURL: `${BASE}/v1`,
      timeout: 1000,
      maxRetries: 2,
      // The first try gives up at 1 s; its run takes 1.1 s. The Worker answers that try once its run has completed,
      // to no one: the retry is sent after that answer, so it reaches the Worker after the run has completed.
      fetch: async (input, init) => {
        if (attempts++ > 0) await firstAnswered;
        const answer = workerFetch(input, { ...init, signal: null });
        firstAnswered ??= answer.catch(() => undefined);
        return givenUpOn(answer, init?.signal);
      },
    });
    // The Worker's first request in a file is slow to start: not the one to time out.
    await client.responses.create({ model: "study-agent", input: `${marker} warm up` }, { timeout: 20_000 });
    [attempts, firstAnswered] = [0, undefined];
    const reply = await client.responses.create({ model: "study-agent", input: `${marker} What is an integral?` });
    expect(attempts).toBe(2);
    expect(reply.output_text).toBe("An integral sums up a quantity.");
    expect((await requests(key)).requests).toHaveLength(2);
  });
});

/** `answer`, as the client sees it: it stops waiting when `signal` aborts (its timeout), whatever the Worker still does. */
function givenUpOn(answer: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return answer;
  const aborted = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
  return Promise.race([answer, aborted]);
}
