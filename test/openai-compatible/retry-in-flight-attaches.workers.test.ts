// A client that gives up waiting retries while the agent is still answering. The retry attaches to the run
// under way (or, once it has ended, gets its stored answer): one model call, and the client gets the answer.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { BASE, uniqueId, workerFetch } from "../support/worker-http";

describe("a retry while the run is under way", () => {
  it("the openai client's retries after its timeouts attach to the first run", { timeout: 30_000 }, async () => {
    const key = uniqueId("slow");
    const marker = await script(key, [{ text: "Limits describe where a function heads.", delayMs: 1500 }]);
    let attempts = 0;
    // Shorter than the model's answer: the first attempt times out and the client retries.
    const client = new OpenAI({
      apiKey: "unused",
      baseURL: `${BASE}/v1`,
      timeout: 1000,
      maxRetries: 3,
      fetch: (input, init) => {
        attempts++;
        return workerFetch(input, init);
      },
    });
    const reply = await client.chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} What is a limit?` }] });
    expect(reply.choices[0]!.message.content).toBe("Limits describe where a function heads.");
    expect(attempts).toBeGreaterThan(1);
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
