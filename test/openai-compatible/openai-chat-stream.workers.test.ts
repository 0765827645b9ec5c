import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

const TEXT = "Limits describe where a function is heading.";

describe("POST /v1/chat/completions with streaming", () => {
  it("sends chat.completion.chunk events with one id, one finish_reason, a usage chunk and [DONE]", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: TEXT, pieces: 4, usage: { prompt_tokens: 30, completion_tokens: 8 } }]);
    const res = await call("/v1/chat/completions", {
      method: "POST",
      json: { model: "study-agent", stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: `${marker} limits?` }] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const data = (await res.text())
      .split("\n\n")
      .filter((block) => block.trim())
      .map((block) => block.replace(/^data: /, ""));
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d));

    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.model === "study-agent")).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "" });
    const finishes = chunks.flatMap((c) => c.choices.filter((ch: { finish_reason: unknown }) => ch.finish_reason !== null));
    expect(finishes).toEqual([expect.objectContaining({ finish_reason: "stop", delta: {} })]);
    const usageChunk = chunks.at(-1);
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({ prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    // Text arrives as the model streams it, in several pieces.
    const pieces = chunks.flatMap((c) => c.choices.map((ch: { delta: { content?: string } }) => ch.delta.content ?? ""));
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(TEXT);
  });

  it("streams to the openai client, usage included", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: TEXT, usage: { prompt_tokens: 12, completion_tokens: 7 } }]);
    const stream = await agentClient().chat.completions.create({
      model: "study-agent",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: `${marker} limits?` }],
    });
    let text = "";
    let usage;
    for await (const c of stream) {
      text += c.choices[0]?.delta.content ?? "";
      if (c.usage) usage = c.usage;
    }
    expect(text).toBe(TEXT);
    expect(usage).toEqual({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
  });

  it("gives the .stream() helper a final chat completion", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: TEXT }]);
    const runner = agentClient().chat.completions.stream({ model: "study-agent", messages: [{ role: "user", content: `${marker} limits?` }] });
    const deltas: string[] = [];
    runner.on("content", (delta) => deltas.push(delta));
    const final = await runner.finalChatCompletion();
    expect(final.model).toBe("study-agent");
    expect(final.choices[0]).toMatchObject({ finish_reason: "stop", message: { role: "assistant", content: TEXT } });
    expect(deltas.join("")).toBe(TEXT);
    expect(await runner.finalContent()).toBe(TEXT);
  });
});
