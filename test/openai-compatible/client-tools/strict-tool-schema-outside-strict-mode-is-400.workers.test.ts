// A client tool declared strict must have a schema that OpenAI's strict mode takes: an object at the root,
// and every object with additionalProperties: false and all of its properties required. Otherwise the
// request is a 400 naming the tool's parameters and where in them the rule is broken, before any model call
// (the model's own 400 mid-run would be a 502).
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { apiErrorOf } from "../../support/openai-api-error";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const place = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };

describe("a strict client tool whose schema strict mode does not take", () => {
  it.each([
    [
      "without additionalProperties: false",
      { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      "tools[0].function.parameters: an object needs additionalProperties: false",
    ],
    [
      "with an optional property",
      { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"], additionalProperties: false },
      "tools[0].function.parameters: required must list every property (unit missing",
    ],
    [
      "with a nested object that allows more",
      {
        type: "object",
        properties: { stops: { type: "array", items: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } },
        required: ["stops"],
        additionalProperties: false,
      },
      "tools[0].function.parameters.properties.stops.items: an object needs additionalProperties: false",
    ],
    [
      "whose root is no object",
      { anyOf: [place, { type: "string" }] },
      'tools[0].function.parameters: the schema of a strict function is an object schema (type: "object")',
    ],
  ])("Chat Completions, %s: 400 naming the parameters, and no model call", async (_case, parameters, message) => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Never said." }]);
    const err = await apiErrorOf(
      agentClient().chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: `${marker} Weather?` }],
        tools: [{ type: "function", function: { name: "get_weather", parameters, strict: true } }],
      }),
    );
    expect(err).toMatchObject({ status: 400, code: "invalid_request", param: "tools[0].function.parameters" });
    expect(err.message).toContain(message);
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("Responses API: names tools[i].parameters", async () => {
    const err = await apiErrorOf(
      agentClient().responses.create({
        model: "study-agent",
        input: "Weather?",
        tools: [
          { type: "function", name: "ok", parameters: place, strict: true },
          { type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true },
        ],
      }),
    );
    expect(err).toMatchObject({ status: 400, param: "tools[1].parameters" });
    expect(err.message).toContain("tools[1].parameters: an object needs additionalProperties: false");
  });

  it("the same schema without strict is offered as it is", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Fine." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Weather?` }],
      tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: false } }],
    });
    expect(reply.choices[0]!.message.content).toBe("Fine.");
  });
});
