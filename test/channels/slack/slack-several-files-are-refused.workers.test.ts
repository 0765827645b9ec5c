// A message sharing several files with the app is refused with how many it brought, rather than the first
// being looked at and the others silently left out: nothing is downloaded and the model is not asked.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { unreadableReply } from "../../../src/platforms/unreadable-message";
import { chatSettled } from "../../support/chat-settled";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessage, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const filesBase = () => String((env as unknown as Record<string, string>).SLACK_API_BASE).replace(/\/api$/, "/files");

describe("several files shared with the Slack app at once", () => {
  it("are refused, one at a time asked for", async () => {
    const key = uniqueId("slack-files");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const channel = uniqueChannel("D");
    const file = (id: string) => ({ id, name: `${id}.png`, mimetype: "image/png", size: 10, url_private: `${filesBase()}/${id}` });
    const event = directMessage(channel, `${marker} check both pages`, { subtype: "file_share", files: [file("F1"), file("F2"), file("F3")] });
    expect((await postSlack(eventCallback(event))).status).toBe(200);

    const reply = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage"), "the refusal");
    expect(reply.body.text).toBe(unreadableReply({ kind: "files", count: 3 }, SAY));
    expect(reply.body.text).toContain("You sent 3 files");
    await chatSettled(`slack:${TEAM_ID}:${channel}`, 1);
    expect((await requests(key)).requests).toHaveLength(0);
    expect(await platformCalls("slack", channel)).toHaveLength(1);
  });
});
