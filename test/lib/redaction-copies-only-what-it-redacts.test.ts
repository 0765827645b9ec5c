// Redaction copies on write: an event with nothing to redact comes back as the very same object (the
// trace stores most events that way, without rebuilding them), and one with a secret comes back as a copy
// in which only the path to the secret is new: the caller's value is never changed.
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "../../src/lib/redaction";

describe("redaction copies only what it redacts", () => {
  const redact = createRedactor(["hunter2-very-secret"]);

  it("returns a value with nothing to redact as it is", () => {
    const event = { type: "model.response", usage: { promptTokens: 3 }, tags: ["a", "b"], when: null };
    expect(redact(event)).toBe(event);
    expect(redact("plain words")).toBe("plain words");
  });

  it("copies the path to a secret, shares the rest and leaves the input unchanged", () => {
    const clean = { n: 1, list: ["x"] };
    const event = { type: "tool.started", args: { note: "use hunter2-very-secret", clean }, other: { token: "abc" }, list: ["ok", "hunter2-very-secret"] };
    const before = structuredClone(event);
    const out = redact(event);
    expect(out).toEqual({ type: "tool.started", args: { note: `use ${REDACTED}`, clean }, other: { token: REDACTED }, list: ["ok", REDACTED] });
    expect(event).toEqual(before);
    expect(out).not.toBe(event);
    expect(out.args).not.toBe(event.args);
    expect(out.args.clean).toBe(clean);
  });
});
