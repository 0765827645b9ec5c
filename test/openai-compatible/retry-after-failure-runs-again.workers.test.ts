// The AI SDK retries a failed request on its own (it ignores x-should-retry: false), sending the whole
// conversation again. Against an upstream that fails, then recovers, a multi-turn conversation must make
// one run per logical request: the retry after the failure reaches the model (no failure served from
// memory), in the failed run's place, with the question in the history once.
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { BASE, call, uniqueId, workerFetch } from "../support/worker-http";

/** A fetch into the Worker that counts the client's attempts. */
function countingFetch(): { fetch: typeof fetch; attempts: () => number } {
  let n = 0;
  return {
    fetch: (input, init) => {
      n++;
      return workerFetch(input, init);
    },
    attempts: () => n,
  };
}

describe("a retry after a failure runs again", () => {
  it("AI SDK generateText, two turns, the second against an upstream failing then recovering: one run per turn", { timeout: 60_000 }, async () => {
    const key = uniqueId("recover");
    // Each run tries its model twice (MODEL_MAX_RETRIES=1): turn 2's first run fails on both, its retry gets the answer.
    const marker = await script(key, [{ text: "A derivative measures change." }, { status: 500 }, { status: 500 }, { text: "The derivative of x^2 is 2x." }]);
    const counter = countingFetch();
    const model = createOpenAI({ baseURL: `${BASE}/v1`, apiKey: "unused", fetch: counter.fetch }).chat("study-agent");

    const messages: ModelMessage[] = [{ role: "user", content: `${marker} What is a derivative?` }];
    const first = await generateText({ model, messages });
    expect(first.text).toBe("A derivative measures change.");
    messages.push({ role: "assistant", content: first.text }, { role: "user", content: "And of x^2?" });
    const second = await generateText({ model, messages });
    expect(second.text).toBe("The derivative of x^2 is 2x.");
    expect(counter.attempts(), "the client retried the failed turn").toBe(3);

    // The retry reached the recovered model, which saw the question once.
    const calls = (await requests(key)).requests.map((r) => r.messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]));
    expect(calls).toHaveLength(4);
    expect(calls[3]).toEqual([
      ["user", `${marker} What is a derivative?`],
      ["assistant", "A derivative measures change."],
      ["user", "And of x^2?"],
    ]);

    // Both turns in one session, one run each: the failed attempt was replaced by its retry.
    const sessionId = second.response.headers?.["x-session-id"];
    expect(sessionId).toBe(first.response.headers?.["x-session-id"]);
    const session = (await (await call(`/v1/sessions/${sessionId}`)).json()) as { runs: Array<{ status: string; input: string }>; messages: unknown[] };
    expect(session.runs.map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(session.messages).toHaveLength(4);
  });
});
