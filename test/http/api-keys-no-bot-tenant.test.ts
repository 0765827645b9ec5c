// No API key may act for the bots' own tenants (telegram, slack): such a key would own every chat's
// sessions and learners. API_KEYS naming one is a config error that says why.
import { describe, expect, it } from "vitest";
import { ApiKeysSchema } from "../../src/http/api-keys";

describe("API_KEYS tenants", () => {
  it("refuses the bots' tenants, and takes any other", () => {
    for (const tenant of ["telegram", "slack"]) {
      const r = ApiKeysSchema.safeParse([{ name: "app", key: "a-key-of-sixteen-chars", tenant }]);
      expect(r.success, tenant).toBe(false);
      expect(JSON.stringify(r.error?.issues), tenant).toContain("the bots' own tenants");
    }
    expect(ApiKeysSchema.safeParse([{ name: "app", key: "a-key-of-sixteen-chars", tenant: "telegram-fans" }]).success).toBe(true);
  });
});
