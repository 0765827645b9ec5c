// The routes that take images allow MAX_IMAGES × MAX_IMAGE_BYTES of them on top of MAX_BODY_BYTES. The room was
// measured by a pattern over the raw body that knew one spelling of a data URL, so legal JSON from other encoders
// (PHP's json_encode escapes every /, .NET's escapes + as \u002B), base64 wrapped at 76 columns, another declared
// type or a `;name=` parameter, all of which the decoder reads, were refused 413 body_too_large "images aside".
// Every string the decoder reads as a data URL counts now, as the text spells it; text besides is still held to
// MAX_BODY_BYTES.
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { script } from "../support/model-control";
import { base64Of, PNG_BYTES, pngOfSize } from "../support/images";
import { BASE, fromThisMachine, uniqueId } from "../support/worker-http";

const app = createApp();
// A photo of 60 000 bytes: its base64 (80 000 characters) is far over MAX_BODY_BYTES, well within MAX_IMAGE_BYTES.
const limits = { MAX_BODY_BYTES: "4096", MAX_IMAGE_BYTES: "65536" };

function photo(): Uint8Array {
  const bytes = pngOfSize(60_000);
  // Random bytes after the PNG's own: its base64 holds every character, / and + among them.
  crypto.getRandomValues(bytes.subarray(PNG_BYTES.length, PNG_BYTES.length + 65_536));
  return bytes;
}

/** POST /v1/sessions/:id/runs with this exact body text. */
const postRun = (sessionId: string, text: string) =>
  app.fetch(
    fromThisMachine(new Request(`${BASE}/v1/sessions/${sessionId}/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: text })),
    { ...env, ...limits },
    createExecutionContext(),
  );

const base64 = base64Of(photo());
const plain = `data:image/png;base64,${base64}`;
const body = (input: string, url: string) => JSON.stringify({ input, images: [url] });

/** The same request as encoders other than JavaScript's write it, and data URLs the decoder reads in other forms. */
const spellings: Array<[string, (input: string) => string]> = [
  ["slashes escaped (PHP json_encode)", (input) => body(input, plain).replaceAll("/", "\\/")],
  ["+ as \\u002B (.NET System.Text.Json)", (input) => body(input, plain).replaceAll("+", "\\u002B")],
  ["base64 wrapped at 76 columns (MIME)", (input) => body(input, `data:image/png;base64,${base64.match(/.{1,76}/g)!.join("\r\n")}`)],
  ["declared application/octet-stream", (input) => body(input, `data:application/octet-stream;base64,${base64}`)],
  ["a name= parameter", (input) => body(input, `data:image/png;name=homework.png;base64,${base64}`)],
];

describe("the body's room for images", () => {
  it.each(spellings)("takes a data URL spelt with %s", async (_, spelt) => {
    const marker = await script(uniqueId("img-spelling"), [{ text: "I see your homework." }]);
    const text = spelt(`${marker} Is my working right?`);
    expect(text.length).toBeGreaterThan(80_000);
    const res = await postRun(uniqueId("img-spelling"), text);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { output: string }).output).toBe("I see your homework.");
  });

  it("still refuses a body whose text besides its images is over MAX_BODY_BYTES", async () => {
    for (const [, spelt] of spellings) {
      const res = await postRun(uniqueId("img-spelling"), spelt("x".repeat(5000)));
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: "body_too_large", message: expect.stringContaining("images aside") } });
    }
  });

  it("counts no object key as an image", async () => {
    const res = await postRun(uniqueId("img-spelling"), JSON.stringify({ input: "Hi", images: [], [plain]: 1 }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "body_too_large" } });
  });
});
