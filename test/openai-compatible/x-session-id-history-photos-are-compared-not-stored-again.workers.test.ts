// With X-Session-Id the earlier messages a front end re-sends must be the session's conversation
// (docs/openai-compatible.md), and they are compared with it photos and all, by their content (conversations/). The
// history's photos were stored when first sent: the next turn stores only its new photo, and the model is shown each
// photo once, from the session. A history of photos the session never held is 409 history_mismatch, and none of
// them is stored (five of them, one per message, are no 400 either: MAX_IMAGES is per message).
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { adminImageWrite } from "../support/admin-image-write";
import { toDataUrl, uniquePng } from "../support/images";
import { agentClient, apiError } from "../support/openai-client";
import { chatPhotoHistory } from "../support/photo-history";
import { uniqueId } from "../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const imageParts = (content: unknown) => (Array.isArray(content) ? content.filter((p: { type: string }) => p.type === "image_url") : []);

const photoMessage = (text: string, bytes: Uint8Array): Turn => ({
  role: "user",
  content: [
    { type: "text", text },
    { type: "image_url", image_url: { url: toDataUrl(bytes) } },
  ],
});

describe("X-Session-Id with a re-sent history of photos", () => {
  it("continues on the session's own photos, storing only the new one, and refuses photos it never held, storing none", async () => {
    const key = uniqueId("xsid-photos");
    const marker = await script(key, [{ text: "Step one is right." }, { text: "I see the new photo." }]);
    const client = agentClient({ headers: { "x-session-id": uniqueId("xsid-photos") } });
    const create = (messages: Turn[]) => client.chat.completions.create({ model: "study-agent", messages });

    const kept = uniquePng();
    const opening = photoMessage(`${marker} Is step one right?`, kept);
    const one = await create([opening]);
    // Each write of the object has a version of its own: the same one later means it was not written again.
    const keptWrite = await adminImageWrite(kept);
    expect(keptWrite).toBeDefined();

    const fresh = uniquePng();
    const two = await create([opening, { role: "assistant", content: one.choices[0]!.message.content }, photoMessage("And this one?", fresh)]);
    expect(two.choices[0]!.message.content).toBe("I see the new photo.");
    expect(await adminImageWrite(kept)).toBe(keptWrite);
    expect(await adminImageWrite(fresh)).toBeDefined();

    const others = Array.from({ length: 5 }, () => uniquePng());
    const refused = await apiError(
      create(
        chatPhotoHistory(
          others.map((b) => toDataUrl(b)),
          { role: "user", content: "What next?" },
        ),
      ),
    );
    expect(refused).toMatchObject({ status: 409, code: "history_mismatch", param: "messages" });
    for (const bytes of others) expect(await adminImageWrite(bytes)).toBeUndefined();

    const calls = (await requests(key)).requests;
    expect(calls).toHaveLength(2);
    expect(calls[1]!.messages.flatMap((m) => imageParts(m.content))).toEqual([
      { type: "image_url", image_url: { url: toDataUrl(kept) } },
      { type: "image_url", image_url: { url: toDataUrl(fresh) } },
    ]);
  });
});
