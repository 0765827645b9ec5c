// The tool rounds of a Responses input are held to the rules Chat Completions holds its history to
// (chat-tool-history.ts), as OpenAI holds both: a function_call answered by no function_call_output before
// the next message, and a function_call_output answering no call before it, are 400 naming the input item,
// before any model call. The function_call_output items an input ends with resume a run and are not part
// of the check; a well-formed round still reaches the model.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { apiErrorOf } from "../../support/openai-api-error";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

describe("/v1/responses: orphan tool items", () => {
  it.each([
    [
      "a function_call_output answering no call",
      [{ type: "function_call_output" as const, call_id: "call_nope", output: "RESULT-42" }],
      { param: "input[1].call_id", message: "call_nope" },
    ],
    [
      "a function_call left unanswered before the next message",
      [{ type: "function_call" as const, call_id: "call_orphan", name: "lookup", arguments: "{}" }],
      { param: "input[1]", message: "call_orphan" },
    ],
  ])("%s: 400 naming the item, no model call", async (_case, items, expected) => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Never said." }]);
    const err = await apiErrorOf(
      agentClient().responses.create({
        model: "study-agent",
        input: [{ role: "user", content: `${marker} compute` }, ...items, { role: "user", content: "what was the result?" }],
      }),
    );
    expect(err).toMatchObject({ status: 400, code: "invalid_request", param: expected.param });
    expect(err.message).toContain(expected.message);
    expect(err.message).not.toContain("messages[");
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("a well-formed round of two parallel calls, after the agent's words, reaches the model", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Snow and rain." }]);
    const reply = await agentClient().responses.create({
      model: "study-agent",
      input: [
        { role: "user", content: `${marker} Weather in Oslo and Rome?` },
        { role: "assistant", content: "Let me look." },
        { type: "function_call", call_id: "c1", name: "get_weather", arguments: '{"city":"Oslo"}' },
        { type: "function_call", call_id: "c2", name: "get_weather", arguments: '{"city":"Rome"}' },
        { type: "function_call_output", call_id: "c2", output: "rain" },
        { type: "function_call_output", call_id: "c1", output: "snow" },
        { role: "user", content: "So?" },
      ],
    });
    expect(reply.output_text).toBe("Snow and rain.");
    const seen = (await requests(key)).requests[0]!.messages.filter((m) => m.role !== "system");
    expect(seen.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
  });
});
