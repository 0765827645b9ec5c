// A new stored response (no previous_response_id, conversation or Idempotency-Key) sent again by a client that
// gave up waiting (the openai client retries a timeout or a 5xx, and sends no key) is the same request: it attaches
// to the run the first one started, one model call and one response. It used to start a new conversation each
// time, a second run answering the same question. Once that run has completed, the same request is a new
// conversation again (a response of its own), and a request that differs is never taken for the retry.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { waitFor } from "../../support/wait-for";
import { BASE, call, uniqueId, workerFetch } from "../../support/worker-http";

const create = (body: unknown) => call("/v1/responses", { method: "POST", json: body });
type Created = { id: string; output_text?: string; output: Array<{ content?: Array<{ text: string }> }> };
const textOf = (r: Created) =>
  r.output
    .flatMap((o) => o.content ?? [])
    .map((c) => c.text)
    .join("");

describe("a new stored response sent again without a key", () => {
  it("attaches to the first run while it goes on; once it completed, the same request is a new conversation", async () => {
    const key = uniqueId("new-resp");
    const marker = await script(key, [{ text: "Limits describe where a function heads.", delayMs: 1500 }, { text: "A second conversation." }]);
    const body = { model: "study-agent", input: `${marker} What is a limit?` };
    const first = create(body);
    // The second is sent once the first's run is under way: the model has its question (and answers in 1.5 s).
    await waitFor(async () => (await requests(key)).requests.length === 1, "the first run's model call");
    const [a, b] = await Promise.all([first, create(body)]);
    const [ra, rb] = [(await a.json()) as Created, (await b.json()) as Created];
    expect(rb.id).toBe(ra.id);
    expect(textOf(rb)).toBe("Limits describe where a function heads.");
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect((await requests(key)).requests).toHaveLength(1);

    // Answered and received, the same question again starts a conversation of its own.
    const later = (await (await create(body)).json()) as Created;
    expect(later.id).not.toBe(ra.id);
    expect(textOf(later)).toBe("A second conversation.");
    expect((await requests(key)).requests).toHaveLength(2);
  });

  it("the openai client's retries after its timeouts get the first run's response", { timeout: 30_000 }, async () => {
    const key = uniqueId("new-resp-sdk");
    const marker = await script(key, [{ text: "Warm." }, { text: "Vectors have a size and a direction.", delayMs: 2500 }, { text: "A second run." }]);
    let attempts = 0;
    const client = new OpenAI({
      apiKey: "unused",
      baseURL: `${BASE}/v1`,
      timeout: 1500,
      maxRetries: 3,
      fetch: (input, init) => {
        attempts++;
        return workerFetch(input, init);
      },
    });
    // The Worker's first request in a file is slow to start: not the one to time out.
    await client.responses.create({ model: "study-agent", input: `${marker} warm up` }, { timeout: 20_000 });
    attempts = 0;
    const reply = await client.responses.create({ model: "study-agent", input: `${marker} What is a vector?` });
    expect(reply.output_text).toBe("Vectors have a size and a direction.");
    expect(attempts).toBeGreaterThan(1);
    expect((await requests(key)).requests).toHaveLength(2);
  });
});
