// A function_call item without its call_id, name or arguments, or a function_call_output without its call_id,
// is 400 naming the field (input[i].call_id, …): it never reaches the model as a call it cannot take.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const call = { type: "function_call", call_id: "call_1", name: "get_weather", arguments: '{"city":"Oslo"}' };
const output = { type: "function_call_output", call_id: "call_1", output: "snow" };

describe("/v1/responses: function_call and function_call_output items", () => {
  it("missing call_id, name or arguments is 400 naming input[i].<field>; the model is not called", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "unused" }]);
    const user = { role: "user", content: `${marker} and now?` };
    const cases: Array<[unknown[], string]> = [
      [[{ ...call, call_id: undefined }, output, user], "input[0].call_id"],
      [[{ ...call, call_id: "" }, output, user], "input[0].call_id"],
      [[{ ...call, name: undefined }, output, user], "input[0].name"],
      [[{ ...call, arguments: undefined }, output, user], "input[0].arguments"],
      [[call, { ...output, call_id: undefined }, user], "input[1].call_id"],
      // Trailing outputs resume a run: the same rule.
      [[user, { ...output, call_id: undefined }], "input[1].call_id"],
    ];
    for (const [input, param] of cases) {
      const refused = await agentClient()
        .responses.create({ model: "study-agent", input: input as OpenAI.Responses.ResponseInput })
        .catch((e: unknown) => e);
      expect(refused, param).toMatchObject({ status: 400, code: "invalid_request", param });
      expect((refused as Error).message).toContain(param);
    }
    expect((await requests(key)).requests).toHaveLength(0);
  });
});
