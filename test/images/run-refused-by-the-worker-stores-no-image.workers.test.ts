// A run with images that the Worker itself refuses (a malformed Idempotency-Key, a body it cannot take)
// stores none of them: every check the Worker can make comes before the image store is written.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { call, uniqueId } from "../support/worker-http";

describe("a run the Worker refuses", () => {
  it("leaves none of its images stored", async () => {
    const bytes = uniquePng();
    const images = [toDataUrl(bytes)];
    const session = uniqueId("img-refused");
    const refusals: Array<[RequestInit & { json: unknown }, string]> = [
      [{ method: "POST", json: { input: "check this", images }, headers: { "idempotency-key": "two words" } }, "invalid_idempotency_key"],
      [{ method: "POST", json: { input: "check this", images, maxSteps: 10_000 } }, "invalid_request"],
    ];
    for (const [init, code] of refusals) {
      const res = await call(`/v1/sessions/${session}/runs`, init);
      expect(res.status, code).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    // The admin's images (this caller: no API_TOKEN, from this machine) would be in its own folder.
    expect(await env.IMAGES.head(`images/_admin/${await imageKeyOf(bytes)}`)).toBeNull();
    expect((await call(`/v1/sessions/${session}`)).status).toBe(404);
  });
});
