// The summarizer sees no image, but its transcript names each one a turn carried ([image <key>, <type>]),
// a photo sent without a word included, and its prompt asks to keep those names: a summary then still says
// the learner sent a photo, which one, and what it showed.
import { describe, expect, it } from "vitest";
import { renderTranscript, summarizerPrompt } from "../../../src/agent/context/compaction";
import { newId, now, type ImageRef, type Message } from "../../../src/agent";

const at = () => ({ id: newId("msg"), createdAt: now() });
const PAGE: ImageRef = { key: "img-0123456789abcdef0123456789abcdef.png", mediaType: "image/png", bytes: 2000 };
const GRAPH: ImageRef = { key: "img-fedcba9876543210fedcba9876543210.jpg", mediaType: "image/jpeg", bytes: 3000, detail: "high" };

describe("the summarizer's transcript", () => {
  it("names each image of a turn after its text, and a photo sent alone", () => {
    const messages: Message[] = [
      { ...at(), role: "user", content: "", images: [PAGE] },
      { ...at(), role: "assistant", content: "Your page shows a quadratic." },
      { ...at(), role: "user", content: "And this graph?", name: "alice", images: [GRAPH] },
    ];
    expect(renderTranscript(messages, undefined, 10_000)).toBe(
      `[user]\n[image ${PAGE.key}, image/png]\n\n[assistant]\nYour page shows a quadratic.\n\n[user alice]\nAnd this graph?\n[image ${GRAPH.key}, image/jpeg]`,
    );
  });

  it("is summarized by a prompt that keeps each image's name", () => {
    expect(summarizerPrompt(500)).toMatch(/each image the user attached, by its name .*\[image img-….png\]/);
  });
});
