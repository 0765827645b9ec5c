// /v1/ui/chat stores a message's photos before the session starts its run (the run reads them), and the session
// may still refuse the turn: a Regenerate of another question (409 history_mismatch), or the tab that lost to
// another's message sent at the same moment. The refused request's photos stayed in R2 under the tenant, with
// no turn to show them; now what it stored is deleted. A photo stored before (the turn a Regenerate redoes
// re-sends it) stays, and so does the winning tab's.
import { env } from "cloudflare:workers";
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { script } from "../support/model-control";
import { postUIChat, postUIChatsAtOnce, sendUIChat as send } from "../support/ui-chat-send";
import { uniqueId } from "../support/worker-http";

const withPhoto = (text: string, png: Uint8Array): UIMessage => ({
  id: crypto.randomUUID(),
  role: "user",
  parts: [
    { type: "text", text },
    { type: "file", mediaType: "image/png", url: toDataUrl(png) },
  ],
});

/** Whether R2 holds the image of these bytes, in any tenant's folder. */
const stored = async (png: Uint8Array) => {
  const key = await imageKeyOf(png);
  return (await env.IMAGES.list({ prefix: "images/" })).objects.some((o) => o.key.endsWith(key));
};

describe("a /v1/ui/chat turn the session refuses", () => {
  it("leaves none of its photos: a Regenerate of another question, whose turn's own photo stays", async () => {
    const chatId = uniqueId("ui-refused-photo");
    const marker = await script(chatId, [{ text: "A triangle." }, { text: "Never run." }]);
    const first = uniquePng();
    await send(chatId, [withPhoto(`${marker} What is this?`, first)]);

    const edited = uniquePng();
    const refused = await postUIChat({ id: chatId, messages: [withPhoto(`${marker} What is this one?`, edited)], trigger: "regenerate-message" });
    expect(refused).toMatchObject({ status: 409, code: "history_mismatch" });
    expect(await stored(edited)).toBe(false);
    const again = await postUIChat({ id: chatId, messages: [withPhoto(`${marker} And this?`, first)], trigger: "regenerate-message" });
    expect(again).toMatchObject({ status: 409, code: "history_mismatch" });
    expect(await stored(first)).toBe(true);
  });

  it("leaves none of its photos: the tab that lost to another's message, whose photo stays", async () => {
    const chatId = uniqueId("ui-two-tabs-photos");
    const marker = await script(chatId, [{ text: "Hello." }, { text: "Hello again." }]);
    const pngs = [uniquePng(), uniquePng()];
    const answers = await postUIChatsAtOnce(
      pngs.map((png, i) => ({ id: chatId, messages: [withPhoto(`${marker} tab ${i}`, png)], trigger: "submit-message" })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await Promise.all(pngs.map(stored))).toEqual(answers.map((a) => a.status === 200));
  });
});
