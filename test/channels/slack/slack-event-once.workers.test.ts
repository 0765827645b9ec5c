import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { appMention, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";

describe("a Slack event retried by Slack", () => {
  it("is processed once: Slack's retries carry the same event_id", async () => {
    const key = uniqueId("slack-once");
    const marker = await script(key, [{ text: "Osmosis is water moving across a membrane.", delayMs: 200 }]);
    const channel = uniqueChannel();
    const payload = eventCallback(appMention(channel, `${marker} what is osmosis?`));

    expect((await postSlack(payload)).status).toBe(200);
    // Slack retries when it thinks we were too slow, with X-Slack-Retry-Num and the same event.
    expect((await postSlack(payload, { headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" } })).status).toBe(200);
    await waitFor(async () => (await platformCalls("slack", channel)).length > 0, "the reply");
    expect((await postSlack(payload, { headers: { "x-slack-retry-num": "2", "x-slack-retry-reason": "http_timeout" } })).status).toBe(200);

    // The retries were taken (before their 200) as nothing new, or as jobs this waits to finish.
    await chatSettled(`slack:${TEAM_ID}:${channel}`, 1);
    expect(await platformCalls("slack", channel)).toHaveLength(1);
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
