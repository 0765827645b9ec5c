import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

describe("POST /v1/chat/completions without streaming", () => {
  it("answers a chat.completion of model study-agent with the run's text and usage", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "A derivative measures how fast a function changes.", usage: { prompt_tokens: 40, completion_tokens: 9 } }]);
    const { data, response } = await agentClient()
      .chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} What is a derivative?` }] })
      .withResponse();

    expect(data.id).toMatch(/^chatcmpl-/);
    expect(data).toMatchObject({ object: "chat.completion", model: "study-agent" });
    expect(data.created).toBeGreaterThan(1_700_000_000);
    expect(data.choices).toHaveLength(1);
    expect(data.choices[0]).toMatchObject({
      index: 0,
      message: { role: "assistant", content: "A derivative measures how fast a function changes." },
      finish_reason: "stop",
    });
    expect(data.choices[0]!.message.tool_calls).toBeUndefined();
    expect(data.usage).toEqual({ prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 });
    expect(response.headers.get("x-run-id")).toMatch(/^run_/);
  });

  it("lists study-agent as its one model", async () => {
    const client = agentClient();
    const models = [];
    for await (const m of client.models.list()) models.push(m);
    expect(models).toEqual([expect.objectContaining({ id: "study-agent", object: "model", owned_by: "study-agent-edge" })]);
    expect(await client.models.retrieve("study-agent")).toMatchObject({ id: "study-agent" });
  });
});
