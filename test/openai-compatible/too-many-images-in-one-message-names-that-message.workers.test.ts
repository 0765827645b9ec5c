// MAX_IMAGES (4) is per message: a message carrying five is 400 too_many_images, and the refusal names that
// message as `param` (and in its text), so a client knows which one to trim, on both OpenAI-compatible wires.
// The messages before it, one photo each, are not what is refused.
import { describe, expect, it } from "vitest";
import { toDataUrl, uniquePng } from "../support/images";
import { agentClient, apiError } from "../support/openai-client";
import { chatPhotoHistory, responsesPhotoHistory } from "../support/photo-history";

const photos = (n: number) => Array.from({ length: n }, () => toDataUrl(uniquePng()));

describe("a message with more images than MAX_IMAGES", () => {
  it("Chat Completions: 400 too_many_images naming messages[2].content", async () => {
    const five = photos(5).map((url) => ({ type: "image_url" as const, image_url: { url } }));
    const e = await apiError(
      agentClient().chat.completions.create({
        model: "study-agent",
        messages: chatPhotoHistory(photos(1), { role: "user", content: [{ type: "text", text: "And these?" }, ...five] }),
      }),
    );
    expect(e).toMatchObject({ status: 400, code: "too_many_images", param: "messages[2].content" });
    expect(e.message).toContain("messages[2].content: a message may carry at most MAX_IMAGES (4) images; this one has 5.");
  });

  it("Responses: 400 too_many_images naming input[2].content", async () => {
    const five = photos(5).map((url) => ({ type: "input_image" as const, image_url: url, detail: "auto" as const }));
    const e = await apiError(
      agentClient().responses.create({
        model: "study-agent",
        store: false,
        input: responsesPhotoHistory(photos(1), { role: "user", content: [{ type: "input_text", text: "And these?" }, ...five] }),
      }),
    );
    expect(e).toMatchObject({ status: 400, code: "too_many_images", param: "input[2].content" });
    expect(e.message).toContain("input[2].content: a message may carry at most MAX_IMAGES (4) images");
  });
});
