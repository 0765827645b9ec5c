// A client's tool declared strict goes to the model with strict: true on both model APIs: in the function of
// a Chat Completions tool, and on the Responses API's function tool. The agent's own tools keep what they had:
// no `strict` on Chat Completions, strict: false on the Responses API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClientTools, ToolRegistry } from "../../../src/agent";
import { createOpenAIResponsesModel } from "../../../src/agent/providers/openai-responses";
import { calculateTool } from "../../../src/tools/calculate";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };

/** The agent's calculate tool beside two client tools, one declared strict. */
function tools(): ToolRegistry {
  const registry = new ToolRegistry([calculateTool]);
  addClientTools(registry, [
    { name: "get_weather", description: "", parameters: schema, strict: true },
    { name: "take_note", description: "", parameters: { type: "object", properties: {} } },
  ]);
  return registry;
}

describe("a strict client tool over the wire", () => {
  it("Chat Completions: function.strict is true for it alone", async () => {
    const { key } = await h.run([{ text: "Hi." }], { tools: tools() });
    const [seen] = h.model.requests(key);
    const strict = Object.fromEntries(seen!.tools!.map((t) => [t.function.name, (t.function as { strict?: boolean }).strict]));
    expect(strict).toEqual({ calculate: undefined, get_weather: true, take_note: undefined });
  });

  it("Responses API (MODEL_API=responses): strict is true for it, false for the others", async () => {
    const model = createOpenAIResponsesModel({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-model", timeoutMs: 10_000, maxRetries: 0 });
    const { key } = await h.run([{ text: "Hi." }], { tools: tools(), model });
    const [seen] = h.model.requests(key);
    const sent = seen!.body.tools as Array<{ name: string; strict: boolean }>;
    expect(Object.fromEntries(sent.map((t) => [t.name, t.strict]))).toEqual({ calculate: false, get_weather: true, take_note: false });
  });
});
