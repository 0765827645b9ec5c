// PATCH /v1/courses/:id (a course's resume) is the API's only PATCH; a browser front end listed in CORS_ORIGINS
// asks first with a preflight, whose answer allowed GET, POST and DELETE only, so the browser refused to send it.
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { BASE, fromThisMachine } from "../support/worker-http";

const PAGE = "https://tutor.example.com";

describe("a listed browser origin and a course's resume", () => {
  it("is allowed PATCH by the preflight", async () => {
    const preflight = new Request(`${BASE}/v1/courses/course-000000000000`, {
      method: "OPTIONS",
      headers: { origin: PAGE, "access-control-request-method": "PATCH", "access-control-request-headers": "authorization,content-type" },
    });
    const res = await createApp().fetch(fromThisMachine(preflight), { ...env, CORS_ORIGINS: PAGE, API_TOKEN: "page-token" }, createExecutionContext());
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(res.headers.get("access-control-allow-methods")!.split(",")).toContain("PATCH");
  });
});
