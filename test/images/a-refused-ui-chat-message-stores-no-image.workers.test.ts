// /v1/ui/chat stored a message's photos before it checked the text's length, so a message refused as too long
// left its photos in R2 under the tenant. The length is checked first now: a refused message stores nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runSettings } from "../../src/session/runs/settings";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { call, uniqueId } from "../support/worker-http";

describe("a /v1/ui/chat message refused as too long", () => {
  it("is 400 input_too_long, and its photo is not stored", async () => {
    const png = uniquePng();
    const text = "x".repeat(runSettings(env).MAX_INPUT_CHARS + 1);
    const parts = [
      { type: "text", text },
      { type: "file", mediaType: "image/png", url: toDataUrl(png) },
    ];
    const res = await call("/v1/ui/chat", { method: "POST", json: { id: uniqueId("ui-long"), messages: [{ id: uniqueId("m"), role: "user", parts }] } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "input_too_long" } });
    const key = await imageKeyOf(png);
    expect((await env.IMAGES.list({ prefix: "images/" })).objects.filter((o) => o.key.endsWith(key))).toEqual([]);
  });
});
