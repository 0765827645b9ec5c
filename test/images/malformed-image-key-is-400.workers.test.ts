// GET /v1/images/:key with a key outside the image store's scheme (img-<32 hex>.<jpg|png|gif|webp>) is the
// caller's mistake: 400 invalid_id naming the key, as for a lesson's key. A well-formed key of no stored image stays 404.
import { describe, expect, it } from "vitest";
import { call } from "../support/worker-http";

describe("GET /v1/images/:key", () => {
  it("answers 400 invalid_id naming a malformed key, 404 for a well-formed key of no image", async () => {
    for (const key of ["not-an-image", "img-0123.png", `img-${"0".repeat(32)}.bmp`, `img-${"A".repeat(32)}.png`, `img-${"0".repeat(32)}.png.txt`]) {
      const res = await call(`/v1/images/${key}`);
      expect(res.status, key).toBe(400);
      expect(((await res.json()) as { error: unknown }).error, key).toEqual({ code: "invalid_id", message: `invalid image key: ${key}` });
    }
    const missing = await call(`/v1/images/img-${"0".repeat(32)}.png`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
