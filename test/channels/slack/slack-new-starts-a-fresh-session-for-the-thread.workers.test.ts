// "/new" on Slack, as on Telegram: the conversation it is sent in (here a DM's thread) starts a fresh
// session, so the next message there is asked without the earlier exchange; the DM's top level, another
// conversation of the same channel, keeps its own. Before, Slack answered /new as an unknown command.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessage, eventCallback, postSlack, uniqueChannel } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";

const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => String(c.body.text));

async function sendAndWait(channel: string, text: string, thread: string | undefined, expected: string): Promise<void> {
  expect((await postSlack(eventCallback(directMessage(channel, text, thread ? { thread_ts: thread } : {})))).status).toBe(200);
  await waitFor(async () => (await posted(channel)).includes(expected), `the reply "${expected}"`);
}

describe("/new on Slack", () => {
  it("starts a fresh session for its thread and leaves the DM's top level alone", async () => {
    const key = uniqueId("slack-new");
    const marker = await script(key, [
      { text: "Mitochondria make ATP." },
      { text: "Ribosomes build proteins." },
      { text: "A fresh topic: stars." },
      { text: "Back at the top." },
    ]);
    const channel = uniqueChannel("D");
    const top = directMessage(channel, `${marker} What do mitochondria do?`);
    await postSlack(eventCallback(top));
    await waitFor(async () => (await posted(channel)).includes("Mitochondria make ATP."), "the first answer");
    const thread = top.ts;
    await sendAndWait(channel, `${marker} And ribosomes?`, thread, "Ribosomes build proteins.");

    await sendAndWait(channel, "/new", thread, "Fresh start: I have forgotten our previous conversation. What would you like to learn?");
    await sendAndWait(channel, `${marker} Tell me about stars.`, thread, "A fresh topic: stars.");
    const fresh = (await requests(key)).requests[2]!;
    expect(fresh.messages.filter((m) => m.role === "user")).toHaveLength(1);
    expect(JSON.stringify(fresh.messages)).not.toContain("ribosomes");

    // The DM's top level is its own conversation, which /new in the thread did not touch.
    await sendAndWait(channel, `${marker} Where were we?`, undefined, "Back at the top.");
    expect(JSON.stringify((await requests(key)).requests[3]!.messages)).toContain("What do mitochondria do?");
  });
});
