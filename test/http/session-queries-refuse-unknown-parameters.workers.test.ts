// The native session routes' query strings are strict: a parameter they do not take (a misspelt `limt`)
// is a 400 naming it, not an answer that quietly ignored it (the whole history, a replay from the start).
// Checked before the session or run is looked up, as every validation is.
import { describe, expect, it } from "vitest";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });

describe("unknown query parameters on the session routes", () => {
  it("are 400 invalid_request naming the parameter, and the parameters taken still work", async () => {
    const id = uniqueId();
    expect((await call("/v1/sessions", { method: "POST", json: { id } })).status).toBe(201);
    const refused: Array<[string, string]> = [
      [`/v1/sessions/${id}?limt=5`, "limt"],
      [`/v1/sessions/${id}?limit=5&befor=3`, "befor"],
      [`/v1/sessions/${id}/events?aftr=3`, "aftr"],
      [`/v1/sessions/${id}/runs/run_x/stream?from=2`, "from"],
      [`/v1/sessions/${uniqueId()}?limt=5`, "limt"],
    ];
    for (const [path, param] of refused) {
      const err = await errorOf(await call(path));
      expect(err, path).toMatchObject({ status: 400, code: "invalid_request" });
      expect(err.message, path).toContain(param);
    }
    for (const path of [`/v1/sessions/${id}?limit=5`, `/v1/sessions/${id}/events?after=0&limit=1000`]) expect((await call(path)).status, path).toBe(200);
    expect((await call(`/v1/sessions/${id}/runs/run_x/stream?after=2`)).status).toBe(404);
  });

  it("caps a trace page at TRACE_PAGE_MAX_EVENTS (1000 by default)", async () => {
    const id = uniqueId();
    await call("/v1/sessions", { method: "POST", json: { id } });
    const err = await errorOf(await call(`/v1/sessions/${id}/events?limit=1001`));
    expect(err).toMatchObject({ status: 400, code: "invalid_request" });
    expect(err.message).toContain("limit");
  });
});
