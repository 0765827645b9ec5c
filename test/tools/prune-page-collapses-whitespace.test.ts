// The prune makes each run of whitespace in the body one character, as a browser shows it, so the parse
// and every text Readability reads carry no indentation; preformatted text, scripts, styles and the
// title keep theirs, and the extracted text is the same as from the page as written.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../src/tools/extract";
import { prunePage } from "../../src/tools/prune-page";

const indented = (n: number) => `
        <p>
            Paragraph ${n} explains   derivatives as rates of change,
            with enough words to count as content for Readability's scoring.
        </p>`;
const PAGE = `<!doctype html><html><head>
    <title>Derivatives  |  Calculus</title>
    <script type="application/ld+json">{"headline": "Derivatives  in  depth"}</script>
</head>
<body>
    <article>
        <h1>Derivatives</h1>
        <div class="byline">
            Ada Lovelace
            <br>
            Calculus desk
        </div>${[1, 2, 3, 4, 5, 6].map(indented).join("")}
        <pre>
def slope(f, x):
    return (f(x + h) - f(x)) / h
</pre>
    </article>
</body></html>`;

describe("pruning makes the body's runs of whitespace one", () => {
  it("keeps one line break or one space for each run, and preformatted text, JSON-LD and the title as written", () => {
    const pruned = prunePage(PAGE);
    const body = pruned.slice(pruned.indexOf("<body"));
    expect(body).toContain("\n<p>\nParagraph 1 explains derivatives as rates of change,\nwith enough words");
    expect(body.replace(/<pre>[\s\S]*<\/pre>/, "<pre></pre>")).not.toMatch(/[ \t\n\r\f]{2}/);
    expect(body).toContain("<pre>\ndef slope(f, x):\n    return (f(x + h) - f(x)) / h\n</pre>");
    expect(pruned).toContain('{"headline": "Derivatives  in  depth"}');
    expect(pruned).toContain("<title>Derivatives  |  Calculus</title>");
    expect(pruned.length).toBeLessThan(PAGE.length * 0.8);
  });

  it("extracts the same title, byline and text as from the page as written", () => {
    const written = extractArticle(PAGE, "https://example.com/derivatives");
    const pruned = extractArticle(prunePage(PAGE), "https://example.com/derivatives");
    expect(pruned.content).toContain("Paragraph 6 explains derivatives");
    expect(pruned.content).toContain("    return (f(x + h) - f(x)) / h");
    expect(pruned).toEqual(written);
  });

  it("keeps whitespace in a body with preformatted text and scripts left unclosed, where the rest is theirs", () => {
    const pruned = prunePage(`<html><head><title>t</title></head><body><p>One   two</p><pre>a    b</body></html>`);
    expect(pruned).toContain("<p>One two</p>");
    expect(pruned).toContain("<pre>a    b");
  });
});
