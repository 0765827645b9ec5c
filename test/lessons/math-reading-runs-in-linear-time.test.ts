// The math reader the page, the chats and the decks share (public/js/math-syntax.js) reads a paragraph full of
// open delimiters in time linear in its length: a `$$` inside a paragraph cut it there for a display block,
// and marked merged the pieces back one by one (5 s for 100 KB of "a $$ b"); an open `\(` or `\[` was looked
// for to the end of the text from every place one opened. A lesson is the model's, up to LESSON_MAX_BYTES.
import { describe, expect, it } from "vitest";
import { telegramHtml } from "../../src/platforms/telegram/telegram-html";
import { long, quick } from "../support/linear-time";

describe("reading math in a long paragraph", () => {
  it.each(["a $$ b ", "x \\( y ", "p \\[ q ", "m $a ", "| $P(A|B "])("%j repeated to 300 KB goes through quickly", (unit) => {
    const { blocks } = quick(() => telegramHtml(long(unit, 300_000)));
    expect(blocks.join("").length).toBeGreaterThan(0);
  });

  it("still reads display math inside a paragraph, and a display block on its own lines", () => {
    const { blocks } = telegramHtml("The area is $$\\pi r^2$$ here.\n\n$$\nx^2\n$$\n");
    expect(blocks.join("\n")).toContain("πr²");
    expect(blocks.join("\n")).toContain("x²");
  });
});
