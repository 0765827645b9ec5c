// A WEBHOOKS url the address rule refuses (loopback, private network, cloud metadata) was accepted and then
// every delivery given up at its first attempt. It is a config error naming the entry's url (never quoting
// it), unless ALLOW_PRIVATE_FETCH=true lets loopback and private addresses through; metadata stays refused.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config";
import { configIssues } from "../../support/config-issues";

const SECRET = "0123456789abcdef-test-secret";
const hooks = (...urls: string[]) => JSON.stringify(urls.map((url) => ({ url, events: ["*"], secret: SECRET })));

describe("a webhook to an address the fetch rule refuses", () => {
  it("is a config error naming the entry's url, without the url", () => {
    const issues = configIssues({ WEBHOOKS: hooks("https://example.org/h", "http://127.0.0.1:9000/h", "http://10.1.2.3/h", "http://localhost/h") });
    expect(issues.map((i) => i.split(":")[0])).toEqual(["WEBHOOKS.1.url", "WEBHOOKS.2.url", "WEBHOOKS.3.url"]);
    expect(issues.join("\n")).not.toMatch(/127\.0\.0\.1|10\.1\.2\.3|localhost|0123456789abcdef/);
    // The deprecated name is named when it is the one set.
    expect(configIssues({ HOOKS: hooks("http://192.168.1.5/h") }).map((i) => i.split(":")[0])).toEqual(["HOOKS.0.url"]);
  });

  it("is accepted with ALLOW_PRIVATE_FETCH=true, except a cloud metadata address", () => {
    expect(loadConfig({ WEBHOOKS: hooks("http://127.0.0.1:9000/h"), ALLOW_PRIVATE_FETCH: "true" }).WEBHOOKS).toHaveLength(1);
    expect(configIssues({ WEBHOOKS: hooks("http://169.254.169.254/h"), ALLOW_PRIVATE_FETCH: "true" }).map((i) => i.split(":")[0])).toEqual(["WEBHOOKS.0.url"]);
  });
});
