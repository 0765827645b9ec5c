// /new, /stop and /compact sent in a forum topic act on that topic's conversation alone, as on Slack they
// act on their thread, and are answered in the topic: /new leaves the other topics' sessions alone, /stop
// stops the topic's run and no other topic's, /compact looks at the topic's history only. Before, a topic's
// command acted on the whole chat (one session for every topic) and was answered in the General topic.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { inForumTopic, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

const say = async (chat: number, topic: number, text: string) =>
  expect((await postTelegram(inForumTopic(telegramGroupUpdate(chat, text), topic))).status).toBe(200);

/** Waits for the bot's message `text` and returns the topic it went to. */
const topicOf = async (chat: number, text: string) => {
  const call = await waitFor(
    async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && c.body.text === text),
    `the message "${text}"`,
  );
  return call.body.message_thread_id;
};

describe("a command in a forum topic", () => {
  it("/new starts a fresh session for its topic; another topic keeps its own", async () => {
    const key = uniqueId("tg-topic-new");
    const marker = await script(key, [{ text: "ATP." }, { text: "Ions." }, { text: "Stars." }, { text: "Still ions." }]);
    const chat = uniqueSupergroupId();
    await say(chat, 10, `${marker} What do mitochondria do?`);
    expect(await topicOf(chat, "ATP.")).toBe(10);
    await say(chat, 20, `${marker} What is an ion?`);
    expect(await topicOf(chat, "Ions.")).toBe(20);

    await say(chat, 10, "/new");
    expect(await topicOf(chat, "Fresh start: I have forgotten our previous conversation. What would you like to learn?")).toBe(10);
    await say(chat, 10, `${marker} Tell me about stars.`);
    expect(await topicOf(chat, "Stars.")).toBe(10);
    const fresh = JSON.stringify((await requests(key)).requests[2]!.messages);
    expect(fresh).not.toContain("mitochondria");

    await say(chat, 20, `${marker} And anions?`);
    expect(await topicOf(chat, "Still ions.")).toBe(20);
    expect(JSON.stringify((await requests(key)).requests[3]!.messages)).toContain("What is an ion?");
  });

  it("/stop stops its topic's run, and says nothing is running in another topic", async () => {
    const marker = await script(uniqueId("tg-topic-stop"), [{ text: "This answer comes too late.", delayMs: 3_000 }]);
    const chat = uniqueSupergroupId();
    await say(chat, 10, `${marker} Write me a very long essay.`);
    await waitFor(async () => (await platformCalls("telegram", chat)).some((c) => c.method === "sendChatAction"), "typing");

    await say(chat, 20, "/stop");
    expect(await topicOf(chat, "Nothing is running.")).toBe(20);
    await say(chat, 10, "/stop");
    expect(await topicOf(chat, "Stopped.")).toBe(10);
    await waitFor(async () => {
      const s = (await (await call(`/v1/sessions/tg-${chat}-t10`)).json()) as { runs?: Array<{ status: string }> };
      return s.runs?.[0]?.status === "cancelled";
    }, "the topic's cancelled run");
  });

  it("/compact looks at its topic's conversation only", async () => {
    const marker = await script(uniqueId("tg-topic-compact"), [{ text: "Hello there." }]);
    const chat = uniqueSupergroupId();
    await say(chat, 10, `${marker} hi`);
    await topicOf(chat, "Hello there.");

    await say(chat, 20, "/compact");
    expect(await topicOf(chat, "There is no conversation to compact yet.")).toBe(20);
    await say(chat, 10, "/compact");
    expect(await topicOf(chat, "Nothing to compact: our conversation is still short.")).toBe(10);
  });
});
