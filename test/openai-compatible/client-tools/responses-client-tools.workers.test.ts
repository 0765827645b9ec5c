// Client-defined tools on the Responses API: the model's call of a client tool comes back as a
// `function_call` item of a completed response, and the client's `function_call_output` (after
// previous_response_id, or in the whole history re-sent with store: false) resumes the same run.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const weather: OpenAI.Responses.FunctionTool = {
  type: "function",
  name: "get_weather",
  description: "The weather in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  strict: false,
};

describe("client tools on /v1/responses", () => {
  it("returns a function_call item and resumes the run with function_call_output after previous_response_id", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Rome" }, id: "call_r1" }] }, { text: "Rome: cloudy." }]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", input: `${marker} Weather in Rome?`, tools: [weather] });
    expect(first.status).toBe("completed");
    const call = first.output.find((i) => i.type === "function_call");
    expect(call).toMatchObject({ type: "function_call", name: "get_weather", status: "completed" });
    expect(JSON.parse(call!.type === "function_call" ? call!.arguments : "")).toEqual({ city: "Rome" });

    const callId = call!.type === "function_call" ? call!.call_id : "";
    const second = await client.responses.create({
      model: "study-agent",
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: callId, output: "cloudy" }],
      tools: [weather],
    });
    expect(second.output_text).toBe("Rome: cloudy.");
    expect(second.id).not.toBe(first.id);
    // The same run: both responses name it.
    expect((await client.responses.retrieve(second.id)).output_text).toBe("Rome: cloudy.");
    const seen = (await requests(key)).requests;
    expect(seen[1]!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_r1", content: "cloudy" });
  });

  it("streams the function_call and resumes a store: false conversation from the re-sent history", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Lima" } }] }, { text: "Lima: mild." }]);
    const client = agentClient();
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: `${marker} Weather in Lima?` }];
    const stream = client.responses.stream({ model: "study-agent", input, tools: [weather], store: false, parallel_tool_calls: false });
    const first = await stream.finalResponse();
    const call = first.output.find((i): i is OpenAI.Responses.ParsedResponseFunctionToolCall => i.type === "function_call")!;
    expect(call).toMatchObject({ name: "get_weather", arguments: '{"city":"Lima"}' });

    input.push(call, { type: "function_call_output", call_id: call.call_id, output: "mild" });
    const second = await client.responses.create({ model: "study-agent", input, tools: [weather], store: false });
    expect(second.output_text).toBe("Lima: mild.");
    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(2);
    expect(seen[0]!.body.parallel_tool_calls).toBe(false);
  });

  it("refuses hosted tools with the param at fault", async () => {
    const refused = await agentClient()
      .responses.create({ model: "study-agent", input: "hi", tools: [weather, { type: "web_search" }] })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: "unsupported_parameter", param: "tools[1].type" });
  });
});
