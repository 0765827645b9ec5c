// GET /v1/responses/:id answers the request's own fields as the POST did: instructions, metadata,
// previous_response_id, background, store, text.format, tools, tool_choice, parallel_tool_calls, truncation
// and max_output_tokens, kept with the response's run (not the API's defaults).
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { weatherTool as weather } from "../../support/weather-tool";
import { uniqueId } from "../../support/worker-http";
import { waitFor } from "../../support/wait-for";

const asked = {
  instructions: "Answer in JSON.",
  metadata: { course: "calculus", week: "3" },
  text: { format: { type: "json_object" } },
  tools: [weather],
  tool_choice: { type: "function", name: "get_weather" },
  parallel_tool_calls: false,
  truncation: "auto",
  max_output_tokens: 300,
} satisfies Partial<OpenAI.Responses.ResponseCreateParamsNonStreaming>;

describe("GET /v1/responses/:id: the request's fields", () => {
  it("reads back as the POST answered them, for a response answered at once and one in the background", async () => {
    const key = uniqueId("k");
    // The JSON answer may take a second call (its shaping: docs/openai-compatible.md#structured-output).
    const marker = await script(key, [{ text: '{"answer": 1}' }, { text: '{"answer": 1}' }, { text: '{"answer": 1}' }]);
    const client = agentClient();

    const posted = await client.responses.create({ model: "study-agent", input: `${marker} one`, ...asked });
    expect(posted).toMatchObject({ status: "completed", background: false, store: true, previous_response_id: null, ...asked });
    const read = await client.responses.retrieve(posted.id);
    // created_at is the run's, the POST's the moment it answered: within the same second or the next.
    expect({ ...read, created_at: 0 }).toEqual({ ...posted, created_at: 0 });

    const queued = await client.responses.create({
      model: "study-agent",
      input: "two",
      previous_response_id: posted.id,
      background: true,
      metadata: { course: "calculus", week: "4" },
    });
    expect(queued).toMatchObject({ status: "queued", background: true, previous_response_id: posted.id });
    const done = await waitFor(async () => {
      const r = await client.responses.retrieve(queued.id);
      return r.status === "completed" && r;
    }, "the background response to complete");
    expect(done).toMatchObject({
      background: true,
      previous_response_id: posted.id,
      metadata: { course: "calculus", week: "4" },
      instructions: null,
      tools: [],
      tool_choice: "auto",
      parallel_tool_calls: true,
      truncation: "disabled",
      max_output_tokens: null,
      text: { format: { type: "text" } },
    });
    expect(done.output_text).toBe('{"answer": 1}');
  });
});
