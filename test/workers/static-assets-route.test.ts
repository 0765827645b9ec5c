import { describe, expect, it } from "vitest";
import { call } from "../support/worker-http";

describe("paths outside the API", () => {
  it("GET / serves the web page from the static assets", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("StudyAgent");
  });

  it("an unknown API path is still a JSON 404", async () => {
    const res = await call("/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
