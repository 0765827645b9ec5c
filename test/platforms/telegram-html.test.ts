// The model's Markdown as Telegram's HTML: the markup Telegram knows, text escaped, links only of safe
// schemes, math as Unicode (or as source, flagged for a link to the page); and cut into messages of at
// most 4096 characters without ever cutting a tag.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToPlain, packHtml, telegramHtml } from "../../src/platforms/telegram/telegram-html";

const TAG = /<\/?([a-z]+)(?:\s[^>]*)?>/g;

/** Whether every tag of `html` is closed in order, and no `<` or `&` stands outside a tag or an entity. */
function balanced(html: string): boolean {
  const open: string[] = [];
  for (const m of html.matchAll(TAG)) {
    if (m[0].startsWith("</")) {
      if (open.pop() !== m[1]) return false;
    } else open.push(m[1]!);
  }
  const text = html.replace(TAG, "");
  return open.length === 0 && !text.includes("<") && !/&(?!(amp|lt|gt|quot);)/.test(text);
}

describe("Markdown as Telegram HTML", () => {
  it("writes headings and emphasis as tags, escapes text, and keeps code as code", () => {
    const { blocks, complexMath } = telegramHtml(
      "### Objectives\n\n**Answer:** _B_ ~~C~~ & <b>x</b>\n\n```python\nif a < b:\n    pass\n```\n\n> a *quote*\n\n- one\n- two [link](https://example.org/?a=1&b=2) [evil](javascript:alert(1))",
    );
    expect(complexMath).toBe(false);
    expect(blocks).toEqual([
      "<b>Objectives</b>",
      "<b>Answer:</b> <i>B</i> <s>C</s> &amp; &lt;b&gt;x&lt;/b&gt;",
      '<pre><code class="language-python">if a &lt; b:\n    pass</code></pre>',
      "<blockquote>a <i>quote</i></blockquote>",
      '• one\n• two <a href="https://example.org/?a=1&amp;b=2">link</a> evil',
    ]);
  });

  it("writes simple math as Unicode and flags the rest, shown as its source", () => {
    expect(telegramHtml("The power rule: $(x^n)' = n x^{n-1}$.")).toEqual({ blocks: ["The power rule: (xⁿ)′ = n xⁿ⁻¹."], complexMath: false });
    expect(telegramHtml("$$\\cancel{a + b} < 1$$")).toEqual({
      blocks: ["<code>\\cancel{a + b} &lt; 1</code>"],
      complexMath: true,
    });
  });

  it("keeps a | inside math in its table cell, and splits cells on the others", () => {
    const table = "| Event | Probability |\n|---|---|\n| $P(A|B)$ | 0.3 |\n| $|x|$ and \\(|y|\\) | `a\\|b` |\n| $5 | $10 |";
    expect(telegramHtml(table)).toEqual({
      blocks: ["Event | Probability\nP(A|B) | 0.3\n|x| and |y| | <code>a|b</code>\n$5 | $10"],
      complexMath: false,
    });
  });

  it("reads back as the text it shows (the plain-text retry)", () => {
    expect(htmlToPlain('<b>A &amp; B</b> &lt;tag&gt; <a href="https://x.org">x</a>')).toBe("A & B <tag> x");
  });

  it("cuts long text into messages of at most the limit, between blocks first, never inside a tag or an entity", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("word", "**bold words here**", "`code < x`", "&", "_it_", "[l](https://e.org)", "\n\n", "\n- item "), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.integer({ min: 60, max: 300 }),
        (parts, limit) => {
          const { blocks } = telegramHtml(parts.join(" "));
          const messages = packHtml(blocks, limit);
          for (const m of messages) {
            expect(m.length).toBeLessThanOrEqual(limit);
            expect(balanced(m), m).toBe(true);
          }
          // Nothing is lost: the words all arrive, in order.
          const words = (s: string) => htmlToPlain(s).split(/\s+/).filter(Boolean).join(" ");
          expect(words(messages.join(" "))).toBe(words(blocks.join(" ")));
        },
      ),
      { numRuns: 200 },
    );
  });
});
