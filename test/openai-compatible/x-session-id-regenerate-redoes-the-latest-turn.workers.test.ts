// A front end's Regenerate with X-Session-Id: the session's history without its last reply, the same last question
// again. The session's latest turn is redone in place (as on /v1/ui/chat), so the model sees the question once and
// never the dropped reply, and the front end's next turn, sent with the new reply, continues the session.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const seen = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("X-Session-Id and a Regenerate", () => {
  it("redoes the latest turn: the question once, the dropped reply gone", async () => {
    const key = uniqueId("xsid-regenerate");
    const marker = await script(key, [{ text: "Limits first." }, { text: "The first answer." }, { text: "The regenerated answer." }, { text: "Next." }]);
    const session = uniqueId("xsid-regenerate");
    const client = agentClient({ headers: { "X-Session-Id": session } });
    const say = async (messages: Turn[]) => (await client.chat.completions.create({ model: "study-agent", messages })).choices[0]!.message.content!;

    const u1: Turn = { role: "user", content: `${marker} Where do I start?` };
    const a1: Turn = { role: "assistant", content: await say([u1]) };
    const u2: Turn = { role: "user", content: "What is a limit?" };
    expect(await say([u1, a1, u2])).toBe("The first answer.");
    expect(await say([u1, a1, u2])).toBe("The regenerated answer.");
    const a2: Turn = { role: "assistant", content: "The regenerated answer." };
    const u3: Turn = { role: "user", content: "And continuity?" };
    expect(await say([u1, a1, u2, a2, u3])).toBe("Next.");

    const calls = (await requests(key)).requests.map((r) => seen(r.messages));
    expect(calls[2]).toEqual(seen([u1, a1, u2]));
    expect(calls[3]).toEqual(seen([u1, a1, u2, a2, u3]));
  });
});
