// A Responses request repeated while its run waits for the client's tool results (continuing a stored response
// with previous_response_id, or stateless with store: false) is a retry: it gets the same response, with the same
// function_call items, from the waiting run, with no second model call (no fork, no session started over); the
// function_call_output items then resume that run.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

const weather: OpenAI.Responses.FunctionTool = {
  type: "function",
  name: "get_weather",
  description: "The weather in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } } },
  strict: false,
};

describe("a Responses retry of a run waiting for the client's tool results", () => {
  for (const stored of [true, false]) {
    for (const stream of [false, true]) {
      it(`gets the same function calls from the waiting run (${stored ? "previous_response_id" : "store: false"}${stream ? ", streamed" : ""})`, async () => {
        const key = uniqueId("responses-tools-retry");
        const marker = await script(key, [
          ...(stored ? [{ text: "Hello." }] : []),
          { toolCalls: [{ id: "call_w1", name: "get_weather", args: { city: "Paris" } }] },
          { text: "Sunny in Paris." },
        ]);
        const client = agentClient();
        const started = stored ? await client.responses.create({ model: "study-agent", input: `${marker} Hi` }) : undefined;
        const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: `${marker} Weather in Paris?` }];
        const body = { model: "study-agent", input, tools: [weather], ...(started ? { previous_response_id: started.id } : { store: false }) };
        const ask = async () => {
          const { id, status, output } = stream ? await client.responses.stream(body).finalResponse() : await client.responses.create(body);
          return { id, status, output: output as OpenAI.Responses.ResponseOutputItem[] };
        };

        const first = await ask();
        const calls = first.output.filter((i): i is OpenAI.Responses.ResponseFunctionToolCall => i.type === "function_call");
        expect(calls).toEqual([expect.objectContaining({ name: "get_weather" })]);
        expect(await ask()).toEqual(first);
        const asked = stored ? 2 : 1;
        expect((await requests(key)).requests).toHaveLength(asked);

        const outputs = calls.map((c) => ({ type: "function_call_output" as const, call_id: c.call_id, output: "sunny" }));
        const { data: answer, response } = await client.responses
          .create(stored ? { ...body, input: outputs } : { ...body, input: [...input, ...calls, ...outputs] })
          .withResponse();
        expect(answer.output_text).toBe("Sunny in Paris.");
        expect((await requests(key)).requests).toHaveLength(asked + 1);
        if (!started) return;
        const session = (await (await call(`/v1/sessions/${response.headers.get("x-session-id")}`)).json()) as {
          runs: Array<{ status: string }>;
          messages: Array<{ role: string }>;
        };
        expect(session.runs.map((r) => r.status)).toEqual(["completed", "completed"]);
        expect(session.messages.filter((m) => m.role === "user")).toHaveLength(2);
      });
    }
  }
});
