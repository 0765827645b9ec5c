// A query parameter given twice is a 400 naming it, on every route with a query: Hono's c.req.query()
// keeps the first value, so `?lessons=a.md&lessons=b.md` (how Python's requests and Go's url.Values send a
// list) answered a report of lesson a alone, and `?days=3&days=90` the 3 days.
import { describe, expect, it } from "vitest";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });

describe("a query parameter given twice", () => {
  it("is 400 naming it on the native routes; one value still works", async () => {
    const learner = uniqueId("learner");
    const session = uniqueId();
    expect((await call("/v1/sessions", { method: "POST", json: { id: session } })).status).toBe(201);
    for (const [path, param] of [
      [`/v1/learners/${learner}/progress?lessons=a.md&lessons=b.md`, "lessons"],
      [`/v1/learners/${learner}/progress?days=3&days=90`, "days"],
      [`/v1/sessions/${session}?limit=5&limit=50`, "limit"],
    ] as const) {
      const err = await errorOf(await call(path));
      expect(err, path).toMatchObject({ status: 400, code: "invalid_request" });
      expect(err.message, path).toContain(`'${param}' is given more than once`);
    }
    expect((await call(`/v1/learners/${learner}/progress?lessons=a.md,b.md&days=3`)).status).toBe(200);
  });

  it("is 400 on GET /v1/responses/:id, whose include alone is a list", async () => {
    const res = await call(`/v1/responses/resp_x?stream=true&stream=false`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe("stream");
  });
});
