import { describe, expect, it } from "vitest";
import { call } from "../support/worker-http";

describe("paths outside the API", () => {
  it("GET / serves the web page from the static assets", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("StudyAgent");
  });

  it.each(["/nothing-here", "/js/missing.js", "/skills/none/SKILL.md"])("an unknown path outside the API, GET %s, is a JSON 404", async (path) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("an unknown API path is still a JSON 404", async () => {
    const res = await call("/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
