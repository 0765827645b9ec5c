import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/agent/messages";
import { fromWire, toWire } from "../../../src/agent/providers/openai";

const base = { createdAt: "2026-01-01T00:00:00.000Z" };

describe("domain messages convert to and from the Chat Completions wire in one place", () => {
  const history: Message[] = [
    { ...base, id: "1", role: "user", content: "What is 2+2?" },
    { ...base, id: "2", role: "assistant", content: "", toolCalls: [{ id: "c1", name: "calculate", args: '{"expression":"2+2"}' }] },
    { ...base, id: "3", role: "tool", toolCallId: "c1", name: "calculate", status: "success", content: "2+2 = 4" },
    { ...base, id: "4", role: "summary", content: "Earlier we met." },
    { ...base, id: "5", role: "assistant", content: "4" },
  ];

  it("puts the system prompt first and maps each role", () => {
    expect(toWire("be kind", history)).toEqual([
      { role: "system", content: "be kind" },
      { role: "user", content: "What is 2+2?" },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "calculate", arguments: '{"expression":"2+2"}' } }] },
      { role: "tool", tool_call_id: "c1", content: "2+2 = 4" },
      { role: "user", content: "[Summary of the earlier conversation]\nEarlier we met." },
      { role: "assistant", content: "4" },
    ]);
  });

  it("reads a client's messages back, joining system and text parts", () => {
    const { system, messages } = fromWire([
      { role: "system", content: "one" },
      { role: "developer", content: "two" },
      {
        role: "user",
        content: [
          { type: "text", text: "hello " },
          { type: "text", text: "there" },
        ],
      },
      { role: "assistant", content: "hi", tool_calls: [{ id: "x", type: "function", function: { name: "f", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "x", content: "done" },
    ]);
    expect(system).toBe("one\n\ntwo");
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "hello there"],
      ["assistant", "hi"],
      ["tool", "done"],
    ]);
    expect(messages[1]).toMatchObject({ toolCalls: [{ id: "x", name: "f", args: "{}" }] });
  });
});
