// A request answering function calls (function_call_output items) resumes their run with its own instructions:
// the model is told them, not the first request's, and the resumed response says so when created and when
// read back.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { weatherTool as weather } from "../../support/weather-tool";
import { uniqueId } from "../../support/worker-http";

const system = (messages: Array<{ role: string; content?: unknown }>) => String(messages.find((m) => m.role === "system")?.content ?? "");

describe("/v1/responses: a resumed response's instructions", () => {
  it("are the resuming request's, for the model, the answer and GET", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Oslo" } }] }, { text: "Oslo: snow." }]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", instructions: "Speak as a pirate.", input: `${marker} Weather?`, tools: [weather] });
    const call = first.output.find((i): i is OpenAI.Responses.ResponseFunctionToolCall => i.type === "function_call")!;

    const resumed = await client.responses.create({
      model: "study-agent",
      instructions: "Answer in one line.",
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "snow" }],
      tools: [weather],
    });
    expect(resumed).toMatchObject({ output_text: "Oslo: snow.", instructions: "Answer in one line.", previous_response_id: first.id });
    const seen = system((await requests(key)).requests[1]!.messages);
    expect(seen).toContain("Answer in one line.");
    expect(seen).not.toContain("Speak as a pirate.");
    expect(await client.responses.retrieve(resumed.id)).toMatchObject({ instructions: "Answer in one line.", tools: [weather] });
  });
});
