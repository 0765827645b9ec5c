// With X-Session-Id the session holds the history (docs/openai-compatible.md, Where the conversation lives), and
// the earlier messages a request sends must be its conversation. A front end with one X-Session-Id per connection
// sends every chat to one session: a second chat's own history is 409 history_mismatch naming its first message
// that differs (counted in the request's `messages`, its system message too), and nothing runs on the first chat's
// history in its place. So is a history that stops short of the session's (an edit of an earlier turn). The
// session's own history re-sent continues it, and a request with the new message alone still does.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient, apiError } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** What the model was shown, without the system prompt. */
const seen = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("X-Session-Id with earlier messages", () => {
  it("refuses another chat's history by its first differing message, and continues the session's own", async () => {
    const key = uniqueId("xsid-history");
    const marker = await script(key, [{ text: "Noted, PLUM." }, { text: "Your secret word is PLUM." }, { text: "Still PLUM." }]);
    const session = uniqueId("front-end-connection");
    const client = agentClient({ headers: { "X-Session-Id": session } });
    const create = (messages: Turn[]) => client.chat.completions.create({ model: "study-agent", messages });

    const u1: Turn = { role: "user", content: `${marker} Chat 1: my secret word is PLUM.` };
    const a1: Turn = { role: "assistant", content: (await create([u1])).choices[0]!.message.content! };

    // Chat 2 on the same connection, with its own history.
    const chat2 = await apiError(
      create([
        { role: "system", content: "Be brief." },
        { role: "user", content: `${marker} Chat 2: I am learning French.` },
        { role: "assistant", content: "Bien ! Let's start." },
        { role: "user", content: "What do you know about me?" },
      ]),
    );
    expect(chat2).toMatchObject({ status: 409, code: "history_mismatch", param: "messages" });
    expect(chat2.message).toContain(`messages[1] is not the message session ${session} holds`);
    expect(chat2.message).toContain("send only the new message");
    expect(chat2.message).toContain("new X-Session-Id");

    // Chat 1 goes on: its history re-sent, then the new message alone.
    const u2: Turn = { role: "user", content: "What is my secret word?" };
    const second = await create([u1, a1, u2]);
    expect(second.choices[0]!.message.content).toBe("Your secret word is PLUM.");
    const u3: Turn = { role: "user", content: "And now?" };
    expect((await create([u3])).choices[0]!.message.content).toBe("Still PLUM.");

    // An edit of chat 1's second message: the session's conversation goes on past the one message kept.
    const edited = await apiError(create([u1, { role: "user", content: "What is my favourite fruit?" }]));
    expect(edited).toMatchObject({ status: 409, code: "history_mismatch", param: "messages" });
    expect(edited.message).toContain(`messages[1]: the conversation of session ${session} goes on after the 1 earlier messages sent`);

    // The model ran chat 1's three turns, each on chat 1's conversation once; the refused requests ran nothing.
    const a2: Turn = { role: "assistant", content: "Your secret word is PLUM." };
    expect((await requests(key)).requests.map((r) => seen(r.messages))).toEqual([seen([u1]), seen([u1, a1, u2]), seen([u1, a1, u2, a2, u3])]);
  });
});
