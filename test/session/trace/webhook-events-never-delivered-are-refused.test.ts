// WEBHOOKS' `events` may name only events a webhook is sent: `webhook.attempt` (one delivery attempt, in the
// trace only) is never delivered, since each delivery would make another. Naming it, or a glob that matches
// only it, was accepted and then never sent; it is a config error naming the field, like any unknown name.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config";

const SECRET = "0123456789abcdef-test-secret";
const configWith = (events: string[]) => ({ WEBHOOKS: JSON.stringify([{ url: "https://example.org/h", events, secret: SECRET }]) });

function issue(events: string[]): string {
  try {
    loadConfig(configWith(events));
    return "";
  } catch (e) {
    return (e as Error).message;
  }
}

describe("WEBHOOKS events a webhook is never sent", () => {
  it("webhook.attempt, or a glob that matches only it, is refused naming the entry", () => {
    expect(issue(["webhook.attempt"])).toContain("WEBHOOKS.0.events.0");
    expect(issue(["run.completed", "webhook.*"])).toContain("WEBHOOKS.0.events.1");
    expect(issue(["webhook.*"])).not.toContain(SECRET);
  });

  it("globs that also match delivered events are still accepted", () => {
    expect(loadConfig(configWith(["*", "run.*"])).WEBHOOKS[0]!.events).toEqual(["*", "run.*"]);
  });
});
