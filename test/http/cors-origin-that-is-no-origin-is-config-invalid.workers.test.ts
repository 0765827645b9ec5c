// A CORS_ORIGINS entry that is no URL at all (a bare host, `*`: the likeliest mistakes) is the same
// 500 config_invalid as any bad setting, and the log names the variable and the entry. It was a TypeError out
// of the origin check: 500 internal_error, and a log line naming nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

describe("CORS_ORIGINS without a scheme", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => logged.mockClear());

  it.each(["chat.example.com", "*", "https://ok.example, chat.example.com"])("%s: 500 config_invalid, the log naming CORS_ORIGINS", async (CORS_ORIGINS) => {
    const as = tenantApp({ a: uniqueId("cors"), b: uniqueId("other") }, { CORS_ORIGINS });
    const res = await as("admin", "GET", "/v1/lessons");
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("config_invalid");
    const entry = CORS_ORIGINS.includes(",") ? 1 : 0;
    expect(logged.mock.calls.flat().map(String).join("\n")).toContain(`CORS_ORIGINS.${entry}: an origin: scheme://host[:port]`);
  });
});
