// The DELETEs and the MCP authorization routes take no fields, as compaction and cancel do
// (bodiless-posts-refuse-fields.workers.test.ts): `{"keepLearner": true}` on a session's DELETE, `{"revoke":
// false}` on an authorization's, `{"scopes": [...]}` on authorize were read by nothing, and the route did what it
// would have done without them. A field is now a 400 naming it, before anything is looked up; no body or `{}` is
// accepted. The Responses API's delete and cancel answer in OpenAI's shape, and the openai client's own calls
// (no body) still get through.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { agentClient, apiError } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });

describe("DELETEs and authorizations that take no fields", () => {
  const routes = [
    { method: "DELETE", path: `/v1/sessions/${uniqueId()}`, field: "keepLearner", json: { keepLearner: true } },
    { method: "DELETE", path: "/v1/courses/course-000000000000", field: "force", json: { force: true } },
    { method: "POST", path: "/v1/mcp/servers/dead/authorize", field: "scopes", json: { scopes: ["admin"] } },
    { method: "DELETE", path: "/v1/mcp/servers/dead/authorization", field: "revoke", json: { revoke: false } },
    { method: "DELETE", path: "/v1/responses/resp_nope", field: "hard", json: { hard: true } },
    { method: "POST", path: "/v1/responses/resp_nope/cancel", field: "reason", json: { reason: "changed my mind" } },
  ];

  it("refuse a body with a field, naming it, before looking anything up", async () => {
    for (const { method, path, field, json } of routes) {
      const err = await errorOf(await call(path, { method, json }));
      expect(err, path).toMatchObject({ status: 400, code: "invalid_request", message: expect.stringContaining(field) });
      expect(await errorOf(await call(path, { method, json: [] })), path).toMatchObject({ status: 400 });
    }
  });

  it("accept no body or {} (here: 404, nothing of that name exists)", async () => {
    for (const { method, path } of routes) {
      expect((await call(path, { method })).status, path).toBe(404);
      expect((await call(path, { method, json: {} })).status, path).toBe(404);
    }
  });

  it("the openai client's responses.delete and responses.cancel still get through (404 here), and a field is its 400", async () => {
    const client = agentClient();
    for (const p of [client.responses.delete("resp_nope"), client.responses.cancel("resp_nope")])
      expect((await apiError(p)).error).toMatchObject({ type: "not_found_error", code: "response_not_found" });
    const refused = await apiError(client.post("/responses/resp_nope/cancel", { body: { reason: "x" } }));
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused.error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("reason") });
  });
});
