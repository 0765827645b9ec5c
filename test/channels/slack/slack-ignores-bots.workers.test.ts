import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { appMention, eventCallback, postSlack, TEAM_ID, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";

describe("Slack messages the app must not answer", () => {
  it("ignores bot messages (its own replies included), edits and plain channel chatter", async () => {
    const key = uniqueId("slack-bots");
    const marker = await script(key, [{ text: "Only the person gets an answer." }]);
    const channel = uniqueChannel();
    const ignored = [
      // Our own reply, as Slack echoes it to a DM subscription.
      { type: "message", channel_type: "im", subtype: "bot_message", bot_id: "B0BOT", text: `${marker} I am a bot`, ts: uniqueTs(), channel },
      { type: "message", channel_type: "im", bot_id: "B0OTHER", user: "U0OTHERBOT", text: `${marker} another bot`, ts: uniqueTs(), channel },
      { type: "app_mention", bot_id: "B0OTHER", user: "U0OTHERBOT", text: `<@U0BOT> ${marker} ping`, ts: uniqueTs(), channel },
      { type: "message", channel_type: "im", subtype: "message_changed", channel, ts: uniqueTs(), message: { text: "edited" } },
      // A channel message that does not mention the app.
      { type: "message", channel_type: "channel", user: "U0LEARNER", text: `${marker} just chatting`, ts: uniqueTs(), channel },
    ];
    for (const event of ignored) expect((await postSlack(eventCallback(event))).status).toBe(200);

    // A person's mention in the same channel is answered, and it is the only thing answered.
    expect((await postSlack(eventCallback(appMention(channel, `${marker} hello`)))).status).toBe(200);
    await waitFor(async () => (await platformCalls("slack", channel)).length > 0, "the reply to the person");
    // The mention's job is done, and it is the only delivery taken: an event taken as a message would be a job to finish.
    await chatSettled(`slack:${TEAM_ID}:${channel}`, 1);
    const calls = await platformCalls("slack", channel);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.text).toBe("Only the person gets an answer.");
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
