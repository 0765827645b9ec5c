// Participants' names and the detail an image is to be read at reach the model on both model APIs:
// Chat Completions sends a user's or assistant's name as `name` and an image's detail as image_url.detail
// (none when none was asked for); the Responses API (MODEL_API=responses), whose messages have no name,
// puts the name before the text ("alice: …") and sends the detail, `auto` when none was asked for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageRef, Message } from "../../../src/agent/messages";
import type { ModelClient } from "../../../src/agent/model";
import { createOpenAIModel, type ModelConfig } from "../../../src/agent/providers/openai";
import { createOpenAIResponsesModel } from "../../../src/agent/providers/openai-responses";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const at = "2026-01-01T00:00:00.000Z";
const HANDWRITING: ImageRef = { key: "img/hand", mediaType: "image/png", bytes: 3, detail: "high" };
const DIAGRAM: ImageRef = { key: "img/diagram", mediaType: "image/png", bytes: 3 };
const URLS = new Map([
  [HANDWRITING.key, "data:image/png;base64,SEFORA=="],
  [DIAGRAM.key, "data:image/png;base64,RElBRw=="],
]);

/** A study group's conversation: alice's photos, the tutor's reply, bob's question. */
const conversation = (marker: string): Message[] => [
  { id: "u1", createdAt: at, role: "user", name: "alice", content: `${marker} My working:`, images: [HANDWRITING, DIAGRAM] },
  { id: "a1", createdAt: at, role: "assistant", name: "tutor", content: "Step two drops a sign." },
  { id: "u2", createdAt: at, role: "user", name: "bob", content: "Mine too?" },
];

/** What the scripted model received for one call of `model` on the conversation. */
async function sent(model: (cfg: ModelConfig) => ModelClient, stream: boolean): Promise<Record<string, unknown>> {
  const key = `names-detail-${crypto.randomUUID()}`;
  const marker = h.model.script(key, [{ text: "Yes." }]);
  const reply = await model({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-model", timeoutMs: 10_000, maxRetries: 0 }).complete({
    system: "You tutor a study group.",
    messages: conversation(marker),
    images: URLS,
    tools: [],
    stream,
    signal: new AbortController().signal,
  });
  expect(reply.content).toBe("Yes.");
  return h.model.requests(key)[0]!.body;
}

describe.each([true, false])("names and image detail (stream: %s)", (stream) => {
  it("Chat Completions: each turn's name as `name`, each image's detail as image_url.detail", async () => {
    const body = await sent(createOpenAIModel, stream);
    expect((body.messages as unknown[]).slice(1)).toEqual([
      {
        role: "user",
        name: "alice",
        content: [
          { type: "text", text: expect.stringContaining("My working:") },
          { type: "image_url", image_url: { url: URLS.get(HANDWRITING.key), detail: "high" } },
          { type: "image_url", image_url: { url: URLS.get(DIAGRAM.key) } },
        ],
      },
      { role: "assistant", name: "tutor", content: "Step two drops a sign." },
      { role: "user", name: "bob", content: "Mine too?" },
    ]);
  });

  it("Responses API: each name before its turn's text, each image at its detail (else auto)", async () => {
    const body = await sent(createOpenAIResponsesModel, stream);
    const input = body.input as Array<{ role: string; content: unknown }>;
    expect(input).toEqual([
      {
        role: "user",
        content: [
          { type: "input_text", text: expect.stringMatching(/^alice: .* My working:$/) },
          { type: "input_image", image_url: URLS.get(HANDWRITING.key), detail: "high" },
          { type: "input_image", image_url: URLS.get(DIAGRAM.key), detail: "auto" },
        ],
      },
      { role: "assistant", content: "tutor: Step two drops a sign." },
      { role: "user", content: "bob: Mine too?" },
    ]);
  });
});
