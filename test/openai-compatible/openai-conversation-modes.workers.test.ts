import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

const contents = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("where the OpenAI-compatible endpoint keeps the conversation", () => {
  it("continues the session named by X-Session-Id, whose history the earlier messages are, with the last user message as new input", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Nice to meet you, Ada." }, { text: "Your name is Ada." }]);
    const sid = uniqueId("oai");
    const client = agentClient({ headers: { "X-Session-Id": sid } });
    await client.chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} My name is Ada.` }] });
    const second = await client.chat.completions
      .create({
        model: "study-agent",
        messages: [
          { role: "user", content: `${marker} My name is Ada.` },
          { role: "assistant", content: "Nice to meet you, Ada." },
          { role: "user", content: "What is my name?" },
        ],
      })
      .withResponse();
    expect(second.data.choices[0]!.message.content).toBe("Your name is Ada.");
    expect(second.response.headers.get("x-session-id")).toBe(sid);

    const seen = (await requests(key)).requests[1]!;
    expect(contents(seen.messages)).toEqual([
      ["user", `${marker} My name is Ada.`],
      ["assistant", "Nice to meet you, Ada."],
      ["user", "What is my name?"],
    ]);
    const session = (await (await call(`/v1/sessions/${sid}`)).json()) as { messages: unknown[] };
    expect(session.messages).toHaveLength(4);
  });

  it("a `user` alone never joins two chats: each first message starts its own conversation", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "one" }, { text: "two" }]);
    const user = `${uniqueId("ada")}@example.com`;
    const ask = (content: string) =>
      agentClient()
        .chat.completions.create({ model: "study-agent", user, messages: [{ role: "user", content }] })
        .withResponse();
    const first = await ask(`${marker} hi`);
    const second = await ask(`${marker} hi again`);
    const ids = [first.response.headers.get("x-session-id"), second.response.headers.get("x-session-id")];
    for (const id of ids) expect(id).toMatch(/^conv-[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(contents((await requests(key)).requests[1]!.messages)).toEqual([["user", `${marker} hi again`]]);
  });

  it("without a session, runs on the request's own messages, kept in a new session", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "It is 84." }]);
    const { data, response } = await agentClient()
      .chat.completions.create({
        model: "study-agent",
        messages: [
          { role: "user", content: `${marker} What is 12*7?` },
          // A reply of ours, sent back with its progress line: the line is not part of what the agent said.
          { role: "assistant", content: "› 🧮 12*7\n\n84." },
          { role: "user", content: "And in words?" },
        ],
      })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe("It is 84.");
    const sid = response.headers.get("x-session-id")!;
    const [seen] = (await requests(key)).requests;
    expect(contents(seen!.messages)).toEqual([
      ["user", `${marker} What is 12*7?`],
      ["assistant", "84."],
      ["user", "And in words?"],
    ]);
    const session = (await (await call(`/v1/sessions/${sid}`)).json()) as { messages: Array<{ role: string; content: string }> };
    expect(session.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", `${marker} What is 12*7?`],
      ["assistant", "84."],
      ["user", "And in words?"],
      ["assistant", "It is 84."],
    ]);
  });
});
