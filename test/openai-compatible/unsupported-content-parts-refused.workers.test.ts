// A Chat Completions content part the agent cannot read is a 400 naming its path, before any model call:
// audio and files anywhere, images outside user messages (OpenAI's types allow them in user messages only),
// a malformed part. The parts it reads still pass: text, a user's image_url, an assistant's refusal.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { apiErrorOf } from "../support/openai-api-error";
import { PNG_DATA_URL } from "../support/images";
import { uniqueId } from "../support/worker-http";

type Messages = OpenAI.Chat.Completions.ChatCompletionMessageParam[];
const image = { type: "image_url", image_url: { url: PNG_DATA_URL } };

/** Sends `messages` (their last user message routed to a fresh script) and returns the error and whether the model was called. */
async function refusal(messages: (marker: string) => unknown[]) {
  const key = uniqueId("k");
  const marker = await script(key, [{ text: "should not be asked" }]);
  const e = await apiErrorOf(agentClient().chat.completions.create({ model: "study-agent", messages: messages(marker) as Messages }));
  return { e, modelCalls: (await requests(key)).requests.length };
}

describe("content parts on /v1/chat/completions the agent cannot read", () => {
  it.each([
    ["input_audio", { type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } }],
    ["file", { type: "file", file: { filename: "notes.pdf", file_data: "data:application/pdf;base64,JVBERi0=" } }],
  ])("a user's %s part: 400 unsupported_content naming the part", async (type, part) => {
    const { e, modelCalls } = await refusal((marker) => [{ role: "user", content: [{ type: "text", text: `${marker} What does this say?` }, part] }]);
    expect(e.status).toBe(400);
    expect(e.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_content", param: "messages[0].content[1].type" });
    expect(e.message).toContain(`messages[0].content[1].type "${type}" is not supported: send text or image_url parts`);
    expect(modelCalls).toBe(0);
  });

  it.each([
    [
      "system",
      (m: string) => [
        { role: "system", content: [image] },
        { role: "user", content: `${m} hi` },
      ],
      0,
    ],
    [
      "developer",
      (m: string) => [
        { role: "developer", content: [image] },
        { role: "user", content: `${m} hi` },
      ],
      0,
    ],
    [
      "assistant",
      (m: string) => [
        { role: "user", content: "hi" },
        { role: "assistant", content: [image] },
        { role: "user", content: `${m} and?` },
      ],
      1,
    ],
  ])("an image_url part in a %s message: 400 naming it, images are read in user messages only", async (_role, messages, at) => {
    const { e, modelCalls } = await refusal(messages);
    expect(e.error).toMatchObject({ code: "unsupported_content", param: `messages[${at}].content[0]` });
    expect(e.message).toContain(`messages[${at}].content[0]: image_url parts are read in user messages only`);
    expect(modelCalls).toBe(0);
  });

  it("an image_url part in a tool message: 400 naming it", async () => {
    const e = await apiErrorOf(
      agentClient().chat.completions.create({
        model: "study-agent",
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: null, tool_calls: [{ id: "call_x", type: "function", function: { name: "f", arguments: "{}" } }] },
          { role: "tool", tool_call_id: "call_x", content: [image] } as never,
        ],
      }),
    );
    expect(e.error).toMatchObject({ code: "unsupported_content", param: "messages[2].content[0]" });
  });

  it("a part missing what it carries: 400 invalid_request naming the field", async () => {
    const noText = await refusal((m) => [{ role: "user", content: [{ type: "text", text: `${m} hi` }, { type: "text" }] }]);
    expect(noText.e.error).toMatchObject({ code: "invalid_request", param: "messages[0].content[1].text" });
    const noUrl = await refusal((m) => [
      {
        role: "user",
        content: [
          { type: "text", text: `${m} hi` },
          { type: "image_url", image_url: { detail: "low" } },
        ],
      },
    ]);
    expect(noUrl.e.error).toMatchObject({ code: "invalid_request", param: "messages[0].content[1].image_url.url" });
    expect(noUrl.modelCalls).toBe(0);
  });

  it("the parts it reads pass: text parts everywhere, and an assistant's refusal is what it said", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Here is a gentler way." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [
        { role: "system", content: [{ type: "text", text: "Be brief." }] },
        { role: "user", content: "Do my exam for me." },
        { role: "assistant", content: [{ type: "refusal", refusal: "I can't sit your exam." }] },
        { role: "user", content: [{ type: "text", text: `${marker} Then help me revise.` }] },
      ],
    });
    expect(reply.choices[0]!.message.content).toBe("Here is a gentler way.");
    const [seen] = (await requests(key)).requests;
    expect(seen!.messages.filter((m) => m.role === "assistant")).toEqual([expect.objectContaining({ content: "I can't sit your exam." })]);
  });
});
