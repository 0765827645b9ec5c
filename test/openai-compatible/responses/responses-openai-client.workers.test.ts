import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const system = (messages: Array<{ role: string; content?: unknown }>) => String(messages.find((m) => m.role === "system")?.content ?? "");
const conversation = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("the openai client's responses.create and responses.stream against /v1/responses", () => {
  it("create: the scripted answer, usage, tool activity as mcp_call items, instructions as guidance, continuity by previous_response_id", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "12*7" } }], usage: { prompt_tokens: 20, completion_tokens: 5 } },
      { text: "12*7 is 84.", usage: { prompt_tokens: 30, completion_tokens: 6 } },
      { text: "Half of that is 42.", usage: { prompt_tokens: 40, completion_tokens: 7 } },
    ]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", instructions: "Answer in one sentence.", input: `${marker} What is 12*7?` });
    expect(first).toMatchObject({ object: "response", status: "completed", model: "study-agent", error: null });
    expect(first.output_text).toBe("12*7 is 84.");
    expect(first.usage).toMatchObject({ input_tokens: 50, output_tokens: 11, total_tokens: 61 });
    expect(first.output.map((i) => i.type)).toEqual(["mcp_call", "message"]);
    expect(first.output[0]).toMatchObject({ type: "mcp_call", name: "calculate", server_label: "study-agent", status: "completed", output: "12*7 = 84" });
    expect(JSON.parse((first.output[0] as { arguments: string }).arguments)).toEqual({ expression: "12*7" });

    const firstRequest = (await requests(key)).requests[0]!;
    // Added to our prompt, not replacing it.
    expect(system(firstRequest.messages)).toContain("StudyAgent");
    expect(system(firstRequest.messages)).toContain("Answer in one sentence.");

    const second = await client.responses.create({ model: "study-agent", previous_response_id: first.id, input: "And half of that?" });
    expect(second.output_text).toBe("Half of that is 42.");
    expect(second.previous_response_id).toBe(first.id);
    const seen = (await requests(key)).requests[2]!;
    expect(conversation(seen.messages).at(0)).toEqual(["user", `${marker} What is 12*7?`]);
    expect(conversation(seen.messages).at(-1)).toEqual(["user", "And half of that?"]);
    // instructions belong to one request, as in the Responses API.
    expect(system(seen.messages)).not.toContain("Answer in one sentence.");

    const again = await client.responses.retrieve(first.id);
    expect(again.output_text).toBe("12*7 is 84.");
    expect(again.output).toEqual(first.output);
    expect(again.usage).toEqual(first.usage);
  });

  it("stream: the semantic events in order, text deltas that add up, and a final response with usage", async () => {
    const key = uniqueId("k");
    const text = "Limits describe where a function is heading.";
    const marker = await script(key, [{ text, pieces: 4, usage: { prompt_tokens: 12, completion_tokens: 9 } }]);
    const stream = agentClient().responses.stream({ model: "study-agent", input: [{ role: "user", content: `${marker} limits?` }] });
    const types: string[] = [];
    const deltas: string[] = [];
    stream.on("event", (e) => types.push(e.type));
    stream.on("response.output_text.delta", (e) => deltas.push(e.delta));
    const final = await stream.finalResponse();
    expect(types).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      ...deltas.map(() => "response.output_text.delta"),
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(text);
    expect(final.output_text).toBe(text);
    expect(final.usage).toMatchObject({ input_tokens: 12, output_tokens: 9, total_tokens: 21 });
  });

  it("a failed run: a response with status failed and the run's error, created or streamed (response.failed)", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    const failed = await agentClient().responses.create({ model: "study-agent", input: `${marker} hi` });
    expect(failed).toMatchObject({ status: "failed", error: { code: "model_unavailable" }, output: [] });

    const stream = agentClient().responses.stream({ model: "study-agent", input: `${marker} hi` });
    const types: string[] = [];
    stream.on("event", (e) => types.push(e.type));
    const final = await stream.finalResponse();
    expect(types.at(-1)).toBe("response.failed");
    expect(final.status).toBe("failed");
    expect(final.error).toMatchObject({ code: "model_unavailable" });
  });
});
