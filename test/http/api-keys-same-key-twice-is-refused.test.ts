// A key of API_KEYS matches one owner. The same key twice (the second entry's tenant was never reached) or
// a key equal to API_TOKEN (the operator's rights won, not the key's tenant) is a config error naming the
// entry, never the key.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

const KEY = "a-key-of-sixteen-chars";
const HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

describe("API_KEYS with a key given twice", () => {
  it("the same key, or the same sha256, for two entries is refused at the second", () => {
    const keys = [
      { name: "app", key: KEY, tenant: "acme" },
      { name: "partner", key: KEY, tenant: "globex" },
    ];
    const issues = configIssues({ API_KEYS: JSON.stringify(keys) });
    expect(issues).toEqual(["API_KEYS.1.key: the same key as API_KEYS.0; a key has one tenant"]);
    expect(issues.join()).not.toContain(KEY);
    const hashed = [
      { name: "app", sha256: HASH, tenant: "acme" },
      { name: "partner", sha256: HASH.toUpperCase(), tenant: "globex" },
    ];
    expect(configIssues({ API_KEYS: JSON.stringify(hashed) })).toEqual(["API_KEYS.1.sha256: the same sha256 as API_KEYS.0; a key has one tenant"]);
  });

  it("a key equal to API_TOKEN is refused", () => {
    const issues = configIssues({ API_TOKEN: KEY, API_KEYS: JSON.stringify([{ name: "app", key: KEY, tenant: "acme" }]) });
    expect(issues).toEqual(["API_KEYS.0.key: the same as API_TOKEN, which acts as the operator of every tenant"]);
  });

  it("distinct keys load", () => {
    const keys = [
      { name: "app", key: KEY, tenant: "acme" },
      { name: "partner", key: `${KEY}-2`, tenant: "acme" },
    ];
    expect(configIssues({ API_TOKEN: "an-operator-token-0123", API_KEYS: JSON.stringify(keys) })).toEqual([]);
  });
});
