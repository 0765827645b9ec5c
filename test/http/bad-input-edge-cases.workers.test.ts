// Inputs found by attack that used to end in a 500 (or in a session no URL can reach) are clear 400s:
// metadata nested thousands deep or too large, ids made only of dots, assistant tool calls without
// their function.
import { describe, expect, it } from "vitest";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as { error: { code: string; message: string; param?: string } }).error,
});

const nested = (depth: number): unknown => {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

describe("session metadata is bounded in depth and size", () => {
  it("refuses metadata nested 5,000 deep with a 400 naming the limit, and stores nothing", async () => {
    const id = uniqueId("meta");
    const err = await errorOf(await call(`/v1/sessions`, { method: "POST", json: { id, metadata: { deep: nested(5_000) } } }));
    expect(err).toMatchObject({ status: 400, code: "metadata_too_deep" });
    expect(err.message).toContain("METADATA_MAX_DEPTH");
    expect((await call(`/v1/sessions/${id}`)).status).toBe(404);
  });

  it("accepts metadata at the depth limit (8 by default) and refuses one more level", async () => {
    expect((await call(`/v1/sessions`, { method: "POST", json: { id: uniqueId("meta"), metadata: { a: nested(7) } } })).status).toBe(201);
    expect(await errorOf(await call(`/v1/sessions`, { method: "POST", json: { id: uniqueId("meta"), metadata: { a: nested(8) } } }))).toMatchObject({
      status: 400,
      code: "metadata_too_deep",
    });
  });

  it("refuses metadata larger than METADATA_MAX_BYTES", async () => {
    const err = await errorOf(await call(`/v1/sessions`, { method: "POST", json: { metadata: { note: "x".repeat(20_000) } } }));
    expect(err).toMatchObject({ status: 400, code: "metadata_too_large" });
  });
});

describe("ids made only of dots", () => {
  it.each([".", "..", "...", "...."])("refuses %j as a session id: on create, on a run and as X-Session-Id", async (id) => {
    expect(await errorOf(await call(`/v1/sessions`, { method: "POST", json: { id } }))).toMatchObject({ status: 400 });
    const viaHeader = await call(`/v1/chat/completions`, {
      method: "POST",
      headers: { "x-session-id": id },
      json: { model: "study-agent", messages: [{ role: "user", content: "hi" }] },
    });
    expect(viaHeader.status).toBe(400);
  });

  it("still accepts ids with dots among other characters", async () => {
    expect((await call(`/v1/sessions`, { method: "POST", json: { id: `${uniqueId()}.v1..x` } })).status).toBe(201);
  });
});

describe("assistant tool calls in a chat request", () => {
  const chat = (toolCall: unknown) =>
    call(`/v1/chat/completions`, {
      method: "POST",
      json: {
        model: "study-agent",
        messages: [
          { role: "user", content: "What is 2+2?" },
          { role: "assistant", content: null, tool_calls: [toolCall] },
          { role: "tool", tool_call_id: "call_1", content: "4" },
          { role: "user", content: "Thanks, and 3+3?" },
        ],
      },
    });

  it.each([
    ["no function", { id: "call_1", type: "function" }],
    ["function: {}", { id: "call_1", type: "function", function: {} }],
    ["no arguments", { id: "call_1", type: "function", function: { name: "calculate" } }],
    ["a function that is not an object", { id: "call_1", type: "function", function: "calculate" }],
  ])("a tool call with %s is a 400 that names the field, without raw error text", async (_name, toolCall) => {
    const res = await chat(toolCall);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; param: string | null; type: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.param).toMatch(/^messages\[1\]\.tool_calls\[0\]\.function/);
    expect(body.error.message).not.toMatch(/TypeError|Cannot read properties/);
  });
});
