// A Slack DM's threads are conversations of their own: a reply in a thread is answered in that thread, in
// the thread's session (`slack-<team>-<channel>-<thread ts>`), which starts without the DM's top-level
// exchange; the top level goes on in its own session (`slack-<team>-<channel>`), without the thread's.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessage, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../../support/slack-requests";
import { call, uniqueId } from "../../support/worker-http";

const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => ({ text: String(c.body.text), thread: c.body.thread_ts }));

describe("a Slack DM", () => {
  it("keeps its top level and each thread as separate conversations", async () => {
    const key = uniqueId("slack-dm-threads");
    const marker = await script(key, [{ text: "Top-level answer." }, { text: "Thread answer." }, { text: "Top level again." }]);
    const channel = uniqueChannel("D");
    const top = directMessage(channel, `${marker} first at the top`);
    await postSlack(eventCallback(top));
    await waitFor(async () => (await posted(channel)).some((m) => m.text === "Top-level answer." && m.thread === undefined), "the top-level answer");

    await postSlack(eventCallback(directMessage(channel, `${marker} now in a thread`, { thread_ts: top.ts })));
    await waitFor(async () => (await posted(channel)).some((m) => m.text === "Thread answer." && m.thread === top.ts), "the answer in the thread");
    const inThread = JSON.stringify((await requests(key)).requests[1]!.messages);
    expect(inThread).not.toContain("first at the top");
    expect((await call(`/v1/sessions/slack-${TEAM_ID}-${channel}-${top.ts}`)).status).toBe(200);

    await postSlack(eventCallback(directMessage(channel, `${marker} back at the top`)));
    await waitFor(async () => (await posted(channel)).some((m) => m.text === "Top level again."), "the second top-level answer");
    const again = JSON.stringify((await requests(key)).requests[2]!.messages);
    expect(again).toContain("first at the top");
    expect(again).not.toContain("now in a thread");
  });
});
