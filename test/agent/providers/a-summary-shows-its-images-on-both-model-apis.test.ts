// A compaction summary that carries images (the replaced turns' photos) shows them on both model APIs, as
// a user turn does: its text, then each image as an image part when the call loaded it, else a line naming
// it (its key) that says it cannot be shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageRef, Message } from "../../../src/agent/messages";
import type { ModelClient } from "../../../src/agent/model";
import { createOpenAIModel, unseenImage, type ModelConfig } from "../../../src/agent/providers/openai";
import { createOpenAIResponsesModel } from "../../../src/agent/providers/openai-responses";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const at = "2026-01-01T00:00:00.000Z";
const PAGE: ImageRef = { key: "img-0123456789abcdef0123456789abcdef.png", mediaType: "image/png", bytes: 3, detail: "high" };
const LOST: ImageRef = { key: "img-fedcba9876543210fedcba9876543210.png", mediaType: "image/png", bytes: 3 };
const URLS = new Map([[PAGE.key, "data:image/png;base64,UEFHRQ=="]]);

/** What the scripted model received for one call of `model` on a summary with two images (one not loaded) and a question. */
async function sent(model: (cfg: ModelConfig) => ModelClient): Promise<Record<string, unknown>> {
  const key = `summary-images-${crypto.randomUUID()}`;
  const marker = h.model.script(key, [{ text: "A quadratic." }]);
  const messages: Message[] = [
    { id: "s1", createdAt: at, role: "summary", content: `The learner sent two photos (${PAGE.key}, ${LOST.key}).`, images: [PAGE, LOST] },
    { id: "u1", createdAt: at, role: "user", content: `${marker} What did my photo show?` },
  ];
  const reply = await model({ apiKey: "sk-test", baseURL: h.model.baseURL, model: "scripted-model", timeoutMs: 10_000, maxRetries: 0 }).complete({
    system: "You tutor.",
    messages,
    images: URLS,
    tools: [],
    stream: false,
    signal: new AbortController().signal,
  });
  expect(reply.content).toBe("A quadratic.");
  return h.model.requests(key)[0]!.body;
}

describe("a summary's images", () => {
  it("Chat Completions: after the summary's text, an image_url part, or a line naming an image not loaded", async () => {
    const body = await sent(createOpenAIModel);
    expect((body.messages as unknown[])[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: expect.stringMatching(/^\[Summary of the earlier conversation\]\nThe learner sent two photos/) },
        { type: "image_url", image_url: { url: URLS.get(PAGE.key), detail: "high" } },
        { type: "text", text: unseenImage(LOST) },
      ],
    });
    expect(unseenImage(LOST)).toContain(LOST.key);
  });

  it("Responses API: the same, as input_image and input_text", async () => {
    const body = await sent(createOpenAIResponsesModel);
    expect((body.input as unknown[])[0]).toEqual({
      role: "user",
      content: [
        { type: "input_text", text: expect.stringMatching(/^\[Summary of the earlier conversation\]\nThe learner sent two photos/) },
        { type: "input_image", image_url: URLS.get(PAGE.key), detail: "high" },
        { type: "input_text", text: unseenImage(LOST) },
      ],
    });
  });
});
