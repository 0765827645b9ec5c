// A photo of homework sent with a run (POST /v1/sessions/:id/runs {images}) or to /v1/chat/completions
// (`image_url`): stored in R2 per tenant, kept in the history by key (never its bytes), and shown to the
// scripted model as an image part when MODEL_VISION is on; the trace says an image went along. Oversize,
// non-image and web-address images get a 4xx and nothing is stored; a model that cannot see gets a plain
// 400; another tenant's image key is not found.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { requests, script } from "../support/model-control";
import { NOT_AN_IMAGE, PNG_BYTES, PNG_DATA_URL, pngOfSize, toDataUrl } from "../support/images";
import { uniqueId } from "../support/worker-http";

const app = createApp();
const KEYS = { a: "img-tenant-a-0123456789abcdef", b: "img-tenant-b-0123456789abcdef" };
const tenantEnv = (extra: Record<string, string> = {}) => ({
  ...env,
  API_KEYS: JSON.stringify([
    { name: "a", key: KEYS.a, tenant: "img-a" },
    { name: "b", key: KEYS.b, tenant: "img-b" },
  ]),
  ...extra,
});

async function as(who: keyof typeof KEYS, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
  return app.fetch(
    new Request(`https://agent.example.com${path}`, {
      method,
      headers: { authorization: `Bearer ${KEYS[who]}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    tenantEnv(extra),
    createExecutionContext(),
  );
}

const stored = async (tenant: string) => (await env.IMAGES.list({ prefix: `images/${tenant}/` })).objects.map((o) => o.key);

type WirePart = { type: string; text?: string; image_url?: { url: string; detail?: string } };

describe("images sent over HTTP", () => {
  it("reach the model as an image part, are stored per tenant and kept in the history by key", async () => {
    const key = uniqueId("img-run");
    const marker = await script(key, [{ text: "The first step is right; check the sign in the second." }]);
    const session = uniqueId("img-s");
    const res = await as("a", "POST", `/v1/sessions/${session}/runs`, { input: `${marker} Is my working right?`, images: [PNG_DATA_URL] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { output: string }).output).toContain("check the sign");

    const [request] = (await requests(key)).requests;
    const user = request!.messages.at(-1)!;
    expect(user.role).toBe("user");
    const parts = user.content as WirePart[];
    expect(parts[0]).toEqual({ type: "text", text: `${marker} Is my working right?` });
    expect(parts[1]).toEqual({ type: "image_url", image_url: { url: PNG_DATA_URL } });

    // The history holds the key, the trace that an image went along; neither holds the bytes.
    const view = (await (await as("a", "GET", `/v1/sessions/${session}`)).json()) as { messages: Array<{ role: string; images?: unknown }> };
    const images = view.messages.find((m) => m.role === "user")!.images as Array<{ key: string; mediaType: string; bytes: number }>;
    expect(images).toEqual([{ key: expect.stringMatching(/^img-[0-9a-f]{32}\.png$/), mediaType: "image/png", bytes: PNG_BYTES.length }]);
    const trace = await (await as("a", "GET", `/v1/sessions/${session}/events`)).text();
    expect(trace).toContain('"images":1');
    expect(JSON.stringify(view) + trace).not.toContain(PNG_DATA_URL.slice(30, 60));

    // Stored once, in tenant a's folder; served to a, not found for b.
    expect(await stored("img-a")).toContain(`images/img-a/${images[0]!.key}`);
    const mine = await as("a", "GET", `/v1/images/${images[0]!.key}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await as("b", "GET", `/v1/images/${images[0]!.key}`)).status).toBe(404);
  });

  it("reach the model from /v1/chat/completions image_url parts", async () => {
    const key = uniqueId("img-cc");
    const marker = await script(key, [{ text: "I see a single red pixel." }]);
    const res = await as("b", "POST", "/v1/chat/completions", {
      model: "study-agent",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: `${marker} What is in this photo?` },
            { type: "image_url", image_url: { url: PNG_DATA_URL, detail: "low" } },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toContain("red pixel");
    const parts = (await requests(key)).requests[0]!.messages.at(-1)!.content as WirePart[];
    expect(parts.find((p) => p.type === "image_url")).toEqual({ type: "image_url", image_url: { url: PNG_DATA_URL, detail: "low" } });
    expect((await stored("img-b")).length).toBeGreaterThan(0);
  });

  it("reach the model from Responses input_image and UI file parts, read the same way", async () => {
    const key = uniqueId("img-resp");
    const marker = await script(key, [{ text: "A red pixel, again." }, { text: "Still a red pixel." }]);
    const res = await as("a", "POST", "/v1/responses", {
      model: "study-agent",
      store: false,
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: `${marker} What is this?` },
            { type: "input_image", image_url: PNG_DATA_URL, detail: "auto" },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const ui = await as("a", "POST", "/v1/ui/chat", {
      id: uniqueId("img-ui"),
      messages: [
        {
          id: "m1",
          role: "user",
          parts: [
            { type: "text", text: `${marker} And this?` },
            { type: "file", mediaType: "image/png", filename: "homework.png", url: PNG_DATA_URL },
          ],
        },
      ],
    });
    expect(ui.status).toBe(200);
    await ui.text();
    const [fromResponses, fromUi] = (await requests(key)).requests.map((r) => (r.messages.at(-1)!.content as WirePart[]).filter((p) => p.type === "image_url"));
    expect(fromResponses).toEqual([{ type: "image_url", image_url: { url: PNG_DATA_URL, detail: "auto" } }]);
    expect(fromUi).toEqual([{ type: "image_url", image_url: { url: PNG_DATA_URL } }]);
    // A web address is refused on every wire the same way, naming the field.
    const web = await as("a", "POST", "/v1/chat/completions", {
      model: "study-agent",
      messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "https://example.org/x.png" } }] }],
    });
    expect(web.status).toBe(400);
    expect(((await web.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: "unsupported_content",
      param: "messages[0].content",
    });
  });

  it("refuses oversize, non-image and web-address images with a 4xx, storing nothing", async () => {
    const session = uniqueId("img-bad");
    const before = await stored("img-a");
    const small = { MAX_IMAGE_BYTES: "2048" };
    const cases: Array<[unknown[], number, string, Record<string, string>]> = [
      [[toDataUrl(pngOfSize(4096))], 413, "image_too_large", small],
      [[NOT_AN_IMAGE], 415, "unsupported_image", {}],
      // One good image and one bad: neither is stored.
      [[toDataUrl(pngOfSize(100)), NOT_AN_IMAGE], 415, "unsupported_image", {}],
      [["https://example.org/homework.jpg"], 400, "invalid_image_url", {}],
      [["data:image/png;base64,%%%"], 400, "invalid_image_url", {}],
      [Array.from({ length: 5 }, () => PNG_DATA_URL), 400, "too_many_images", {}],
    ];
    for (const [images, status, code, extra] of cases) {
      const res = await as("a", "POST", `/v1/sessions/${session}/runs`, { input: "check this", images }, extra);
      expect(res.status, code).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const cc = await as(
      "a",
      "POST",
      "/v1/chat/completions",
      { model: "study-agent", messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: NOT_AN_IMAGE } }] }] },
      {},
    );
    expect(cc.status).toBe(415);
    expect(((await cc.json()) as { error: { code: string; param: string | null } }).error).toMatchObject({ code: "unsupported_image" });
    expect(await stored("img-a")).toEqual(before);
    expect((await as("a", "GET", `/v1/sessions/${session}`)).status).toBe(404);
  });

  it("tells the caller plainly when the model cannot see (MODEL_VISION off), storing nothing", async () => {
    const before = await stored("img-b");
    const off = { MODEL_VISION: "false" };
    const run = await as("b", "POST", `/v1/sessions/${uniqueId("img-blind")}/runs`, { input: "check this", images: [PNG_DATA_URL] }, off);
    expect(run.status).toBe(400);
    expect(((await run.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "vision_unavailable",
      message: expect.stringContaining("cannot read images"),
    });
    const cc = await as(
      "b",
      "POST",
      "/v1/chat/completions",
      {
        model: "study-agent",
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "hi" },
              { type: "image_url", image_url: { url: PNG_DATA_URL } },
            ],
          },
        ],
      },
      off,
    );
    expect(cc.status).toBe(400);
    expect(((await cc.json()) as { error: { code: string; type: string } }).error).toMatchObject({ code: "vision_unavailable", type: "invalid_request_error" });
    expect(await stored("img-b")).toEqual(before);
  });
});
