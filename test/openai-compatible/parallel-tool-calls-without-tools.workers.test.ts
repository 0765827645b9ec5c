// parallel_tool_calls with no `tools` of the client's applies to the agent's own tools: it goes to the model
// as sent (OpenAI refuses it without tools, but this model always has the agent's tools to call).
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

describe("parallel_tool_calls without tools", () => {
  it("reaches the model with the agent's tools", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "One tool at a time." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Find me two sources.` }],
      parallel_tool_calls: false,
    });
    expect(reply.choices[0]!.message.content).toBe("One tool at a time.");
    const [seen] = (await requests(key)).requests;
    expect(seen!.tools!.map((t) => t.function.name)).toContain("web_search");
    expect(seen!.body.parallel_tool_calls).toBe(false);
  });
});
