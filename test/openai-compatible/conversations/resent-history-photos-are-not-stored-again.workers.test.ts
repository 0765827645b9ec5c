// A front end re-sends the whole conversation, photos included, on every turn. A conversation kept here is
// found by its messages (conversation-index.ts) and already holds those photos, stored when they were first
// sent: the next turn stores only what it writes (its new photo), not the history's again. A history that
// matches no kept conversation is written into a new session, so its photos are stored, for the model to see.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { adminImageWrite } from "../../support/admin-image-write";
import { toDataUrl, uniquePng } from "../../support/images";
import { call, uniqueId } from "../../support/worker-http";

const photoMessage = (text: string, bytes: Uint8Array) => ({
  role: "user",
  content: [
    { type: "text", text },
    { type: "image_url", image_url: { url: toDataUrl(bytes) } },
  ],
});

async function complete(messages: unknown[]): Promise<{ text: string; session: string | null }> {
  const res = await call("/v1/chat/completions", { method: "POST", json: { model: "study-agent", messages } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
  return { text: body.choices[0]!.message.content, session: res.headers.get("x-session-id") };
}

describe("a conversation's photos, re-sent with its history", () => {
  it("are not stored again when the conversation continues; the new turn's photo is", async () => {
    const marker = await script(uniqueId("resent-store"), [{ text: "Step one is right." }, { text: "Step two is right too." }]);
    const first = uniquePng();
    const opening = photoMessage(`${marker} Is step one right?`, first);
    const one = await complete([opening]);
    // Each write of the object has a version of its own: the same one later means it was not written again.
    const firstWrite = await adminImageWrite(first);
    expect(firstWrite).toBeDefined();

    const second = uniquePng();
    const two = await complete([opening, { role: "assistant", content: one.text }, photoMessage("And step two?", second)]);
    expect(two.text).toBe("Step two is right too.");
    expect(two.session).toBe(one.session);
    expect(await adminImageWrite(first)).toBe(firstWrite);
    expect(await adminImageWrite(second)).toBeDefined();
  });

  it("are stored when the history matches no kept conversation, and the model is shown them", async () => {
    const key = uniqueId("resent-elsewhere");
    const marker = await script(key, [{ text: "I see your earlier photo." }]);
    const elsewhere = uniquePng();
    const reply = await complete([
      photoMessage("Is this right? (asked of another server)", elsewhere),
      { role: "assistant", content: "Another server's answer." },
      { role: "user", content: `${marker} What about it now?` },
    ]);
    expect(reply.text).toBe("I see your earlier photo.");
    expect(await adminImageWrite(elsewhere)).toBeDefined();
    const shown = (await requests(key)).requests[0]!.messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((p: { type: string }) => p.type === "image_url") : [],
    );
    expect(shown).toEqual([{ type: "image_url", image_url: { url: toDataUrl(elsewhere) } }]);
  });
});
