// A model behind us that keeps answering 429 with Retry-After is a 429 with that Retry-After on both wires,
// in OpenAI's error shape and with x-should-retry: true, so a client waits and retries (not a 502 it gives up on).
// So is one on the call that shapes the answer into the client's format (it escaped the loop as a 500).
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient, apiError } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

// MODEL_MAX_RETRIES is 1 in the test env: the agent's model client tries twice.
const rateLimited = () => Array.from({ length: 2 }, () => ({ status: 429, retryAfter: 1 }));

describe("an upstream 429", () => {
  it("Chat Completions: 429 model_rate_limited with the upstream's Retry-After and x-should-retry true", async () => {
    const marker = await script(uniqueId("k"), rateLimited());
    const e = await apiError(agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} hi` }] }));
    expect(e).toBeInstanceOf(OpenAI.RateLimitError);
    expect(e.error).toMatchObject({ code: "model_rate_limited", param: null });
    expect(e.headers?.get("retry-after")).toBe("1");
    expect(e.headers?.get("x-should-retry")).toBe("true");
  });

  it("on the call that shapes the answer into a format: the same 429 on both wires", async () => {
    const draftThenLimited = () => [{ text: "The answer is 4." }, ...rateLimited()];
    let marker = await script(uniqueId("k"), draftThenLimited());
    const chat = await apiError(
      agentClient().chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: `${marker} hi` }],
        response_format: { type: "json_object" },
      }),
    );
    expect(chat).toBeInstanceOf(OpenAI.RateLimitError);
    expect(chat.headers?.get("retry-after")).toBe("1");
    marker = await script(uniqueId("k"), draftThenLimited());
    const responses = await apiError(
      agentClient().responses.create({ model: "study-agent", input: `${marker} hi`, text: { format: { type: "json_object" } } }),
    );
    expect(responses).toBeInstanceOf(OpenAI.RateLimitError);
    expect(responses.error).toMatchObject({ code: "model_rate_limited" });
  });

  it("Responses API: the same 429, not a failed response", async () => {
    const marker = await script(uniqueId("k"), rateLimited());
    const e = await apiError(agentClient().responses.create({ model: "study-agent", input: `${marker} hi` }));
    expect(e).toBeInstanceOf(OpenAI.RateLimitError);
    expect(e.error).toMatchObject({ code: "model_rate_limited" });
    expect(e.headers?.get("retry-after")).toBe("1");
    expect(e.headers?.get("x-should-retry")).toBe("true");
  });
});
