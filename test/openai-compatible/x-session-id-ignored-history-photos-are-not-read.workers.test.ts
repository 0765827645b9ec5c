// With X-Session-Id the session holds the history and only the last message is read (docs/openai-compatible.md):
// the photos of the earlier messages a front end re-sends are ignored too. They are neither counted (five of
// them do not make the turn 400) nor decoded and stored in R2, and the model is not shown them; the last
// message's own photo is stored and shown.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { agentClient } from "../support/openai-client";
import { chatPhotoHistory } from "../support/photo-history";
import { uniqueId } from "../support/worker-http";

/** Whether the admin's folder (the loopback caller's) holds the image of `bytes`. */
const isStored = async (bytes: Uint8Array) => (await env.IMAGES.head(`images/_admin/${await imageKeyOf(bytes)}`)) !== null;

const imageParts = (content: unknown) => (Array.isArray(content) ? content.filter((p: { type: string }) => p.type === "image_url") : []);

describe("X-Session-Id with a re-sent history of photos", () => {
  it("reads, counts and stores only the last message's photo", async () => {
    const key = uniqueId("xsid-photos");
    const marker = await script(key, [{ text: "Nothing to see here." }, { text: "I see the new photo." }]);
    const client = agentClient({ headers: { "x-session-id": uniqueId("xsid-photos") } });
    const ignored = Array.from({ length: 5 }, () => uniquePng());

    const textOnly = await client.chat.completions.create({
      model: "study-agent",
      messages: chatPhotoHistory(
        ignored.map((b) => toDataUrl(b)),
        { role: "user", content: `${marker} What next?` },
      ),
    });
    expect(textOnly.choices[0]!.message.content).toBe("Nothing to see here.");

    const fresh = uniquePng();
    const withPhoto = await client.chat.completions.create({
      model: "study-agent",
      messages: chatPhotoHistory(
        ignored.map((b) => toDataUrl(b)),
        {
          role: "user",
          content: [
            { type: "text", text: `${marker} And this one?` },
            { type: "image_url", image_url: { url: toDataUrl(fresh) } },
          ],
        },
      ),
    });
    expect(withPhoto.choices[0]!.message.content).toBe("I see the new photo.");

    for (const bytes of ignored) expect(await isStored(bytes)).toBe(false);
    expect(await isStored(fresh)).toBe(true);
    const [first, second] = (await requests(key)).requests;
    expect(first!.messages.flatMap((m) => imageParts(m.content))).toEqual([]);
    expect(second!.messages.flatMap((m) => imageParts(m.content))).toEqual([{ type: "image_url", image_url: { url: toDataUrl(fresh) } }]);
  });
});
