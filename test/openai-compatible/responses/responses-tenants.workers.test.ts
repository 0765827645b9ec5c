// Tenants on /v1/responses: a response belongs to its session's tenant; every route by id, and
// continuing it, is 404 to another tenant's key.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/http/app";
import { script } from "../../support/model-control";
import { uniqueId } from "../../support/worker-http";

const KEYS = { a: "acme-key-0123456789abcdef", b: "globex-key-0123456789abcdef" };
const app = createApp();
const tenantEnv = {
  ...env,
  API_TOKEN: "admin-token-0123456789",
  API_KEYS: JSON.stringify([
    { name: "acme", key: KEYS.a, tenant: "acme" },
    { name: "globex", key: KEYS.b, tenant: "globex" },
  ]),
};

const as = (who: keyof typeof KEYS, method: string, path: string, body?: unknown) =>
  app.fetch(
    new Request(`https://agent.example.com${path}`, {
      method,
      headers: { authorization: `Bearer ${KEYS[who]}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    tenantEnv,
    createExecutionContext(),
  );

describe("a response is its tenant's", () => {
  it("another tenant gets 404 on GET, DELETE, cancel, previous_response_id and the conversation", async () => {
    const marker = await script(uniqueId("k"), [{ text: "mine" }, { text: "still mine" }]);
    const conversation = uniqueId("conv");
    const created = await as("a", "POST", "/v1/responses", { model: "study-agent", conversation, input: `${marker} hello` });
    const { id } = (await created.json()) as { id: string };
    for (const [method, path, body] of [
      ["GET", `/v1/responses/${id}`],
      ["DELETE", `/v1/responses/${id}`],
      ["POST", `/v1/responses/${id}/cancel`],
      ["POST", "/v1/responses", { model: "study-agent", previous_response_id: id, input: "let me in" }],
      ["POST", "/v1/responses", { model: "study-agent", conversation, input: "let me in" }],
    ] as const) {
      const res = await as("b", method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe("not_found_error");
    }
    expect((await as("a", "GET", `/v1/responses/${id}`)).status).toBe(200);
    const next = await as("a", "POST", "/v1/responses", { model: "study-agent", previous_response_id: id, input: "again" });
    expect(((await next.json()) as { status: string }).status).toBe("completed");
  });
});
