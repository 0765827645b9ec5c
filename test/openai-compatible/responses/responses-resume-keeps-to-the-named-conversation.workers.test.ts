// function_call_output items resume the run their call ids name. A conversation or previous_response_id sent
// beside them must name that run's session: another one is 400 tool_call_not_found (the calls are not that
// conversation's), and the matching one is honoured and echoed.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const weather: OpenAI.Responses.FunctionTool = {
  type: "function",
  name: "get_weather",
  parameters: { type: "object", properties: { city: { type: "string" } } },
  strict: false,
};

describe("/v1/responses: resuming client tool calls in a named conversation", () => {
  it("refuses a conversation or previous_response_id of another session, and honours the calls' own", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Oslo" } }] }, { text: "elsewhere" }, { text: "Oslo: snow." }]);
    const client = agentClient();
    const conversation = uniqueId("conv");
    const first = await client.responses.create({ model: "study-agent", conversation, input: `${marker} Weather in Oslo?`, tools: [weather] });
    const call = first.output.find((i): i is OpenAI.Responses.ResponseFunctionToolCall => i.type === "function_call")!;
    const other = await client.responses.create({ model: "study-agent", conversation: uniqueId("conv"), input: `${marker} something else` });
    const input: OpenAI.Responses.ResponseInputItem[] = [{ type: "function_call_output", call_id: call.call_id, output: "snow" }];

    const wrongConversation = await client.responses
      .create({ model: "study-agent", conversation: other.conversation!.id, input, tools: [weather] })
      .catch((e: unknown) => e);
    expect(wrongConversation).toMatchObject({ status: 400, code: "tool_call_not_found", param: "input[0].call_id" });
    expect((wrongConversation as Error).message).toContain("conversation");
    const wrongPrevious = await client.responses
      .create({ model: "study-agent", previous_response_id: other.id, input, tools: [weather] })
      .catch((e: unknown) => e);
    expect(wrongPrevious).toMatchObject({ status: 400, code: "tool_call_not_found", param: "input[0].call_id" });
    expect((wrongPrevious as Error).message).toContain("previous_response_id");

    const resumed = await client.responses.create({ model: "study-agent", conversation: { id: conversation }, input, tools: [weather] });
    expect(resumed.output_text).toBe("Oslo: snow.");
    expect(resumed.conversation).toEqual({ id: conversation });
    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(3);
    expect(seen[2]!.messages.at(-1)).toMatchObject({ role: "tool", content: "snow" });
  });
});
