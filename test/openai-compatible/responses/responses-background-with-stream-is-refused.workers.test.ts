// background: true with stream: true is refused (400 naming both), since a background response is polled with
// GET, which does not stream: the client learns it, instead of getting one of the two it asked for.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

describe("/v1/responses: background with stream", () => {
  it("is 400 unsupported_parameter naming background and stream, and starts no run", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "never asked" }]);
    const res = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input: `${marker} hi`, background: true, stream: true } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; param: string; message: string } };
    expect(error).toMatchObject({ code: "unsupported_parameter", param: "background" });
    expect(error.message).toContain("background: true");
    expect(error.message).toContain("stream: true");
    expect((await requests(key)).requests).toHaveLength(0);

    // Either alone is still served.
    const background = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input: `${marker} hi`, background: true, stream: false } });
    expect(((await background.json()) as { status: string }).status).toBe("queued");
  });
});
