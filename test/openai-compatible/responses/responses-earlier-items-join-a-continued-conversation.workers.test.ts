// With previous_response_id or an existing conversation, the input items before its last user message are
// part of the conversation too, as OpenAI takes them: they join the continued session's history after
// what it holds, before the new input, so this response's model and every later one see them.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const conversation = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

const essayThenAsk = [
  { role: "user" as const, content: "Here is my essay: THE-ESSAY-TEXT" },
  { role: "assistant" as const, content: "Got it." },
  { role: "user" as const, content: "Grade it." },
];

describe("/v1/responses: a continued conversation with several input items", () => {
  it("previous_response_id: the essay before 'Grade it.' reaches the model, now and on the next turn", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Hello!" }, { text: "B+." }, { text: "Fix the ending." }]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", input: `${marker} hello` });
    const graded = await client.responses.create({ model: "study-agent", previous_response_id: first.id, input: essayThenAsk });
    expect(graded.output_text).toBe("B+.");
    const expected = [
      ["user", `${marker} hello`],
      ["assistant", "Hello!"],
      ["user", "Here is my essay: THE-ESSAY-TEXT"],
      ["assistant", "Got it."],
      ["user", "Grade it."],
    ];
    expect(conversation((await requests(key)).requests[1]!.messages)).toEqual(expected);

    await client.responses.create({ model: "study-agent", previous_response_id: graded.id, input: "How to improve?" });
    const later = [...expected, ["assistant", "B+."], ["user", "How to improve?"]];
    // The harness may add a reminder of its own after the input.
    expect(conversation((await requests(key)).requests[2]!.messages).slice(0, later.length)).toEqual(later);
  });

  it("conversation: the same, in the session it names", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Hello!" }, { text: "B+." }]);
    const client = agentClient();
    const conv = uniqueId("conv");
    await client.responses.create({ model: "study-agent", conversation: conv, input: `${marker} hello` });
    await client.responses.create({ model: "study-agent", conversation: conv, input: essayThenAsk });
    expect(conversation((await requests(key)).requests[1]!.messages)).toEqual([
      ["user", `${marker} hello`],
      ["assistant", "Hello!"],
      ["user", "Here is my essay: THE-ESSAY-TEXT"],
      ["assistant", "Got it."],
      ["user", "Grade it."],
    ]);
  });
});
