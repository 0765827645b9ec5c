// A message to the app with nothing it can read is answered with why, not met with silence: a bare
// mention, a direct message that only shares another message, a file Slack sent without a download link.
import { describe, expect, it } from "vitest";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { platformCalls, waitFor } from "../../support/platform-control";
import { appMention, directMessage, eventCallback, postSlack, uniqueChannel } from "../../support/slack-requests";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const posted = async (channel: string) => (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => c.body);

describe("a Slack message with nothing the app can read", () => {
  it("is answered with why, in the thread it came from", async () => {
    const channel = uniqueChannel();
    const mention = appMention(channel, "");
    expect((await postSlack(eventCallback(mention))).status).toBe(200);
    const [bare] = await waitFor(async () => {
      const p = await posted(channel);
      return p.length > 0 && p;
    }, "the reply to the bare mention");
    expect(bare).toMatchObject({ text: unreadableReply({ kind: "empty" }, SAY), thread_ts: mention.ts });

    const dm = uniqueChannel("D");
    const shared = directMessage(dm, "", { attachments: [{ is_share: true, text: "a message from elsewhere" }] });
    const byIdOnly = directMessage(dm, "look", { subtype: "file_share", files: [{ id: "F0HIDDEN", file_access: "check_file_info" }] });
    for (const event of [shared, byIdOnly]) expect((await postSlack(eventCallback(event))).status).toBe(200);
    const replies = await waitFor(async () => {
      const p = await posted(dm);
      return p.length === 2 && p.map((b) => b.text);
    }, "two replies in the DM");
    expect(replies).toEqual([unreadableReply({ kind: "empty" }, SAY), unreadableReply({ kind: "unopenable_file" }, SAY)]);
  });
});
