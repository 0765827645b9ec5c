// The response object repeats the request's tools, tool_choice, parallel_tool_calls, truncation and
// max_output_tokens as sent (the API's defaults when absent), in the JSON reply, the stream's response
// objects and a background response's first answer.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { weatherTool as weather } from "../../support/weather-tool";
import { call, readSse, uniqueId } from "../../support/worker-http";

const asked = {
  tools: [weather],
  tool_choice: "none",
  parallel_tool_calls: false,
  truncation: "auto",
  max_output_tokens: 300,
} satisfies Partial<OpenAI.Responses.ResponseCreateParamsNonStreaming>;

describe("/v1/responses: the response echoes the request's fields", () => {
  it("as sent, created, streamed or in the background; the API's defaults when absent", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "one" }, { text: "two" }, { text: "three" }, { text: "four" }]);
    const client = agentClient();

    expect(await client.responses.create({ model: "study-agent", input: `${marker} hi`, ...asked })).toMatchObject(asked);

    const res = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input: `${marker} hi`, stream: true, ...asked } });
    const responses = (await readSse(res)).filter((e) => e.event === "response.created" || e.event === "response.completed").map((e) => e.data.response);
    expect(responses).toHaveLength(2);
    for (const r of responses) expect(r).toMatchObject(asked);

    expect(await client.responses.create({ model: "study-agent", input: `${marker} hi`, background: true, ...asked })).toMatchObject({
      status: "queued",
      ...asked,
    });

    expect(await client.responses.create({ model: "study-agent", input: `${marker} hi` })).toMatchObject({
      tools: [],
      tool_choice: "auto",
      parallel_tool_calls: true,
      truncation: "disabled",
      max_output_tokens: null,
    });
  });
});
