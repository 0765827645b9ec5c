// The math reader the page, the chats and the decks share (public/js/math-syntax.js) reads a paragraph full of
// open delimiters in time linear in its length: a `$$` inside a paragraph cut it there for a display block,
// and marked merged the pieces back one by one (5 s for 100 KB of "a $$ b"); an open `\(` or `\[` was looked
// for to the end of the text from every place one opened. A lesson is the model's, up to LESSON_MAX_BYTES.
// Lines that each open with `$$` or `\[` and close nothing were cut the same way, one by one (62 s for 300 KB
// of "$$ x"), and the look for a line that opens a block went to the text's end at each paragraph (50 s for
// 300 KB of "a\n\n"); now a paragraph is cut only at a line that opens a block, looked for within it.
// And where inline math may begin was looked for to the end of the paragraph at each of its text tokens (22 s for
// 300 KB of "a\\"); now each token list keeps the opening it found until it is passed.
import fc from "fast-check";
import { Lexer, Marked, type TokenizerAndRendererExtension, type TokenizerStartFunction, type TokenizerThis } from "marked";
import { describe, expect, it } from "vitest";
import { mathExtensions } from "../../public/js/math-syntax.js";
import { telegramHtml } from "../../src/platforms/telegram/telegram-html";
import { long, quick, RUNS, textOf } from "../support/linear-time";

const render = (tex: string, display: boolean, block: boolean) => `[${block ? "block" : display ? "display" : "inline"}:${tex}]`;
const lexed = (extensions: TokenizerAndRendererExtension[], markdown: string) => new Marked({ gfm: true, extensions }).lexer(markdown);

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

describe("reading lines that open display math", () => {
  it.each(["$$ x\n", "\\[ x\n", "  $$ x\n", "$$ a\n\\[ b\n$c\n\\( d\n", "a\n\n"])("%j repeated to 300 KB goes through quickly", (unit) => {
    const { blocks } = quick(() => telegramHtml(long(unit, 300_000)));
    expect(blocks.join("").length).toBeGreaterThan(0);
  });

  /**
   * The reader asking where a display block may cut a paragraph the slow way, kept as the oracle: marked's
   * paragraph rule read over the whole rest of the text each time, then the first line in the paragraph (or the
   * line just after it) that opens a block, as the block tokenizer reads it.
   */
  const wholeParagraphRead = () =>
    mathExtensions(render).map((ext) => {
      if (ext.name !== "mathBlock" || !("tokenizer" in ext)) return ext;
      const { tokenizer } = ext;
      return {
        ...ext,
        start(this: TokenizerThis, src: string) {
          if (!this.lexer.state.top) return undefined;
          const end = Lexer.rules.block.gfm.paragraph.exec(`x${src}`)![0].length - 1;
          for (const line of src.matchAll(/(?<=^|\n)[ \t]*/g)) {
            if (line.index > end + 1) return undefined;
            const at = line.index + line[0].length;
            if (tokenizer.call(this, src.slice(at), [])) return at;
          }
          return undefined;
        },
      };
    });

  it("cuts a paragraph where marked's paragraph rule, read whole, finds a line that opens a block", () => {
    const delimiters = ["$$", "\\[", "\\]", "$", "\\", "$$x$$", "\\[y\\]"];
    const spaces = [" ", "  ", "    ", "\t", "\n", "\n\n"];
    const marks = ["x", "# ", "> ", "- ", "1. ", "---", "===", "|", "--", "`", "```", "<div>"];
    fc.assert(
      fc.property(textOf(...delimiters, ...spaces, ...marks), (markdown) => {
        expect(lexed(mathExtensions(render), markdown)).toEqual(lexed(wholeParagraphRead(), markdown));
      }),
      RUNS,
    );
  });

  // The old reader cut at those lines too, and marked's merge put a line break there: "x$$ y" read "x\n$$ y".
  it("keeps a line that opens no block in its paragraph as written, and cuts at one that does", () => {
    expect(telegramHtml("x$$ y\nz\n  \\[ w\nv\n$$x^2$$\nu").blocks).toEqual(["x$$ y\nz\n  [ w\nv", "x²", "u"]);
  });
});

describe("reading a paragraph of many inline tokens", () => {
  // Escapes, a backslash before a letter, emphasis (its text read as a list of its own), and links whose text holds
  // a link (read, then the bracket taken as text): a text token after each, and no `$`.
  it.each(["a\\\\", "a\\", "*a* b ", "*a* ", "[[a]()]() "])("%j repeated to 300 KB goes through quickly", (unit) => {
    const { blocks } = quick(() => telegramHtml(long(unit, 300_000)));
    expect(blocks.join("").length).toBeGreaterThan(0);
  });

  /** Where inline math may begin as the reader looked for it before, kept as the oracle: to the end of the text. */
  const lookedForToTheEnd = (src: string) => src.match(/\$|\\[([]/)?.index;

  /** The reader's extensions with the inline `start` made by `start` from the reader's own. */
  const withInlineStart = (start: (own: TokenizerStartFunction) => TokenizerStartFunction) =>
    mathExtensions(render).map((ext) => (ext.name === "math" && "start" in ext && ext.start ? { ...ext, start: start(ext.start) } : ext));

  it("tells where inline math may begin as the look to the text's end did, at each text token", () => {
    const checked = withInlineStart(
      (own) =>
        function (this: TokenizerThis, src: string) {
          const at = own.call(this, src);
          expect(at).toBe(lookedForToTheEnd(src));
          return at;
        },
    );
    const before = withInlineStart(() => lookedForToTheEnd);
    const delimiters = ["$", "$$", "\\(", "\\)", "\\[", "\\]", "\\", "$x$"];
    const spans = ["*", "_", "~", "`", "[", "]", "(", ")", "[a](b)", "](c)", "<b>", "www.a", "x@y.z"];
    const spaces = [" ", "  ", "\n", "\n\n", "x", "| ", "\n|-|\n", "- ", "> "];
    fc.assert(
      fc.property(textOf(...delimiters, ...spans, ...spaces), (markdown) => {
        expect(lexed(checked, markdown)).toEqual(lexed(before, markdown));
      }),
      RUNS,
    );
  });
});
