// `parallel_tool_calls: false` is held to, not only passed on: a model server that ignores it (Ollama and
// some vLLM and llama.cpp builds do) may still call two tools in one reply, and the client that asked for
// one at a time got both while the response echoed false. The first call is handed out; the others are
// answered in the run's history as not run, so the model calls them again after the first one's result.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const tool = (name: string): OpenAI.Chat.Completions.ChatCompletionFunctionTool => ({
  type: "function",
  function: { name, parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
});
const twoCalls = [
  { name: "get_weather", args: { city: "Paris" }, id: "call_p1" },
  { name: "get_time", args: { city: "Paris" }, id: "call_p2" },
];

describe("parallel_tool_calls: false", () => {
  it("Chat Completions hands out the first call only, and the model reads the other as not run", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: twoCalls }, { text: "Sunny." }]);
    const client = agentClient({ headers: { "X-Agent-Progress": "none" } });
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: "user", content: `${marker} Paris?` }];
    const request = { model: "study-agent", messages, tools: [tool("get_weather"), tool("get_time")], parallel_tool_calls: false };
    const first = await client.chat.completions.create(request);
    expect(first.choices[0]!.finish_reason).toBe("tool_calls");
    const handed = first.choices[0]!.message.tool_calls!;
    expect(handed.map((c) => c.type === "function" && c.function.name)).toEqual(["get_weather"]);

    messages.push(first.choices[0]!.message, { role: "tool", tool_call_id: handed[0]!.id, content: "sunny" });
    expect((await client.chat.completions.create(request)).choices[0]!.message.content).toBe("Sunny.");
    const history = (await requests(key)).requests[1]!.messages;
    const results = Object.fromEntries(history.filter((m) => m.role === "tool").map((m) => [m.tool_call_id, String(m.content)]));
    expect(results).toEqual({ call_p1: "sunny", call_p2: expect.stringContaining("Only one tool call at a time is allowed here") });
  });

  it("Responses API: one function_call item, and the response says false", async () => {
    const marker = await script(uniqueId("k"), [{ toolCalls: twoCalls }]);
    const response = await agentClient().responses.create({
      model: "study-agent",
      input: `${marker} Paris?`,
      tools: ["get_weather", "get_time"].map((name) => ({ type: "function" as const, name, strict: false, parameters: tool(name).function.parameters! })),
      parallel_tool_calls: false,
    });
    expect(response.parallel_tool_calls).toBe(false);
    expect(response.output.filter((i) => i.type === "function_call").map((i) => i.type === "function_call" && i.name)).toEqual(["get_weather"]);
  });
});
