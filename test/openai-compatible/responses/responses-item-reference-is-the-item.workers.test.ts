// An `item_reference` input item stands for the item it names: a message of an earlier response is put in
// its place as the agent's words, read from that stored response (a resumed response's too), so the AI SDK's
// usual multi-turn chat (store left on, no previousResponseId: its earlier replies go back as references)
// shows the model the whole conversation. References to the server's own reasoning and tool activity are
// passed over, as those items are; any other reference is 400, never dropped.
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ModelMessage } from "ai";
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { messageItemId, parseResponseId } from "../../../src/openai-compatible/responses/response-id";
import { requests, script } from "../../support/model-control";
import { apiErrorOf } from "../../support/openai-api-error";
import { agentClient } from "../../support/openai-client";
import { weatherTool as weather } from "../../support/weather-tool";
import { BASE, call, readSse, uniqueId, workerFetch } from "../../support/worker-http";

const conversation = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);
const reference = (id: string) => ({ type: "item_reference" as const, id });

describe("/v1/responses: item_reference input items", () => {
  it("the AI SDK's two-call chat: the first reply, sent back as a reference, reaches the model", async () => {
    const sent: unknown[] = [];
    const openai = createOpenAI({
      baseURL: `${BASE}/v1`,
      apiKey: "unused",
      fetch: async (input, init) => {
        sent.push(JSON.parse(String(init?.body)).input);
        return workerFetch(input, init);
      },
    });
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
      { text: "Nice to meet you, Ada. 6*7 is 42 and your secret word is PLUM." },
      { text: "PLUM." },
    ]);
    const messages: ModelMessage[] = [{ role: "user", content: `${marker} My name is Ada. What is 6*7?` }];
    const first = await generateText({ model: openai("study-agent"), messages, maxRetries: 0 });
    messages.push(...first.response.messages, { role: "user", content: "What is my secret word?" });
    const second = await generateText({ model: openai("study-agent"), messages, maxRetries: 0 });
    expect(second.text).toBe("PLUM.");

    // The reply went back as a reference (and the tool call's items too), not as text.
    expect(sent[1]).toContainEqual({ type: "item_reference", id: expect.stringMatching(/^msg_/) });
    expect(sent[1]).toContainEqual({ type: "item_reference", id: expect.stringMatching(/^mcp_/) });
    expect(JSON.stringify(sent[1])).not.toContain("PLUM");
    const seen = (await requests(key)).requests[2]!;
    expect(conversation(seen.messages)).toEqual([
      ["user", `${marker} My name is Ada. What is 6*7?`],
      ["assistant", "Nice to meet you, Ada. 6*7 is 42 and your secret word is PLUM."],
      ["user", "What is my secret word?"],
    ]);
  });

  it("a streamed reply's message id is its JSON answer's and GET's, and names it; so does a resumed response's", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { text: "First words.", pieces: 2 },
      { toolCalls: [{ name: "get_weather", args: { city: "Oslo" } }] },
      { text: "Oslo: snow." },
      { text: "Done." },
    ]);
    const client = agentClient();
    const res = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input: `${marker} hi`, stream: true } });
    const events = await readSse(res);
    const completed = events.find((e) => e.event === "response.completed")!.data.response as OpenAI.Responses.Response;
    const streamedIds = new Set(events.flatMap((e) => [e.data.item_id, (e.data.item as { id?: string } | undefined)?.id].filter((id) => id !== undefined)));
    const streamed = completed.output[0]!.id!;
    expect([...streamedIds]).toEqual([streamed]);
    expect((await client.responses.retrieve(completed.id)).output[0]!.id).toBe(streamed);

    const asked = await client.responses.create({ model: "study-agent", previous_response_id: completed.id, input: "Weather?", tools: [weather] });
    const fc = asked.output.find((i): i is OpenAI.Responses.ResponseFunctionToolCall => i.type === "function_call")!;
    const resumed = await client.responses.create({
      model: "study-agent",
      previous_response_id: asked.id,
      input: [{ type: "function_call_output", call_id: fc.call_id, output: "snow" }],
      tools: [weather],
    });
    const resumedMessage = resumed.output[0]!.id!;
    expect((await client.responses.retrieve(resumed.id)).output[0]!.id).toBe(resumedMessage);
    expect(resumedMessage).not.toBe(streamed);

    await client.responses.create({
      model: "study-agent",
      input: [{ role: "user", content: `${marker} again` }, reference(streamed), reference(resumedMessage), { role: "user", content: "and?" }],
    });
    expect(conversation((await requests(key)).requests[3]!.messages)).toEqual([
      ["user", `${marker} again`],
      ["assistant", "First words."],
      ["assistant", "Oslo: snow."],
      ["user", "and?"],
    ]);
  });

  it("a reference it cannot resolve is 400 naming it, with no model call", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] }, { text: "Two." }, { text: "Gone." }]);
    const client = agentClient();
    const answered = await client.responses.create({ model: "study-agent", input: `${marker} 1+1?` });
    expect(answered.output.map((i) => i.type)).toEqual(["mcp_call", "message"]);
    const ref = parseResponseId(answered.id);
    const deleted = await client.responses.create({ model: "study-agent", input: `${marker} bye` });
    const deletedMessage = deleted.output[0]!.id!;
    await client.responses.delete(deleted.id);
    const before = (await requests(key)).requests.length;

    const other = {
      apiKey: "other-tenant-key-0123456789",
      vars: { API_KEYS: JSON.stringify([{ name: "other", key: "other-tenant-key-0123456789", tenant: "other" }]) },
    };
    for (const [id, client_] of [
      ["msg_nope", client],
      // The id form message items had before they named their response.
      [`msg_${ref.runId}_1`, client],
      [messageItemId(ref, 0), client],
      [messageItemId(ref, 5), client],
      [deletedMessage, client],
      [answered.output[1]!.id!, agentClient(other)],
      [`fc_${ref.runId}`, client],
    ] as const) {
      const err = await apiErrorOf(
        client_.responses.create({
          model: "study-agent",
          input: [{ role: "user", content: "hi" }, reference(id), { role: "user", content: `${marker} more` }],
        }),
      );
      expect(err, id).toMatchObject({ status: 400, code: "invalid_request", param: "input[1].id" });
      expect(err.message).toContain(id);
      expect(err.message).toContain("previous_response_id");
    }
    expect((await requests(key)).requests.length).toBe(before);
  });

  it("references to reasoning, tool activity and approval requests are passed over", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Fine." }]);
    const reply = await agentClient().responses.create({
      model: "study-agent",
      input: [
        { role: "user", content: `${marker} hi` },
        reference("rs_run_0123_0"),
        reference("mcp_call_0123"),
        reference("mcpl_0123"),
        reference("appr_0123"),
        { role: "user", content: "go on" },
      ],
    });
    expect(reply.output_text).toBe("Fine.");
    expect(conversation((await requests(key)).requests[0]!.messages)).toEqual([
      ["user", `${marker} hi`],
      ["user", "go on"],
    ]);
  });
});
