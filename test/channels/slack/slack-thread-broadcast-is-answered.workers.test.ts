// A thread reply in a direct message that the person also sent to the conversation (subtype
// thread_broadcast) is their message like any other and is answered, not dropped as a non-message subtype.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessage, eventCallback, postSlack, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";

describe("a Slack thread reply also sent to the conversation", () => {
  it("is answered in its thread", async () => {
    const key = uniqueId("slack-broadcast");
    const marker = await script(key, [{ text: "Yes, that is right." }]);
    const channel = uniqueChannel("D");
    const thread = uniqueTs();
    await postSlack(eventCallback(directMessage(channel, `${marker} is this right?`, { subtype: "thread_broadcast", thread_ts: thread })));
    const reply = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage"), "the answer");
    expect(reply.body).toMatchObject({ text: "Yes, that is right.", thread_ts: thread });
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
