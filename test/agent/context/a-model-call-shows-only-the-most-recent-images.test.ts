// One model call shows at most `maxImages` images (MAX_IMAGES_PER_CALL): the conversation's most recent.
// An older one reaches the model as a line naming it (its key), so the model knows it was there; an image
// attached twice is shown once, at its latest place. The stored history keeps every image, and the trace
// counts the images the call carried.
import { describe, expect, it } from "vitest";
import { newId, now, type ImageRef, type Message, type UserMessage } from "../../../src/agent";
import { runAgent } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";

const h = new LoopHarness();
const photo = (name: string): ImageRef => ({ key: `img-${name}.png`, mediaType: "image/png", bytes: 1000 });
const user = (content: string, images: ImageRef[]): UserMessage => ({ role: "user", id: newId("msg"), createdAt: now(), content, images });
const said = (content: string): Message => ({ role: "assistant", id: newId("msg"), createdAt: now(), content });

describe("the images of a model call", () => {
  it("are the most recent maxImages; each older one is a line naming it", async () => {
    const key = "recent-images";
    const marker = `[[script:${key}]]`;
    const [a, b, c, d] = ["a", "b", "c", "d"].map(photo) as [ImageRef, ImageRef, ImageRef, ImageRef];
    const history: Message[] = [
      user("My first page", [a, b]),
      said("Two pages seen."),
      user("", [c, d]),
      said("Two more."),
      // Photo a again, with the question: shown here, not at its first place.
      user(`${marker} And this one again?`, [a]),
    ];
    const { events, messages } = await runAgent(h, [{ text: "Here is what I see." }], { key, history, context: { maxImages: 3 } });

    const [request] = h.model.requests(key);
    const shown = request!.messages
      .filter((m): m is UserMessage => m.role === "user")
      .map((m) => ({ content: m.content, images: m.images?.map((i) => i.key) }));
    expect(shown).toEqual([
      {
        content: expect.stringMatching(
          /^My first page\n\[An earlier image was attached here \(img-a\.png, image\/png\); it is no longer shown.*\]\n\[An earlier image .*\(img-b\.png, image\/png\).*\]$/,
        ),
        images: undefined,
      },
      { content: "", images: ["img-c.png", "img-d.png"] },
      { content: `${marker} And this one again?`, images: ["img-a.png"] },
    ]);
    expect(events.find((e) => e.type === "model.request")).toMatchObject({ images: 3 });
    // What is stored is as it was.
    expect(messages[0]).toMatchObject({ content: "My first page", images: [a, b] });
  });

  it("are all of them without a limit, or when no more than it", async () => {
    const key = "recent-images-all";
    const marker = `[[script:${key}]]`;
    const history: Message[] = [user("one", [photo("e")]), said("ok"), user(`${marker} two`, [photo("f"), photo("g")])];
    for (const context of [{}, { maxImages: 3 }]) {
      const { events } = await runAgent(h, [{ text: "Fine." }], { key, history, context });
      const [request] = h.model.requests(key);
      expect(request!.messages.flatMap((m) => (m.role === "user" ? (m.images ?? []).map((i) => i.key) : []))).toEqual(["img-e.png", "img-f.png", "img-g.png"]);
      expect(events.find((e) => e.type === "model.request")).toMatchObject({ images: 3 });
    }
  });
});
