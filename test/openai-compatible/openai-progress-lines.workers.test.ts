import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

const calculation = [
  {
    toolCalls: [
      { name: "calculate", args: { expression: "12*7" } },
      { name: "calculate", args: { expression: "1/0" } },
    ],
  },
  { text: "12 times 7 is 84." },
];

describe("the agent's tool activity in an OpenAI-compatible reply", () => {
  it("shows as progress lines in the content by default, never as tool_calls", async () => {
    const marker = await script(uniqueId("k"), calculation);
    const res = await agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} 12*7?` }] });
    const message = res.choices[0]!.message;
    expect(message.tool_calls).toBeUndefined();
    expect(res.choices[0]!.finish_reason).toBe("stop");
    expect(message.content).toBe("› 🧮 12*7\n\n› 🧮 1/0\n\n› ⚠️ calculate: The expression 1/0 has no finite value (Infinity).\n\n12 times 7 is 84.");
  });

  it("streams the same lines as content chunks", async () => {
    const marker = await script(uniqueId("k"), calculation);
    const stream = await agentClient().chat.completions.create({
      model: "study-agent",
      stream: true,
      messages: [{ role: "user", content: `${marker} 12*7?` }],
    });
    let text = "";
    for await (const c of stream) {
      expect(c.choices[0]?.delta.tool_calls).toBeUndefined();
      text += c.choices[0]?.delta.content ?? "";
    }
    expect(text).toMatch(/^› 🧮 12\*7\n\n› 🧮 1\/0\n\n/);
    expect(text.endsWith("\n\n12 times 7 is 84.")).toBe(true);
  });

  it("leaves them out with X-Agent-Progress: none", async () => {
    const marker = await script(uniqueId("k"), calculation);
    const res = await agentClient({ headers: { "X-Agent-Progress": "none" } }).chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} 12*7?` }],
    });
    expect(res.choices[0]!.message.content).toBe("12 times 7 is 84.");
  });
});
