// An image is stored under its content's hash: a run repeated with its Idempotency-Key (replayed, the same
// run) writes the same object again, never a second one.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { call, uniqueId } from "../support/worker-http";

const folder = async () => (await env.IMAGES.list({ prefix: "images/_admin/" })).objects.map((o) => o.key);

describe("a repeated run with an image", () => {
  it("gets the same run and leaves one stored object for its image", async () => {
    const bytes = uniquePng();
    const marker = await script(uniqueId("img-once"), [{ text: "Looks right." }]);
    const session = uniqueId("img-once");
    const key = uniqueId("img-once-key");
    const before = new Set(await folder());
    const send = () =>
      call(`/v1/sessions/${session}/runs`, {
        method: "POST",
        json: { input: `${marker} is this right?`, images: [toDataUrl(bytes)] },
        headers: { "idempotency-key": key },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-run-id")).toBe(first.headers.get("x-run-id"));
    expect((await folder()).filter((k) => !before.has(k))).toEqual([`images/_admin/${await imageKeyOf(bytes)}`]);
  });
});
