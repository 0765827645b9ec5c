// A learner who edits a direct message to the app is told it reads only new messages, instead of the edit
// vanishing; the model is not asked. Changes no person made (a link preview added, the app's own message
// updated) are not answered.
import { describe, expect, it } from "vitest";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessageChanged, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

describe("an edited Slack direct message", () => {
  it("is answered: send the corrected message again", async () => {
    const key = uniqueId("slack-edit");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const channel = uniqueChannel("D");
    for (const event of [
      directMessageChanged(channel, `${marker} see https://example.com`, { edited: false }),
      directMessageChanged(channel, `${marker} approved`, { botId: "B0BOT" }),
      directMessageChanged(channel, `${marker} what is 2 + 2?`),
    ])
      expect((await postSlack(eventCallback(event))).status).toBe(200);

    const reply = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage"), "the reply");
    expect(reply.body.text).toBe(unreadableReply({ kind: "edit" }, SAY));
    // The edit's job is done; the changes no person made were no delivery to take.
    await chatSettled(`slack:${TEAM_ID}:${channel}`, 1);
    expect(await platformCalls("slack", channel)).toHaveLength(1);
    expect((await requests(key)).requests).toHaveLength(0);
  });
});
