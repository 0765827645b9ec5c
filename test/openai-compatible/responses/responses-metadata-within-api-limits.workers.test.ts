// `metadata` keeps to the API's own limits: at most 16 pairs, keys of at most 64 characters, string values of
// at most 512. Past them is 400 invalid_request naming the key; at them it is accepted and echoed.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

const pairs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `v${i}`]));

async function send(input: string, metadata: Record<string, string>) {
  const res = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input, metadata } });
  return { status: res.status, body: (await res.json()) as { metadata?: unknown; error?: { code: string; param: string; message: string } } };
}

describe("/v1/responses: metadata limits", () => {
  it("refuses more than 16 pairs, a key over 64 characters or a value over 512, naming the key; accepts the limits", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "ok" }]);
    const input = `${marker} hi`;

    const many = await send(input, pairs(17));
    expect(many).toMatchObject({ status: 400, body: { error: { code: "invalid_request", param: "metadata" } } });
    expect(many.body.error!.message).toContain("16");

    const longKey = "k".repeat(65);
    expect(await send(input, { [longKey]: "v" })).toMatchObject({ status: 400, body: { error: { code: "invalid_request", param: `metadata.${longKey}` } } });
    const longValue = await send(input, { course: "v".repeat(513) });
    expect(longValue).toMatchObject({ status: 400, body: { error: { code: "invalid_request", param: "metadata.course" } } });
    expect(longValue.body.error!.message).toContain("512");
    expect((await requests(key)).requests).toHaveLength(0);

    const atLimits = { ...pairs(15), ["k".repeat(64)]: "v".repeat(512) };
    expect(await send(input, atLimits)).toMatchObject({ status: 200, body: { metadata: atLimits } });
  });
});
