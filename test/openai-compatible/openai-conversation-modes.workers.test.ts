import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

const contents = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("where the OpenAI-compatible endpoint keeps the conversation", () => {
  it("continues the session named by X-Session-Id, taking only the last user message as new input", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Nice to meet you, Ada." }, { text: "Your name is Ada." }]);
    const sid = uniqueId("oai");
    const client = agentClient({ headers: { "X-Session-Id": sid } });
    await client.chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} My name is Ada.` }] });
    const second = await client.chat.completions
      .create({
        model: "study-agent",
        messages: [
          { role: "user", content: "IGNORED: the session holds the history" },
          { role: "assistant", content: "IGNORED too" },
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

  it("names the session by the request's user field, hashing a user that is not a valid id", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "one" }, { text: "two" }]);
    const plain = uniqueId("user");
    const first = await agentClient()
      .chat.completions.create({ model: "study-agent", user: plain, messages: [{ role: "user", content: `${marker} hi` }] })
      .withResponse();
    expect(first.response.headers.get("x-session-id")).toBe(plain);

    const email = `${uniqueId("ada")}@example.com`;
    const second = await agentClient()
      .chat.completions.create({ model: "study-agent", user: email, messages: [{ role: "user", content: `${marker} hi again` }] })
      .withResponse();
    const hashed = second.response.headers.get("x-session-id")!;
    expect(hashed).toMatch(/^user-[0-9a-f]{32}$/);
    expect((await call(`/v1/sessions/${hashed}`)).status).toBe(200);
  });

  it("without a session, runs on the request's own messages and keeps nothing", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "It is 84." }]);
    const { data, response } = await agentClient()
      .chat.completions.create({
        model: "study-agent",
        messages: [
          { role: "user", content: `${marker} What is 12*7?` },
          // A reply of ours, sent back with its progress line: the line is not part of what the agent said.
          { role: "assistant", content: "› calculating 12*7\n\n84." },
          { role: "user", content: "And in words?" },
        ],
      })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe("It is 84.");
    expect(response.headers.get("x-session-id")).toBeNull();
    const [seen] = (await requests(key)).requests;
    expect(contents(seen!.messages)).toEqual([
      ["user", `${marker} What is 12*7?`],
      ["assistant", "84."],
      ["user", "And in words?"],
    ]);
  });
});
