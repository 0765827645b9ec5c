// stream_options on a request that is not streamed is a 400 naming it, as OpenAI answers: the reply would
// otherwise quietly lack what it asked for (the usage chunk). Streamed, it is honoured.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { apiErrorOf } from "../support/openai-api-error";
import { uniqueId } from "../support/worker-http";

describe("stream_options without stream", () => {
  it("is 400 invalid_request with param stream_options, and nothing runs", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "should not be asked" }]);
    const messages = [{ role: "user" as const, content: `${marker} hi` }];
    for (const stream of [undefined, false]) {
      const e = await apiErrorOf(
        agentClient().chat.completions.create({ model: "study-agent", messages, stream, stream_options: { include_usage: true } } as never),
      );
      expect(e.status).toBe(400);
      expect(e.error).toMatchObject({ type: "invalid_request_error", code: "invalid_request", param: "stream_options" });
    }
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("with stream: true the usage chunk comes", async () => {
    const marker = await script(uniqueId("k"), [{ text: "ok" }]);
    const stream = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} hi` }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  });
});
