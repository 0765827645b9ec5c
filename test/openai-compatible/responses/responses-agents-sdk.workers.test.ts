import { Agent, run, setDefaultOpenAIClient, setTracingDisabled } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

// The Agents SDK's default client, pointed at the Worker; its traces stay home.
setDefaultOpenAIClient(agentClient());
setTracingDisabled(true);

const tutor = new Agent({ name: "Tutor", instructions: "Be brief.", model: "study-agent" });

describe("the OpenAI Agents SDK running an agent whose model is study-agent", () => {
  it("runs: the scripted answer, usage, our tool calls as hosted calls it does not execute, continuity through previousResponseId", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "12*7" } }], usage: { prompt_tokens: 20, completion_tokens: 5 } },
      { text: "12*7 is 84.", usage: { prompt_tokens: 30, completion_tokens: 6 } },
      { text: "Half of that is 42.", usage: { prompt_tokens: 40, completion_tokens: 7 } },
    ]);
    const first = await run(tutor, `${marker} What is 12*7?`);
    expect(first.finalOutput).toBe("12*7 is 84.");
    expect(first.state.usage).toMatchObject({ inputTokens: 50, outputTokens: 11, totalTokens: 61 });
    expect(first.newItems.map((i) => i.type)).toEqual(["tool_call_item", "message_output_item"]);
    expect(first.newItems[0]!.rawItem).toMatchObject({ type: "hosted_tool_call", name: "mcp_call" });
    // The agent's instructions reached our model as guidance.
    expect(String((await requests(key)).requests[0]!.messages[0]!.content)).toContain("Be brief.");

    const second = await run(tutor, "And half of that?", { previousResponseId: first.lastResponseId });
    expect(second.finalOutput).toBe("Half of that is 42.");
    const seen = (await requests(key)).requests[2]!.messages.filter((m) => m.role === "user").map((m) => m.content);
    expect(seen).toEqual([`${marker} What is 12*7?`, "And half of that?"]);
  });

  it("streams the answer's text", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Limits describe where a function is heading.", pieces: 4 }]);
    const result = await run(tutor, `${marker} limits?`, { stream: true });
    let text = "";
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;
    expect(text).toBe("Limits describe where a function is heading.");
    expect(result.finalOutput).toBe(text);
  });

  it("a failed run raises an error", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ status: 500 }, { status: 500 }]);
    await expect(run(tutor, `${marker} hi`)).rejects.toThrow(/failed/);
  });
});
