import { describe, expect, it } from "vitest";
import { splitMessage } from "../../src/platforms/split-message";

describe("splitting a long reply into chat messages", () => {
  it("keeps a short text whole and drops blank text", () => {
    expect(splitMessage("Hello.\n\nBye.", 4096)).toEqual(["Hello.\n\nBye."]);
    expect(splitMessage(" \n\n ", 4096)).toEqual([]);
  });

  it("cuts on paragraph breaks, packing paragraphs greedily", () => {
    const paras = ["a".repeat(40), "b".repeat(40), "c".repeat(40)];
    expect(splitMessage(paras.join("\n\n"), 90)).toEqual([`${paras[0]}\n\n${paras[1]}`, paras[2]]);
  });

  it("falls back to line breaks, then spaces, then a hard cut", () => {
    expect(splitMessage("one line\nsecond line", 12)).toEqual(["one line", "second line"]);
    expect(splitMessage("word word word", 10)).toEqual(["word word", "word"]);
    expect(splitMessage("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });

  it("never separates the halves of a surrogate pair", () => {
    const pieces = splitMessage("ab😀cd", 3);
    expect(pieces.join("")).toBe("ab😀cd");
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(3);
    expect(pieces[0]).toBe("ab");
  });

  it("every piece fits and nothing is lost", () => {
    const text = Array.from({ length: 50 }, (_, i) => `Paragraph ${i}: ${"lorem ipsum ".repeat(i * 7)}`).join("\n\n");
    const pieces = splitMessage(text, 4096);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(4096);
    expect(pieces.join(" ").replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " ").trim());
  });
});
