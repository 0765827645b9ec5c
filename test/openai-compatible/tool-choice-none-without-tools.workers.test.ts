// tool_choice "none" with no `tools` of the client's is still honoured, on both wires: the model is offered
// no tool at all (the agent's own neither), so the agent answers in words without searching or calling
// anything. Without it the same request offers the agent's tools.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

describe("tool_choice none without tools", () => {
  it("Chat Completions: the model request carries no tools and no tool_choice", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "In words only." }, { text: "With tools at hand." }]);
    const messages = [{ role: "user" as const, content: `${marker} What is a derivative?` }];
    const reply = await agentClient().chat.completions.create({ model: "study-agent", messages, tool_choice: "none" });
    expect(reply.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: "In words only." } });
    await agentClient().chat.completions.create({ model: "study-agent", messages });

    const [none, auto] = (await requests(key)).requests;
    expect(none!.tools).toBeUndefined();
    expect(none!.tool_choice).toBeUndefined();
    expect(auto!.tools!.map((t) => t.function.name)).toContain("web_search");
  });

  it("Responses API: the same", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "In words only." }]);
    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} What is an integral?`, tool_choice: "none" });
    expect(response.output_text).toBe("In words only.");
    const [seen] = (await requests(key)).requests;
    expect(seen!.tools).toBeUndefined();
  });
});
