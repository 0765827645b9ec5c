// POST /v1/sessions with an Idempotency-Key: a client's retry of a create gets the session its first
// request made, never a second one. Without an id the key names the session (sess-<32 hex>, per tenant);
// with an id, a repeat of the same create is answered again instead of 409.
import { describe, expect, it } from "vitest";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

const as = tenantApp({ a: "sess-key-a", b: "sess-key-b" });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("POST /v1/sessions with an Idempotency-Key", () => {
  it("without an id creates one session per tenant and key, answers a retry with it, and refuses the key with other metadata", async () => {
    const key = { "idempotency-key": uniqueId("create") };
    const body = { metadata: { course: "calculus" } };
    const first = await as("a", "POST", "/v1/sessions", body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const { id } = (await first.json()) as { id: string };
    expect(id).toMatch(/^sess-[0-9a-f]{32}$/);

    const retry = await as("a", "POST", "/v1/sessions", body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual({ id });
    expect(((await (await as("a", "GET", `/v1/sessions/${id}`)).json()) as { metadata: unknown }).metadata).toEqual(body.metadata);

    const other = await as("a", "POST", "/v1/sessions", { metadata: { course: "algebra" } }, key);
    expect(other.status).toBe(422);
    expect(await errorCode(other)).toBe("idempotency_key_reused");

    // Another tenant's same key is its own session; no caller names a keyed session's id to create it.
    const theirs = await as("b", "POST", "/v1/sessions", body, key);
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as { id: string }).id).not.toBe(id);
    const named = await as("b", "POST", "/v1/sessions", { id: `sess-${"0".repeat(32)}` });
    expect(named.status).toBe(400);
    expect(await errorCode(named)).toBe("reserved_id");
    expect(await errorCode(await as("a", "POST", "/v1/sessions", body, { "idempotency-key": "two words" }))).toBe("invalid_idempotency_key");

    // Deleted, the session is made again by the key.
    expect((await as("a", "DELETE", `/v1/sessions/${id}`)).status).toBe(204);
    const remade = await as("a", "POST", "/v1/sessions", body, key);
    expect(remade.status).toBe(201);
    expect(remade.headers.get("idempotent-replayed")).toBeNull();
  });

  it("with an id answers a repeat of the same create again; other metadata, no key, or another tenant is 409", async () => {
    const id = uniqueId("keyed-named");
    const key = { "idempotency-key": uniqueId("create") };
    const body = { id, metadata: { course: "calculus" } };
    expect((await as("a", "POST", "/v1/sessions", body, key)).status).toBe(201);
    const retry = await as("a", "POST", "/v1/sessions", body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    for (const [who, sent, headers] of [
      ["a", { id, metadata: { course: "algebra" } }, key],
      ["a", body, {}],
      ["b", body, key],
    ] as const) {
      const res = await as(who, "POST", "/v1/sessions", sent, headers);
      expect(res.status).toBe(409);
      expect(await errorCode(res)).toBe("conflict");
    }
  });
});
