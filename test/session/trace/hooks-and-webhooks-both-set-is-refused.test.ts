// HOOKS is WEBHOOKS' old name, read only when WEBHOOKS is unset: both set is refused by name (HOOKS was
// dropped without a word, so the hooks an operator edited there never fired), and the same for the timeout.
import { describe, expect, it } from "vitest";
import { configIssues } from "../../support/config-issues";

const hooks = (url: string) => JSON.stringify([{ url, events: ["run.completed"], secret: "a-secret-of-16-chars" }]);

describe("the deprecated webhook names beside the new ones", () => {
  it("HOOKS with WEBHOOKS, or HOOK_TIMEOUT_MS with WEBHOOK_TIMEOUT_MS, is a config error naming the old one", () => {
    expect(configIssues({ HOOKS: hooks("https://old.example/h"), WEBHOOKS: hooks("https://new.example/h") })).toEqual([
      "HOOKS: the old name of WEBHOOKS, which is set too: remove HOOKS",
    ]);
    expect(configIssues({ HOOK_TIMEOUT_MS: "2000", WEBHOOK_TIMEOUT_MS: "3000" })).toEqual([
      "HOOK_TIMEOUT_MS: the old name of WEBHOOK_TIMEOUT_MS, which is set too: remove HOOK_TIMEOUT_MS",
    ]);
  });
});
