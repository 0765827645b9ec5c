// An image refused names the image: with several photos the caller can tell which one. On the OpenAI-compatible
// wires the part is OpenAI's `param` (messages[i].content[k], input[i].content[k]) and leads the message; on
// /v1/ui/chat and the run route, whose errors carry no param, the message starts with the message's part
// (messages[i].parts[k], the chat's own path) or the `images[i]` entry.
import { describe, expect, it } from "vitest";
import { NOT_AN_IMAGE, PNG_DATA_URL, pngOfSize, toDataUrl } from "../support/images";
import { agentClient, apiError } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

/** A Chat Completions conversation whose third message carries a good photo, then `url`. */
const secondPhotoOfMessage2 = (url: string) => [
  { role: "user" as const, content: "Hello" },
  { role: "assistant" as const, content: "Hi! Send me your work." },
  {
    role: "user" as const,
    content: [
      { type: "text" as const, text: "Here are both pages." },
      { type: "image_url" as const, image_url: { url: PNG_DATA_URL } },
      { type: "image_url" as const, image_url: { url } },
    ],
  },
];

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("an image refusal", () => {
  it("Chat Completions: too large, not an image and bad base64 name messages[2].content[2]", async () => {
    const cases: Array<[string, number, string, Record<string, string>]> = [
      [toDataUrl(pngOfSize(4096)), 413, "image_too_large", { MAX_IMAGE_BYTES: "2048" }],
      [NOT_AN_IMAGE, 415, "unsupported_image", {}],
      ["data:image/png;base64,iVBORw0KGgoA1", 400, "invalid_image_url", {}],
    ];
    for (const [url, status, code, vars] of cases) {
      const e = await apiError(agentClient({ vars }).chat.completions.create({ model: "study-agent", messages: secondPhotoOfMessage2(url) }));
      expect(e, code).toMatchObject({ status, code, param: "messages[2].content[2]" });
      expect(e.message, code).toContain(`${status} messages[2].content[2]`);
    }
  });

  it("Chat Completions with MODEL_VISION off: vision_unavailable names the first image", async () => {
    const e = await apiError(
      agentClient({ vars: { MODEL_VISION: "false" } }).chat.completions.create({ model: "study-agent", messages: secondPhotoOfMessage2(PNG_DATA_URL) }),
    );
    expect(e).toMatchObject({ status: 400, code: "vision_unavailable", param: "messages[2].content[1]" });
    expect(e.message).toContain("cannot read images");
  });

  it("Responses: a too large image names input[0].content[1]", async () => {
    const e = await apiError(
      agentClient({ vars: { MAX_IMAGE_BYTES: "2048" } }).responses.create({
        model: "study-agent",
        store: false,
        input: [
          {
            role: "user",
            content: [
              { type: "input_text", text: "Check this." },
              { type: "input_image", image_url: toDataUrl(pngOfSize(4096)), detail: "auto" },
            ],
          },
        ],
      }),
    );
    expect(e).toMatchObject({ status: 413, code: "image_too_large", param: "input[0].content[1]" });
  });

  it("/v1/ui/chat: a file that is no image and bytes that are none name messages[0].parts[1]", async () => {
    const uiChat = (part: object) =>
      call("/v1/ui/chat", {
        method: "POST",
        json: { id: uniqueId("img-named-ui"), messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Check this." }, part] }] },
      });
    const pdf = await uiChat({ type: "file", mediaType: "application/pdf", url: "data:application/pdf;base64,JVBERi0=" });
    expect(pdf.status).toBe(415);
    expect((await errorOf(pdf)).message).toMatch(/^messages\[0\]\.parts\[1\]: /);
    const text = await uiChat({ type: "file", mediaType: "image/png", url: NOT_AN_IMAGE });
    expect(text.status).toBe(415);
    expect(await errorOf(text)).toMatchObject({ code: "unsupported_image", message: expect.stringMatching(/^messages\[0\]\.parts\[1\]: /) });
  });

  it("the run route: the second of two images, not an image, names images[1]", async () => {
    const res = await call(`/v1/sessions/${uniqueId("img-named-run")}/runs`, {
      method: "POST",
      json: { input: "Check these.", images: [PNG_DATA_URL, NOT_AN_IMAGE] },
    });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatchObject({ code: "unsupported_image", message: expect.stringMatching(/^images\[1\]: /) });
  });
});
