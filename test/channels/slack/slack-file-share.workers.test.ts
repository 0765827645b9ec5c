// A photo shared with the Slack app in a DM (a message with subtype file_share): downloaded from its
// url_private with the bot token, stored in the app's tenant and shown to the scripted model as an image part.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pngOfSize, toDataUrl } from "../../support/images";
import { requests, script } from "../../support/model-control";
import { offerFile, platformCalls, waitFor } from "../../support/platform-control";
import { eventCallback, postSlack, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

type WirePart = { type: string; text?: string; image_url?: { url: string } };
const filesBase = () => String((env as unknown as Record<string, string>).SLACK_API_BASE).replace(/\/api$/, "/files");

function fileShare(channel: string, text: string, fileId: string, size: number) {
  const ts = uniqueTs();
  return {
    type: "message",
    subtype: "file_share",
    channel_type: "im",
    user: "U0LEARNER",
    text,
    ts,
    channel,
    event_ts: ts,
    files: [{ id: fileId, name: "homework.png", mimetype: "image/png", size, url_private: `${filesBase()}/${fileId}` }],
  };
}

const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => String(c.body.text));

describe("a file shared with the Slack app", () => {
  it("reaches the model as an image part", async () => {
    const png = pngOfSize(300 + Math.floor(Math.random() * 5000));
    const fileId = uniqueId("F");
    await offerFile(fileId, png);
    const key = uniqueId("slack-photo");
    const marker = await script(key, [{ text: "Step two divides by zero." }]);
    const channel = uniqueChannel("D");
    expect((await postSlack(eventCallback(fileShare(channel, `${marker} what's wrong here?`, fileId, png.length)))).status).toBe(200);

    await waitFor(async () => (await posted(channel)).includes("Step two divides by zero."), "the answer");
    const parts = (await requests(key)).requests[0]!.messages.at(-1)!.content as WirePart[];
    expect(parts).toEqual([
      { type: "text", text: `${marker} what's wrong here?` },
      { type: "image_url", image_url: { url: toDataUrl(png) } },
    ]);
  });

  it("that is no image is answered plainly", async () => {
    const fileId = uniqueId("F");
    await offerFile(fileId, new TextEncoder().encode("%PDF-1.7 not a picture"));
    const channel = uniqueChannel("D");
    await postSlack(eventCallback(fileShare(channel, "my notes", fileId, 22)));
    await waitFor(async () => (await posted(channel)).includes(SAY.notAnImage), "the not-an-image reply");
  });
});
