// The context's fill before a model call: the provider's own count of the last request plus an estimate
// of what was added since; anything else (a shortened message, compaction) scales the plain estimate by
// how far off it was last time. src/agent/context/token-accounting.ts.
import { describe, expect, it } from "vitest";
import { userMessage, type Message } from "../../../src/agent";
import { harnessNote } from "../../../src/agent/messages";
import { estimateMessageTokens, estimateTokens } from "../../../src/agent/context/tokens";
import { PromptTokenCounter } from "../../../src/agent/context/token-accounting";

const SYSTEM = "You are a tutor.";
const history = (n: number): Message[] => Array.from({ length: n }, (_, i) => userMessage(`message ${i} `.repeat(10)));

describe("the prompt token count", () => {
  it("is the provider's count of the last request plus an estimate of the messages added since", () => {
    const counter = new PromptTokenCounter();
    const seen = history(30);
    counter.observe(SYSTEM, seen, [], 5_000);
    const added = [userMessage("and one more question"), userMessage("and another")];
    const expected = 5_000 + added.reduce((n, m) => n + estimateMessageTokens(m), 0);
    expect(counter.count(SYSTEM, [...seen, ...added], [])).toBe(expected);
  });

  it("leaves a harness note of the last request out of the prefix it continues from", () => {
    const counter = new PromptTokenCounter();
    const seen = history(5);
    counter.observe(SYSTEM, [...seen, harnessNote("Your todo list: …")], [], 1_000);
    expect(counter.count(SYSTEM, seen, [])).toBe(1_000);
  });

  it("scales the plain estimate by the last request's error when a message was shortened", () => {
    const counter = new PromptTokenCounter();
    const seen = history(10);
    // The provider counted twice the plain estimate.
    counter.observe(SYSTEM, seen, [], 2 * estimateTokens(seen, SYSTEM));
    const shortened = seen.map((m, i) => (i === 3 ? { ...m, content: m.content.slice(0, 5) } : m));
    expect(counter.count(SYSTEM, shortened, [])).toBe(Math.ceil(estimateTokens(shortened, SYSTEM) * 2));
  });

  it("scales it the same way after a new system prompt, and within bounds", () => {
    const counter = new PromptTokenCounter();
    const seen = history(10);
    counter.observe(SYSTEM, seen, [], 100 * estimateTokens(seen, SYSTEM));
    // At most 4× however far off the estimate was.
    expect(counter.count("Another prompt.", seen, [])).toBe(Math.ceil(estimateTokens(seen, "Another prompt.") * 4));
  });

  it("is a plain estimate before any request was counted", () => {
    const seen = history(3);
    expect(new PromptTokenCounter().count(SYSTEM, seen, [])).toBe(estimateTokens(seen, SYSTEM));
  });
});
