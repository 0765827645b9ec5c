// An image costs the model tokens, so the context estimate counts it: by the detail it is read at, at
// OpenAI's documented figures (85 tokens at `low`; at `high`, 85 plus 170 a tile, 1105 for a tall page,
// which `auto` is counted as too). A conversation of photos then fills the budget compaction watches.
import { describe, expect, it } from "vitest";
import { newId, now, userMessage, type ImageRef, type Message } from "../../../src/agent";
import { estimateMessageTokens, estimateTokens } from "../../../src/agent/context/tokens";

const photo = (n: number, detail?: ImageRef["detail"]): ImageRef => ({
  key: `img-${n}.png`,
  mediaType: "image/png",
  bytes: 4_000_000,
  ...(detail ? { detail } : {}),
});

describe("the context estimate", () => {
  it("counts each image of a user turn by its detail: 85 tokens at low, 1105 at high or auto", () => {
    const text = userMessage("Is my working right?");
    const cost = (images: ImageRef[]) => estimateMessageTokens({ ...text, images }) - estimateMessageTokens(text);
    expect(cost([photo(1, "low")])).toBe(85);
    expect(cost([photo(1, "high")])).toBe(1105);
    expect(cost([photo(1)])).toBe(1105);
    expect(cost([photo(1), photo(2, "low"), photo(3, "auto")])).toBe(1105 + 85 + 1105);
  });

  it("counts the images a compaction summary still shows, and a conversation of photos fills the estimate", () => {
    const summary: Message = { role: "summary", id: newId("summary"), createdAt: now(), content: "The learner sent two photos." };
    expect(estimateMessageTokens({ ...summary, images: [photo(1), photo(2)] }) - estimateMessageTokens(summary)).toBe(2 * 1105);
    // Twenty photos with a word each: the words alone are a few hundred tokens, the photos twenty thousand.
    const turns = Array.from({ length: 20 }, (_, i) => ({ ...userMessage(`photo ${i}`), images: [photo(i)] }));
    expect(estimateTokens(turns)).toBeGreaterThan(20 * 1105);
  });
});
