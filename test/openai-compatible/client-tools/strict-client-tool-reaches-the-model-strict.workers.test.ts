// A client's function tool declared `strict: true` (on Chat Completions or the Responses API) is offered to
// the agent's model with strict: true, so the model keeps to its schema exactly; the client's other tools and
// the agent's own go as before, without it.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const strictSchema = {
  type: "object",
  properties: { city: { type: "string" }, unit: { type: ["string", "null"], enum: ["C", "F", null] } },
  required: ["city", "unit"],
  additionalProperties: false,
};
const loose = { type: "object", properties: { text: { type: "string" } } };

/** The `strict` of each tool the model was offered, by name. */
async function strictness(key: string): Promise<Record<string, unknown>> {
  const [seen] = (await requests(key)).requests;
  return Object.fromEntries(seen!.tools!.map((t) => [t.function.name, (t.function as { strict?: unknown }).strict]));
}

describe("a strict client tool", () => {
  it("Chat Completions: reaches the model with strict: true, the others without", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Done." }]);
    await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Weather?` }],
      tools: [
        { type: "function", function: { name: "get_weather", parameters: strictSchema, strict: true } },
        { type: "function", function: { name: "take_note", parameters: loose } },
        // A strict tool without parameters takes none, in strict mode's terms.
        { type: "function", function: { name: "ping", strict: true } },
      ],
    });
    const strict = await strictness(key);
    expect(strict).toMatchObject({ get_weather: true, ping: true });
    expect(strict.take_note).toBeUndefined();
    expect(strict.web_search).toBeUndefined();
    const [seen] = (await requests(key)).requests;
    expect(seen!.tools!.find((t) => t.function.name === "ping")!.function.parameters).toEqual({
      type: "object",
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it("Responses API: the same", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Done." }]);
    await agentClient().responses.create({
      model: "study-agent",
      input: `${marker} Weather?`,
      tools: [
        { type: "function", name: "get_weather", parameters: strictSchema, strict: true },
        { type: "function", name: "take_note", parameters: loose, strict: false },
      ],
    });
    const strict = await strictness(key);
    expect(strict.get_weather).toBe(true);
    expect(strict.take_note).toBeUndefined();
    expect(strict.web_search).toBeUndefined();
  });
});
