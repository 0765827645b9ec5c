import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { appMention, eventCallback, postSlack, TEAM_ID, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { call, uniqueId } from "../../support/worker-http";

describe("Slack replies", () => {
  it("go to the mention's thread with chat.postMessage, split and escaped, one session per thread", async () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Part ${i + 1}: a < b & c > d. ${"Vectors add tip to tail. ".repeat(60)}`.trim());
    const key = uniqueId("slack-thread");
    const marker = await script(key, [{ text: paragraphs.join("\n\n") }, { text: "Yes: same thread, same session." }]);
    const channel = uniqueChannel();
    const mention = appMention(channel, `${marker} explain vectors`);
    expect((await postSlack(eventCallback(mention))).status).toBe(200);

    const replies = await waitFor(async () => {
      const calls = await platformCalls("slack", channel);
      return calls.some((c) => String(c.body.text).includes("Part 6:")) && calls;
    }, "the whole reply");
    expect(replies.length).toBeGreaterThan(1);
    for (const c of replies) {
      expect(c.method).toBe("chat.postMessage");
      expect(c.credential).toBe("Bearer xoxb-test-token");
      expect(c.body.thread_ts).toBe(mention.ts);
      expect(String(c.body.text).length).toBeLessThanOrEqual(4000 * 1.1);
    }
    const text = replies.map((c) => String(c.body.text)).join("\n\n");
    expect(text).toContain("Part 1: a &lt; b &amp; c &gt; d.");
    expect(text).toContain("Part 6:");

    // A follow-up in the thread continues the thread's session.
    const followUp = { ...appMention(channel, `${marker} same thread?`), thread_ts: mention.ts, ts: uniqueTs() };
    expect((await postSlack(eventCallback(followUp))).status).toBe(200);
    await waitFor(async () => (await platformCalls("slack", channel)).some((c) => c.body.text === "Yes: same thread, same session."), "the follow-up reply");
    expect(JSON.stringify((await requests(key)).requests[1]!.messages)).toContain("explain vectors");
    const session = await call(`/v1/sessions/slack-${TEAM_ID}-${channel}-${mention.ts}`);
    expect(session.status).toBe(200);
  });

  it("answers a direct message in the conversation itself", async () => {
    const marker = await script(uniqueId("slack-dm"), [{ text: "Hello in private." }]);
    const channel = uniqueChannel("D");
    const dm = { type: "message", channel_type: "im", user: "U0LEARNER", text: `${marker} hi`, ts: uniqueTs(), channel };
    expect((await postSlack(eventCallback(dm))).status).toBe(200);
    const calls = await waitFor(async () => {
      const c = await platformCalls("slack", channel);
      return c.length > 0 && c;
    }, "the DM reply");
    expect(calls[0]!.body).toMatchObject({ channel, text: "Hello in private." });
    expect(calls[0]!.body.thread_ts).toBeUndefined();
  });
});
