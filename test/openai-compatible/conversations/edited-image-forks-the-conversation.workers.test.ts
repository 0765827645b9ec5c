// A chat front end that sends a conversation whose earlier message is the kept one with another image (the
// same words, another photo) asks about another conversation: the request does not continue the kept
// session, whose stored message holds the old photo, but starts its own, and the model sees the new photo
// where the old one was. The kept conversation, sent again as it was, still continues its session.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { PNG_DATA_URL, pngOfSize, toDataUrl } from "../../support/images";
import { uniqueId } from "../../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const OTHER_PHOTO = toDataUrl(pngOfSize(100));

/** Each user message a model call saw: its text and the image URLs with it. */
const userTurns = (messages: Array<{ role: string; content?: unknown }>) =>
  messages
    .filter((m) => m.role === "user")
    .map((m) =>
      typeof m.content === "string"
        ? [m.content, []]
        : (m.content as Array<{ type: string; text?: string; image_url?: { url: string } }>).reduce<[string, string[]]>(
            ([text, urls], p) => (p.type === "image_url" ? [text, [...urls, p.image_url!.url]] : [text + (p.text ?? ""), urls]),
            ["", []],
          ),
    );

describe("an earlier message edited only in its image", () => {
  it("is another conversation: a session of its own, and the model sees the new photo", async () => {
    const key = uniqueId("edit-img");
    const marker = await script(key, [{ text: "The first step is right." }, { text: "On the new photo, step two is right." }, { text: "Step two is right." }]);
    const client = agentClient();
    const user = uniqueId("learner");
    const ask = async (messages: Turn[]) => {
      const { data, response } = await client.chat.completions.create({ model: "study-agent", user, messages }).withResponse();
      return { text: data.choices[0]!.message.content!, session: response.headers.get("x-session-id")! };
    };
    const question = (photo: string): Turn => ({
      role: "user",
      content: [
        { type: "text", text: `${marker} Is my working right?` },
        { type: "image_url", image_url: { url: photo } },
      ],
    });
    const followUp: Turn = { role: "user", content: "And step two?" };

    const a1 = await ask([question(PNG_DATA_URL)]);
    const edited = await ask([question(OTHER_PHOTO), { role: "assistant", content: a1.text }, followUp]);
    expect(edited.text).toBe("On the new photo, step two is right.");
    expect(edited.session).not.toBe(a1.session);
    const kept = await ask([question(PNG_DATA_URL), { role: "assistant", content: a1.text }, followUp]);
    expect(kept.text).toBe("Step two is right.");
    expect(kept.session).toBe(a1.session);

    const calls = (await requests(key)).requests.map((r) => userTurns(r.messages));
    expect(calls).toEqual([
      [[`${marker} Is my working right?`, [PNG_DATA_URL]]],
      [
        [`${marker} Is my working right?`, [OTHER_PHOTO]],
        ["And step two?", []],
      ],
      [
        [`${marker} Is my working right?`, [PNG_DATA_URL]],
        ["And step two?", []],
      ],
    ]);
  });
});
